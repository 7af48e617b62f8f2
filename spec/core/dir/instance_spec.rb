# Dir objects: Dir.new, Dir.open (with and without a block) and the instance methods read,
# each, children, each_child, pos/tell/seek/pos=, rewind, fileno, chdir, close, path/to_path
# and inspect; Enumerable over a Dir; a subclass with its own initialize; closed-Dir errors.
# "." and ".." are filtered out where they would be listed: not every platform's readdir
# returns them.
R = "/tmp/rubra_spec_dir_inst"
START = Dir.pwd
DOTS = %w[. ..]
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
%w[a b].each { |f| File.delete("#{R}/#{f}") if File.exist?("#{R}/#{f}") }
Dir.rmdir(R + "/s") if Dir.exist?(R + "/s")
Dir.rmdir(R) if Dir.exist?(R)
Dir.mkdir(R)
Dir.mkdir(R + "/s")
File.write(R + "/a", "1")
File.write(R + "/b", "2")

d = Dir.new(R)
p d.class, d.path, d.to_path, d.inspect
p d.children.sort, d.each_child.to_a.sort, (d.entries - DOTS).sort
p d.read
d.rewind
names = []
while (n = d.read)
  names << n
end
p (names - DOTS).sort, d.read
d.rewind
r = []
p d.each { |e| r << e }.equal?(d)
p (r - DOTS).sort
p d.each.class, d.each_child.class
p (d.map(&:upcase) - DOTS).sort, d.select { |x| x.start_with?("a") }
r = []
p d.each_child { |e| r << e }.equal?(d), r.sort

# positions: tell after some reads, seek back and read the same names again
d.rewind
p d.pos, d.tell
first = d.read
at = d.tell
second = d.read
p d.seek(at).equal?(d), d.read == second
p (d.pos = 0), d.read == first
p d.rewind.equal?(d), d.read == first

p d.fileno.is_a?(Integer)
p d.close, d.close
t { d.read }
t { d.children }
t { d.each {} }
t { d.each_child {} }
t { d.pos }
t { d.seek(0) }
t { d.rewind }
t { d.fileno }
t { d.chdir }
p Dir.pwd == R
Dir.chdir(START)
p d.path, d.inspect

t { Dir.new(R + "/nope") }
t { Dir.new(R + "/a") }
t { Dir.open(R + "/nope") { } }
t { Dir.new }
t { Dir.new(R, R) }
t { Dir.new(1) }

v = Dir.open(R) { |x| p x.class; $kept = x; x.children.size }
p v
t { $kept.read }
x = Dir.open(R)
p x.children.size
x.close
o = Object.new
def o.to_path = R + "/s"
p Dir.new(o).children
p Dir.new(R, encoding: "UTF-8").children.sort.first.encoding

dd = Dir.new(R)
start = Dir.pwd
p dd.chdir { Dir.pwd }, Dir.pwd == start
dd.close

class MyDir < Dir
  attr_reader :tag
  def initialize(path, tag)
    super(path)
    @tag = tag
  end
end
m = MyDir.new(R + "/s", :t)
p m.class, m.tag, m.path, m.children, m.inspect
m.close

class NoSuper < Dir
  def initialize(x); end
end
n = NoSuper.new(1)
p n.path, n.close
t { n.read }
t { n.fileno }
p Dir.instance_methods(false).sort
%w[a b].each { |f| File.delete("#{R}/#{f}") }
Dir.rmdir(R + "/s")
Dir.rmdir(R)
