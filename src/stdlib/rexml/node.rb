# rexml/node: the REXML module's base pieces written for rubra: the version, ParseException,
# the escaping helpers (normalize / unnormalize of the five predefined entities, character
# references and DOCTYPE entities), and the tree mixins every node shares: Node (to_s
# through the default formatter), Child (parent and siblings) and Parent (an ordered list
# of children).

module REXML
  VERSION = "3.4.4"
  REVISION = ""
  Copyright = "Copyright © 2001-2008 Sean Russell <ser@germane-software.com>"

  # A malformed document: the message is followed by the line, the byte position and the
  # unconsumed input, as REXML reports them.
  class ParseException < RuntimeError
    attr_accessor :source, :parser, :continued_exception

    def initialize(message, source = nil, parser = nil, exception = nil)
      super(message)
      @source = source
      @parser = parser
      @continued_exception = exception
    end

    def to_s
      msg = super
      msg += "\n#{@continued_exception.inspect}" if @continued_exception
      if @source
        msg += "\nLine: #{line}\nPosition: #{position}\nLast 80 unconsumed characters:\n"
        msg += @source.unconsumed[0, 80].to_s
      end
      msg
    end

    def position
      @source ? @source.position : -1
    end

    def line
      @source ? @source.line : -1
    end

    def context
      [position, line, line]
    end
  end

  # The escaping rules of text and attribute values.
  module Escape
    PREDEFINED = { "lt" => "<", "gt" => ">", "amp" => "&", "quot" => "\"", "apos" => "'" }.freeze
    NORMALIZE = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", "\"" => "&quot;", "'" => "&apos;" }.freeze
    REFERENCE = /&(?:#([0-9]+)|#x([0-9a-fA-F]+)|([A-Za-z_:][-A-Za-z0-9_:.]*));/

    # `s` with & < > " ' written as references.
    def self.normalize(s)
      s.to_s.gsub(/[&<>"']/) { |c| NORMALIZE[c] }
    end

    # Most bytes a text may grow to by expanding DOCTYPE entities (REXML's default).
    ENTITY_EXPANSION_TEXT_LIMIT = 10_240

    # `s` with its references replaced by the characters they stand for; an entity neither
    # predefined nor declared in `doctype` stays as written.
    def self.unnormalize(s, doctype = nil)
      return s unless s.include?("&")
      expanded = false
      out = s.gsub(REFERENCE) do |whole|
        if $1
          [$1.to_i].pack("U")
        elsif $2
          [$2.to_i(16)].pack("U")
        elsif PREDEFINED.key?($3)
          PREDEFINED[$3]
        elsif doctype && (value = doctype.entity($3))
          expanded = true
          value
        else
          whole
        end
      end
      raise "entity expansion has grown too large" if expanded && out.bytesize > ENTITY_EXPANSION_TEXT_LIMIT
      out
    end
  end

  # What every node answers.
  module Node
    def to_s
      out = +""
      Formatters::Default.new.write(self, out)
      out
    end

    def parent?
      false
    end

    def next_sibling_node
      return nil unless parent
      parent.children[parent.index(self) + 1]
    end

    def previous_sibling_node
      return nil unless parent
      i = parent.index(self)
      i.zero? ? nil : parent.children[i - 1]
    end

    def index_in_parent
      parent.index(self) + 1
    end

    # Every element under this one, depth first.
    def each_recursive(&block)
      stack = [self]
      until stack.empty?
        node = stack.pop
        yield node unless node.equal?(self)
        stack.concat(node.children.select { |c| c.is_a?(Element) }.reverse) if node.parent?
      end
      self
    end

    def find_first_recursive
      each_recursive { |n| return n if yield(n) }
      nil
    end
  end

  # A node that can sit in a parent.
  class Child
    include Node
    attr_reader :parent

    def initialize(parent = nil)
      @parent = nil
      parent.add(self) if parent
    end

    def parent=(other)
      return @parent if @parent.equal?(other)
      @parent.delete(self) if @parent
      @parent = other
    end

    # Set by Parent when it takes the child (no removal from the old parent).
    def __set_parent(p)
      @parent = p
    end

    def remove
      @parent.delete(self) if @parent
      self
    end

    def replace_with(child)
      @parent.replace_child(self, child)
      self
    end

    def next_sibling
      next_sibling_node
    end

    def previous_sibling
      previous_sibling_node
    end

    def next_sibling=(other)
      parent.insert_after(self, other)
    end

    def previous_sibling=(other)
      parent.insert_before(self, other)
    end

    def document
      @parent&.document
    end

    def bytes
      to_s.bytes
    end
  end

  # A node with children, in order.
  class Parent < Child
    include Enumerable

    def initialize(parent = nil)
      super
      @children = []
    end

    def parent?
      true
    end

    def children
      @children
    end

    def add(object)
      adopt(object)
      @children << object
      object
    end
    alias push add

    def <<(object)
      add(object)
      self
    end

    def unshift(object)
      adopt(object)
      @children.unshift(object)
    end

    def delete(object)
      found = false
      @children.delete_if { |c| c.equal?(object) && (found = true) }
      return nil unless found
      object.__set_parent(nil)
      object
    end

    def each(&block)
      return @children.each unless block
      @children.each(&block)
    end
    alias each_child each

    def delete_if(&block)
      @children.dup.each { |c| delete(c) if yield(c) }
      self
    end

    def delete_at(index)
      child = @children[index]
      child ? delete(child) : nil
    end

    def each_index(&block)
      @children.each_index(&block)
    end

    def [](index)
      @children[index]
    end

    def []=(*args)
      value = args.last
      adopt(value)
      @children[*args[0..-2]] = value
    end

    def index(child)
      @children.index { |c| c.equal?(child) }
    end

    def size
      @children.size
    end
    alias length size

    def to_a
      @children.dup
    end

    def insert_before(child1, child2)
      i = child1.is_a?(String) ? index(XPath.first(self, child1)) : index(child1)
      adopt(child2)
      @children.insert(i, child2)
      self
    end

    def insert_after(child1, child2)
      i = child1.is_a?(String) ? index(XPath.first(self, child1)) : index(child1)
      adopt(child2)
      @children.insert(i + 1, child2)
      self
    end

    def replace_child(to_replace, replacement)
      i = index(to_replace)
      adopt(replacement)
      @children[i] = replacement
      to_replace.__set_parent(nil)
    end

    def deep_clone
      cl = clone
      each do |child|
        cl << (child.parent? ? child.deep_clone : child.clone)
      end
      cl
    end

    private

    # Takes `object` from its old parent (or from its old place here).
    def adopt(object)
      old = object.parent
      if old.equal?(self)
        @children.delete_if { |c| c.equal?(object) }
      elsif old
        old.delete(object)
      end
      object.__set_parent(self)
    end
  end
end
