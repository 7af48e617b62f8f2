# Unparser corpus and version-specific syntax, after Prism's fixtures (one section per fixture)
# prism: unparser/corpus/literal/alias.txt
$ubar = :gbar
alias $ufoo $ubar
p $ufoo
class UAl; def bar = :bar; alias :foo :bar; end
p UAl.new.foo

# prism: unparser/corpus/literal/undef.txt
class UUn; def foo = 1; def bar = 2; def baz = 3; undef :foo; undef :bar, :baz; end
p UUn.instance_methods(false)

# prism: unparser/corpus/literal/defined.txt
@foo = 1
p defined?(@foo), defined?(@nope), defined?(String), defined?(Nope)
p defined?(((a, b) = [1, 2])), a

# prism: unparser/corpus/literal/rescue.txt
def foo = raise("f")
def bar = :bar
p((foo rescue bar))
def ur1 = (foo rescue return bar)
p ur1
def ur2
  x = (foo rescue return :ret)
  x
end
p ur2

# prism: unparser/corpus/literal/pragma.txt
p __ENCODING__, __LINE__, __FILE__ == $0

# prism: unparser/corpus/literal/range.txt
p((1..), 1..2, (1...), 1...2, (1..2).to_a, (1...2).to_a)

# prism: unparser/corpus/literal/singletons.txt
p false, nil, true, self.to_s

# prism: unparser/corpus/literal/unary.txt
def foo = false
def bar = nil
a = 5
p !1, !(!1), !(!(foo || bar)), !(!1).to_s, ~a, -a, +a, -(-a).abs, +(+a).abs

# prism: unparser/corpus/literal/flipflop.txt
r = (1..10).select { |i| true if ((i == 4)..(i == 6)) }
p r
r = (1..10).select { |i| true if ((i == 4)...(i == 4)) }
p r

# prism: unparser/corpus/literal/variables.txt
module SCOPED; CONST = :scoped; end
TOPLEVEL = SCOPED
CONST = :c
class UVar; @@a = :cv; def self.a = @@a; end
"xay".split("a")
p CONST, SCOPED::CONST, ::TOPLEVEL, ::TOPLEVEL::CONST, UVar.a

# prism: unparser/corpus/literal/for.txt
def bar(x = nil) = x || [[1, 2, 3], [4, 5]]
r = bar(for a in bar do
  a
end)
p r, a
for (a, *b) in bar do
  p [a, b]
end
for (a, b) in bar do
  p [a, b]
end

# prism: unparser/corpus/literal/lambda.txt
l = lambda { |a, b|
  [b, a]
}
p l.(1, 2)
c = :outer
l = ->(a, b; c) {
  c = a + b
}
p l.(1, 2), c

# prism: unparser/corpus/literal/module.txt
module UA
end
module UA::B
end
module UA::B::C
  def self.n = name
end
p UA::B::C.n

# prism: unparser/corpus/literal/super.txt
class USupA; def foo(*a, &b) = [a, b ? b.call : nil]; end
class USupB < USupA
  def foo(a = 1, b = 2)
    blk = -> { :blk }
    [super, super(), super(a), super(a, b), super(&blk), super(a, &blk),
     super { :foo }, super(a) { :foo }, super() { :foo }]
  end
end
p USupB.new.foo(7, 8)

# prism: unparser/corpus/literal/opasgn.txt
a = 3
a += 2; a -= 1; a **= 2; a *= 2; a /= 4
p a
b = nil
a &&= b
p a
a ||= 2
p a
k = :k; v = :v
(h ||= {})[k] = v
p h
S = Struct.new(:b)
a = S.new(1)
a.b += 2; a.b **= 2; a.b ||= 0
p a.b
a = [1, 2]
b = 1
a[b] += 2; a[b] *= 3; a[b] &&= 5
p a

# prism: unparser/corpus/literal/hookexe.txt
BEGIN {
  puts :begin_runs_first
}
p :body

# prism: unparser/corpus/semantic/send.txt
class USend; def ===(o) = self; def c = 4; end
a = USend.new; d = 4
p(a.===(1).c == d)

# prism: unparser/corpus/semantic/def.txt
a = 5; b = 3
def foo(a, b)
  (a - b)
end
p foo(5, 3)
def foo2
  raise rescue Exception
end
p foo2

# prism: unparser/corpus/semantic/and.txt
r = (1..10).select { |i| true if i == 2...i == 3 or i == 8...i == 8 }
p r

# prism: unparser/corpus/semantic/literal.txt
p 1.0r, -0r, 0x1, 1_000, 1e10, 10e10000000000, -10e10000000000, ?c

# prism: unparser/corpus/semantic/opasgn.txt
y = Hash.new("")
y["#{42}\n"] += "#{42}\n"
p y

# prism: unparser/corpus/semantic/undef.txt
class UUn2; def foo = 1; def bar = 2; undef foo; end
p UUn2.instance_methods(false)
class UUn2; undef bar; end
p UUn2.instance_methods(false)

# prism: unparser/corpus/semantic/while.txt
i = 0
i += 1 until i > 3
p i
foo = 3
foo = foo - 1 while foo > 0
p foo
a = [3, 2, 1]
while b = a.shift
  p b
end

# prism: 3.3-3.3/it.txt
def x = yield(:x_arg)
r = x do
  it
end
p r, -> { it }.call(7)

# prism: 3.3-3.3/it_indirect_writes.txt
p(1.then { it ||= :set }, 2.then { it; it ||= 1 }, 3.then { it &&= 4; it })
p((1.then { it += 1 } rescue $!.class))

# prism: 3.3-3.3/it_read_and_assignment.txt
42.tap { p it; it = it; p it }

# prism: 3.4/it.txt
def x = yield(5)
p(x do it * 2 end)
p [1, 2].map { it + 1 }

# prism: 3.4/it_indirect_writes.txt
p(nil.then { it ||= :d; it }, 6.then { it; it &&= 0 }, 8.then { it; it ||= 1; it })
p((5.then { it; it += 1; it } rescue $!.class))

# prism: 3.4/it_read_and_assignment.txt
7.tap { p it; it = it; p it }

# prism: 3.3-4.0/void_value.txt
def vv1
  x = begin
    raise "e"
  rescue
    return :rescued
  else
    return :else
  end
end
p vv1
def vv2(v)
  x = case v
    in 2 then return :two
    else      return :other
  end
end
p vv2(2), vv2(3)

# prism: 4.0/endless_methods_command_call.txt
class UEnd
  private def foo = puts "Hello"
  private def bar(x) = puts x, "World"
  def run = [foo, bar(1)]
end
p UEnd.new.run, UEnd.private_instance_methods(false).sort
obj = Object.new
begin
  private def obj.foo(x) = puts x
rescue NameError => e
  p e.class
end
obj.foo(:sing)

# prism: 4.0/leading_logical.txt
a = 1
&& 2
&& 3
p a
b = nil
|| 2
|| 3
p b
c = 1
and nil
and 3
p c
d = false
or 4
or 5
p d
