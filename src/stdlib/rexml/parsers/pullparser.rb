# rexml/parsers/pullparser: REXML::Parsers::PullParser: reads the whole source with the
# tree parser, then hands out one PullEvent per node as `pull` is called (start_element
# with the attributes as written, text as written and decoded, end_element, comment,
# cdata, processing_instruction, xmldecl, start_doctype / end_doctype).

require "rexml/document"

module REXML
  module Parsers
    class PullParser
      include Enumerable

      def initialize(stream)
        @source = stream
        @events = nil
        @i = 0
      end

      attr_reader :source

      def has_next?
        fill
        @i < @events.size
      end

      def empty?
        !has_next?
      end

      def pull
        fill
        ev = @events[@i]
        return PullEvent.new([:end_document]) unless ev
        @i += 1
        ev
      end

      def peek(depth = 0)
        fill
        @events[@i + depth]
      end

      def unshift(token)
        fill
        @events.insert(@i, token.is_a?(PullEvent) ? token : PullEvent.new(token))
      end

      def each
        yield pull while has_next?
      end

      def reset
        @i = 0
      end

      private

      def fill
        return if @events
        doc = Document.new
        TreeParser.new(@source, doc).parse
        @events = []
        collect(doc)
      end

      def collect(node)
        case node
        when Document then node.children.each { |c| collect(c) }
        when Element
          attrs = {}
          node.attributes.each_attribute { |a| attrs[a.expanded_name] = a.to_s }
          @events << PullEvent.new([:start_element, node.expanded_name, attrs])
          node.children.each { |c| collect(c) }
          @events << PullEvent.new([:end_element, node.expanded_name])
        when CData then @events << PullEvent.new([:cdata, node.value])
        when Text then @events << PullEvent.new([:text, node.to_s, node.value])
        when Comment then @events << PullEvent.new([:comment, node.string])
        when Instruction
          @events << PullEvent.new([:processing_instruction, node.target, node.content ? " #{node.content}" : nil])
        when XMLDecl
          @events << PullEvent.new([:xmldecl, node.version, node.writeencoding ? node.encoding : nil, node.standalone])
        when DocType
          ids = node.external_id == "PUBLIC" ? [node.public, node.system] : [node.system, nil]
          @events << PullEvent.new([:start_doctype, node.name, node.external_id, *ids])
          @events << PullEvent.new([:end_doctype])
        end
      end
    end

    # One event: its type and contents.
    class PullEvent
      def initialize(arg)
        @contents = arg
      end

      def [](start, endd = nil)
        if start.is_a?(Range)
          @contents.slice(start.begin + 1..start.end)
        elsif endd
          @contents.slice(start + 1, endd)
        else
          @contents[start + 1]
        end
      end

      def event_type
        @contents[0]
      end

      def start_element? = @contents[0] == :start_element
      def end_element? = @contents[0] == :end_element
      def text? = @contents[0] == :text
      def instruction? = @contents[0] == :processing_instruction
      def comment? = @contents[0] == :comment
      def doctype? = @contents[0] == :start_doctype
      def attlistdecl? = @contents[0] == :attlistdecl
      def elementdecl? = @contents[0] == :elementdecl
      def entitydecl? = @contents[0] == :entitydecl
      def notationdecl? = @contents[0] == :notationdecl
      def entity? = @contents[0] == :entity
      def cdata? = @contents[0] == :cdata
      def xmldecl? = @contents[0] == :xmldecl
      def error? = @contents[0] == :error

      def inspect
        "#{@contents[0]}: #{@contents[1..].inspect}"
      end
    end
  end
end
