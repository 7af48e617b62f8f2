# Method-call and operator syntax, after Prism's seattlerb fixtures (one section per fixture)
class Rec
  def initialize(n) = @n = n
  def to_s = @n
  def inspect = @n
  def method_missing(m, *a, **k, &b)
    s = "#{@n}.#{m}(#{(a.map(&:inspect) + k.map { |kk, v| "#{kk}: #{v.inspect}" }).join(", ")})#{b ? "{blk:#{b.call.inspect}}" : ""}"
    puts s
    Rec.new(s)
  end
  def respond_to_missing?(*) = true
end
def show(*a, **k, &b) = p([a, k, b ? b.call : :noblk])

# prism: seattlerb/call_and.txt
p(1 & 2, 3 & 6)

# prism: seattlerb/call_arg_assoc.txt
def f(*a, **k) = p([a, k])
f(1, 2=>3)

# prism: seattlerb/call_arg_assoc_kwsplat.txt
def f(*a, **k) = p([a, k])
h = {z: 4}
f(1, kw: 2, **h)

# prism: seattlerb/call_arg_kwsplat.txt
def a(*x, **k) = p([x, k])
b = 1; h = {q: 1}
a(b, **h)

# prism: seattlerb/call_args_assoc_quoted.txt
def x(*a, **k) = p([a, k])
k = "kk"
x "#{k}":42
x "k":42
x 'k':42

# prism: seattlerb/call_args_assoc_trailing_comma.txt
def f(*a, **k) = p([a, k])
f(1, 2=>3,)

# prism: seattlerb/call_args_command.txt
a = Rec.new("a"); c = Rec.new("c")
a.b c.d 1

# prism: seattlerb/call_array_arg.txt
p(1 == [:b, :c], [:b] == [:b])

# prism: seattlerb/call_array_block_call.txt
def a(x) = p(x)
def b = block_given? ? :b_with_blk : :b
a [ nil, b do end ]

# prism: seattlerb/call_array_lambda_block_call.txt
def am(x) = p([x.map(&:call), yield])
am [->() { 1 }] do
  2
end

# prism: seattlerb/call_array_lit_inline_hash.txt
def a(x) = p(x)
a([:b, :c => 1])

# prism: seattlerb/call_assoc.txt
def f(*a, **k) = p([a, k])
f(2=>3)

# prism: seattlerb/call_assoc_new.txt
def f(*a, **k) = p([a, k])
f(a:3)

# prism: seattlerb/call_assoc_new_if_multiline.txt
def a(**k) = p(k)
a(b: if :c
1
else
2
end)

# prism: seattlerb/call_assoc_trailing_comma.txt
def f(*a, **k) = p([a, k])
f(1=>2,)

# prism: seattlerb/call_bang_command_call.txt
a = Rec.new("a")
def a.b(x) = x > 0
r = (! a.b 1)
p r

# prism: seattlerb/call_bang_squiggle.txt
o = Object.new
def o.=~(x) = x == 2
p(o !~ 2, o !~ 3)

# prism: seattlerb/call_begin_call_block_call.txt
def a(x) = p([:a, x])
b = Rec.new("b")
a begin
b.c do 1 end
end

# prism: seattlerb/call_block_arg_named.txt
def x(&b) = b.call(2)
blk = proc { |v| v * 3 }
p x(&blk)

# prism: seattlerb/call_carat.txt
p(1 ^ 2, 7 ^ 2)

# prism: seattlerb/call_colon2.txt
module A; def self.b = :colon2_b; end
p A::b

# prism: seattlerb/call_colon_parens.txt
o = Object.new
def o.call = :called
p o::()

# prism: seattlerb/call_div.txt
p(1 / 2, 7 / 2, -7 / 2)

# prism: seattlerb/call_dot_parens.txt
o = Object.new
def o.call(*a) = [:call, a]
p o.(), o.(1)

# prism: seattlerb/call_env.txt
a = Rec.new("a")
a.happy

# prism: seattlerb/call_eq3.txt
p(1 === 2, Integer === 2, (1..3) === 2)

# prism: seattlerb/call_gt.txt
p(1 > 2, 3 > 2)

# prism: seattlerb/call_kwsplat.txt
def a(**k) = p(k)
h = {b: 1}
a(**h)

# prism: seattlerb/call_leading_dots.txt
a = Rec.new("a")
a
.b
.c

# prism: seattlerb/call_leading_dots_comment.txt
a = Rec.new("a")
a
.b
#.c
.d

