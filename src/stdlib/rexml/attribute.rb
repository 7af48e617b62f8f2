# rexml/attribute: REXML::Attribute (one name='value' pair of an element; the value kept
# as written, `value` decoded) and REXML::Attributes (an element's attributes, a Hash of
# name => Attribute whose `[]` answers the decoded value).

require "rexml/node"

module REXML
  # One attribute. `to_s` is the value as written in XML, `value` the decoded value.
  class Attribute
    include Node
    attr_reader :element, :name, :prefix

    # Attribute.new(name, value, parent = nil) or Attribute.new(attribute): a value given
    # here is escaped when written.
    def initialize(first, second = nil, parent = nil)
      @element = nil
      if first.is_a?(Attribute)
        self.name = first.expanded_name
        @normalized = first.to_s
        @unnormalized = nil
        @element = second
      else
        self.name = first
        if second.is_a?(Element)
          @element = second
        else
          @normalized = nil
          @unnormalized = second.to_s
          @element = parent
        end
      end
    end

    # An attribute read from a document: `raw` is the value as written.
    def self.__from_source(name, raw)
      a = new(name, nil)
      a.__set_normalized(raw)
      a
    end

    def __set_normalized(raw)
      @normalized = raw
      @unnormalized = nil
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

    def expanded_name
      @expanded_name
    end

    def element=(e)
      @element = e
    end

    def namespace(arg = nil)
      arg = prefix if arg.nil?
      return nil if arg.nil? || arg.empty? && @expanded_name !~ /\Axmlns\z/
      @element&.namespace(arg)
    end

    # The decoded value. As in CRuby, once it has been asked for, `to_s` answers the value
    # escaped again (so `&#65;` reads back as `A`).
    def value
      return @unnormalized if @unnormalized
      @unnormalized = Escape.unnormalize(@normalized.to_s, doctype)
      @normalized = nil
      @unnormalized
    end

    def to_s
      @normalized ||= Escape.normalize(@unnormalized)
    end

    def normalized=(v)
      @normalized = v
      @unnormalized = nil
    end

    def doctype
      @element&.document&.doctype
    end

    def to_string
      "#{@expanded_name}='#{to_s.gsub("'", "&apos;")}'"
    end

    def inspect
      to_string
    end

    def ==(other)
      other.is_a?(Attribute) && other.name == name && other.value == value
    end

    def hash
      name.hash + value.hash
    end

    def clone
      Attribute.new(self)
    end

    def remove
      @element&.attributes&.delete(self)
    end

    def node_type
      :attribute
    end

    def write(output, _indent = -1)
      output << to_string
    end

    def xpath
      "#{@element ? @element.xpath : ''}/@#{@expanded_name}"
    end

    def parent
      @element
    end

    def document
      @element&.document
    end
  end

  # An element's attributes: a Hash keyed by local name, each value an Attribute (or, when
  # several prefixes share a local name, a Hash of prefix => Attribute), in the order they
  # were added.
  class Attributes < Hash
    def initialize(element)
      super()
      @element = element
    end

    # The decoded value of the attribute `name` ("local" or "prefix:local"), or nil.
    def [](name)
      attr = get_attribute(name)
      attr&.value
    end

    def []=(name, value)
      if value.nil?
        delete(name)
        return nil
      end
      value = Attribute.new(name, value) unless value.is_a?(Attribute)
      value.element = @element
      old = fetch(value.name, nil)
      if old.nil? || (old.is_a?(Attribute) && old.prefix == value.prefix)
        store(value.name, value)
      elsif old.is_a?(Hash)
        old[value.prefix] = value
      else
        store(value.name, { old.prefix => old, value.prefix => value })
      end
      value
    end

    def get_attribute(name)
      name = name.to_s
      prefix, local = split_name(name)
      v = fetch(local, nil)
      return v[prefix] if v.is_a?(Hash)
      return v if v.nil? || prefix.empty? || v.prefix == prefix
      nil
    end

    # The attribute whose expanded name is exactly `name`.
    def __exact(name)
      each_attribute { |a| return a if a.expanded_name == name }
      nil
    end

    def get_attribute_ns(namespace, name)
      each_attribute { |a| return a if a.name == name && a.namespace == namespace }
      nil
    end

    def add(attribute)
      self[attribute.expanded_name] = attribute
    end
    alias << add

    def delete(attribute)
      name = attribute.is_a?(Attribute) ? attribute.expanded_name : attribute.to_s
      prefix, local = split_name(name)
      v = fetch(local, nil)
      if v.is_a?(Hash)
        old = v.delete(prefix)
        super(local) if v.empty?
        store(local, v.values.first) if v.size == 1
      elsif v && (prefix.empty? || v.prefix == prefix)
        old = super(local)
      end
      old&.element = nil
      @element
    end

    def delete_all(name)
      old = get_attribute(name)
      delete(name) if old
      old ? [old] : []
    end

    def each_attribute
      return to_enum(:each_attribute) unless block_given?
      each_value do |v|
        if v.is_a?(Hash)
          v.each_value { |a| yield a }
        else
          yield v
        end
      end
    end

    def each
      return to_enum(:each) unless block_given?
      each_attribute { |a| yield [a.expanded_name, a.value] }
    end

    def to_a
      list = []
      each_attribute { |a| list << a }
      list
    end

    def size
      n = 0
      each_attribute { n += 1 }
      n
    end
    alias length size

    def prefixes
      to_a.select { |a| a.prefix == "xmlns" }.map(&:name)
    end

    def namespaces
      h = {}
      each_attribute do |a|
        if a.prefix == "xmlns"
          h[a.name] = a.value
        elsif a.expanded_name == "xmlns"
          h["xmlns"] = a.value
        end
      end
      h
    end

    private

    def split_name(name)
      i = name.index(":")
      i ? [name[0, i], name[i + 1..]] : ["", name]
    end
  end
end
