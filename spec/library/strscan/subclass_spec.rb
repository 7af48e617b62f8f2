# StringScanner.new runs initialize, so a subclass's own initialize (calling super) is used
require "strscan"

class Tokens < StringScanner
  attr_reader :depth

  def initialize(source, depth = 0)
    source = source.to_str.b if source.respond_to?(:to_str)
    super(source)
    @depth = depth
  end
end

t = Tokens.new("abc def", 3)
p t.class, t.depth, t.string.encoding
p t.scan(/\w+/), t.pos
p t.skip(/\s+/), t.rest
p t.is_a?(StringScanner)

class Plain < StringScanner; end
p Plain.new("xy").getch

class WithKeyword < StringScanner
  def initialize(s, fixed_anchor: false, tag: nil)
    super(s, fixed_anchor: fixed_anchor)
    @tag = tag
  end
  attr_reader :tag
end
w = WithKeyword.new("q", tag: :t)
p w.tag, w.getch, w.eos?

s = StringScanner.allocate
p s.class
s.send(:initialize, "zz")
p s.scan(/z/)
begin
  StringScanner.new
rescue ArgumentError => e
  p e.message
end
begin
  StringScanner.new(1)
rescue TypeError => e
  p e.message
end