# prism: seattlerb/call_lt.txt
p(1 < 2, 3 < 2)

# prism: seattlerb/call_lte.txt
p(1 <= 2, 2 <= 2, 3 <= 2)

# prism: seattlerb/call_not.txt
p((not 42), (not nil))

# prism: seattlerb/call_pipe.txt
p(1 | 2, 5 | 3)

# prism: seattlerb/call_rshift.txt
p(1 >> 2, 16 >> 2)

# prism: seattlerb/call_self_brackets.txt
class SelfBr
  def [](x) = x * 2
  def run = self[1]
end
p SelfBr.new.run

# prism: seattlerb/call_spaceship.txt
p(1 <=> 2, 2 <=> 1, 1 <=> 1)

# prism: seattlerb/call_stabby_do_end_with_block.txt
def a(l) = p([l.call, yield])
a -> do 1 end do 2 end

# prism: seattlerb/call_stabby_with_braces_block.txt
def a(l) = p([l.call, yield])
a -> { 1 } do 2 end

# prism: seattlerb/call_star.txt
p(1 * 2, 3 * 4)

# prism: seattlerb/call_star2.txt
p(1 ** 2, 2 ** 10, -2 ** 2)

# prism: seattlerb/call_trailing_comma.txt
def f(*a) = p(a)
f(1,)

# prism: seattlerb/call_trailing_dots.txt
a = Rec.new("a")
a.
b.
c

# prism: seattlerb/call_unary_bang.txt
p(!1, !nil)

# prism: seattlerb/safe_attrasgn.txt
a = Rec.new("a")
a&.b = 1
a = nil
p(a&.b = 1)

# prism: seattlerb/safe_attrasgn_constant.txt
a = Rec.new("a")
a&.B = 1

# prism: seattlerb/safe_call.txt
a = Rec.new("a")
a&.b

# prism: seattlerb/safe_call_after_newline.txt
a = Rec.new("a")
a
&.b
a = nil
p(a
&.b)

# prism: seattlerb/safe_call_dot_parens.txt
a = ->(*x) { [:lam, x] }
p a&.()
a = nil
p a&.()

# prism: seattlerb/safe_call_newline.txt
a = Rec.new("a")
a&.b

p :after

# prism: seattlerb/safe_call_operator.txt
a = 5
p(a&.> 1)
a = nil
p(a&.> 1)

# prism: seattlerb/safe_call_rhs_newline.txt
a = Rec.new("a")
c = a&.b

p c

# prism: seattlerb/safe_calls.txt
a = Rec.new("a")
a&.b&.c(1)
a = nil
p a&.b&.c(1)

# prism: seattlerb/safe_op_asgn.txt
class SafeOp; attr_accessor :b; end
def x(v) = v * 10
a = SafeOp.new
a.b = 1
a&.b += x 1
p a.b

# prism: seattlerb/safe_op_asgn2.txt
class SafeOp2; attr_accessor :b; end
def x = :from_x
a = SafeOp2.new
a&.b ||=
x;
p a.b

# prism: seattlerb/aref_args_assocs.txt
p [1 => 2]

# prism: seattlerb/aref_args_lit_assocs.txt
p [1, 2 => 3]

# prism: seattlerb/attr_asgn_colon_id.txt
module A; def self.b=(v); p [:set_b, v]; end; end
A::b = 1

# prism: seattlerb/attrasgn_array_arg.txt
a = {}
a[[1, 2]] = 3
p a

# prism: seattlerb/attrasgn_array_lhs.txt
from = 1; to = 2
arr = [1, 2, 3, 4]
arr[from .. to] = ["a", "b", "c"]
p arr

# prism: seattlerb/attrasgn_primary_dot_constant.txt
a = Rec.new("a")
a.B = 1

# prism: seattlerb/bang_eq.txt
p(1 != 2, 1 != 1)

# prism: seattlerb/array_lits_trailing_calls.txt
p %w[].size, [].empty?, %w[a b].b rescue p $!.class

# prism: seattlerb/method_call_assoc_trailing_comma.txt
a = Rec.new("a")
a.f(1=>2,)

# prism: seattlerb/method_call_trailing_comma.txt
a = Rec.new("a")
a.f(1,)

# prism: seattlerb/parse_opt_call_args_assocs_comma.txt
h = {}
def h.[](*a, **k) = [a, k]
p h[2=>3,]

# prism: seattlerb/parse_opt_call_args_lit_comma.txt
p 6[2,], 5[0,]
