# Constant lookup: lexical scope first, then ancestors, then Object
VALUE = :top
module A
  VALUE = :a
  module B
    def self.lexical = VALUE
  end
end
module A::B
  def self.compact = VALUE
end
p A::B.lexical
p A::B.compact
class Parent
  SETTING = :parent
  def setting = SETTING
end
class Kid < Parent
  def kid_setting = SETTING
end
p Kid.new.setting
p Kid.new.kid_setting
p Kid::SETTING
class Kid2 < Parent
  SETTING = :kid2
  def own = SETTING
end
p Kid2.new.own
p Kid2.new.setting
module Mixin
  MIX = :mixed
end
class Host
  include Mixin
  def mix = MIX
end
p Host.new.mix
p Host::MIX
module Deep
  X = 1
  module Deeper
    module Deepest
      def self.x = X
    end
  end
end
p Deep::Deeper::Deepest.x
module Deep::Deeper
  def self.try_x
    X
  rescue NameError => e
    "NameError: #{e.message}"
  end
end
p Deep::Deeper.try_x
p A.constants.sort
p A.const_defined?(:VALUE)
class Object
  def lookup_from_object = VALUE
end
p 1.lookup_from_object
p defined?(A::B::VALUE)
p A::B::VALUE rescue p $!.class
