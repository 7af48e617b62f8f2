# rexml/parsers/treeparser: reads XML text into a REXML tree (written for rubra on
# StringScanner): the XML declaration, DOCTYPE (kept, its internal subset's entities
# known), elements with attributes in either quote style, text kept as written, CDATA,
# comments and processing instructions; malformed input raises REXML::ParseException with
# REXML's message, line and position.

require "strscan"
require "rexml/node"
require "rexml/text"
require "rexml/element"

module REXML
  module Parsers
    class TreeParser
      NAME = /[A-Za-z_:\u0080-\u{10FFFF}][-A-Za-z0-9_:.\u0080-\u{10FFFF}]*/
      ATTR_NAME = /[^\s=\/>'"]+/

      def initialize(source, build_context = Document.new)
        source = source.read if source.respond_to?(:read)
        # XML's end-of-line handling: CR LF and a lone CR read as LF.
        @string = source.to_s
        @string = @string.gsub(/\r\n?/, "\n") if @string.include?("\r")
        @sc = StringScanner.new(@string)
        @build_context = build_context
      end

      attr_reader :source

      # The tree's ParseException source: this parser's place in the text.
      def position
        @sc.pos
      end

      def line
        @string.byteslice(0, @sc.pos).count("\n") + 1
      end

      def unconsumed
        @unconsumed || ""
      end

      def parse
        doc = @build_context
        @stack = [doc]
        @seen_root = doc.is_a?(Document) ? !doc.root.nil? : true
        @after_doctype = false
        @ignore_ws = doc.respond_to?(:context) && doc.context && doc.context[:ignore_whitespace_nodes]
        @compress = doc.respond_to?(:context) && doc.context && doc.context[:compress_whitespace]
        sc = @sc
        until sc.eos?
          if sc.skip(/<\//)
            end_tag
          elsif sc.skip(/<!--/)
            body = sc.scan_until(/-->/) or error("Unclosed comment")
            body = body[0...-3]
            error("Malformed comment") if body.include?("--") || body.end_with?("-")
            current.add(Comment.new(body))
          elsif sc.skip(/<!\[CDATA\[/)
            error("Declarations can only occur in the doctype declaration.") if top?
            body = sc.scan_until(/\]\]>/) or error("Unclosed CDATA")
            current.add(CData.new(body[0...-3]))
          elsif sc.skip(/<!DOCTYPE/)
            doctype
          elsif sc.skip(/<\?/)
            instruction
          elsif sc.skip(/<!/)
            error("Malformed node") unless sc.check(/[^>]*>/)
            error("Declarations can only occur in the doctype declaration.")
          elsif sc.check(/</)
            start_tag
          else
            text = sc.scan_until(/(?=<)/) || sc.scan(/.+/m)
            add_text(text)
          end
        end
        if @stack.size > 1
          @unconsumed = ""
          error("Missing end tag for '/#{@stack[1..].map(&:expanded_name).join('/')}'")
        end
        doc
      end

      private

      def current
        @stack.last
      end

      def top?
        @stack.size == 1
      end

      def error(message)
        raise ParseException.new(message, self)
      end

      def add_text(text)
        blank = text.strip.empty?
        if top?
          # Whitespace outside the root element is kept only before it (and not after a
          # DOCTYPE).
          return if blank && (@after_doctype || @seen_root || @string.strip.empty?)
          unless blank
            if @seen_root
              error("Malformed XML: Extra content at the end of the document (got '#{text}')")
            else
              error("Malformed XML: Content at the start of the document (got '#{text}')")
            end
          end
        end
        return if blank && @ignore_ws && (@ignore_ws == :all || @ignore_ws.include?(current.expanded_name))
        if text.match?(/&(?![A-Za-z_:][-A-Za-z0-9_:.]*;|#[0-9]+;|#x[0-9a-fA-F]+;)/)
          error("Illegal character \"&\" in raw string \"#{text}\"")
        end
        compress = @compress && (@compress == :all || @compress.include?(current.expanded_name))
        current.add(Text.new(text, !compress, nil, true))
      end

      def end_tag
        name = @sc.scan(NAME)
        @sc.skip(/\s*/)
        unless name && @sc.skip(/>/)
          @unconsumed = @sc.rest
          error("Missing end tag for '#{current.expanded_name}'")
        end
        error("Unexpected top-level end tag (got '#{name}')") if top?
        if current.expanded_name != name
          error("Missing end tag for '#{current.expanded_name}' (got '#{name}')")
        end
        @stack.pop
      end

      def start_tag
        sc = @sc
        sc.skip(/</)
        name = sc.scan(NAME)
        unless name
          @unconsumed = sc.rest
          error("malformed XML: missing tag start")
        end
        el = Element.new(name)
        empty = false
        loop do
          ws = sc.skip(/\s+/)
          if sc.skip(/\/>/)
            empty = true
            break
          end
          break if sc.skip(/>/)
          if sc.eos?
            error("Missing end tag for '#{name}'")
          end
          aname = sc.scan(ATTR_NAME)
          unless ws && aname && aname.match?(/\A#{NAME}\z/)
            bad = aname || sc.check(/[^>]*/)
            error("Invalid attribute name: <#{bad}>")
          end
          error("Missing attribute value: <#{aname}>") unless sc.skip(/\s*=\s*/)
          quote = sc.scan(/['"]/) or error("Missing attribute value start quote: <#{aname}>")
          value = sc.scan_until(quote == "'" ? /'/ : /"/)
          error("Missing attribute value end quote: <#{aname}>: <#{quote}>") unless value
          value = value[0...-1]
          error("Duplicate attribute \"#{aname}\"") if el.attributes.__exact(aname)
          error("Malformed attribute value: <#{aname}>: <#{value}>") if value.include?("<")
          attr = Attribute.__from_source(aname, value)
          el.attributes << attr
        end
        if top?
          if @seen_root
            error("Malformed XML: Extra tag at the end of the document (got '<#{name}')")
          end
          @seen_root = true
          @after_doctype = false
        end
        current.add(el)
        @stack << el unless empty
      end

      def instruction
        sc = @sc
        target = sc.scan(NAME) or error("Malformed XML: Invalid processing instruction node")
        if target == "xml"
          error("Malformed XML: XML declaration is not at the start") unless sc.pos == 5
          body = sc.scan_until(/\?>/) or error("Malformed XML: Unclosed XML declaration")
          attrs = {}
          body[0...-2].scan(/([A-Za-z]+)\s*=\s*(?:'([^']*)'|"([^"]*)")/) { attrs[$1] = $2 || $3 }
          decl = XMLDecl.new(attrs["version"], attrs["encoding"], attrs["standalone"])
          @build_context.add(decl)
        else
          sc.skip(/\s+/)
          body = sc.scan_until(/\?>/) or error("Malformed XML: Unclosed processing instruction")
          content = body[0...-2]
          current.add(Instruction.new(target, content.empty? ? nil : content))
        end
      end

      def doctype
        sc = @sc
        sc.skip(/\s+/)
        name = sc.scan(NAME) or error("Malformed DOCTYPE: name is missing")
        sc.skip(/\s*/)
        ids = []
        external = sc.scan(/SYSTEM|PUBLIC/)
        if external
          loop do
            sc.skip(/\s*/)
            id = sc.scan(/"[^"]*"|'[^']*'/) or break
            ids << id[1...-1]
          end
        end
        dt = DocType.new([name, external, *ids])
        sc.skip(/\s*/)
        # Whitespace between a DOCTYPE and the root element is not kept.
        @after_doctype = true
        if sc.skip(/\[/)
          subset = +""
          until sc.skip(/\]/)
            error("Malformed DOCTYPE: unclosed") if sc.eos?
            piece = sc.scan(/"[^"]*"|'[^']*'|<!--.*?-->|[^\]"']+/m) || sc.getch
            subset << piece
          end
          dt.__set_internal_subset(subset)
          sc.skip(/\s*/)
        end
        sc.skip(/>/) or error("Malformed DOCTYPE: invalid end")
        @build_context.add(dt)
      end
    end
  end
end
