# FileTest: the same predicates as File, as module functions
R = "/tmp/rubra_spec_filetest"
Dir.rmdir(R) if Dir.exist?(R)
Dir.mkdir(R)
p FileTest.exist?(R), FileTest.directory?(R), FileTest.file?(R), FileTest.symlink?(R)
p FileTest.exist?(R + "/nope"), FileTest.size?(R + "/nope"), FileTest.zero?("/dev/null"), FileTest.chardev?("/dev/null")
p FileTest.identical?(R, R + "/."), FileTest.empty?("/dev/null"), FileTest.size("/dev/null")
p FileTest.methods(false).sort == FileTest.private_instance_methods(false).sort
p FileTest.methods(false).sort
class UsesFileTest
  include FileTest
  def check(path) = directory?(path)
end
p UsesFileTest.new.check(R)
begin
  FileTest.size(R + "/nope")
rescue SystemCallError => e
  puts "#{e.class}: #{e.message}"
end
Dir.rmdir(R)
