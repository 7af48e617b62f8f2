# Assorted syntax, after Prism's top-level fixtures (one section per fixture)
def raiser = raise("boom")

# prism: and_or_with_suffix.txt
def foo = :foo
def and? = :and_q
def or! = :or_b
def andbar = :andbar
def aows3
  foo
  andbar
end
p aows3

# prism: case_in_hash_key.txt
module A; def self.print(message:) = p([:print, message]); end
def cih(message)
  case 1
  in 2
    A.print message:
  in 1
    A.print message:
  end
end
cih("hi")

# prism: case_in_in.txt
context = [3, 4]
args = [3]
r = case args
in [event]
  context.first in ^event
end
p r

# prism: endless_method_as_default_arg.txt
def foo1(a = def f = 1) = a
p foo1, f
def foo2(a = def g = 1, b) = [a, b]
p foo2(5)
def foo3(a = def h = 1+2) = h
p foo3
l = ->(a = def k = 1) { a }
p l.()

# prism: it_assignment.txt
42.tap { it = it; p it }

# prism: keyword_method_names.txt
class KwNames
  def def = :def_method
  def self.ensure = :ensure_method
  private def foo
    [1].map do |x| x end
  end
  def m(a, **nil) = a
end
p KwNames.new.def, KwNames.ensure, KwNames.new.m(3), %"abc"
p KwNames.private_instance_methods(false)
def nil::a = :nil_a
p nil.a

# prism: non_void_value.txt
def nvv(c)
  x = begin
    return :early if c
    "conditional"
  end
  x
end
p nvv(true), nvv(false)

# prism: pattern_one_line_bare_key.txt
foo = {a: 1, b: 2}
foo => a: 1, b:
p b

# prism: pattern_trailing_comma.txt
def ptc(x)
  case x
  in a,
    1
    [:first, a]
  in b, c,
    2
    [:second, b, c]
  end
end
p ptc([5, 1]), ptc([6, 7, 2])
foo = [8, 9]
foo => bar,
  baz
p [bar, baz]

# prism: range_begin_open_exclusive.txt
r = ...2
p r, r.include?(1), r.include?(2)

# prism: range_beginless.txt
def rf(x = ...?a) = x
p rf
def rf2() ...:a; end
p rf2

# prism: rescue_modifier_command_value.txt
def foo(*a) = raise("x")
def c(v) = v + 1
d = 10; bar = 0
x, y = foo bar rescue 7
p [x, y]

# prism: rescue_modifier_block_command_value.txt
def foo(a) = raise("x")
a = 1
x = foo a do end rescue :rescued
p x

# prism: single_method_call_with_bang.txt
def foo! = :banged
p foo!

# prism: emoji_method_calls.txt
class Emo; def 🌊=(v); p [:wave, v]; end; end
foo = Emo.new
foo.🌊 = 1

# prism: write_command_operator.txt
def wco
  foo = 123 | 456 or return :ret
  foo
end
p wco
BAR = Integer
foo = 123 | 4 in BAR
p foo

# prism: repeat_parameters.txt
def rp1(a, _, _) = [a, _]
p rp1(1, 2, 3)
def rp2(a, (b, *_c, d), (e, *_c, f)) = [a, b, d, e, f, _c]
p rp2(1, [2, 3, 4], [5, 6, 7])
def rp3(_a = 1, _a = 2) = _a
p rp3, rp3(9)
def rp4(_a: 1, _a: 2) = _a rescue nil

# prism: unary_method_calls.txt
p 42.~@, 42.!@
r = [-
42, +
42]
p r

# prism: command_method_call_2.txt
def foo(*a) = [:foo, a]
def bar(*a) = [:bar, a]
baz = 1; bat = 2
p foo(bar baz, bat)
