# Proc#dup/clone make a new Proc sharing the block (==, eql? and hash agree; class and
# lambda-ness kept, not frozen by dup), Proc subclasses, Method/UnboundMethod copies,
# Kernel#select, and the helpers compiled code calls are not listed as Kernel's methods.
pr = proc { 1 }
d = pr.dup
p pr == d, pr.eql?(d), pr.hash == d.hash, pr.equal?(d), d.call, pr.clone.class
p pr == proc { 1 }, lambda { } == lambda { }
l = lambda { |x| x }
p l.dup.lambda?, l.clone.call(3)
class MyProc < Proc; end
mp = MyProc.new { 2 }
p mp.dup.class, mp.clone.call
fr = proc { }.freeze
p fr.clone.frozen?, fr.dup.frozen?
m = 1.method(:+)
p m.clone.call(2), m.dup.owner, m.clone == m, m.dup.receiver
um = Integer.instance_method(:to_s)
p um.clone.name, um.dup.owner
p Kernel.private_instance_methods.grep(/__pm|__rubra/)
p select(nil, nil, nil, 0), select([], [], [], 0)
