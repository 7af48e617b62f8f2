# env: TZ=UTC
# oracle: system ruby 3.1, because rexml is a bundled gem absent from the oracle
# REXML::ParseException for malformed documents: mismatched end tags (message, line,
# position), a top-level end tag, a missing tag start, declarations outside the DOCTYPE,
# duplicate attributes and unterminated attribute values; the exception's class chain.
require "rexml/document"

[
  "<a><b></a>",
  "<a></b>",
  "<a><b>\n</c></a>",
  "<r><a>\n<b>x</b>\n</a>\n</q>\n<z/>\n</r>",
  "<root>\n  <child>\n    text\n  </kid>\n</root>",
  "</div>",
].each do |src|
  begin
    REXML::Document.new(src)
    puts "#{src.inspect}: parsed"
  rescue REXML::ParseException => e
    p src
    p e.message.lines.first.chomp, e.line, e.position
  end
end

# only the message's first line: where these stop differs between REXML versions
["<a><!ELEMENT x></a>", "<a x='1' x='2'/>", "<a b='1></a>", "<a><b/><c></a>"].each do |src|
  begin
    REXML::Document.new(src)
    puts "#{src.inspect}: parsed"
  rescue REXML::ParseException => e
    p [src, e.message.lines.first.chomp]
  end
end

begin
  REXML::Document.new("<a><b></a>")
rescue => e
  p e.class, e.class.ancestors.take(3), e.is_a?(RuntimeError)
  puts e.message
end
