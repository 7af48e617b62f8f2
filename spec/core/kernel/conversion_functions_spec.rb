# Kernel#String, Array, Hash conversions
p String(1)
p String(nil)
p String(:sym)
p String([1, 2])
p String(1.5)
class WithToS
  def to_s = "to_s used"
end
p String(WithToS.new)
p Array(nil)
p Array([1, 2])
p Array(1..3)
p Array("str")
p Array(5)
p Array({ a: 1 })
p Array([nil])
class WithToA
  def to_a = [:converted]
end
p Array(WithToA.new)
p Hash(nil)
p Hash([])
p Hash({ a: 1 })
p((Hash([[1, 2]]) rescue "#{$!.class}: #{$!.message}"))
begin
  Hash([1, 2])
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  Hash(5)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
p 1.to_s, 1.5.to_s, nil.to_a, :upcase.to_proc.call("x")
p [[1, 2], [3, 4]].to_h
p({ a: 1 }.to_a)
p 65.chr
p 3.7.to_i
p 3.to_f
p "12".to_sym
