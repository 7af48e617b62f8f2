# == / equal? / eql? / === / != across core types
p 1 == 1.0
p 1.eql?(1.0)
p 1.equal?(1)
p 1.eql?(1)
p 2**70 == 2**70
p (2**70).eql?(2**70)
p "a" == "a"
p "a".equal?("a")
p :a.equal?(:a)
p nil.equal?(nil)
p [1, 2] == [1, 2]
p [1, 2].eql?([1, 2])
p [1, 2] == [1.0, 2.0]
p [1, 2].eql?([1.0, 2.0])
p({ a: 1 } == { a: 1.0 })
p({ a: 1 }.eql?({ a: 1.0 }))
p({ a: 1, b: 2 } == { b: 2, a: 1 })
p 1 != 2
p Integer === 1
p Integer === 1.0
p Numeric === 1.0
p (1..3) === 2
p :a === :a
p Object.new == Object.new
o = Object.new
p o == o
p o.eql?(o)
p o != o
p 1.0 == 1
p 0.1 + 0.2 == 0.3
p 1 <=> "a"
p nil == false
p [] == []
p "" == nil
p 1.equal?(1.0)
p 3.0.eql?(3.0)
