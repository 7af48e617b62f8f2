# String#encode between CRuby's encodings: single-byte code pages, UTF-16/32 (and the BOM
# dummies), CESU-8, UTF8-MAC, the CJK encodings and ISO-2022-JP; the transcoding errors as
# CRuby words them (one step, or through UTF-8) and the options on other destinations
def t(s, *a, **k)
  r = s.encode(*a, **k)
  puts "#{r.encoding}: #{r.bytes.inspect} #{r.inspect}"
rescue => e
  puts "#{e.class}: #{e.message}"
end
t "é€", "ISO-8859-1"
t "é€", "Shift_JIS"
t "日本", "ISO-8859-1"
t "\xE9".force_encoding("ISO-8859-1"), "Shift_JIS"
t "\x81".force_encoding("Windows-1252"), "Shift_JIS"
t "\x81".force_encoding("Windows-1252"), "UTF-8"
t "\u{10FFFD}", "Windows-1250"
t "\u{10FFFD}", "macRoman"
t "\xE9".b, "ISO-8859-1"
t "\xE9".b, "UTF-16LE"
t "\xE9".force_encoding("US-ASCII"), "ISO-8859-1"
t "\xFF".force_encoding("Shift_JIS"), "UTF-8"
t "\x82".force_encoding("Shift_JIS"), "UTF-8"
t "\x82 ".force_encoding("Shift_JIS"), "UTF-8"
t "\x82\xA0".force_encoding("Shift_JIS"), "EUC-JP"
t "\x82\xA0".force_encoding("Shift_JIS"), "ISO-8859-1"
t "\x00\xDC".force_encoding("UTF-16LE"), "UTF-8"
t "a".force_encoding("UTF-16LE"), "UTF-8"
t "\x00a".force_encoding("UTF-16"), "UTF-8"
t "\xFE\xFF\x00a".force_encoding("UTF-16"), "UTF-8"
t "\xFF\xFEa\x00".force_encoding("UTF-16"), "UTF-8"
t "a", "UTF-16"
t "a", "UTF-32"
t "ab", "UTF-16LE"
t "a\u{1F600}", "UTF-16BE"
t "a\u{1F600}", "UTF-32LE"
t "é", "UTF-16LE", invalid: :replace
t "€x", "ISO-8859-1", undef: :replace
t "€x", "UTF-16LE", "ISO-8859-1"
t "\x80x".force_encoding("ISO-8859-1"), "UTF-16LE", undef: :replace
t "\xFFx".force_encoding("UTF-16LE"), "UTF-8", invalid: :replace
t "€x", "ISO-8859-1", undef: :replace, replace: "*"
t "€x", "UTF-16LE", xml: :text
t "<€>", "ISO-8859-1", xml: :text
t "a\nb", "UTF-16LE", crlf_newline: true
t "\u00e9", "EUC-KR"
t "\uac00", "EUC-KR"
t "\uac02", "EUC-KR"
t "\uac02", "CP949"
t "\u3042", "GB2312"
t "\u3042\u4e2d", "GBK"
t "\u3042", "Big5"
t "\u4e2d", "Big5"
t "\u{20000}", "GB18030"
t "x", "EUC-TW"
t "\u3042", "EUC-TW"
t "\u3042", "ISO-2022-JP"
t "\e$B$\"\e(B".force_encoding("ISO-2022-JP"), "UTF-8"
t "\u3042", "UTF-7"
t "\u00e9", "macRoman"
t "\u00e9", "IBM437"
t "\u00e9", "Windows-1258"
t "\u00e9", "UTF8-MAC"
t "e\u0301".force_encoding("UTF8-MAC"), "UTF-8"
t "\u00e9", "CESU-8"
t "\u{1F600}", "CESU-8"
t "\u{1F600}", "Shift_JIS", fallback: {"\u{1F600}" => "?!"}
t "\u00e9".encode("ISO-8859-1"), "Windows-1252"
t "日本".encode("EUC-JP"), "Shift_JIS"
t "Ж", "KOI8-R"
t "Ж", "Windows-1251"
t "Ж", "ISO-8859-5"
t "€", "ISO-8859-15"
t "ü", "CP850"
t "caf\xE9 cr\xE8me".force_encoding("ISO-8859-1"), "UTF-8"
t "Ünïcödé", "Windows-1252"
t "é", "US-ASCII", undef: :replace
t "é", "US-ASCII", fallback: ->(c) { "e" }
t "é", "ASCII", invalid: :replace, undef: :replace, replace: ""
t "hi", "UTF-8", "UTF-16LE"
t "h\0i\0".force_encoding("UTF-16LE"), "UTF-8"
t "\uFEFFhi", "UTF-16LE"
p "hello".encode("UTF-16").unpack("n*")
x = +"abc"
x.encode!("UTF-16LE")
p x.encoding, x.bytesize
p 233.chr("BINARY"), (233.chr("US-ASCII") rescue $!)
p 65.chr("US-ASCII").encoding
p (300.chr("ISO-8859-1") rescue $!), 0xE9.chr("ISO-8859-1")
p 0x82A0.chr("Shift_JIS"), (0xFF.chr("Shift_JIS") rescue $!), (0xA0.chr("Shift_JIS") rescue $!)
p (0xD800.chr("UTF-8") rescue $!), (0xD800.chr("UTF-16LE") rescue $!)
p 0x1F600.chr("UTF-16BE").bytes, (0x110000.chr("UTF-32LE") rescue $!), 0x41.chr("UTF-16LE")
p 0x3042.chr("UTF-16LE"), 233.chr(Encoding::UTF_8)
# JIS X 0208 (Shift_JIS, EUC-JP) against Microsoft's code page 932 (Windows-31J, CP51932)
%w[EUC-JP CP51932 Shift_JIS Windows-31J].each do |e|
  r = ["\u2460", "\u2170", "\u9AD9", "\uFF5E", "\u301C", "\u2212", "\uFF0D", "\u00A5", "\u203E",
       "\u2016", "\u2225", "\uFFE2", "\u00AC", "\u00A2", "\u00A3", "\uFF3C", "\uFFE3", "é"].map do |c|
    c.encode(e).unpack1("H*") rescue "-"
  end
  puts "#{e} #{r.join(' ')}"
