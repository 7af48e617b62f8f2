# raise forms and re-raising
def show
  yield
rescue Exception => e
  puts "#{e.class}: #{e.message.inspect}"
  e
end
show { raise "message only" }
show { raise ArgumentError }
show { raise ArgumentError, "with message" }
show { raise ArgumentError.new("instance") }
show { raise TypeError.new }
show { raise RuntimeError }
show { raise IndexError, "idx", [] }
show { raise }
p((raise Class.new(StandardError), "anon" rescue [$!.message, $!.class.superclass]))
show { fail "fail works too" }
show do
  begin
    raise "original"
  rescue => e
    raise
  end
end
show do
  begin
    raise KeyError, "first"
  rescue => e
    raise e
  end
end
e = show do
  begin
    raise "low"
  rescue => e
    raise ArgumentError, "high"
  end
end
p e.cause&.message
e2 = show { raise "no cause" }
p e2.cause
e3 = show { raise ArgumentError, "explicit", cause: nil }
p e3.cause
show { raise 42 }
show { raise "a", "b" }
ex = RuntimeError.new("reuse")
show { raise ex }
p ex.message
show { raise Exception.new }
show { raise StandardError }
show { raise NotImplementedError, "todo" }
show { raise StopIteration }
show { raise Interrupt } rescue p $!
