# Class#allocate for every kind of built-in class: an object natives can use, or CRuby's error.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

t("Class.allocate.new") { Class.allocate.new }
t("Class.allocate.superclass") { Class.allocate.superclass }
t("Class.allocate.name") { Class.allocate.name }
t("Module.allocate") { Module.allocate }
t("Proc.allocate") { Proc.allocate }
t("Method.allocate") { Method.allocate }
t("UnboundMethod.allocate") { UnboundMethod.allocate }
t("Integer.allocate") { Integer.allocate }
t("Float.allocate") { Float.allocate }
t("Symbol.allocate") { Symbol.allocate }
t("NilClass.allocate") { NilClass.allocate }
t("TrueClass.allocate") { TrueClass.allocate }
t("Rational.allocate") { Rational.allocate }
t("Struct.allocate") { Struct.allocate }
t("Struct.new(:a).allocate.a") { Struct.new(:a).allocate.a }
t("Range.allocate") { Range.allocate }
t("Range.allocate.first") { Range.allocate.first }
t("String.allocate") { String.allocate }
t("Array.allocate") { Array.allocate }
t("Hash.allocate") { Hash.allocate }
t("Exception.allocate.message") { Exception.allocate.message }
t("Random.allocate.rand.class") { Random.allocate.rand.class }
t("Random.allocate.rand(10).between?(0, 9)") { Random.allocate.rand(10).between?(0, 9) }
t("Enumerator.allocate.to_a") { Enumerator.allocate.to_a }
t("Enumerator.allocate.next") { Enumerator.allocate.next }
t("Enumerator.allocate.size") { Enumerator.allocate.size }
t("Enumerator::Lazy.allocate.to_a") { Enumerator::Lazy.allocate.to_a }
t("Enumerator::Lazy.allocate.first(1)") { Enumerator::Lazy.allocate.first(1) }
t("singleton_class.allocate") { Object.new.singleton_class.allocate }
t("BasicObject.allocate") { BasicObject.allocate.__id__.class }
class MyProc < Proc; end
class MyRange < Range; end
t("MyProc.allocate") { MyProc.allocate }
t("MyRange.allocate") { MyRange.allocate }
t("IO.allocate.write") { IO.allocate.write("x") }
t("IO.allocate.read") { IO.allocate.read }
t("IO.allocate.close") { IO.allocate.close }
t("IO.allocate.closed?") { IO.allocate.closed? }
t("File.allocate.path") { File.allocate.path }
t("File.allocate.gets") { File.allocate.gets }
t("Time.allocate.year") { Time.allocate.year }
t("Time.allocate.inspect") { Time.allocate.inspect }
t("Time.allocate.to_i") { Time.allocate.to_i }
t("Time.allocate.strftime") { Time.allocate.strftime("%Y") }
t("Time.allocate dup") { Time.allocate.dup.class }
class MyTime < Time; end
t("MyTime.new(2000).year") { MyTime.new(2000).year }
