# Ractor.make_shareable deep-freezes (or copies with copy: true); Ractor.shareable? follows
# CRuby's rules; the main Ractor; the lazily defined constant is visible before first use
p Object.const_defined?(:Ractor), Object.constants.include?(:Ractor)
a = [1, "x", {k: "v"}, [2.0, :s], "a".."z"]
b = Ractor.make_shareable(a)
p b.equal?(a), a.frozen?, a[1].frozen?, a[2][:k].frozen?, a[3].frozen?, a[4].end.frozen?
p Ractor.shareable?(a), Ractor.shareable?([1]), Ractor.shareable?(1), Ractor.shareable?("s".freeze)
p Ractor.shareable?(["s"].freeze), Ractor.shareable?([["x"].freeze].freeze)
p Ractor.shareable?(Object), Ractor.make_shareable(Object).frozen?
p Ractor.shareable?(Object.new.freeze), Ractor.shareable?(Ractor.current)
s = Struct.new(:a).new("z")
Ractor.make_shareable(s)
p s.frozen?, s.a.frozen?
o = Object.new
o.instance_variable_set(:@x, "ivar")
Ractor.make_shareable(o)
p o.frozen?, o.instance_variable_get(:@x).frozen?
h2 = {a: "b"}
x = Ractor.make_shareable(h2, copy: true)
p x, x.equal?(h2), h2.frozen?, x.frozen?, x[:a].frozen?, h2[:a].frozen?
cyc = []
cyc << cyc
Ractor.make_shareable(cyc)
p cyc.frozen?
p Ractor.make_shareable(nil), Ractor.make_shareable(:a)
[proc { 1 }, Hash.new { 1 }].each do |v|
  Ractor.make_shareable(v)
rescue Ractor::IsolationError => e
  p e.message.start_with?("Proc's self is not shareable: #<Proc:")
end
p Ractor.current, Ractor.main.equal?(Ractor.current), Ractor.count, Ractor.current.name
p Ractor::Error.superclass, Ractor::RemoteError.superclass, Ractor::IsolationError.superclass
p Ractor::ClosedError.superclass
