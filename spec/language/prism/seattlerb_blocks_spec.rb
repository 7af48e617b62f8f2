# Block parameters and block-call chains, after Prism's seattlerb fixtures (one section per fixture)
def y(*x, **k) = yield(*x, **k)
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

# prism: seattlerb/block_arg__bare.txt
def z = yield
def x(&) = z(&)
p x { :bare }

# prism: seattlerb/block_arg_kwsplat.txt
p(y(q: 1) { |**b| b })

# prism: seattlerb/block_arg_opt_arg_block.txt
p(y(1, 2) { |b, c=1, d, &e| [b, c, d, e] })
p(y(1, 2, 3) { |b, c=1, d, &e| [b, c, d] })

# prism: seattlerb/block_arg_opt_splat.txt
p(y(1, 2, 3, 4) { |b, c = 1, *d| [b, c, d] })

# prism: seattlerb/block_arg_opt_splat_arg_block_omfg.txt
p(y(1, 2) { |b, c=1, *d, e, &f| [b, c, d, e] })
p(y(1, 2, 3, 4, 5) { |b, c=1, *d, e, &f| [b, c, d, e] })

# prism: seattlerb/block_arg_optional.txt
p(y { |b = 1| b }, y(2) { |b = 1| b })

# prism: seattlerb/block_arg_scope.txt
c = :out
p(y(1) { |b; c| c = b; c }, c)

# prism: seattlerb/block_arg_scope2.txt
c = :out; d = :out2
p(y(1) {|b; c, d| c = d = b; [c, d] }, c, d)

# prism: seattlerb/block_arg_splat_arg.txt
p(y(1, 2, 3, 4) { |b, *c, d| [b, c, d] })

# prism: seattlerb/block_args_kwargs.txt
p(y(k: 1) { |**kwargs| kwargs })

# prism: seattlerb/block_args_no_kwargs.txt
p(y(1) { |**nil| :nokw })

# prism: seattlerb/block_args_opt1.txt
p(y(1) { |a, b = 42| [a, b] })

# prism: seattlerb/block_args_opt2.txt
p(y(5) { | b=1, c=2 | [b, c] })

# prism: seattlerb/block_args_opt2_2.txt
p(y(1, 2) { |a, b = 42, c = 24| [a, b, c] })

# prism: seattlerb/block_args_opt3.txt
p(y(1) { |a, b = 42, c = 24, &d| [a, b, c, d] })

# prism: seattlerb/block_call_defn_call_block_call.txt
def a(x) = p([:a, x])
e = Rec.new("e")
a def b(c)
 c
 end
 e.f do end

# prism: seattlerb/block_call_dot_op2_brace_block.txt
a = Rec.new("a")
def c = :c
a.b c() do :d end.e do |f| :g end

# prism: seattlerb/block_call_dot_op2_cmd_args_do_block.txt
a = Rec.new("a")
def c = :c
f = 1
a.b c() do :d end.e f do |g| :h end

# prism: seattlerb/block_call_operation_colon.txt
a = Rec.new("a"); c = 3
a.b c do 1 end::d

# prism: seattlerb/block_call_operation_dot.txt
a = Rec.new("a"); c = 3
a.b c do 1 end.d

# prism: seattlerb/block_call_paren_call_block_call.txt
def a(x) = p([:a, x])
b = 1; c = Rec.new("c")
a (b)
c.d do end

# prism: seattlerb/block_command_operation_colon.txt
def a(x) = Rec.new("a(#{x.inspect}#{block_given? ? " blk" : ""})")
def t_colon
  a :b do end::c :d
end
t_colon

# prism: seattlerb/block_command_operation_dot.txt
def a(x) = Rec.new("a(#{x.inspect}#{block_given? ? " blk" : ""})")
def t_dot
  a :b do end.c :d
end
t_dot

# prism: seattlerb/block_decomp_anon_splat_arg.txt
p(y([1, 2, 3]) { |(*, a)| a })

# prism: seattlerb/block_decomp_arg_splat.txt
p(y([1, 2, 3]) { |(b, *)| b })

# prism: seattlerb/block_decomp_arg_splat_arg.txt
p(y([1, 2, 3, 4]) { |(a, *b, c)| [a, b, c] })

# prism: seattlerb/block_decomp_splat.txt
p(y([1, 2]) { |(*a)| a })

# prism: seattlerb/block_kw.txt
p(y { |k:42| k }, y(k: 1) { |k:42| k })

# prism: seattlerb/block_kw__required.txt
r = y k: 3 do |k:| k end
p r

# prism: seattlerb/block_kwarg_lvar.txt
p(y { |kw: :val| kw })

# prism: seattlerb/block_kwarg_lvar_multiple.txt
p(y(kw2: 1) { |kw: :val, kw2: :val2 | [kw, kw2] })

# prism: seattlerb/block_opt_arg.txt
p(y(1) { |b=1, c| [b, c] }, y(1, 2) { |b=1, c| [b, c] })

# prism: seattlerb/block_opt_splat.txt
p(y(1, 2, 3) { |b = 1, *c| [b, c] })

# prism: seattlerb/block_opt_splat_arg_block_omfg.txt
p(y(1) { |b=1, *c, d, &e| [b, c, d] }, y(1, 2, 3, 4) { |b=1, *c, d, &e| [b, c, d] })

# prism: seattlerb/block_optarg.txt
p(y { |b = :c| b })

