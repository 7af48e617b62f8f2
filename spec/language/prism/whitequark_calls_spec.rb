# Method-call syntax, after Prism's whitequark fixtures (one section per fixture)
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
module RecMod
  def self.fun(*a, &b) = p([:fun, a, b ? b.call : nil])
  def self.Fun(*a) = p([:Fun, a])
end

# prism: whitequark/send_attr_asgn.txt
foo = Rec.new("foo")
foo.A = 1
foo.a = 2
foo::a = 3
RecMod::A = 4
p RecMod::A

# prism: whitequark/send_attr_asgn_conditional.txt
a = Rec.new("a")
a&.b = 1
a = nil
p(a&.b = 2)

# prism: whitequark/send_binary_op.txt
foo = Rec.new("foo")
p(foo != 1)
foo % 1; foo & 1; foo * 1; foo ** 1; foo + 1; foo - 1; foo / 1; foo < 1
foo << 1; foo <= 1; foo <=> 1; foo === 1; foo > 1; foo >= 1; foo >> 1; foo ^ 1; foo | 1
p(3 != 1, 3 % 2, 6 & 3, 2 * 3, 2 ** 3, 10 / 3, 3 <=> 1, 6 ^ 3, 6 | 1, 1 << 3, 16 >> 2)

# prism: whitequark/send_block_chain_cmd.txt
def meth(x) = Rec.new("meth#{x}#{block_given? ? "+blk" : ""}")
bar = 9
meth 1 do end.fun bar
meth 1 do end.fun bar do 5 end
meth 1 do end.fun { 6 }
meth 1 do end.fun(bar)
meth 1 do end.fun(bar) { 7 }
meth 1 do end::fun bar
meth 1 do end::fun(bar)

# prism: whitequark/send_block_conditional.txt
foo = Rec.new("foo")
foo&.bar { 1 }
foo = nil
p(foo&.bar { 1 })

# prism: whitequark/send_call.txt
foo = ->(x) { x * 10 }
p foo.(1), foo::(2)

# prism: whitequark/send_conditional.txt
a = Rec.new("a")
a&.b
a = nil
p a&.b

# prism: whitequark/send_index.txt
foo = Rec.new("foo")
foo[1, 2]
p [[10, 20, 30]][0][1, 2]

# prism: whitequark/send_index_asgn.txt
foo = Rec.new("foo")
foo[1, 2] = 3
arr = [0, 1, 2, 3]
arr[1, 2] = 9
p arr

# prism: whitequark/send_index_cmd.txt
foo = Rec.new("foo")
def m(x) = "m(#{x})"
bar = 5
foo[m bar]

# prism: whitequark/send_lambda.txt
l1 = -> * { :star }
l2 = -> do :do end
l3 = ->{ }
p l1.(1, 2), l2.(), l3.(), l1.lambda?

# prism: whitequark/send_lambda_args.txt
p((-> (a) { a + 1 }).(1), (->(a) { a * 2 }).(4))

# prism: whitequark/send_lambda_args_noparen.txt
l = -> a: 1 { a }
p l.(), l.(a: 3)
l = -> a: { a }
p l.(a: 4)

# prism: whitequark/send_lambda_args_shadow.txt
foo = 1; bar = 2
l = ->(a; foo, bar) { foo = a; bar = a * 2; [foo, bar] }
p l.(7), foo, bar

# prism: whitequark/send_op_asgn_conditional.txt
class OpC; attr_accessor :b; end
a = OpC.new
a&.b &&= 1
p a.b
a.b = 5
a&.b &&= 1
p a.b
a = nil
p(a&.b &&= 1)

# prism: whitequark/send_plain.txt
foo = Rec.new("foo")
foo.fun
RecMod::Fun()
RecMod::fun

# prism: whitequark/send_plain_cmd.txt
foo = Rec.new("foo")
bar = 3
foo.fun bar
RecMod::Fun bar
RecMod::fun bar

# prism: whitequark/send_self.txt
def fun(*a) = "fun#{a}"
def fun! = "bang"
p fun, fun!, fun(1)

# prism: whitequark/send_self_block.txt
def fun(*a) = [a, yield]
p((fun do 1 end), fun { 2 }, fun() { 3 }, fun(1) { 4 })

# prism: whitequark/send_unary_op.txt
foo = Rec.new("foo")
+foo
-foo
~foo
p(-(2), ~5)

# prism: whitequark/args_args_assocs.txt
def fun(*a, **k, &b) = p([a, k, b&.call])
foo = 1; baz = -> { :blk }
fun(foo, :foo => 1)
fun(foo, :foo => 1, &baz)

# prism: whitequark/args_args_assocs_comma.txt
foo = Rec.new("foo"); bar = 1
foo[bar, :baz => 1,]

# prism: whitequark/args_args_comma.txt
foo = [5, 6]; bar = 1
p foo[bar,]

# prism: whitequark/args_args_star.txt
def fun(*a, &b) = p([a, b&.call])
foo = 0; bar = [1, 2]; baz = -> { :b }
fun(foo, *bar)
fun(foo, *bar, &baz)

# prism: whitequark/args_assocs_comma.txt
foo = Rec.new("foo")
foo[:baz => 1,]

# prism: whitequark/args_block_pass.txt
def fun(&b) = b.call
bar = -> { :passed }
p fun(&bar)

# prism: whitequark/args_cmd.txt
def fun(x) = [:fun, x]
def f(x) = [:f, x]
bar = 2
p fun(f bar)

# prism: whitequark/args_star.txt
def fun(*a, &b) = p([a, b&.call])
bar = [1, 2]; baz = -> { 3 }
fun(*bar)
fun(*bar, &baz)

# prism: whitequark/space_args_arg.txt
def fun(x) = p([:fun, x])
fun (1)

# prism: whitequark/space_args_arg_block.txt
def fun(x) = p([:top, x, yield])
foo = Rec.new("foo")
foo.fun (1) { 2 }
RecMod::fun (1) { 3 }
fun (1) { 4 }

# prism: whitequark/space_args_arg_call.txt
def fun(x) = p([:fun, x])
fun (1.5).to_i

# prism: whitequark/space_args_arg_newline.txt
def fun(x) = p([:fun, x])
fun (1
)

# prism: whitequark/space_args_block.txt
def fun(*a) = p([:fun, a, yield])
fun () { 5 }

# prism: whitequark/space_args_cmd.txt
def fun(x) = p([:fun, x])
def f(x) = x * 2
bar = 4
fun (f bar)

# prism: whitequark/bang.txt
foo = nil
p !foo
foo = Rec.new("foo")
!foo

# prism: whitequark/bang_cmd.txt
def m(x) = x
foo = false
r = (!m foo)
p r

# prism: whitequark/not.txt
foo = 1
p((not foo))
p((not()))
p((not(foo)))

# prism: whitequark/not_cmd.txt
def m(x) = x
foo = nil
r = (not m foo)
p r

# prism: whitequark/not_masgn__24.txt
def foo = [nil, 2]
p !(a, b = foo)
p a, b

# prism: whitequark/send_index_legacy.txt
h = {[1, 2] => :k}
def h.[](*a) = a
p h[1, 2]
