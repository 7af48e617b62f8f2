# Module#const_missing (the default, and super from a Ruby-defined one), remove_class_variable,
# public_instance_method, and class_variables in definition order.
class CV; @@x = 1; @@z = 2; end
p CV.remove_class_variable(:@@x), CV.class_variables
begin; CV.remove_class_variable(:@@y); rescue NameError => e; p e.class, e.message, e.name; end
begin; CV.remove_class_variable(:y); rescue NameError => e; p e.class, e.message; end
begin; CV.remove_class_variable("@@z"); p CV.class_variables; rescue => e; p e; end
class Sub < CV; end
class CV; @@w = 3; end
begin; Sub.remove_class_variable(:@@w); rescue NameError => e; p e.message; end
class Pm; def pub; end; private def priv; end; protected def prot; end; end
p Pm.public_instance_method(:pub).name
begin; Pm.public_instance_method(:priv); rescue NameError => e; p e.class, e.message; end
begin; Pm.public_instance_method(:prot); rescue NameError => e; p e.message; end
begin; Pm.public_instance_method(:nope); rescue NameError => e; p e.message; end
begin; Pm.const_missing(:Q); rescue NameError => e; p e.message, e.name, e.receiver; end
begin; Object.const_missing(:Q); rescue NameError => e; p e.message; end
class Object
  def self.const_missing(n) = n == :Zed ? 42 : super
end
p Zed
begin; Nope; rescue NameError => e; p e.message; end
begin; Pm::Nope2; rescue NameError => e; p e.message; end
p Module.instance_method(:const_missing).owner
class A; @@a=1; @@b=2; @@c=3; @@d=4; @@e=5; end; p A.class_variables
class A; @@f = 6; remove_class_variable(:@@b); @@b = 7; end; p A.class_variables, A.class_variable_get(:@@b)
