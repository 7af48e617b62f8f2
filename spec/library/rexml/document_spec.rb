# env: TZ=UTC
# oracle: system ruby 3.1, because rexml is a bundled gem absent from the oracle
# REXML::Document parsing: elements, attributes in both quote styles, text with entity and
# character references, CDATA, comments, processing instructions, the XML declaration,
# DOCTYPE (internal entities), whitespace text nodes, IO sources, Document#to_s and
# Document.parse_stream.
require "rexml/document"

src = <<~XML
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE note SYSTEM "note.dtd"><root a="1" b='two' c="x&amp;y&lt;">
    <item id="1">Hello &amp; bye &#65;&#x42; &quot;q&quot; &apos;s</item>
    <item id="2"><![CDATA[<raw> & stuff]]></item>
    <?pi some data?>
    <!-- inner -->
    <empty/>
    <mixed>a<b>bold</b>c</mixed>
  </root>
XML
doc = REXML::Document.new(src)
p doc.version, doc.encoding, doc.stand_alone?
p doc.xml_decl, doc.xml_decl.to_s
p doc.doctype.name, doc.doctype.external_id, doc.doctype.system, doc.doctype.public, doc.doctype.to_s
p doc.root, doc.root.name, doc.name, doc.node_type, doc.root.node_type
root = doc.root
p root.children.size
root.children.each { |c| p [c.class, c.to_s] }
p root.attributes["a"], root.attributes["b"], root.attributes["c"], root.attributes["zz"]
p root.attribute("c"), root.attribute("c").value, root.attribute("c").to_s, root.attribute("c").to_string
item = root.elements[1]
p item.text, item.texts, item.get_text, item.get_text.value
p root.elements[2].text, root.elements[2].children, root.elements[2].cdatas.size
p root.elements["mixed"].text, root.elements["mixed"].texts
p root.elements["empty"].text, root.elements["empty"].has_text?
p root.instructions.map { |i| [i.target, i.content, i.to_s] }
p root.comments.map(&:string), root.comments.map(&:to_s)
puts doc.to_s
puts root.to_s
p doc.to_s.encoding

# DOCTYPE with an internal subset: its entities are decoded, unknown ones are kept
d = REXML::Document.new("<!DOCTYPE r [\n<!ENTITY who \"world\">\n]><r>hello &who; &nope;</r>")
p d.root.text, d.root.texts[0].to_s
puts d.to_s
d = REXML::Document.new("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"><html/>")
p d.doctype.public, d.doctype.system
puts d.to_s

# declarations
p REXML::Document.new("<?xml version='1.0' standalone='yes'?><r/>").stand_alone?
p REXML::Document.new("<?xml version='1.1'?><r/>").version
p REXML::Document.new("<r/>").xml_decl.to_s, REXML::Document.new("<r/>").encoding
puts REXML::Document.new("<?xml version='1.0' encoding='ISO-8859-1'?><r/>").to_s.encoding rescue p $!.class

# attributes: quoting, spacing, entities in values
p REXML::Document.new("<a b=\"it's\"/>").root.to_s
p REXML::Document.new("<a b='say \"hi\"'/>").root.to_s
p REXML::Document.new("<a   b = 'x'   c=\"y\"  />").root.to_s
a = REXML::Document.new("<a b='&lt;&#x41;&quot;&#66;'/>").root
p a.attributes["b"], a.attribute("b").to_s

# whitespace text nodes are kept
d = REXML::Document.new("<a>\n  <b/>\n  <c> x </c>\n</a>")
p d.root.children, d.root.text, d.root.elements["c"].text
d = REXML::Document.new("<a>\n  <b/>\n  <c> x </c>\n</a>", ignore_whitespace_nodes: :all)
p d.root.children
p REXML::Document.new("<a><b/>tail</a>").root.text
p REXML::Document.new("<a>x<!--c-->y</a>").root.texts
p REXML::Document.new("<a>x &gt; y &#x3C; &#60; &#233;</a>").root.text

# empty and IO sources
p REXML::Document.new.root, REXML::Document.new.to_s, REXML::Document.new(nil).children
require "stringio"
p REXML::Document.new(StringIO.new("<io><x>1</x></io>")).root.elements["x"].text
path = "/tmp/rexml_doc_spec_#{$$}.xml"
File.write(path, "<file n='1'>data</file>")
File.open(path) { |f| p REXML::Document.new(f).root.text }
File.delete(path)

# namespaces
d = REXML::Document.new("<r xmlns='urn:d' xmlns:x='urn:x'><x:a x:k='v'>1</x:a><b/></r>")
a = d.root.elements[1]
p a.name, a.prefix, a.expanded_name, a.namespace, d.root.elements[2].namespace
p d.root.namespaces.sort, a.attributes["x:k"], a.attribute("k", "urn:x")&.value

# parse_stream
require "rexml/streamlistener"
class Listener
  include REXML::StreamListener
  def tag_start(name, attrs) = p([:start, name, attrs.to_a])
  def tag_end(name) = p([:end, name])
  def text(t) = p([:text, t])
  def cdata(t) = p([:cdata, t])
  def comment(t) = p([:comment, t])
end
REXML::Document.parse_stream("<r a='1&amp;'>x &lt; y<!--c--><![CDATA[z]]><e/></r>", Listener.new)
