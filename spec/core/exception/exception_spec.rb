# Exception objects: message, to_s, inspect, full class, backtrace, ==, exception, cause
e = RuntimeError.new("boom")
p e.message
p e.to_s
p e.inspect
p e.backtrace
p e.class.ancestors.take(3)
p RuntimeError.new.message
p StandardError.new(nil).message
p ArgumentError.new(:sym).message
p TypeError.new("t").full_message.class rescue p $!.class
begin
  raise e
rescue => caught
  p caught.equal?(e)
  p caught.backtrace.class
  p caught.backtrace.all?(String)
  p caught.backtrace.first
end
def deep = raise(KeyError, "deep one")
begin
  deep
rescue KeyError => k
  p k.backtrace.length >= 2
  p k.backtrace_locations.class rescue p $!.class
end
p e.exception.equal?(e)
e2 = e.exception("new message")
p e2.message
p e2.class
p e.message
p RuntimeError.new("a") == RuntimeError.new("a")
p RuntimeError.new("a") == RuntimeError.new("b")
p RuntimeError.new("a") == StandardError.new("a")
begin
  begin
    raise "inner"
  rescue
    raise ArgumentError, "outer"
  end
rescue => x
  p x.message
  p x.cause.message
  p x.cause.class
  p x.cause.cause
end
p Exception.new("x").inspect
p NameError.new("msg", :nm).name
p NoMethodError.new("msg", :nm, [1]).args
p KeyError.new("k", receiver: {}, key: :z).key
p StopIteration.new.result
p FrozenError.new("f", receiver: :r).receiver
p SystemExit.new(3, "bye").status
p SystemExit.new.status
class MyErr < StandardError
  def message = "custom #{super}"
end
p MyErr.new("m").message
p MyErr.new.message
p MyErr.new("x").inspect
