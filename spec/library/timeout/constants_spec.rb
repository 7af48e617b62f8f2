require "timeout"
p Timeout::Error.ancestors.take(4)
p Timeout::ExitException.superclass
e = Timeout::ExitException.new("m")
p e.exception.equal?(e), e.exception("other").equal?(e), e.message
p Timeout.timeout(nil) { |s| [:yielded, s] }
p Timeout.timeout(0) { |s| [:yielded, s] }
p Timeout.timeout(0.0) { |s| s }
p Timeout.timeout(nil, ArgumentError, "never") { 42 }
[-1, -0.5].each do |s|
  begin
    Timeout.timeout(s) { p :not_run }
  rescue ArgumentError => e
    p e.message
  end
end
begin
  Timeout.timeout("1") { }
rescue NoMethodError => e
  p e.class
end
class C
  include Timeout
  def run = timeout(nil) { :from_include }
end
p C.new.run
p C.private_instance_methods(false), Timeout.private_instance_methods.include?(:timeout)
p Timeout.respond_to?(:timeout)
r = Timeout::Error.handle_timeout("msg") { |exc| [exc.class, exc.message] }
p r
begin
  Timeout::Error.handle_timeout("expired here") { |exc| raise exc }
rescue Timeout::Error => e
  p [e.class, e.message, e.cause.class]
end
begin
  Timeout::Error.handle_timeout("x") { raise Timeout::ExitException, "another" }
rescue Exception => e
  p [e.class, e.message]
end
