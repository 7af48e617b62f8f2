# sysread, syswrite, sysseek and pread on Files (pread leaves the position alone), and
# IO.copy_stream with an offset (the source keeps its position), a negative length, and
# an object with write as the destination.
a = "/tmp/rubra_spec_io_sysread_a.txt"
b = "/tmp/rubra_spec_io_sysread_b.txt"
File.write(a, "0123456789\n" * 3)
def t
  r = yield
  p r
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end
t { File.open(a) { |f| [f.sysread(3), f.sysread(2), f.pos] } }
t { File.open(a) { |f| f.read(2); f.sysread(3) } }
t { File.open(a) { |f| f.sysread(3, +"buf") } }
t { File.open(a) { |f| f.seek(0, :END); f.sysread(1) } }
t { File.open(b, "w") { |f| [f.syswrite("abc"), f.syswrite(12)] } }
t { File.read(b) }
t { File.open(a) { |f| [f.pread(4, 2), f.pos, f.read(2)] } }
t { File.open(a) { |f| f.pread(3, 31) } }
t { File.open(a) { |f| f.pread(3, 40) } }
t { File.open(a) { |f| [f.sysseek(5), f.sysread(2), f.sysseek(-3, IO::SEEK_END), f.sysread(5)] } }
t { File.open(b) { |f| f.syswrite("x") } }
t { File.open(a) { |s| s.read(2); [IO.copy_stream(s, b, 3, 0), s.pos, File.read(b)] } }
t { IO.copy_stream(a, b, -1) }
t { IO.copy_stream(a, b, 0) }
class Dst
  attr_reader :s
  def write(x)
    (@s ||= +"") << x
    x.size
  end
end
t { d = Dst.new; [IO.copy_stream(a, d, 7), d.s] }
t { d = Dst.new; [IO.copy_stream(a, d, 5, 11), d.s] }
t { File.open(b, "w") { |d| IO.copy_stream(a, d) }; File.size(b) }
File.delete(a, b)
p File.exist?(a)
