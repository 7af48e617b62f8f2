# rexml/parsers/streamparser: REXML::Parsers::StreamParser (Document.parse_stream): reads
# the whole source with the tree parser, then calls the listener's StreamListener methods
# for each node in document order (attributes and text decoded).

require "rexml/document"
require "rexml/streamlistener"

module REXML
  module Parsers
    class StreamParser
      def initialize(source, listener)
        @source = source
        @listener = listener
      end

      def parse
        doc = Document.new
        TreeParser.new(@source, doc).parse
        emit(doc)
        nil
      end

      private

      def emit(node)
        case node
        when Document then node.children.each { |c| emit(c) }
        when Element
          attrs = {}
          node.attributes.each_attribute { |a| attrs[a.expanded_name] = a.value }
          @listener.tag_start(node.expanded_name, attrs)
          node.children.each { |c| emit(c) }
          @listener.tag_end(node.expanded_name)
        when CData then @listener.cdata(node.value)
        when Text then @listener.text(node.value)
        when Comment then @listener.comment(node.string)
        when Instruction then @listener.instruction(node.target, node.content ? " #{node.content}" : nil)
        when XMLDecl then @listener.xmldecl(node.version, node.writeencoding ? node.encoding : nil, node.standalone)
        when DocType
          if node.external_id == "PUBLIC"
            @listener.doctype(node.name, "PUBLIC", node.public, node.system)
          else
            @listener.doctype(node.name, node.external_id, node.system, nil)
          end
          @listener.doctype_end
        end
      end
    end
  end
end