end
%w[Shift_JIS EUC-JP Windows-31J].each do |e|
  codes = e == "EUC-JP" ? %w[a1c1 a1c2 a1dd a1f1 a1f2 a2cc a1c0 a1b1 ada1 fcf1 f9a1 8fabb1] : %w[8160 8161 817c 8191 8192 81ca 815f 8150 8740 fa40 ed40]
  r = codes.map { |h| [h].pack("H*").force_encoding(e).encode("UTF-8").unpack1("U").to_s(16) rescue $!.class.name.split("::").last }
  puts "#{e} #{r.join(' ')}"
end
# the errors' readers: the failing step's encodings, the bytes or character, what is read again
def show(e)
  p [e.class, e.source_encoding, e.destination_encoding, e.source_encoding_name, e.destination_encoding_name]
  p [e.error_char, e.error_char.encoding] if e.respond_to?(:error_char)
  p [e.error_bytes, e.readagain_bytes, e.incomplete_input?] if e.respond_to?(:error_bytes)
  p e.instance_variables
end
begin; "é€".encode("ISO-8859-1"); rescue => e; show(e); end
begin; "\xE9".force_encoding("ISO-8859-1").encode("Shift_JIS"); rescue => e; show(e); end
begin; "\x81".force_encoding("Windows-1252").encode("UTF-8"); rescue => e; show(e); end
begin; "\xE9".b.encode("UTF-8"); rescue => e; show(e); end
begin; "a\xFFb".encode("UTF-16LE"); rescue => e; show(e); end
begin; "a\xE3\x81".encode("UTF-16LE"); rescue => e; show(e); end
begin; "a\xE3\x81x".encode("UTF-16LE"); rescue => e; show(e); end
begin; "\x82".force_encoding("Shift_JIS").encode("UTF-8"); rescue => e; show(e); end
