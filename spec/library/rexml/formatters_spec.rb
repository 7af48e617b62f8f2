# env: TZ=UTC
# oracle: system ruby 3.1, because rexml is a bundled gem absent from the oracle
# REXML output: Document#write (positional and keyword forms, to $stdout, a String or an
# IO), Element#write, to_s, and the formatters: Default, and Pretty with indentation,
# compact and width (text squeezed and wrapped, whitespace-only text dropped).
require "rexml/document"
require "stringio"
include REXML

src = "<?xml version='1.0'?><root a='1'>\n  <item id='1'>Hello &amp; a long text that goes on and on and on and on and on and on and on and on and on and on past eighty</item>\n<item id='2'><![CDATA[<raw>]]></item><!-- c --><empty/><mixed>a<b>bold</b>c</mixed><n><m><o>deep</o></m></n></root>"

def fresh(src) = Document.new(src)

f = Formatters::Pretty.new
out = +""
f.write(fresh(src), out)
puts out
puts "--- compact"
f.compact = true
out = +""
f.write(fresh(src), out)
puts out
puts "--- indent 4, width 30, compact"
f = Formatters::Pretty.new(4)
f.width = 30
f.compact = true
out = +""
f.write(fresh(src).root, out)
puts out
puts "--- write(io, 2)"
fresh(src).write($stdout, 2)
puts
puts "--- write(output:, indent: 3)"
fresh(src).write(output: $stdout, indent: 3)
puts
puts "--- write(indent: 1)"
fresh(src).write(indent: 1)
puts
puts "--- write(string)"
s = +""
fresh(src).write(s)
puts s
puts "--- write(StringIO)"
io = StringIO.new
fresh(src).write(io)
puts io.string
puts "--- write(output: io) and Default"
io = StringIO.new
fresh(src).write(output: io)
p io.string == fresh(src).to_s
out = +""
Formatters::Default.new.write(fresh(src).root.elements[1], out)
puts out
out = +""
Formatters::Default.new.write(fresh(src), out)
p out == fresh(src).to_s
puts "--- Element#write"
fresh(src).root.elements["mixed"].write($stdout)
puts
fresh(src).root.elements["mixed"].write($stdout, 2)
puts

# text squeezing and wrapping, compact thresholds
d = Document.new("<r>  lots   of\n\n   space  </r>")
f = Formatters::Pretty.new
out = +""
f.write(d, out)
puts out
f.compact = true
out = +""
f.write(Document.new("<r>  lots   of\n\n   space  </r>"), out)
puts out
d = Document.new("<r><a>#{'x' * 72}</a><a>#{'x' * 75}</a><a>#{'x' * 79}</a><a>#{'x' * 80}</a></r>")
out = +""
f.write(d.root, out)
puts out
out = +""
f.write(Document.new("<r><a>#{'x ' * 40}</a></r>").root, out)
puts out
out = +""
f.write(Document.new("<r><a>one</a><a>two<b/></a><c attr='v'/></r>").root, out)
puts out

# pretty printing squeezes the text it writes in place, as CRuby does
d = Document.new("<a><b>hello   world</b></a>")
d.write(+"", 2)
p d.to_s

# building and printing
doc = Document.new
doc << XMLDecl.new("1.0", "UTF-8")
catalog = doc.add_element("catalog", { "version" => "2" })
3.times do |i|
  item = catalog.add_element("item", { "id" => i.to_s })
  item.add_element("name").text = "Item <#{i}>"
  item.add_element("price").text = (i * 1.5).to_s
end
catalog.add(Comment.new(" end "))
doc.write($stdout, 2)
puts
f = Formatters::Pretty.new(2)
f.compact = true
f.write(doc, $stdout)
puts
puts doc.to_s
p doc.root.elements["item[2]/name"].inspect, doc.root.inspect, doc.inspect, Document.new.inspect
