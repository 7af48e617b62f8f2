# URI.encode_www_form(_component), decode_www_form(_component), encode/decode_uri_component.
require 'uri'

p URI.encode_www_form([["q", "ruby lang"], ["x", "a&b=c/é"]]), URI.encode_www_form(a: 1, b: nil, c: [1, 2])
p URI.encode_www_form_component("a b+c*~-._/é"), URI.decode_www_form_component("a+b%20c%2F")
p URI.encode_www_form_component("é ü"), URI.decode_www_form_component("%e3%81%82")
p URI.decode_www_form("a=1&b=2+3&c&d=%41")
begin; URI.decode_www_form_component("%zz"); rescue => e; p e.class, e.message; end
p URI.encode_www_form([["a", [1, 2]], ["b", []]])
p URI.encode_www_form({"k" => "v w"}), URI.encode_www_form([]), URI.decode_www_form(""), URI.decode_www_form("a=1;b=2")
p URI.decode_www_form_component("%E3%81%82").encoding, URI.encode_www_form_component(:sym), URI.encode_www_form_component(12)
p URI.encode_www_form_component("x").encoding
p URI.encode_uri_component("a b+c"), URI.decode_uri_component("a+b%20c")
p URI.decode_www_form("a=%&b=%4"), URI.decode_www_form("a=%zz+1")
