# env: TZ=UTC
# oracle: system ruby 3.1, because rexml is a bundled gem absent from the oracle
# REXML::Element and REXML::Elements: navigation (elements[n] from 1, by name, by path,
# each_element, next/previous_element, parent, root), attributes (attributes[], each,
# each_attribute, attribute, add_attribute(s), delete_attribute), text (text, text=,
# add_text, texts, get_text, has_text?), building (Element.new, add_element, <<,
# delete_element, Text/Comment/CData/Instruction nodes), inspect and to_s.
require "rexml/document"
include REXML

doc = Document.new("<lib><book id='1' lang='en'><title>A</title></book><book id='2'><title>B</title></book><mag id='3'/><!--c-->tail</lib>")
lib = doc.root
p lib.elements.size, lib.elements.to_a.size, lib.elements.to_a.map(&:name)
p lib.elements[1], lib.elements[2].attributes["id"], lib.elements[3], lib.elements[4]
p lib.elements[1, "mag"], lib.elements[2, "book"].attributes["id"]
p lib.elements["book"].attributes["id"], lib.elements["book[2]/title"].text, lib.elements["nothing"]
p lib.elements.index(lib.elements[2]), lib.elements.empty?
begin
  lib.elements[0]
rescue => e
  puts "#{e.class}: #{e.message}"
end
lib.elements.each { |e| print e.name, " " }
puts
lib.elements.each("book") { |e| print e.attributes["id"], " " }
puts
lib.each_element { |e| print e.name, "," }
puts
lib.each_element("*[@id]") { |e| print e.attributes["id"], "," }
puts
p lib.elements.collect { |e| e.name }, lib.elements.to_a("book/title").map(&:text)
p lib.elements.inject(nil, 0) { |n, e| n + 1 }
lib.each_element_with_attribute("lang") { |e| p e }
lib.each_element_with_attribute("id", "2") { |e| p e.attributes["id"] }
doc.root.elements[1].each_element_with_text("A") { |e| p e }
p lib.get_elements("book").size

b1 = lib.elements[1]
p b1.parent.name, b1.root.name, b1.document.class, b1.next_element, b1.previous_element
p lib.elements[3].previous_element.attributes["id"], lib.elements[3].next_element
p b1.next_sibling.attributes["id"], lib.children.last, lib.children.last.previous_sibling.class
p b1.has_elements?, b1.has_attributes?, b1.has_text?, lib.has_text?, lib.text
p b1.elements[1].has_elements?, lib.elements[3].has_attributes?
p b1.attributes.size, b1.attributes.keys, b1.attributes.to_a
b1.attributes.each { |name, value| p [name, value] }
b1.attributes.each_attribute { |a| p [a.name, a.value, a.class] }
p b1.attribute("lang"), b1.attribute("lang").value, b1.attribute("nope"), b1["id"], b1[0]
p b1.xpath, b1.elements[1].xpath, lib.elements[3].xpath, doc.root.xpath

