class A; def f = 1; end
class B < A; def f = 2; end
m = B.new.method(:f)
p m.super_method.owner, m.super_method.call, m.super_method.super_method, A.new.method(:f).super_method
module M; def f = 3; end
class C < B; include M; def f = 4; end
p C.new.method(:f).super_method.owner, C.new.method(:f).super_method.super_method.owner
