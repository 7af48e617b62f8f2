# env: TZ=UTC
# oracle: system ruby 3.1, because rexml is a bundled gem absent from the oracle
# REXML::Parsers::PullParser (events with their type, contents and predicates, peek,
# has_next?) and the class-level escaping helpers REXML::Text.normalize / unnormalize.
require "rexml/parsers/pullparser"

src = "<?xml version='1.0'?><!DOCTYPE r SYSTEM 'r.dtd'><r a='1&amp;' b='2'>x &lt; y<!--c--><![CDATA[z]]><?p q?><e/></r>"
parser = REXML::Parsers::PullParser.new(src)
p parser.peek.event_type
while parser.has_next?
  ev = parser.pull
  contents = ev[1].is_a?(Hash) ? ev[1].to_a : ev[1]
  p [ev.event_type, ev[0], contents, ev.start_element?, ev.end_element?, ev.text?,
     ev.comment?, ev.cdata?, ev.instruction?, ev.xmldecl?, ev.doctype?]
end
p parser.has_next?, parser.empty?

names = []
parser = REXML::Parsers::PullParser.new("<list><i>1</i><i>2</i><i>3</i></list>")
total = 0
while parser.has_next?
  ev = parser.pull
  names << ev[0] if ev.start_element?
  total += ev[1].to_i if ev.text?
end
p names, total

require "rexml/document"
p REXML::Text.normalize("a<b&>'\""), REXML::Text.unnormalize("&lt;&amp;&#65;&quot;&foo;")
p REXML::Text.normalize("&amp;")
