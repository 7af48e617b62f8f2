# JSON.parse: values, options, numbers, strings and escapes
require "json"

p JSON.parse('{"a":1,"b":[1.5,2e3,-0.0,1e400,-1e400],"c":null,"d":true,"e":false}')
p JSON.parse('[9223372036854775807, -9223372036854775809, 4611686018427387904, 123456789012345678901234567890]')
p JSON.parse('[1.0E-2, 2e0, 0.1e1, 1E+2, -0, 123456789012345678901234567890.5]')
p JSON.parse('"\u00e9\ud83d\ude00 \/\b\f\n\r\t\"\\\\"')
p JSON.parse('"\udc00"').bytes
p JSON.parse(%("\xff")).bytes
p JSON.parse('  [1]  '), JSON.parse('null'), JSON.parse('2'), JSON.parse('"s"')
p JSON.parse('/* c */ [1, // two
  2 /* three */]')
p JSON.parse('{"a":{"b":[1,{"c":"d"}]}}', symbolize_names: true)
p JSON.parse('[NaN, Infinity, -Infinity]', allow_nan: true)
p JSON.parse('[1,]', allow_trailing_comma: true), JSON.parse('{"a":1,}', allow_trailing_comma: true)
p JSON.parse('{"a":1,"a":2}')
p JSON.parse('[[[[1]]]]', max_nesting: 0), JSON.parse('[[[[1]]]]', max_nesting: false), JSON.parse('[[[[1]]]]', max_nesting: nil)
p JSON.parse("[" * 100 + "]" * 100).flatten
p JSON.parse("[" * 101 + "]" * 101).flatten

h = JSON.parse('{"key":"value","list":["x"]}')
p h.keys[0].frozen?, h["key"].frozen?, h["key"].encoding, h.keys[0].encoding
f = JSON.parse('{"key":["value"]}', freeze: true)
p f.frozen?, f["key"].frozen?, f["key"][0].frozen?

class MyHash < Hash; end
class MyArray < Array; end
r = JSON.parse('{"a":[1,[2],{"b":3}]}', object_class: MyHash, array_class: MyArray)
p r.class, r["a"].class, r["a"][1].class, r["a"][2].class, r

class Rec
  def initialize = @h = {}
  def []=(k, v)
    @h[k] = v
  end
  def inspect = "#<Rec #{@h.inspect}>"
end
p JSON.parse('{"a":{"b":[1,{}]}}', object_class: Rec)

p JSON('[1, 2]'), JSON['{"x": 1}']
p JSON.parse!('[NaN]')
p JSON.load('[NaN]'), JSON.load(nil), JSON.load(''), JSON.load("null")
seen = []
p JSON.load(%q([1, {"a": [2]}]), proc { |x| seen << x; x.is_a?(Integer) ? x * 10 : x })
p seen
p JSON.parse('{"json_class":"String","raw":[97]}')
p JSON.parse('[1]', create_additions: false)
p JSON.parse(' {"a" : 1 , "b" : [ ] } ')

class Src
  def to_str = '{"from":"to_str"}'
end
p JSON.parse(Src.new)
begin
  JSON.parse(nil)
rescue TypeError => e
  p e.message
end
