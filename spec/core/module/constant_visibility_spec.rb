# Module#private_constant/public_constant (return self, NameError), private_class_method/public_class_method return self; which Module methods are public
module M; A = 1; B = 2; end
p M.private_constant(:A)
p M.public_constant(:A)
p M::A
p M.private_constant(:A, "B")
begin; M::B; rescue NameError => e; p e.message; end
p M.public_constant("B", :A)
p M::B
begin; M.public_constant(:C); rescue NameError => e; p e.message, e.name; end
begin; M.private_constant(:C); rescue NameError => e; p e.message, e.name; end
class K; private_class_method def self.x = 1; end
p K.respond_to?(:x)
p K.public_class_method(:x)
p K.private_class_method(:x)
%i[included extended prepended method_added public private protected module_function private_class_method public_class_method private_constant public_constant].each { |m| p [m, Module.public_method_defined?(m), Module.private_method_defined?(m)] }
