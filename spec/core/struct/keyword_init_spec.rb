# Struct with keyword_init: true and keyword arguments to plain structs
Person = Struct.new(:name, :age, keyword_init: true)
pe = Person.new(name: "Al", age: 30)
p pe
p pe.name
p pe.to_h
p Person.new(name: "Bo")
begin
  Person.new("Al", 30)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  Person.new(nick: "x")
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p Person.keyword_init?
Pair = Struct.new(:left, :right)
p Pair.new(left: 1, right: 2)
p Pair.new(1, 2)
p Pair.keyword_init?
Data3 = Struct.new(:a, :b, keyword_init: false)
p Data3.new({ a: 1 }, 2)
