def foo(a, b = 1, *r, k:, o: 2, **kw, &blk) = nil
p method(:foo), method(:puts), 3.method(:+), [].method(:push), "x".method(:center)
class A; def bar = 1; def self.cm(x) = x; end
p A.new.method(:bar), A.method(:cm), A.instance_method(:bar)
