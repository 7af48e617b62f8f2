# Pattern matching: deconstruct caching, deconstruct_keys' keys argument, nested and one-line forms.
$stdout.sync = true
class C
  def deconstruct; puts "dc"; [1, 2]; end
  def deconstruct_keys(k); puts "dk #{k.inspect}"; {a: 1}; end
end
case C.new
in [3] then 1
in [a] then 2
in [a, b] then p [a, b]
end
case C.new
in {b:} then 1
in {a: 2} then 1
in {a:} then p a
end
case [C.new]
in [[9]] then 1
in [[x, y]] then p x
end
c = C.new
p((c in [1, 2]))
p((c in {a: 1, **nil}))
p((c in {a: 1, **rest}))
h = {a: 1, b: 2}
case h
in {a: 1, **r} then p r
end
p((1 in Integer | Float))
arr = [1, [2, 3]]
arr => [Integer => q, [*, 3 => z]]
p q, z
case 0
in -1..1 then p :neg
end
case "x"
in String if $stdout then p :g
end
case [1, "a"]
in [Integer, String] | [String, Integer] then p :alt2
end
x = 1
# a pattern in a loop starts afresh each time (no stale cache or failure message)
[[1, 2], [3], {k: 1}, 5].each do |v|
  r = case v
      in [a, b] then "pair #{a} #{b}"
      in [a] then "one #{a}"
      in {k:} then "hash #{k}"
      else "other"
      end
  puts r
end
begin
  [1, 2] => [x]
rescue NoMatchingPatternError => e
  p e.message
end
e = NoMatchingPatternKeyError.new("m", matchee: {a: 1}, key: :b)
p e.message, e.key, e.matchee
begin
  NoMatchingPatternKeyError.new("m").key
rescue ArgumentError => e
  p e.message
end
p NoMatchingPatternKeyError.ancestors.take(3)
y = 1 if y
p y
z = [1] => [w] while false
p z, w
def pins(v)
  expected = 3
  case v
  in ^expected then :same
  in Integer => n if n > expected then :bigger
  in Integer unless v < 0 then :smaller
  else :negative
  end
end
p pins(3), pins(9), pins(1), pins(-4)
Point = Struct.new(:x, :y)
case Point.new(1, 2)
in [x, y] then p [:arr, x, y]
end
case Point.new(1, 2)
in {x:, y:} then p [:hash, x, y]
end
case {name: "rubra", tags: ["a", "b"]}
in {name: String => name, tags: [*, "b", *]}
  p name
end
config = {db: {user: "admin", pass: "x"}}
config => {db: {user:}}
p user
p((1 in Integer | Float))
p(("s" in Integer | Float))
p((KeyError.new("m").key rescue $!.message))
p KeyError.new("m", key: nil).key
p((NoMatchingPatternKeyError.new("m").matchee rescue $!.message))
