class Foo; def a; end; private def b; end; end
f = Foo.new
def f.sing; end
p Foo.new.public_methods(false), f.methods(false), f.singleton_methods, Foo.new.methods(false), f.public_methods(false)
module M; def mm; end; end
g = Foo.new; g.extend(M); p g.methods(false), g.singleton_methods, g.singleton_methods(false)
begin; Object.new.foo(3); rescue NoMethodError => e; p e.args, e.name; end
class A; def method_missing(n, *a) = super; end
begin; A.new.bar(1, 2); rescue NoMethodError => e; p e.args; end
begin; nil.zip; rescue NoMethodError => e; p e.args; end
