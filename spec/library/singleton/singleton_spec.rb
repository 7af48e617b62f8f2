require "singleton"
p Singleton.constants.sort
class Foo; include Singleton; attr_accessor :x; end
p Foo.instance.equal?(Foo.instance)
begin; Foo.new; rescue => e; p e.class, e.message; end
begin; Foo.allocate; rescue => e; p e.class, e.message; end
begin; Foo.instance.dup; rescue => e; p e.class, e.message; end
begin; Foo.instance.clone; rescue => e; p e.class, e.message; end
class Bar < Foo; end
p Bar.instance.class, Bar.instance.equal?(Foo.instance)
begin; module M; include Singleton; end; rescue => e; p e.class, e.message; end
p Foo.singleton_methods.sort
p Foo.instance_method(:_dump).owner rescue p $!
p Singleton.instance_methods.sort, Singleton.private_instance_methods.sort
p Foo.respond_to?(:instance), Foo.respond_to?(:_load)
p Foo.instance._dump rescue p $!
p Foo._load("") .equal?(Foo.instance) rescue p $!
p Singleton::SingletonClassMethods.instance_methods.sort rescue p $!
p Singleton::SingletonClassMethods.private_instance_methods.sort rescue p $!
p Foo.singleton_class.ancestors.first(4)
class Baz; include Singleton; def initialize; puts "init"; end; end
Baz.instance; Baz.instance
