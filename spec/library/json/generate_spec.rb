# JSON.generate, pretty_generate, dump and to_json: CRuby 4.0's exact output
require "json"

def try
  r = yield
  puts r.inspect
rescue => e
  puts "#{e.class}: #{e.message}"
end

try { JSON.generate({"a" => [1, 2.5, nil, true, false, "s"], :b => {}, 3 => []}) }
try { JSON.generate([1.0, 100.0, 1e20, 1.5e-9, 1e-10, 1e15, 123456789012345.0, 1e23, 0.1, -0.0, 2.0 / 3, 5e-324]) }
try { JSON.generate([2**70, -2**64, 0, -1]) }
try { JSON.generate("\u007f\u0000\u001f\b\f\n\r\t\"\\/ é \u2028").bytes.last(9) }
try { JSON.generate("é\u2028/<script>", script_safe: true) }
try { JSON.generate("é\u{1F600}\u0001", ascii_only: true) }
try { JSON.generate({1 => 2, nil => 3, :sym => 4, 1.5 => 5, [1] => 6, Object => 7}) }
S = Struct.new(:a)
try { JSON.generate([S.new(1), :sym, 1..2, Object]) }
class Foo; def to_s = "foo!"; end
class Bar; def to_json(*a) = {"bar" => a.size, "st" => a[0].class.to_s}.to_json(*a); end
try { JSON.generate([Foo.new, Bar.new]) }
try { JSON.pretty_generate([Bar.new, {"x" => [Bar.new]}]) }
try { JSON.pretty_generate({"a" => [1, 2, {"b" => nil}], "c" => {}, "d" => [], "e" => [[]]}) }
try { JSON.pretty_generate([]) + JSON.pretty_generate({}) + JSON.pretty_generate(1) }
try { JSON.pretty_generate({"a" => 1}, indent: "    ") }
try { JSON.generate({"a" => 1, "b" => [1, 2]}, indent: "\t", space: " ", object_nl: "\n", array_nl: "\n", space_before: " ") }
try { JSON.generate([1], JSON::State.new(indent: "x", array_nl: "\n")) }
try { JSON.generate({"a" => 1}, nil) }
try { JSON.generate(nil) + JSON.generate("x") + JSON.generate(1) }
try { [1, "a", nil].to_json + {a: 1}.to_json + 1.5.to_json + nil.to_json + :s.to_json + (2**70).to_json + true.to_json }
try { {1 => {2 => 3}}.to_json(JSON::State.new(object_nl: "\n", indent: "  ")) }
try { [[1]].to_json(indent: "  ", array_nl: "\n") }
try { Object.new.to_json.start_with?('"#<Object:') }
try { JSON.generate(Float::NAN) }
try { JSON.generate([Float::INFINITY]) }
try { JSON.generate(-Float::INFINITY) }
try { JSON.generate([Float::NAN, Float::INFINITY], allow_nan: true) }
try { Float::NAN.to_json }
try { JSON.dump([Float::NAN, -Float::INFINITY, "x"]) }
try { JSON.generate("\xff") }
try { JSON.generate("abc".b) }
def nest(n) = (a = []; b = a; (n - 1).times { c = []; b << c; b = c }; a)
try { JSON.generate(nest(100)).size }
try { JSON.generate(nest(101)) }
try { JSON.generate(nest(3), max_nesting: 2) }
try { JSON.generate(nest(3), max_nesting: 3) }
try { a = [1]; a << [a]; JSON.generate(a) }
try { o = Object.new; def o.to_json(*) = 5; JSON.generate([o]) }
try { s = JSON::State.new(indent: "  "); [s.indent, s.space, s.object_nl, s.depth, s.max_nesting, s.allow_nan?] }
try { JSON::State.new.generate([1]) }
try { JSON[[1, 2]] + JSON([3]) }
j [1, 2], {"a" => 1}
jj({"a" => [1]})
