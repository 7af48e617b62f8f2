# rexml/element: REXML::Element (a named node with attributes and children: text,
# elements, attribute and namespace access, building and deleting) and REXML::Elements
# (an element's child elements, indexed from 1 or by XPath).

require "rexml/node"
require "rexml/text"
require "rexml/attribute"

module REXML
  class Element < Parent
    UNDEFINED = "UNDEFINED"
    attr_reader :name, :prefix, :expanded_name, :attributes, :elements
    attr_accessor :context

    # Element.new(name = "UNDEFINED", parent = nil, context = nil), or Element.new(element)
    # for a copy of its name and attributes.
    def initialize(arg = UNDEFINED, parent = nil, context = nil)
      super(parent)
      @elements = Elements.new(self)
      @attributes = Attributes.new(self)
      @context = context
      if arg.is_a?(String)
        self.name = arg
      elsif arg.is_a?(Element)
        self.name = arg.expanded_name
        arg.attributes.each_attribute { |a| @attributes << Attribute.new(a) }
        @context = arg.context
      end
    end

    def name=(n)
      n = n.to_s
      @expanded_name = n
      if (i = n.index(":"))
        @prefix = n[0, i]
        @name = n[i + 1..]
      else
        @prefix = ""
        @name = n
      end
    end

    def node_type
      :element
    end

    def inspect
      rv = +"<#{@expanded_name}"
      @attributes.each_attribute { |a| rv << " " << a.to_string }
      if children.empty?
        rv << "/>"
      else
        rv << "> ... </>"
      end
      rv
    end

    def clone
      self.class.new(self)
    end

    def root_node
      parent.nil? ? self : parent.root_node
    end

    def root
      target = self
      target = target.parent while target.parent.is_a?(Element) && !target.parent.is_a?(Document)
      return target.parent.root if target.parent.is_a?(Document)
      target
    end

    def document
      rt = root
      rt&.parent
    end

    def whitespace
      return true unless @context
      ws = @context[:respect_whitespace]
      return true if ws.nil?
      ws == :all || ws.include?(expanded_name)
    end

    def ignore_whitespace_nodes
      ctx = @context || document&.context
      return false unless ctx
      v = ctx[:ignore_whitespace_nodes]
      v == :all || (v.is_a?(Array) && v.include?(expanded_name))
    end

    def raw
      ctx = @context || document&.context
      return false unless ctx && ctx[:raw]
      ctx[:raw] == :all || ctx[:raw].include?(expanded_name)
    end

    # --- namespaces

    def prefixes
      prefixes = []
      prefixes = parent.prefixes if parent.is_a?(Element)
      prefixes | attributes.prefixes
    end

    def namespaces
      ns = parent.is_a?(Element) ? parent.namespaces : {}
      ns.merge(attributes.namespaces)
    end

    def namespace(pfx = nil)
      pfx = prefix if pfx.nil?
      pfx = "" if pfx == "xmlns"
      key = pfx.empty? ? "xmlns" : "xmlns:#{pfx}"
      el = self
      while el.is_a?(Element)
        a = el.attributes.get_attribute(key)
        return a.value if a
        el = el.parent
      end
      pfx == "xml" ? "http://www.w3.org/XML/1998/namespace" : (pfx.empty? ? "" : nil)
    end

    def add_namespace(pfx, uri = nil)
      if uri.nil?
        @attributes["xmlns"] = pfx
      else
        @attributes["xmlns:#{pfx}"] = uri
      end
      self
    end

    def delete_namespace(namespace = "xmlns")
      namespace = "xmlns:#{namespace}" unless namespace == "xmlns"
      @attributes.delete(namespace)
      self
    end

    # --- elements

    def add_element(element, attrs = nil)
      raise "First argument must be either an element name, or an Element object" if element.nil?
      el = @elements.add(element)
      attrs&.each { |k, v| el.attributes[k] = v }
      el
    end

    def delete_element(element)
      @elements.delete(element)
    end

    def has_elements?
      !@elements.empty?
    end

    def each_element(xpath = nil, &block)
      @elements.each(xpath, &block)
    end

    def each_element_with_attribute(key, value = nil, max = 0, name = nil, &block)
      n = 0
      @elements.each(name) do |el|
        a = el.attributes.get_attribute(key)
        next unless a && (value.nil? || a.value == value)
        yield el
        n += 1
        break if max.positive? && n >= max
      end
    end

    def each_element_with_text(text = nil, max = 0, name = nil, &block)
      n = 0
      @elements.each(name) do |el|
        t = el.text
        next unless text.nil? ? el.has_text? : t == text
        yield el
        n += 1
        break if max.positive? && n >= max
      end
    end

    def get_elements(xpath)
      @elements.to_a(xpath)
    end

    def next_element
      el = next_sibling_node
      el = el.next_sibling_node until el.nil? || el.is_a?(Element)
      el
    end

    def previous_element
      el = previous_sibling_node
      el = el.previous_sibling_node until el.nil? || el.is_a?(Element)
      el
    end

    # --- text

    def has_text?
      !text.nil?
    end

    # The decoded value of the first text child (or of the first text child of the first
    # node `path` selects), or nil.
    def text(path = nil)
      t = get_text(path)
      t&.value
    end

    def get_text(path = nil)
      if path
        node = XPath.first(self, path)
        return node&.get_text
      end
      @children.find { |c| c.is_a?(Text) }
    end

    # Replaces the first text child (nil removes it).
    def text=(text)
      text = Text.new(text.to_s, whitespace, nil, raw) unless text.nil? || text.is_a?(Text)
      old = get_text
      if text.nil?
        old&.remove
      elsif old.nil?
        self << text
      else
        old.replace_with(text)
      end
      self
    end

    def add_text(text)
      if text.is_a?(String)
        last = @children.last
        if last.is_a?(Text)
          last << text
          return self
        end
        text = Text.new(text, whitespace, nil, raw)
      end
      self << text
      self
    end

    def texts
      @children.select { |c| c.is_a?(Text) }.freeze
    end

    def comments
      @children.select { |c| c.is_a?(Comment) }.freeze
    end

    def instructions
      @children.select { |c| c.is_a?(Instruction) }.freeze
    end

    def cdatas
      @children.select { |c| c.is_a?(CData) }.freeze
    end

    # --- attributes

    def [](name_or_index)
      name_or_index.is_a?(String) ? @attributes[name_or_index] : super
    end

    def attribute(name, namespace = nil)
      return @attributes.get_attribute(name) unless namespace
      uri = namespace
      @attributes.get_attribute_ns(uri, name)
    end

    def has_attributes?
      !@attributes.empty?
    end

    def add_attribute(key, value = nil)
      if key.is_a?(Attribute)
        @attributes << key
      else
        @attributes[key] = value
      end
    end

    def add_attributes(hash)
      hash.each { |k, v| @attributes[k] = v }
    end

    def delete_attribute(key)
      attr = @attributes.get_attribute(key.is_a?(Attribute) ? key.expanded_name : key)
      attr&.remove
      attr
    end

    # --- output and paths

    def xpath
      path_elements = []
      cur = self
      path_elements << __to_xpath_helper(self)
      while cur.parent.is_a?(Element) && !cur.parent.is_a?(Document)
        cur = cur.parent
        path_elements << __to_xpath_helper(cur)
      end
      "/#{path_elements.reverse.join('/')}"
    end

    def write(output = $stdout, indent = -1, _transitive = false, ie_hack = false)
      Kernel.warn("#{self.class.name}.write is deprecated.  See REXML::Formatters", uplevel: 1)
      formatter = if indent > -1
                    Formatters::Pretty.new(indent, ie_hack)
                  else
                    Formatters::Default.new(ie_hack)
                  end
      formatter.write(self, output)
    end

    private

    def __to_xpath_helper(el)
      return el.expanded_name unless el.parent.is_a?(Element)
      siblings = el.parent.elements.select { |e| e.expanded_name == el.expanded_name }
      return el.expanded_name if siblings.size <= 1
      "#{el.expanded_name}[#{siblings.index { |e| e.equal?(el) } + 1}]"
    end
  end

  # An element's child elements.
  class Elements
    include Enumerable

    def initialize(parent)
      @element = parent
    end

    def parent
      @element
    end

    # elements[n] (the nth child element, from 1; with a name, the nth of that name) or
    # elements[xpath] (the first element it selects).
    def [](index, name = nil)
      if index.is_a?(Integer)
        raise "index (#{index}) must be >= 1" if index < 1
        n = 0
        @element.children.each do |c|
          next unless c.is_a?(Element) && (name.nil? || c.name == name)
          n += 1
          return c if n == index
        end
        nil
      else
        XPath.each(@element, index) { |n| return n if n.is_a?(Element) }
        nil
      end
    end

    def []=(index, element)
      old = self[index]
      if old.nil?
        @element.add(element)
      else
        old.replace_with(element)
      end
      element
    end

    def empty?
      @element.children.none? { |c| c.is_a?(Element) }
    end

    def index(element)
      n = 0
      @element.children.each do |c|
        next unless c.is_a?(Element)
        n += 1
        return n if c.equal?(element)
      end
      -1
    end

    def delete(element)
      if element.is_a?(Element)
        @element.delete(element)
      else
        el = self[element]
        el&.remove
      end
    end

    def delete_all(xpath)
      rv = to_a(xpath)
      rv.each(&:remove)
      rv
    end

    def add(element = nil)
      if element.nil?
        element = Element.new("", nil, @element.context)
      elsif !element.is_a?(Element)
        element = Element.new(element, nil, @element.context)
      end
      @element.add(element)
      element.context = @element.context if element.context.nil?
      element
    end
    alias << add

    def each(xpath = nil)
      return to_enum(:each, xpath) unless block_given?
      if xpath
        XPath.each(@element, xpath) { |n| yield n if n.is_a?(Element) }
      else
        @element.children.dup.each { |c| yield c if c.is_a?(Element) }
      end
    end

    def collect(xpath = nil)
      rv = []
      each(xpath) { |e| rv << yield(e) }
      rv
    end

    def inject(xpath = nil, initial = nil)
      first = true
      each(xpath) do |e|
        if first && initial.nil?
          initial = e
        else
          initial = yield(initial, e)
        end
        first = false
      end
      initial
    end

    def size
      @element.children.count { |c| c.is_a?(Element) }
    end
    alias length size

    def to_a(xpath = nil)
      rv = []
      each(xpath) { |e| rv << e }
      rv
    end
  end
end
