# Parameter lists of defs, blocks and lambdas, after Prism's whitequark fixtures

# prism: whitequark/arg.txt
def f(foo) = [foo]
p f(1)
def f(foo, bar) = [foo, bar]
p f(1, 2)

# prism: whitequark/arg_combinations.txt
def f a, o=1, *r, p, &b; [a, o, r, p, b&.call]; end
p f(1, 2), f(1, 2, 3), f(1, 2, 3, 4, 5) { :b }
def f o=1, p, &b; [o, p]; end
p f(9), f(8, 9)
def f *r, p, &b; [r, p]; end
p f(1), f(1, 2, 3)

# prism: whitequark/args.txt
def f (((a))); a; end
p f(5)
def f ((*, p)); p; end
p f([1, 2, 3])
def f ((a, *r, p)); [a, r, p]; end
p f([1, 2, 3, 4])
def f ((a, a1)); [a, a1]; end
p f([7, 8])
def f (foo: 1, bar: 2, **baz, &b); [foo, bar, baz, b&.call]; end
p f(bar: 3, z: 4) { 5 }
def f *, **; :anon; end
p f(1, k: 2)

# prism: whitequark/marg_combinations.txt
def f ((*r)); r; end
p f([1, 2])
def f ((a, *)); a; end
p f([3, 4])
def f ((a, *, p)); [a, p]; end
p f([1, 2, 3, 4])

# prism: whitequark/arg_duplicate_ignored.txt
def foo(_, _) = :ok
p foo(1, 2)
def foo(_a, _a) = _a
p foo(1, 2)

# prism: whitequark/arg_label.txt
def b = :bee
def a(x) = [:a, x]
def foo
 a:b end
p foo
def foo() a:b end
p foo
def f = yield
p(f { || a:b })

# prism: whitequark/arg_scope.txt
a = :outer
p lambda{|;a| a = :inner; a}.call, a

# prism: whitequark/blockarg.txt
def f(&block) = block
p f.nil?, f { 1 }.call

# prism: whitequark/blockargs.txt
def f(*a, **k) = yield(*a, **k)
p f(1, 2, 3) { |a, *s| [a, s] }
p f(1, 2, 3) { |a, *| a }
p f([1, 2]) { |a, b,| [a, b] }
p f([1, 2]) { |a,| a }
p f([1, 2]) { |a| a }
p f(1, 2, 3, 4) { |a, o=1, *r, p, &b| [a, o, r, p] }
p f(1, 2) { |a, o=1, o1=2, *r, &b| [a, o, o1, r] }
p f(1) { |o=1, p, &b| [o, p] }
p f(foo: 3) { |foo: 1, bar: 2, **baz, &b| [foo, bar, baz] }
p f(foo: 4) { |foo:| foo }
p f(1, 2) { |*r, p, &b| [r, p] }
p f(1, 2) { |;
a
| a }
p f(1) { || :none }
p f(1) { | | :none2 }

# prism: whitequark/block_arg_combinations.txt
def f(*a) = yield(*a)
p f(1, 2, 3) { |a, *r, p, &b| [a, r, p] }
p f(1, 2, 3) { |o=1, *r, &b| [o, r] }
p f([5, 6]) { |a, c| [a, c] }

# prism: whitequark/block_kwarg.txt
def f = yield(foo: 9)
p(f{ |foo:| foo })

# prism: whitequark/block_kwarg_combinations.txt
def f = yield(foo: 9, x: 1)
p(f{ |**baz, &b| baz })
p(f{ |foo: 1, **r| [foo, r] })

# prism: whitequark/kwarg.txt
def f(foo:) = foo
p f(foo: 3)
begin; f; rescue ArgumentError => e; puts e.message; end

# prism: whitequark/kwarg_combinations.txt
def f (foo: 1, &b); [foo, b&.call]; end
p f, f(foo: 2) { 3 }
def f **baz, &b; baz; end
p f(a: 1)

# prism: whitequark/kwarg_no_paren.txt
def f foo:
  foo; end
p f(foo: 1)
def f foo: -1
  foo; end
p f

# prism: whitequark/kwnilarg.txt
l = ->(**nil) { :l }
p l.()
def f(**nil) = :f
p f
begin; f(a: 1); rescue ArgumentError => e; puts e.message; end
def m = yield(1)
p(m { |**nil| :blk })

# prism: whitequark/kwoptarg.txt
def f(foo: 1) = foo
p f, f(foo: 2)

# prism: whitequark/kwrestarg_named.txt
def f(**foo) = foo
p f(a: 1, b: 2)

# prism: whitequark/kwrestarg_unnamed.txt
def g(**k) = k
def f(**) = g(**)
p f(z: 1)

# prism: whitequark/optarg.txt
def f foo = 1; foo; end
p f, f(2)
def f(foo=1, bar=2) = [foo, bar]
p f, f(5), f(5, 6)

# prism: whitequark/restarg_named.txt
def f(*foo) = foo
p f(1, 2)

# prism: whitequark/restarg_unnamed.txt
def g(*a) = a
def f(*) = g(*)
p f(3, 4)

# prism: whitequark/procarg0.txt
def m = yield([1, 2])
p(m { |(foo, bar)| [bar, foo] })
p(m { |foo| foo })

# prism: whitequark/forward_arg.txt
def bar(*a, **k, &b) = [a, k, b&.call]
def foo(...); bar(...); end
p foo(1, k: 2) { 3 }

# prism: whitequark/forward_arg_with_open_args.txt
def bar(*a, **k, &b) = [a, k, b&.call]
x = (def foo ...
  bar(...)
end)
p x, foo(1)
def foo a, ...
  bar(a * 10, ...)
end
p foo(1, 2)
def foo a, b = 1, ...
  bar(a, b, ...)
end
p foo(7), foo(7, 8, 9)
def foo b = 1, ...; bar(b, ...); end
p foo, foo(2, 3)
def foo(a, ...) bar(...) end
p foo(1, 2) { :blk }

# prism: whitequark/forward_args_legacy.txt
class FwdA; def foo(*a) = [:super, a]; end
class FwdB < FwdA
  def foo(...); super(...); end
end
p FwdB.new.foo(1, 2)

# prism: whitequark/trailing_forward_arg.txt
def bar(*a) = a
def foo(a, b, ...); bar(a, 42, ...); end
p foo(1, 2, 3, 4)

# prism: whitequark/anonymous_blockarg.txt
def bar = yield
def foo(&); bar(&); end
p foo { :anon_blk }

# prism: whitequark/emit_arg_inside_procarg0_legacy.txt
def f = yield([1, 2])
p(f { |a| a })
