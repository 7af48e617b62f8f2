# File.open: the block form closes the file however the block ends; bad modes, nil paths and
# missing files raise CRuby's errors.
path = "/tmp/rubra_spec_file_open_errors.txt"
File.write(path, "data")
held = nil
p File.open(path) { |g| held = g; g.closed? }, held.closed?
begin; File.open(path) { |g| held = g; raise "inside" }; rescue => e; p e, held.closed?; end
["z", "rw", "r+w", "wa", "+"].each do |m|
  begin; File.open(path, m); rescue ArgumentError => e; p e; end
end
begin; File.open(nil); rescue TypeError => e; p e; end
begin; File.open("/tmp/rubra_spec_file_open_missing.txt"); rescue Errno::ENOENT => e; p e; end
begin; File.open("/tmp/rubra_spec_no_such_dir/x.txt", "w"); rescue SystemCallError => e; p e; end
p open(path) { |g| g.read }
File.delete(path)
