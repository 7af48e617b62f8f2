# Dir.mkdir, Dir.rmdir, Dir.entries, Dir.children, Dir.each_child, Dir.foreach and Dir.empty? errors
R = "/tmp/rubra_spec_dir_errors"
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
Dir.rmdir(R) if Dir.exist?(R)
Dir.mkdir(R)
t { Dir.mkdir(R + "/nope/x") }
t { Dir.rmdir(R + "/nope") }
t { Dir.entries(R + "/nope") }
t { Dir.children(R + "/nope") }
t { Dir.each_child(R + "/nope") { } }
t { Dir.foreach(R + "/nope") { } }
t { Dir.empty?(R + "/nope") }
t { Dir.mkdir(nil) }
Dir.rmdir(R)
