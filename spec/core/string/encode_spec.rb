# String#encode / encode! between UTF-8, US-ASCII and BINARY: copies, replacement options and
# the transcoding errors
def t
  r = yield
  p [r, r.encoding]
rescue => e
  p [e.class, e.message]
end
s = "abc"
t { s.encode }
p s.encode.equal?(s)
t { "é".encode("UTF-8") }
t { "é".encode(Encoding::US_ASCII) }
t { "é".encode("BINARY") }
t { "aé€😀".encode("US-ASCII", undef: :replace) }
t { "é".encode("US-ASCII", undef: :replace, replace: "*") }
t { "a\xffb".encode("US-ASCII") }
t { "a\xffb".encode("UTF-8") }
t { "a\xffb".encode("UTF-8", invalid: :replace) }
t { "a\xffb".encode("US-ASCII", invalid: :replace) }
t { "a\xffb".encode("US-ASCII", invalid: :replace, replace: "") }
t { "a\xffb".encode(invalid: :replace) }
t { "a\xe3\x81".encode("US-ASCII") }
t { "a\xe3\x81x".encode("US-ASCII") }
t { "a\x80".encode("BINARY") }
t { "é".b.encode("UTF-8") }
t { "ab".b.encode("UTF-8") }
t { "é".b.encode("UTF-8", "UTF-8") }
t { "é".encode("UTF-8", "BINARY", undef: :replace) }
t { "ab\xff".force_encoding("US-ASCII").encode("UTF-8") }
t { "ab".force_encoding("US-ASCII").encode("UTF-8") }
t { "é".encode("FOO") }
t { "é".encode(1) }
t { "é".encode("UTF-8", "FOO") }
t { s = "é".dup; s.encode!("BINARY"); s }
t { s = "ab".dup; s.encode!("US-ASCII"); s }
t { s = "x\xff".dup; s.encode!("UTF-8", invalid: :replace); s }
t { "ab".freeze.encode!("UTF-8") }
t { "ab".encode("UTF-8", "UTF-8", "UTF-8") }
p Encoding::UndefinedConversionError.ancestors.take(4)
p Encoding::InvalidByteSequenceError.superclass, Encoding::ConverterNotFoundError.superclass
