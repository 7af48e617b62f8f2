# JSON::ParserError and NestingError: CRuby 4.0's messages, positions and snippets
require "json"

def try(src, **opts)
  r = JSON.parse(src, **opts)
  puts "#{src.inspect} => #{r.inspect}"
rescue JSON::JSONError => e
  puts "#{src.inspect} !! #{e.class}: #{e.message.inspect}"
end

['', ' ', '[', ']', '{', '}', '[1 2]', '{"a":1 "b":2}', '{1:2}', '{"a"}', '{"a":}', '[1,]',
 '{"a":1,}', '"abc', '"a\\x"', '"\\u12"', "\"a\tb\"", "\"a\nb\"", "\"a\rb\"", "\"a\fb\"",
 "\"ab\x01c\"", "\"a\x00b\"", '01', '-', '-a', '1.', '1.e5', '1e', '.5', '+1', 'tru',
 'true false', '[1] x', 'nulll', '[NaN]', '[Infinity]', '[-Infinity]', 'NaN', '[1,2,3',
 "{\"a\":\n  [1,\n  x]}", '{"a":1}}', '"\\ud800"', '"\\ud800\\u0041"', '"\\ud800x"',
 '"\\ud800\\u12"', '"\\\'"', '{"a":1,', '{"a":', '{"a"', '{"a', '[1,', '[1', '{"a":1',
 '[01]', '[1.5x]', '[-]', '[1e+]', 'nul', 'fals', 'n', '[tx]', '"\\', '"\\u', '"\\uzzzz"',
 '/', '/x', '/* x', '[1 /', '{"a":1 x', '[1 x', '[1]]', "[\"\x1f\"]",
 "x", "\nx", "\n\nx", " \n  \n   x", "[1,\n2,\n3,\nx]", "[\n\"a\nb\"]", "[1,2,\n  ]",
 "x" + "é" * 40, "[" + "1" * 50 + "x]", '"' + "a" * 50 + "\\q" + "b" * 50 + '"',
 '["' + 'x' * 40 + ']'].each { |s| try(s) }

try('[[[1]]]', max_nesting: 2)
try('[[1]]', max_nesting: 1)
try("[" * 102 + "]" * 102)
try("{\"a\":" * 101 + "1" + "}" * 101)
p JSON::ParserError.ancestors.take(4), JSON::NestingError.superclass, JSON::GeneratorError.superclass