# prism: seattlerb/block_paren_splat.txt
p(y([1, 2, 3]) { |(b, *c)| [b, c] })

# prism: seattlerb/block_reg_optarg.txt
p(y(1) { |b, c = :d| [b, c] })

# prism: seattlerb/block_return.txt
def foo(x) = yield(x * 2)
def run(arg)
  return foo arg do |bar| bar + 1 end
end
p run(5)

# prism: seattlerb/block_scope.txt
b = :outer
p(y { |;b| b = 1; b }, b)

# prism: seattlerb/block_splat_reg.txt
p(y(1, 2, 3) { |*b, c| [b, c] })

# prism: seattlerb/iter_args_1.txt
p(y(1, 2) { |a,b| [a, b] }, y([3, 4]) { |a,b| [a, b] })

# prism: seattlerb/iter_args_10_1.txt
p(y(1, 2, 3, 4) { |a, b = 42, *c| [a, b, c] })

# prism: seattlerb/iter_args_10_2.txt
p(y(1) { |a, b = 42, *c, &d| [a, b, c, d] })

# prism: seattlerb/iter_args_11_1.txt
p(y(1, 2) { |a, b = 42, *c, d| [a, b, c, d] })

# prism: seattlerb/iter_args_11_2.txt
p(y(1, 2, 3, 4, 5) { |a, b = 42, *c, d, &e| [a, b, c, d] })

# prism: seattlerb/iter_args_2__19.txt
p(y([1, 2]) { |(a, b)| [b, a] })

# prism: seattlerb/iter_args_3.txt
p(y(1, [2, 3], 4) { |a, (b, c), d| [a, b, c, d] })

# prism: seattlerb/iter_args_4.txt
p(y(1, 2, 3, 4) { |a, *b, c| [a, b, c] })

# prism: seattlerb/iter_args_5.txt
p(y(1) { |a, &b| [a, b] })

# prism: seattlerb/iter_args_6.txt
p(y(1, 2) { |a, b=42, c| [a, b, c] }, y(1, 2, 3) { |a, b=42, c| [a, b, c] })

# prism: seattlerb/iter_args_7_1.txt
p(y { |a = 42, *b| [a, b] })

# prism: seattlerb/iter_args_7_2.txt
p(y(1, 2) { |a = 42, *b, &c| [a, b] })

# prism: seattlerb/iter_args_8_1.txt
p(y(1) { |a = 42, *b, c| [a, b, c] })

# prism: seattlerb/iter_args_8_2.txt
p(y(1, 2, 3) { |a = 42, *b, c, &d| [a, b, c] })

# prism: seattlerb/iter_args_9_1.txt
p(y(1) { |a = 42, b| [a, b] })

# prism: seattlerb/iter_args_9_2.txt
p(y(1, 2) { |a = 42, b, &c| [a, b] })

# prism: seattlerb/iter_kwarg.txt
p(y(b: 2) { |b: 1| b })

# prism: seattlerb/iter_kwarg_kwsplat.txt
p(y(b: 2, z: 3) { |b: 1, **c| [b, c] })

# prism: seattlerb/bug_args__19.txt
def d = :d
def t_d = y([1, 2]) { |(a, b)| d }
p t_d

# prism: seattlerb/bug_args_masgn.txt
p(y([1, 2], 3) { |(a, b), c| [a, b, c] })

# prism: seattlerb/bug_args_masgn2.txt
p(y([[1, 2], 3], 4) { |((a, b), c), d| [a, b, c, d] })

# prism: seattlerb/bug_args_masgn_outer_parens__19.txt
p(y([[:k, :v], 0]) { |((k, v), i)| [k, v, i] })

# prism: seattlerb/do_bug.txt
def a(x) = p([:a, x])
a 1
b = Rec.new("a")
b.b do |c|
  # do nothing
end

# prism: seattlerb/do_lambda.txt
l = ->() do :dl end
p l.call

# prism: seattlerb/stabby_arg_no_paren.txt
l = ->a{ a * 2 }
p l[4]

# prism: seattlerb/stabby_arg_opt_splat_arg_block_omfg.txt
l = ->(b, c=1, *d, e, &f){ [b, c, d, e] }
p l.(1, 2), l.(1, 2, 3, 4, 5)

# prism: seattlerb/stabby_block_iter_call.txt
def x(l) = p(l.call)
a = Rec.new("a")
x -> () do
a.b do
end
end

# prism: seattlerb/stabby_block_iter_call_no_target_with_arg.txt
def x(l) = p(l.call)
def a(v) = [v, yield]
x -> () do
a(1) do
end
end

# prism: seattlerb/stabby_block_kw.txt
l = -> (k:42) { k }
p l.(), l.(k: 1)

# prism: seattlerb/stabby_block_kw__required.txt
l = -> (k:) { k }
p l.(k: 2)

# prism: seattlerb/stabby_proc_scope.txt
b = :out
l = ->(a; b) { b = a; b }
p l.(1), b

# prism: seattlerb/lambda_do_vs_brace.txt
def f(l) = p([l.lambda?, l.arity, block_given?])
f -> do end
f -> {}
f ->() do end
f ->() {}

# prism: seattlerb/pipe_semicolon.txt
c = :out
a = Rec.new("a")
a.b do | ; c | c = 1 end
p c

# prism: seattlerb/pipe_space.txt
a = Rec.new("a")
a.b do | | 2 end
