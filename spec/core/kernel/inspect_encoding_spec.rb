# The encoding of inspect and to_s results, as CRuby 4.0 gives them: a container's text takes
# its first element's inspect's encoding and joins the rest onto it (a non-ASCII piece turns
# an ASCII result into its own encoding); empty containers, numbers, nil and ASCII Symbols
# and module names are US-ASCII; Object#inspect's "#<Foo:0x...>" head is BINARY.
def enc(s) = s.encoding.to_s

p [[].inspect, [1].inspect, ["a"].inspect, [:a].inspect, [1, "a"].inspect, ["a", 1].inspect,
   [1, "é"].inspect, [[1]].inspect, [nil].inspect, [1.5].inspect, [1].to_s].map { enc(_1) }
p [{}.inspect, {a: 1}.inspect, {"a" => 1}.inspect, {a: "é"}.inspect, {1 => "a"}.inspect,
   {a: :b}.inspect, {"é": 1}.inspect].map { enc(_1) }
p [(1..2).to_s, (1..2).inspect, ("a".."b").to_s, ("a".."b").inspect, (1..).inspect,
   (..1).inspect, (nil..nil).inspect, (1..).to_s, (..1).to_s, (1.5..2).inspect].map { enc(_1) }
p [:a.inspect, :a.to_s, :"é".inspect, :"foo bar".inspect, :+.inspect, :a?.inspect].map { enc(_1) }
class Café; end
class Plain
  def initialize
    @a = 1
    @b = "é"
  end
end
class Quiet
  def initialize
    @a = 1
  end
end
p [Café.name, Café.new.inspect, Object.name, Object.new.inspect, Object.new.to_s,
   Comparable.name, Plain.new.inspect, Quiet.new.inspect].map { enc(_1) }
p [1.inspect, 1.5.to_s, nil.inspect, nil.to_s, true.inspect].map { enc(_1) }
p [1, "é", :b].inspect
p({a: [1, {b: "é"}]}.inspect)

# modules: a name is US-ASCII, an anonymous one's "#<Class:0x...>" BINARY, a singleton's
# "#<Class:...>" US-ASCII; a Struct's inspect starts from a BINARY head
S = Struct.new(:a)
p [Class.new.inspect, Class.new.to_s, Module.new.inspect, Object.to_s, Object.inspect,
   Object.new.singleton_class.inspect, Comparable.to_s].map { enc(_1) }
p [S.new(1).inspect, S.new("é").inspect, Struct.new(:b).new(2).inspect, S.new(1).to_s].map { enc(_1) }
p S.new([1, "é"]).inspect
