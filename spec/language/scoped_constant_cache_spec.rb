# `Scope::NAME` sites cache what they found; every change that can alter the answer must be
# seen: a new value, removal, const_missing, a module included later, another scope at the
# same site, privacy, and scopes that are not modules.

module A; X = 1; end
module B; X = 2; end
class C; end

def get(s) = s::X

p [A, B, A].map { |m| get(m) }

$VERBOSE = nil
A.const_set(:X, 10)
p get(A)
A.send(:remove_const, :X)
begin
  get(A)
rescue NameError => e
  p e.message
end

calls = 0
C.define_singleton_method(:const_missing) { |n| calls += 1; [n, calls] }
p get(C), get(C), calls

module Mixin; X = :mixed; end
class D; end
begin
  get(D)
rescue NameError => e
  p e.class
end
D.include(Mixin)
p get(D)
class D; X = :own; end
p get(D)

module P; X = :secret; private_constant :X; end
2.times do
  begin
    get(P)
  rescue NameError => e
    p e.message
  end
end
P.send(:public_constant, :X)
p get(P)

[1, "s"].each do |v|
  begin
    get(v)
  rescue TypeError => e
    p e.message
  end
end

p Math::PI.round(5), Float::INFINITY, Comparable.instance_of?(Module)
3.times { |i| p [i, Object::String, File::SEPARATOR] }

# made private after the site cached it
module Q; X = 1; end
p get(Q)
Q.send(:private_constant, :X)
begin
  get(Q)
rescue NameError => e
  p e.message
end
