# Marshal.dump: CRuby's format 4.8, byte for byte.
def shown(x) = x.inspect.gsub(/0x\h+/, "0x")[0, 60]

def d(x)
  s = Marshal.dump(x)
  puts "#{shown(x)} => #{s.inspect} #{s.encoding}"
rescue => e
  puts "#{shown(x)} => #{e.class}: #{e.message.lines.first.chomp.gsub(/0x\h+/, "0x")}"
end

[nil, true, false, 0, 1, -1, 122, 123, -123, -124, 255, 256, -256, -257, 65535, 65536,
 2**24, 2**30 - 1, 2**30, -2**30, -2**30 - 1, 2**31, 2**32, 2**62, 2**64, -2**70, 3**100].each { |x| d(x) }
[1.0, 1.5, -0.0, 0.0, 100.0, 1e-5, 0.001, 1e20, 1.0 / 3, Float::INFINITY, -Float::INFINITY,
 Float::NAN, 123456789.123, 1e100, 2.5e-300, 1e15, 1e16, 0.0001, 1.23e-4, -2.5, 5e-324,
 Float::MAX, 12.0, 0.1].each { |x| d(x) }
["abc", "abc".b, "é", "abc".dup.force_encoding("US-ASCII"), "", "\xff".b, "a" * 300].each { |x| d(x) }
[:sym, :"é", [:a, :a, :b, :a], [:a, "a", :a]].each { |x| d(x) }
[[], [1, [2, [3]]], {}, { a: 1 }, { "k" => [1, 2] }, Hash.new(5).merge(1 => 2), Hash.new("d")].each { |x| d(x) }
[1..2, 1...3, "a".."b", (1..), (..5), 1.5..2.5].each { |x| d(x) }
[/ab+c/i, /é/, /x/mx, //].each { |x| d(x) }
[String, Kernel, Comparable, Math, Float, File::Stat, Errno::ENOENT].each { |x| d(x) }
s = "x"
d([s, s])
b = 2**64
d([b, b])
d([2**64, 2**64])
a = [1]
d([a, a, [a]])
h = { 1 => 2 }
d([h, "s", h])
f = 1e300
d([f, f])
d([Rational(1, 2), Complex(1, 2), Rational(-3, 4)])

S = Struct.new(:a, :b)
d(S.new(1, "x"))
d([S.new(1, :a), S.new(:a, 2)])
class Foo
  def initialize
    @a = 1
    @b = "s"
  end
end
d(Foo.new)
d(Object.new)
class U
  def initialize(x) = @x = x
  def marshal_dump = [@x]
  def marshal_load(a) = @x = a[0]
end
d(U.new(3))
d([U.new(:a), U.new(:a)])
class D
  attr_reader :v
  def initialize(v) = @v = v
  def _dump(_level) = "#{@v}"
  def self._load(s) = new(s.to_i)
end
d(D.new(7))
x = D.new(8)
d([x, x])
module M; end
module N; end
o = Object.new
o.extend(M)
d(o)
o2 = Foo.new
o2.extend(M)
o2.extend(N)
d(o2)
class MyStr < String; end
class MyArr < Array; end
class MyHash < Hash; end
d(MyStr.new("q"))
d(MyArr[1, 2])
d(MyHash[1, 2])
s = +"iv"
s.instance_variable_set(:@z, 1)
d(s)
d(StandardError.new("boom"))
d(ArgumentError.new)

d(proc {})
d(method(:puts))
d(STDOUT)
d(Class.new)
d(Module.new)
d(Object.new.tap { |x| def x.f; end })
d(Hash.new { 1 })
d(Struct.new(:z).new(1))
d(binding)
d(Object.new.singleton_class)

p Marshal.dump([[1, 2], [3, 4]], 2) rescue p $!
p Marshal.dump([[1, 2], [3, 4]], 3)
p((Marshal.dump([1], 1) rescue $!))
p((Marshal.dump(1, 0) rescue $!))
p Marshal.dump([], 1)
p((Marshal.dump(1, "x") rescue $!))
p Marshal::MAJOR_VERSION, Marshal::MINOR_VERSION
