# rexml/text: the leaf nodes of a REXML tree: Text (kept as written, with references;
# `value` decodes them), CData, Comment, Instruction, the XML declaration (XMLDecl) and
# the document type declaration (DocType, with the entities of its internal subset).

require "rexml/node"

module REXML
  # Character data. A text read from a document keeps the text as written (`raw`); one made
  # from a String keeps that string and escapes it when written. `to_s` is the text as
  # XML, `value` the text with its references decoded.
  class Text < Child
    include Comparable
    attr_accessor :raw

    # Text.new(string, respect_whitespace = false, parent = nil, raw = nil): unless
    # whitespace is respected, each run of one blank character is squeezed to one.
    def initialize(arg, respect_whitespace = false, parent = nil, raw = nil, entity_filter = nil, illegal = nil)
      @raw = raw
      @normalized = nil
      if arg.is_a?(Text)
        @string = arg.instance_variable_get(:@string).dup
        @raw = arg.raw
      elsif arg.is_a?(String)
        s = arg.include?("\r") ? arg.gsub(/\r\n?/, "\n") : arg.dup
        @string = respect_whitespace ? s : s.squeeze(" \n\t")
      else
        raise TypeError, "Illegal argument of type #{arg.class.name} for Text constructor (#{arg})"
      end
      super(parent)
    end

    # `input` with & < > " ' escaped.
    def self.normalize(input, doctype = nil, entity_filter = nil)
      Escape.normalize(input)
    end

    # `string` with its references decoded.
    def self.unnormalize(string, doctype = nil, filter = nil, illegal = nil)
      Escape.unnormalize(string, doctype)
    end

    def node_type
      :text
    end

    def to_s
      return @string if @raw
      @normalized ||= Escape.normalize(@string)
    end

    def value
      Escape.unnormalize(@string, doctype)
    end

    def value=(val)
      @string = val.gsub(/\r\n?/, "\n")
      @normalized = nil
      @raw = false
    end

    def doctype
      document&.doctype
    end

    def <<(to_append)
      @string << to_append.gsub(/\r\n?/, "\n")
      @normalized = nil
      self
    end

    def <=>(other)
      to_s <=> other.to_s
    end

    def empty?
      @string.empty?
    end

    def clone
      Text.new(self, true)
    end

    def inspect
      @string.inspect
    end

    def xpath
      "#{parent ? parent.xpath : ''}/text()"
    end

    def wrap(string, width, addnewline = false)
      lines = []
      rest = string
      while rest.length > width
        place = rest.rindex(" ", width)
        break unless place
        lines << rest[0, place]
        rest = rest[place + 1..]
      end
      lines << rest
      out = lines.join("\n")
      addnewline ? "\n#{out}" : out
    end
  end

  # <![CDATA[ ... ]]>: text written as it is.
  class CData < Text
    def initialize(first, whitespace = true, parent = nil)
      super(first, whitespace, parent, true)
    end

    def clone
      CData.new(self)
    end

    def value
      @string
    end

    def to_s
      @string
    end
  end

  # <!-- ... -->
  class Comment < Child
    include Comparable
    attr_accessor :string

    def initialize(first, second = nil)
      super(second)
      @string = first.is_a?(Comment) ? first.string : first.to_s
    end

    def node_type
      :comment
    end

    def to_s
      @string
    end

    def clone
      Comment.new(self)
    end

    def <=>(other)
      other.to_s <=> @string
    end

    def ==(other)
      other.is_a?(Comment) && (other <=> self) == 0
    end
  end

  # <?target content?>
  class Instruction < Child
    attr_accessor :target, :content

    def initialize(target, content = nil)
      if target.is_a?(Instruction)
        super(content)
        @target = target.target
        @content = target.content
      else
        super()
        @target = target
        @content = content
      end
    end

    def node_type
      :processing_instruction
    end

    def clone
      Instruction.new(self)
    end

    def ==(other)
      other.is_a?(Instruction) && other.target == @target && other.content == @content
    end

    def inspect
      "<?p-i #{@target} ...?>"
    end

    def write(output, *)
      output << "<?#{@target}"
      output << " #{@content}" if @content
      output << "?>"
    end
  end

  # <?xml version='1.0' encoding='UTF-8' standalone='yes'?>
  class XMLDecl < Child
    DEFAULT_VERSION = "1.0"
    DEFAULT_ENCODING = "UTF-8"
    DEFAULT_STANDALONE = "no"
    attr_accessor :version, :standalone
    attr_reader :writeencoding, :writethis

    def initialize(version = DEFAULT_VERSION, encoding = nil, standalone = nil)
      super()
      @writethis = true
      @writeencoding = !encoding.nil?
      if version.is_a?(XMLDecl)
        @version = version.version
        @encoding = version.encoding
        @writeencoding = version.writeencoding
        @standalone = version.standalone
        @writethis = version.writethis
      else
        @version = version
        @encoding = encoding ? encoding.to_s.upcase : DEFAULT_ENCODING
        @standalone = standalone
      end
      @version = DEFAULT_VERSION if @version.nil?
    end

    def self.default
      d = XMLDecl.new(DEFAULT_VERSION)
      d.nowrite
      d
    end

    def encoding
      @encoding
    end

    def encoding=(enc)
      @encoding = enc.to_s.upcase
      @writeencoding = true
    end

    def nowrite
      @writethis = false
    end

    def dowrite
      @writethis = true
    end

    def node_type
      :xmldecl
    end

    def clone
      XMLDecl.new(self)
    end

    def ==(other)
      other.is_a?(XMLDecl) && other.version == @version && other.encoding == encoding &&
        other.standalone == @standalone
    end

    def xmldecl(version, encoding, standalone)
      @version = version
      @encoding = encoding || DEFAULT_ENCODING
      @writeencoding = !encoding.nil?
      @standalone = standalone
    end

    def write(output, *)
      return output unless @writethis
      output << "<?xml version='#{@version}'"
      output << " encoding='#{@encoding}'" if @writeencoding
      output << " standalone='#{@standalone}'" if @standalone
      output << "?>"
    end

    def to_s
      out = +""
      write(out)
      out
    end

    def inspect
      "<?xml ... ?>"
    end
  end

  # An entity declared in a DOCTYPE: <!ENTITY name "value">.
  class Entity < Child
    attr_reader :name, :value, :external, :ref, :ndata, :pubid

    def initialize(name, value = nil, parent = nil)
      super(parent)
      @name = name
      @value = value
    end

    # The value with its references expanded (an entity that refers to itself raises).
    def unnormalized
      raise "entity expansion has grown too large" if @expanding
      @expanding = true
      Escape.unnormalize(@value.to_s, parent.is_a?(DocType) ? parent : nil)
    ensure
      @expanding = false
    end

    def normalized
      @value
    end

    def to_s
      "<!ENTITY #{@name} \"#{@value}\">"
    end
  end

  # <!DOCTYPE name PUBLIC "pub" "sys" [ internal subset ]>: kept (and written back as read);
  # the internal subset's general entities are known to `value`. Nothing is validated.
  class DocType < Parent
    attr_reader :name, :external_id, :entities, :internal_subset

    def initialize(first, parent = nil)
      super(parent)
      @entities = {}
      if first.is_a?(DocType)
        @name = first.name
        @external_id = first.external_id
        @ids = first.instance_variable_get(:@ids)
        @internal_subset = first.internal_subset
        @entities = first.entities.dup
      elsif first.is_a?(Array)
        @name = first[0]
        @external_id = first[1]
        @ids = first[2..].compact
        @internal_subset = nil
      else
        @name = first.to_s
        @ids = []
      end
    end

    # Reads the <!ENTITY name "value"> declarations of an internal subset.
    def __set_internal_subset(subset)
      @internal_subset = subset
      subset.scan(/<!ENTITY\s+([^\s%]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/) do
        name = $1
        value = $2 || $3
        ent = Entity.new(name, value)
        ent.__set_parent(self)
        @children << ent
        @entities[name] = ent
      end
    end

    def node_type
      :doctype
    end

    def clone
      DocType.new(self)
    end

    def public
      @external_id == "PUBLIC" ? @ids[0] : nil
    end

    def system
      @external_id == "SYSTEM" ? @ids[0] : (@external_id == "PUBLIC" ? @ids[1] : nil)
    end

    def entity(name)
      e = @entities[name]
      e&.unnormalized
    end

    def context
      @parent&.context
    end

    def write(output, *)
      output << "<!DOCTYPE #{@name}"
      if @external_id
        output << " #{@external_id}"
        @ids.each { |id| output << (id.include?("\"") ? " '#{id}'" : " \"#{id}\"") }
      end
      output << " [#{@internal_subset}]" if @internal_subset
      output << ">"
    end

    def to_s
      out = +""
      write(out)
      out
    end
  end
end
