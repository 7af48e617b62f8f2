# begin/rescue/else/ensure: class matching, lists, => e, ordering
def try(label)
  print label, ": "
  yield
  puts "no error"
rescue ZeroDivisionError => e
  puts "zero: #{e.message}"
rescue ArgumentError, TypeError => e
  puts "arg or type: #{e.class}: #{e.message}"
rescue NameError => e
  puts "name-ish: #{e.class}"
rescue => e
  puts "standard: #{e.class}: #{e.message}"
else
  puts "else branch"
ensure
  puts "  (ensure #{label})"
end
try("div") { 1 / 0 }
try("arg") { Integer("x") }
try("type") { 1 + nil }
try("nomethod") { nil.nope }
try("runtime") { raise "plain" }
try("none") { 1 }
try("index") { [].fetch(1) }
r = begin
  10
rescue
  20
else
  30
ensure
  40
end
p r
r = begin
  raise "x"
rescue
  20
else
  30
ensure
  40
end
p r
def rescue_in_def
  raise IOError, "io"
rescue IOError => e
  "rescued #{e.message}"
end
p rescue_in_def
v = [1, 2].map do |x|
  raise "bad #{x}" if x == 2
  x
rescue => e
  e.message
end
p v
x = begin
  Integer("12")
rescue
  0
end
p x
begin
  begin
    raise TypeError, "inner"
  rescue ArgumentError
    puts "wrong handler"
  end
rescue TypeError => e
  puts "outer caught #{e.message}"
end
begin
  raise "outer"
rescue => e
  begin
    raise "inner"
  rescue => e2
    p [e.message, e2.message]
  end
  p $!.message
end
p $!
klasses = [KeyError, StopIteration]
begin
  {}.fetch(:a)
rescue *klasses => e
  puts "splat rescue: #{e.class}"
end
begin
  raise Exception, "not a StandardError"
rescue => e
  puts "should not be here"
rescue Exception => e
  puts "Exception: #{e.message}"
end
def ensure_value
  :body
ensure
  :ensure_value_ignored
end
p ensure_value
e = (raise "in parens" rescue $!)
p e.class
p e.message
