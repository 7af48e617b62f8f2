# IO#path/to_path, external_encoding/internal_encoding and stat belong to IO (File inherits them):
# the standard streams answer "<STDIN>"/"<STDOUT>"/"<STDERR>", a file its path.
p $stdout.path, $stderr.to_path, $stdin.path
p $stdout.external_encoding, $stderr.internal_encoding, $stdin.external_encoding
p $stdout.stat.class, $stdin.stat.class
p IO.instance_method(:path).owner, File.instance_method(:path).owner
p IO.instance_method(:stat).owner, IO.instance_method(:external_encoding).owner
path = "/tmp/rubra_spec_io_path.txt"
File.write(path, "x")
File.open(path) do |f|
  p f.path, f.to_path, f.external_encoding, f.internal_encoding, f.stat.size
end
File.open(path, "rb") { |f| p f.external_encoding }
File.open(path, "w") { |f| p f.external_encoding }
File.delete(path)
