# Exception#full_message's options (highlight:, order: :bottom with numbered "from" lines and
# causes first), Exception#detailed_message's decoration (bold message, underlined class, empty
# and multi-line messages), a program's own detailed_message and backtrace in the report, the
# position shown for an exception without a backtrace, and the uncaught report using
# detailed_message.
def show(e, **o) = p(e.full_message(**o))

def with_bt(e, *lines)
  e.set_backtrace(lines)
  e
end

e = with_bt(RuntimeError.new("boom"), "a.rb:1:in 'x'", "a.rb:2:in 'y'", "a.rb:3")
show e, highlight: true
show e, highlight: true, order: :bottom
show e, highlight: false, order: :bottom
show e, highlight: false, order: "bottom"
show e, highlight: false, order: :top
show e, order: nil, highlight: nil
show e, highlight: false, foo: 1

[["line1\nline2\n", RuntimeError], ["line1\nline2", RuntimeError], ["a\n\nb", IOError],
 ["", RuntimeError], ["", ArgumentError], ["\n", ArgumentError], ["tail\n", KeyError]].each do |msg, k|
  m = with_bt(k.new(msg), "m.rb:1")
  show m, highlight: true
  show m, highlight: false
  p m.detailed_message, m.detailed_message(highlight: true)
end

many = with_bt(IOError.new("many"), *(1..12).map { |i| "f.rb:#{i}" })
show many, order: :bottom, highlight: false
show many, order: :top, highlight: false
one = with_bt(IOError.new("one"), "o.rb:1")
show one, order: :bottom, highlight: false

begin
  begin
    raise "inner"
  rescue => i
    i.set_backtrace(["i.rb:1", "i.rb:2"])
    raise TypeError, "outer"
  end
rescue => o
  o.set_backtrace(["o.rb:1", "o.rb:2", "o.rb:3"])
  show o, order: :bottom, highlight: false
  show o, order: :top, highlight: false
  show o, order: :bottom, highlight: true
end

deep = with_bt(SystemStackError.new("stack level too deep"), *(1..20).map { |i| "d.rb:#{i}" })
show deep, order: :bottom, highlight: false

class Custom < StandardError
  def detailed_message(highlight: false, **opts) = "custom #{highlight.inspect} #{opts.inspect}"
end
c = with_bt(Custom.new("x"), "c.rb:1")
show c, highlight: false
show c, highlight: true, extra: 2

class OwnMessage < StandardError
  def message = "from message"
end
p OwnMessage.new("ignored").detailed_message
show with_bt(OwnMessage.new, "w.rb:1"), highlight: false

class OwnBacktrace < StandardError
  def backtrace = ["b.rb:7:in 'here'", "b.rb:8"]
end
show OwnBacktrace.new("bt"), highlight: false

anon = Class.new(StandardError)
show with_bt(anon.new("anonymous"), "n.rb:1"), highlight: false

# no backtrace: the position where full_message was called
show RuntimeError.new("loose"), highlight: false
show RuntimeError.new("loose"), highlight: false, order: :bottom

[-> { e.full_message(order: :middle) }, -> { e.full_message(highlight: 1) },
 -> { e.full_message(order: 3) }, -> { e.full_message(1) }].each do |f|
  f.call
rescue => err
  puts "#{err.class}: #{err.message}"
end

$stdout.flush
raise Custom, "uncaught"
