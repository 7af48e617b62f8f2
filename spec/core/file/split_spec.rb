# File.split is [dirname, basename]
["", "/", "a", "a/", "/a", "a/b", "a/b/", "//a//b//", "a.rb", "/x/y.z"].each { |pa| p [pa, File.split(pa)] }
o = Object.new
def o.to_path = "m/n"
p File.split(o)
begin
  File.split(nil)
rescue TypeError => e
  puts e.message
end
