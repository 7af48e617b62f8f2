# Marshal.load: reads what Marshal.dump wrote (round trips), CRuby's bytes written by hand, an
# IO as the source, the proc argument and freeze:, and the errors for bad data.
def rt(x)
  y = Marshal.load(Marshal.dump(x))
  puts "#{x.inspect.gsub(/0x\h+/, "0x")[0, 50]} -> #{y.inspect.gsub(/0x\h+/, "0x")[0, 50]} #{y.class} #{y == x || (x.is_a?(Float) && x.nan? && y.nan?)}"
  y
end

[nil, true, false, 0, 1, -1, 122, 123, -124, 255, 256, -257, 2**30, -2**30 - 1, 2**31, 2**64,
 -2**70, 3**100, 1.0, 1.5, -0.0, 1e-5, 1.0 / 3, Float::INFINITY, -Float::INFINITY, Float::NAN,
 5e-324, Float::MAX, "abc", "abc".b, "é", "", :sym, :"é", [1, [2]], { a: 1, "b" => [2] },
 1..2, 1...3, (1..), (..5), "a".."c", /ab+c/i, /é/, String, Kernel, Comparable, File::Stat,
 Rational(1, 2), Complex(1, 2)].each { |x| rt(x) }
p rt("é").encoding, rt("abc".b).encoding, rt("abc".dup.force_encoding("US-ASCII")).encoding, rt(-0.0).to_s
p rt(/x/mi).options, rt(/é/).source.encoding
h = rt(Hash.new(5).merge(1 => 2))
p h[1], h[99], h.default

S = Struct.new(:a, :b)
p rt(S.new(1, "x"))
class Foo
  attr_reader :a, :b
  def initialize
    @a = 1
    @b = "s"
  end
  def ==(o) = o.class == Foo && o.a == a && o.b == b
end
f = rt(Foo.new)
p f.instance_variables
class U
  attr_reader :x
  def initialize(x) = @x = x
  def marshal_dump = [@x]
  def marshal_load(a) = @x = a[0]
end
p Marshal.load(Marshal.dump(U.new(3))).x
class D
  attr_reader :v
  def initialize(v) = @v = v
  def _dump(_level) = "#{@v}"
  def self._load(s) = new(s.to_i)
end
x = D.new(8)
y = Marshal.load(Marshal.dump([x, x]))
p y.map(&:v), y[0].equal?(y[1])
module M; end
o = Object.new
o.extend(M)
p Marshal.load(Marshal.dump(o)).singleton_class.include?(M)
class MyStr < String; end
class MyArr < Array; end
p rt(MyStr.new("q")).class, rt(MyArr[1, 2]).class
s = +"iv"
s.instance_variable_set(:@z, 1)
p rt(s).instance_variable_get(:@z)
e = rt(StandardError.new("boom"))
p e.message, e.backtrace

# links and shared structure survive
a = [1]
l = Marshal.load(Marshal.dump([a, a, "s"]))
p l, l[0].equal?(l[1])
cyc = []
cyc << cyc
c = Marshal.load(Marshal.dump(cyc))
p c[0].equal?(c)
deep = { list: [1, { k: "v" }], str: "x" }
copy = Marshal.load(Marshal.dump(deep))
copy[:list][1][:k] << "!"
p deep, copy

# bytes as CRuby writes them
p Marshal.load("\x04\bI\"\x06x\x06:\x06ET")
p Marshal.load("\x04\b[\ai\x06i\a")
p Marshal.load("\x04\bl+\n\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00")
p Marshal.load("\x04\bo:\vObject\x06:\a@ai\x06").instance_variable_get(:@a)
p Marshal.load("\x04\b}\x06i\x06i\ai\n").default
p Marshal.load("\x04\bf\b1e2"), Marshal.load("\x04\bf\bnan").nan?

# proc and freeze:
p Marshal.load(Marshal.dump([1, 2]), proc { |v| v.is_a?(Integer) ? v * 10 : v })
seen = []
Marshal.load(Marshal.dump(["x", :y, 1.5]), ->(v) { seen << v; v })
p seen
fr = Marshal.load(Marshal.dump(["a", { "b" => ["c"] }]), freeze: true)
p fr.frozen?, fr[0].frozen?, fr[1].frozen?, fr[1]["b"][0].frozen?

# from an IO
File.open("/tmp/rubra_marshal_load_spec.bin", "wb") do |io|
  Marshal.dump([1, "two"], io)
  Marshal.dump(:three, io)
end
File.open("/tmp/rubra_marshal_load_spec.bin", "rb") do |io|
  p Marshal.load(io), Marshal.load(io)
  begin
    Marshal.load(io)
  rescue EOFError => e
    p e.class, e.message
  end
end
File.delete("/tmp/rubra_marshal_load_spec.bin")

# errors
def err(s)
  Marshal.load(s)
rescue => e
  puts "#{s.inspect} => #{e.class}: #{e.message.lines.first.chomp}"
end
err("")
err("\x04")
err("\x04\x08")
err("\x04\x09i\x06")
err("\x03\x08i\x06")
err("\x04\x08[\x07i\x06")
err("\x04\x08o:\x08Zzz\x00")
err("\x04\x08c\x0bKernel")
err("\x04\x08m\x0bString")
err("\x04\x08@\x06")
err("\x04\x08;\x06")
err("\x04\x08X")
err("\x04\x08\"\x0aab")
err(nil)
err(12)
