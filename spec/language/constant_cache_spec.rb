# Inline constant caches: a cached constant site sees every later change (reassignment,
# remove_const, an include that brings a nearer constant, a new nearer definition, autoload).
X = 1
module M; X = 2; def self.f = X; end
class A; def f = X; end
class B < A; X = 3; def g = X; end
p M.f, A.new.f, B.new.f, B.new.g
def loop_x = 3.times.map { X }
p loop_x
Object.send(:remove_const, :X)
X = 10
p loop_x, A.new.f
module N; end
class A; include N; end
module N; X = 5; end
p A.new.f
class A; X = 7; end
p A.new.f
def miss = Zzz
class Object; def self.const_missing(n) = "missing #{n}"; end
p miss, miss
Zzz = 4
p miss
M.send(:remove_const, :X)
p M.f
autoload :Qq, "/tmp/rubra_qq_autoload.rb"
def q = Qq
File.write("/tmp/rubra_qq_autoload.rb", "Qq = 99\n")
p q, q
