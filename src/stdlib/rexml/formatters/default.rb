# rexml/formatters/default: REXML::Formatters::Default, which writes a node as XML exactly
# as the tree holds it (no whitespace added): what `to_s` and `write` without an indent use.

module REXML
  module Formatters
    class Default
      def initialize(ie_hack = false)
        @ie_hack = ie_hack
      end

      # Writes `node` to `output` (anything with `<<`).
      def write(node, output)
        case node
        when Document then write_document(node, output)
        when Element then write_element(node, output)
        when Instruction then write_instruction(node, output)
        when DocType, XMLDecl, Entity then node.write(output, -1)
        when Comment then write_comment(node, output)
        when CData then write_cdata(node, output)
        when Text then write_text(node, output)
        when Attribute then output << node.to_string
        else raise Exception, "XML FORMATTING ERROR"
        end
      end

      protected

      def write_document(node, output)
        node.children.each { |child| write(child, output) }
      end

      def write_element(node, output)
        output << "<#{node.expanded_name}"
        node.attributes.to_a.sort_by(&:name).each do |attr|
          output << " "
          attr.write(output)
        end
        if node.children.empty?
          output << " " if @ie_hack
          output << "/"
        else
          output << ">"
          node.children.each { |child| write(child, output) }
          output << "</#{node.expanded_name}"
        end
        output << ">"
      end

      def write_text(node, output)
        output << node.to_s
      end

      def write_comment(node, output)
        output << "<!--"
        output << node.to_s
        output << "-->"
      end

      def write_cdata(node, output)
        output << "<![CDATA["
        output << node.to_s
        output << "]]>"
      end

      def write_instruction(node, output)
        output << "<?"
        output << node.target
        content = node.content
        if content
          output << " "
          output << content
        end
        output << "?>"
      end
    end
  end
end
