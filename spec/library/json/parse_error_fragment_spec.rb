# JSON::ParserError's quote of the input at the error: CRuby 4.0's json stops it at the first
# space, tab, CR, LF or NUL (at most 32 bytes), drops a trailing multibyte character, prints the
# rest of the input unquoted when the error is on such a byte and EOF at the end; string escape
# errors point at the escape or at the literal run before it, as its unescaper does
require "json"

def try(src)
  r = JSON.parse(src)
  puts "#{src.inspect} => #{r.inspect}"
rescue JSON::JSONError => e
  puts "#{src.inspect} !! #{e.class}: #{e.message.inspect}"
end

["{\n  \"a\": \"x\\e y\",\n  \"b\": 1\n}", '["\\qé"]', "[é", "[aé", "[é]", "[x y]", "[x\ty]",
 "\"a\tb" + "c" * 50 + "\"", "\"a\nb" + "c" * 50 + " d\"", "[\"a\x01b c\"]", "[\"a\x00b c\"]",
 "{\"a\":1 x y}", "{\"a\":1 é}", "[tru e]", "[nul l]", "[-x y]", "[1.x y]", "/x y", "[1] x y",
 "x" * 40 + " y", "[\"\\x" + "é" * 20 + "\"]", "[1,\n  ]  x", "[1,\n  é", "[\"é\x01\"]"].each { |s| try(s) }

["[\"\\u12 34\"]", "[\"\\ud800 x\"]", "[\"\\ud800\\u12 34\"]", "[\"ab\\ud800 x\"]",
 "[\"ab\\/\\ud800 x\"]", "[\"ab\\n\\ud800 x\"]", "[\"ab\\ud800\\u0041 x\"]",
 "[\"ab\\\"\\ud800\\uzz12\"]", "[\"xy\\u12\"]", "[\"\\n\\u1\"]", "[\"é\\ud800\"]",
 "[\"\\ud800\\udc00\"]", "[\"\\u00e9\\uD83D\\uDE00\"]"].each { |s| try(s) }

["[1,\n  \x00x]", "[1\x00]", "{\x00}", "{\"a\"\x00:1}", "{\"a\":\x00}", "[1,\x00]", "\x00", "[1]\x00",
 " \x00", "[tr\x00ue]", "[1.\x00]", "[-\x00]", "{\"a\":1\x00}", "/\x00"].each { |s| try(s) }