# building
e = Element.new("e")
p e, e.to_s, e.name, e.parent, e.has_elements?
e.text = "a  & b"
p e.to_s, e.text
e.add_text(" more")
p e.to_s, e.texts.size
e.text = "replaced"
p e.to_s
e.text = nil
p e.to_s, e.text
c = e.add_element("c", { "k" => "v", "z" => "a\"b'c&" })
p c, e.to_s, c.parent == e
e.add_attribute("q", "1<2")
e.add_attributes({ "r" => "1", "s" => "2" })
p e.to_s, e.attributes["q"], e.attribute("q").to_string, e.attributes.keys
e.delete_attribute("s")
e.attributes["t"] = "3"
e.attributes["r"] = nil
p e.to_s
e << Comment.new("hi")
e << Instruction.new("target", "content")
e << CData.new("x < y")
e << Text.new("1 < 2 & 3")
e.add_element(Element.new("d"))
p e.to_s
p e.elements.size, e.children.size, e.comments.map(&:to_s), e.instructions.map(&:to_s), e.cdatas
p e.delete_element("d"), e.delete_element(1), e.to_s
x = Element.new("x")
y = x.add_element("y")
z = x.add_element("z")
w = x.add_element(Element.new("w"))
p y.next_element, z.previous_element, w.next_element, y.previous_element
x.elements.delete(z)
p x.to_s, z.parent
x.elements << Element.new("n")
x.elements[1] = Element.new("first")
p x.to_s, x.elements.size
y2 = Element.new("moved")
x.add_element(y2)
w.add_element(y2)
p x.to_s
p x.deep_clone.to_s, x.clone.to_s, x.clone.attributes.size
w.remove
p x.to_s
x.insert_before(x.elements[1], Element.new("pre"))
x.insert_after(x.elements[1], Element.new("post"))
p x.to_s, x.index(x.elements["post"]), x.size
x.elements[1].replace_with(Element.new("swap"))
p x.to_s
x.delete_if { |ch| ch.is_a?(Element) && ch.name == "swap" }
p x.to_s
p Element.new("ns:t").name, Element.new("ns:t").prefix, Element.new("ns:t").expanded_name
p Element.new.name, Element.new(Element.new("copy").tap { |c| c.add_attribute("a", "1") }).to_s
t = Text.new("a   b\n\n c")
p t.to_s, t.value, Text.new("a   b", true).to_s, t.class, t.node_type
p Text.new("<&>\"'").to_s, Text.new("<&>\"'").value, Text.new("&lt;", false, nil, true).value
p Text.new("&amp; &foo;").to_s
p CData.new("a<b").to_s, CData.new("a<b").value, Comment.new("c").to_s, Comment.new("c").node_type
p Instruction.new("t").to_s, Instruction.new("t", "").to_s, Instruction.new("t", "x").inspect
p XMLDecl.new("1.0", "UTF-8").to_s, XMLDecl.new.to_s, XMLDecl.new("1.0", nil, "yes").to_s

nd = Document.new
nd << XMLDecl.new("1.0", "UTF-8")
r = nd.add_element("r", { "a" => "b" })
r.add_text("t")
p nd.to_s, nd.root.to_s, nd.root == r
begin
  nd.add_element("second")
rescue => e
  puts "#{e.class}: #{e.message}"
end

# attributes are keyed by local name; to_s writes them sorted by name, inspect and the
# pretty formatter in the order they were added
d = Document.new("<r z='1' b:y='2' a='3' xmlns:b='u' y='4'><x/>t<y><q/></y></r>")
r = d.root
p r, r.to_s, r.attributes.keys, r.attributes.size, r.attributes.to_a
p r.attributes["y"], r.attributes["b:y"], r.attributes["c:y"], r.attribute("b:y").prefix
r.attributes.each { |k, v| print k, "=", v, " " }
puts
Formatters::Pretty.new.write(r, $stdout)
puts
r.attributes.delete("b:y")
p r, r.attributes.size
d.each_recursive { |n| p n }
p r.find_first_recursive { |n| n.name == "q" }
p Document.new("<r xmlns:b='u' b:y='2'/>").root.attributes["y"]

# add_text appends to a last text child (CDATA too; to parsed text as written)
e = Element.new("e")
e << CData.new("c")
e.add_text("t&")
p e.to_s, e.children.size
e = Element.new("e")
e.add_text("a&")
e.add_text("<&")
p e.to_s, e.text, e.texts[0].to_s, e.texts[0].value
d = Document.new("<e>x&amp;</e>")
d.root.add_text("y")
p d.root.to_s, d.root.text
e = Element.new("e")
e.add_text("a\r\nb")
p e.to_s
t = Text.new("&lt; &amp; <")
p t.to_s, t.value
t << "&"
p t.to_s, t.value
t.value = "a<"
p t.to_s, t.value
e = Element.new("e")
e.text = "x &lt;"
p e.text, e.to_s
d = Document.new
r = d.add_element("r")
r.text = "a   b & c"
d.write(+"", 2)
p r.text, r.to_s
