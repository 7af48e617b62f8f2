# rexml/document: REXML::Document (the root of a tree: `Document.new(string or IO)` parses;
# the XML declaration, DOCTYPE and root element; `write` with the default or the pretty
# formatter). Requiring it loads the whole library, as in CRuby.

require "rexml/node"
require "rexml/text"
require "rexml/attribute"
require "rexml/element"
require "rexml/xpath"
require "rexml/formatters/default"
require "rexml/formatters/pretty"
require "rexml/parsers/treeparser"
require "rexml/parsers/streamparser"

module REXML
  class Document < Element
    DECLARATION = XMLDecl.default

    # Document.new(source = nil, context = {}): source is a String, an IO (read whole) or a
    # Document (its children are copied).
    def initialize(source = nil, context = {})
      @entity_expansion_count = 0
      super()
      @context = context
      return if source.nil?
      if source.is_a?(Document)
        @context = source.context
        source.children.each { |c| add(c.parent? ? c.deep_clone : c.clone) }
      else
        build(source)
      end
    end

    def node_type
      :document
    end

    def clone
      Document.new(self)
    end

    def expanded_name
      ""
    end
    alias name expanded_name

    def inspect
      children.empty? ? "<UNDEFINED/>" : "<UNDEFINED> ... </>"
    end

    def add(child)
      if child.is_a?(XMLDecl)
        if @children[0].is_a?(XMLDecl)
          replace_child(@children[0], child)
        else
          adopt_front(child)
        end
      elsif child.is_a?(DocType)
        i = @children.index { |c| c.is_a?(DocType) }
        if i
          replace_child(@children[i], child)
        elsif (r = root)
          insert_before(r, child)
        else
          super
        end
      else
        if child.is_a?(Element) && root && !root.equal?(child)
          raise "attempted adding second root element to document"
        end
        super
      end
      child
    end
    alias << add

    def add_element(arg = nil, arg2 = nil)
      rv = super
      raise "attempted adding second root element to document" if @elements.size > 1
      rv
    end

    def root
      @children.find { |c| c.is_a?(Element) }
    end

    def doctype
      @children.find { |c| c.is_a?(DocType) }
    end

    def xml_decl
      rv = @children[0]
      rv.is_a?(XMLDecl) ? rv : DECLARATION
    end

    def version
      xml_decl.version
    end

    def encoding
      xml_decl.encoding
    end

    def stand_alone?
      xml_decl.standalone
    end

    def document
      self
    end

    def record_entity_expansion
      @entity_expansion_count += 1
    end

    attr_reader :entity_expansion_count

    # write(output = $stdout, indent = -1, transitive = false, ie_hack = false,
    # encoding = nil), or the same as keywords: an indent of 0 or more pretty-prints.
    def write(*arguments)
      if arguments.size == 1 && arguments[0].is_a?(Hash)
        options = arguments[0]
        output = options[:output]
        indent = options[:indent]
        ie_hack = options[:ie_hack]
      else
        output, indent, _transitive, ie_hack, = arguments
      end
      output ||= $stdout
      indent ||= -1
      formatter = if indent > -1
                    Formatters::Pretty.new(indent, ie_hack)
                  else
                    Formatters::Default.new(ie_hack)
                  end
      formatter.write(self, output)
    end

    def self.parse_stream(source, listener)
      Parsers::StreamParser.new(source, listener).parse
    end

    private

    def adopt_front(child)
      child.parent.delete(child) if child.parent
      child.__set_parent(self)
      @children.unshift(child)
    end

    def build(source)
      Parsers::TreeParser.new(source, self).parse
    end
  end
end
