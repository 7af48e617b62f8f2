# An uncaught exception's report (and full_message) lists its causes after it, each with its
# backtrace; a SystemStackError's long backtrace keeps its first 9 and last 4 lines.
def with_bt(e, *lines)
  e.set_backtrace(lines)
  e
end

begin
  begin
    begin
      raise with_bt(KeyError.new("inner key"), "a.rb:1:in 'Object#inner'", "a.rb:3:in 'Object#middle'", "a.rb:9:in '<main>'")
    rescue => e
      raise with_bt(ArgumentError.new("middle arg"), "a.rb:5:in 'Object#middle'", "a.rb:9:in '<main>'")
    end
  rescue => e
    raise with_bt(RuntimeError.new("outer\nsecond line"), "a.rb:7:in 'Object#outer'", "a.rb:9:in '<main>'")
  end
rescue => e
  puts e.full_message(highlight: false)
  p e.cause.class, e.cause.cause.class, e.cause.cause.cause
end

deep = with_bt(SystemStackError.new("stack level too deep"), *(1..30).map { |i| "d.rb:#{i}:in 'Object#r'" })
puts deep.full_message(highlight: false)
short = with_bt(SystemStackError.new("stack level too deep"), *(1..14).map { |i| "s.rb:#{i}:in 'Object#r'" })
puts short.full_message(highlight: false)

# a cause that is its own cause's cause is shown once
a = with_bt(RuntimeError.new("a"), "x.rb:1:in 'f'")
b = with_bt(RuntimeError.new("b"), "x.rb:2:in 'g'")
begin
  begin
    raise a
  rescue
    raise b
  end
rescue => e
  puts e.full_message(highlight: false)
end

begin
  raise "first"
rescue
  raise TypeError, "second", ["t.rb:4:in 'Object#t'", "t.rb:8:in '<main>'"]
end
