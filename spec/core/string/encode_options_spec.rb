# String#encode options: xml:, fallback:, the newline decorators, with invalid:/undef:
def t
  r = yield
  p [r, r.encoding]
rescue => e
  p [e.class, e.message]
end
t { "é<a>&\"'".encode("US-ASCII", xml: :text) }
t { "é<a>&\"'".encode("US-ASCII", xml: :attr) }
t { "é<a>&\"'".encode("UTF-8", xml: :text) }
t { "é<a>&\"'".encode(xml: :attr) }
t { "x".encode("UTF-8", xml: :foo) }
t { "éü".encode("US-ASCII", fallback: {"é" => "e"}) }
t { "éü".encode("US-ASCII", fallback: {"é" => "e", "ü" => "u"}) }
t { "éü".encode("US-ASCII", fallback: proc { |c| c.ord.to_s }) }
t { "éü".encode("US-ASCII", fallback: "é".method(:+)) }
t { "éü".encode("US-ASCII", fallback: {"é" => "ë"}) }
t { "éü".encode("US-ASCII", fallback: {"é" => 1}) }
t { "a\nb\r\nc".encode("UTF-8", crlf_newline: true) }
t { "a\nb\r\nc\rd".encode("UTF-8", universal_newline: true) }
t { "a\nb".encode("UTF-8", cr_newline: true) }
t { "a\nb".encode(crlf_newline: true) }
t { "a\xffé".encode("US-ASCII", invalid: :replace, undef: :replace, xml: :text) }
t { "<\"a\">".encode("UTF-8", "UTF-8", xml: :attr) }
t { "é".b.encode("UTF-8", xml: :text) }
t { "é".b.encode("UTF-8", fallback: {"\xC3".b => "C3"}) }
t { "é".encode("US-ASCII", fallback: Hash.new { |h, k| "<#{k.ord}>" }) }
