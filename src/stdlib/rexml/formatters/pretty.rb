# rexml/formatters/pretty: REXML::Formatters::Pretty, which indents elements (`indentation`
# spaces a level), drops whitespace-only text, squeezes and wraps text at `width` columns,
# and with `compact` writes an element whose children are all text on one line. Like
# CRuby's, writing squeezes the whitespace of the text nodes it writes in place.

require "rexml/formatters/default"

module REXML
  module Formatters
    class Pretty < Default
      attr_accessor :compact, :width

      def initialize(indentation = 2, ie_hack = false)
        super(ie_hack)
        @indentation = indentation
        @level = 0
        @width = 80
        @compact = false
      end

      protected

      def write_element(node, output)
        output << " " * @level
        output << "<#{node.expanded_name}"
        node.attributes.each_attribute do |attr|
          output << " "
          attr.write(output)
        end
        if node.children.empty?
          output << " " if @ie_hack
          output << "/"
        else
          output << ">"
          written = false
          if @compact && node.children.all? { |c| c.is_a?(Text) }
            inline = +""
            level = @level
            @level = 0
            node.children.each { |child| write(child, inline) }
            @level = level
            if !inline.include?("\n") && inline.length < @width
              output << inline
              written = true
            end
          end
          unless written
            @level += @indentation
            node.children.each do |child|
              next if child.is_a?(Text) && !child.is_a?(CData) && child.to_s.strip.empty?
              output << "\n"
              write(child, output)
            end
            @level -= @indentation
            output << "\n"
            output << " " * @level
          end
          output << "</#{node.expanded_name}"
        end
        output << ">"
      end

      def write_text(node, output)
        s = node.to_s
        s.gsub!(/\s/, " ")
        s.squeeze!(" ")
        s = wrap(s, @width - @level)
        s = indent_text(s, @level, " ", true)
        output << (" " * @level + s)
      end

      def write_comment(node, output)
        output << " " * @level
        super
      end

      def write_cdata(node, output)
        output << " " * @level
        super
      end

      def write_document(node, output)
        children = node.children
        first = true
        children.each_with_index do |child, i|
          next if child.is_a?(Text)
          unless first || (i == 1 && children[0].is_a?(XMLDecl) && !children[0].writethis)
            output << "\n"
          end
          first = false
          write(child, output)
        end
      end

      private

      def indent_text(string, level = 1, style = "\t", indentfirstline = true)
        return string if level.negative?
        string.gsub("\n", "\n#{style * level}")
      end

      def wrap(string, width)
        parts = []
        while string.length > width
          place = string.rindex(" ", width)
          break unless place
          parts << string[0, place]
          string = string[place + 1..]
        end
        parts << string
        parts.join("\n")
      end
    end
  end
end
