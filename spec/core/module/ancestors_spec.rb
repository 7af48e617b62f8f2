# Module#ancestors, include?, included_modules
module M1; end
module M2; include M1; end
module P1; end
class Base; include M2; end
class Sub < Base
  prepend P1
  include Comparable
end
p Sub.ancestors
p Base.ancestors
p M2.ancestors
p Sub.include?(M1)
p Sub.include?(P1)
p Base.include?(Comparable)
p Sub.included_modules.take(4)
p Integer.ancestors
p Float.ancestors
p String.ancestors
p Array.ancestors
p Hash.ancestors
p Range.ancestors
p Symbol.ancestors
p NilClass.ancestors
p Class.ancestors
p BasicObject.ancestors
p Struct.new(:a).ancestors.drop(1)
p Proc.ancestors
p Exception.ancestors
