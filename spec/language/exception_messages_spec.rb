# Messages of common built-in errors (CRuby 4.0 wording)
def msg
  yield
  "no error"
rescue Exception => e
  "#{e.class}: #{e.message}"
end
class Foo; def bar(a, b) = nil; end
puts msg { nil.foo }
puts msg { 5.foo }
puts msg { "s".foo }
puts msg { [].foo }
puts msg { {}.foo }
puts msg { :sym.foo }
puts msg { true.foo }
puts msg { false.foo }
puts msg { Foo.new.foo }
puts msg { Foo.foo }
puts msg { Kernel.foo }
puts msg { Foo.new.bar(1) }
puts msg { Foo.new.bar }
puts msg { [].first(1, 2) }
puts msg { undefined_name }
puts msg { UndefinedConst }
puts msg { Foo::Nope }
puts msg { 1 / 0 }
puts msg { 1 % 0 }
puts msg { 1.divmod(0) }
puts msg { 1 + nil }
puts msg { 1 + "1" }
puts msg { "1" + 1 }
puts msg { [1] + nil }
puts msg { Integer("abc") }
puts msg { Integer(nil) }
puts msg { Float("1.x") }
puts msg { [].fetch(3) }
puts msg { [1, 2].fetch(-5) }
puts msg { {a: 1}.fetch(:b) }
puts msg { {"a" => 1}.fetch("b") }
puts msg { "abc".freeze << "d" }
puts msg { [1].freeze << 2 }
puts msg { {}.freeze[:a] = 1 }
puts msg { :sym.unknown_method(1) }
puts msg { raise IndexError }
puts msg { Comparable.new }
puts msg { BasicObject.new.inspect }
puts msg { Object.new.instance_variable_get(:bad) }
puts msg { [3, "a"].sort }
puts msg { [nil, 1].max }
puts msg { 1.upto }
puts msg { loop { raise StopIteration, "stop" }; raise "after loop" }
puts msg { throw :nothing }
puts msg { Struct.new(:a).new(1, 2) }
puts msg { Hash.new(1) { } }
puts msg { [1, 2].first(-1) }
puts msg { 2**"x" }
puts msg { nil + 1 }
puts msg { Object.new <=> 1; Object.new < 1 }
puts msg { 1.0 / 0 }
puts msg { (0.0 / 0).to_i }
puts msg { (1.0 / 0).to_i }
puts msg { "x" * -1 }
puts msg { [1] * -1 }
puts msg { Array.new(-1) }
puts msg { :a <=> 1 }
puts msg { 1.fdiv(nil) }
puts msg { def kw(a:) = a; kw(b: 1) }
