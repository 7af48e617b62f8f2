# env: TZ=UTC
# oracle: system ruby 3.1, because rexml is a bundled gem absent from the oracle
# REXML::XPath.first/each/match and XPath through Elements: absolute and relative paths,
# //, ., .., *, @attr, text(), node(), axes, predicates ([n], [@a], [@a='v'], [name='v'],
# last(), position(), comparisons, and/or/not), the core functions and their number
# types, variables and namespaces.
require "rexml/document"
include REXML

d = Document.new(<<~XML)
  <lib xmlns:x="urn:x">
    <book id="1" lang="en"><title>A</title><price>10</price></book>
    <book id="2"><title>B</title><price>20.5</price><x:note>n</x:note></book>
    <mag id="3"><title>C</title><!-- mc --></mag>
    <?ins data?>
  </lib>
XML

def show(node, path)
  r = XPath.match(node, path)
  puts "#{path} => #{r.map { |n| n.is_a?(Element) ? n.name : n.is_a?(Comment) ? n.to_s : n.inspect }.join(' ')}"
end

show(d, "/lib/book")
show(d, "//title")
show(d, "//title/text()")
show(d, "/lib/*")
show(d, "/lib/book/@id")
show(d, "//@id")
show(d, "//book[@lang]")
show(d, "//book[@id='2']/title")
show(d, "//book[2]/title")
show(d, "//book[last()]/title")
show(d, "//title[1]")
show(d, "/lib/*[position() < 3]")
show(d, "/lib/*[position() = last()]")
show(d, "//book[title='B']/@id")
show(d, "//book[price > 15]")
show(d, "//book[price >= 10 and price < 20]")
show(d, "//book[@id='1' or @id='3']")
show(d, "//*[@id='3' or @lang]")
show(d, "//book[not(@lang)]/@id")
show(d, "//*[title]")
show(d, "//x:note")
show(d, "//note")
show(d, "//mag/comment()")
show(d, "/lib/processing-instruction()")
show(d, "/lib/book[1]/node()")
show(d, "//title[contains(., 'B')]")
show(d, "//title[starts-with(text(), 'C')]")
show(d, "descendant::title")
show(d, "//title/parent::*")
show(d, "//book[1]/following-sibling::*")
show(d, "//book[1]/price/ancestor-or-self::*")
show(d, "//book[1]/self::book")
show(d, "//mag/descendant-or-self::*")

root = d.root
b2 = root.elements[2]
show(root, "book")
show(root, "./book/title")
show(root, "*/title")
show(b2, "..")
show(b2, ".")
show(b2, "title")
show(b2, "../mag/title")
show(b2, "/lib/mag")
show(b2, "@*")

p XPath.first(d, "//title"), XPath.first(d, "//title").text, XPath.first(d, "//nothing")
p XPath.first(d, "//book[@id='2']/title/text()"), XPath.first(d, "//@lang")
p XPath.match(d, "//nothing"), XPath.match(d, "//title").map(&:text)
XPath.each(d, "//book") { |b| p b.attributes["id"] }
XPath.each(b2, "title") { |t| p t.text }
p XPath.first(d.root, "book").attributes["id"]

# values
%w[count(//book) count(//*) count(//title)\ *\ 2 sum(//price) string(//title)
   string(//book) string(//book/@id) 1+2 10-4 3\ *\ 4 10div4 7mod3 -3 1=1 2>1 1!=1
   number('5') number('x') string-length('abc') floor(2.5) ceiling(2.1) round(2.5)
   concat('a','b','c') substring('hello',2,3) substring('hello',2) substring-before('a-b','-')
   substring-after('a-b','-') translate('abc','b','x') normalize-space('\ \ a\ \ b\ ')
   name(//x:note) local-name(//x:note) name(/lib) boolean(//book) boolean(//nothing)
   not(true()) true() false() //book[1]/@id=1 //book/@id=2 //book/@id=5
   count(//book[position()=last()]) count(//book[1]/following::*) string(1) string(2.5)
   1div0 0div0 count(//price[.>15]) string-length(//title) //title='C'
   contains('abc','bc') starts-with('abc','b') number(//book[2]/@id)+1].each do |x|
  x = x.gsub("\\ ", " ").gsub("div", " div ").gsub("mod", " mod ")
  v = XPath.first(d, x)
  puts "#{x} => #{v.inspect} (#{v.class})"
end

# elements[] and each with paths
p d.elements["lib/mag/title"].text, d.elements[1].name, d.elements["//price"].text
p root.elements["book[@id='2']"].attributes["id"], root.elements["book[2]/price"].text
p root.elements.each("book") {}.size, root.elements.to_a("//title").map(&:text)
p root.elements["book/title[.='B']"].text, root.get_text("book/title").value, root.text("mag/title")

# variables and namespaces
p XPath.match(d, "//book[@id=$id]/title", nil, { "id" => "2" }).map(&:text)
p XPath.match(d, "//y:note", { "y" => "urn:x" }).map(&:text)
p XPath.first(d, "//x:note").namespace

# bad paths
["//book]", "///"].each do |x|
  begin
    XPath.match(d, x)
    puts "#{x} parsed"
  rescue Exception => e
    puts "#{x}: #{e.class}"
  end
end
