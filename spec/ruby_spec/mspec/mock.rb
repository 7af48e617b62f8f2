# A minimal mock, with mspec's semantics: `obj.should_receive(:m)` replaces `m` on obj's singleton
# class for the rest of the example and expects one call (unless `.exactly(n).times`, `.once`,
# `.twice`, `.at_least(n)`, `.at_most(n)` or `.any_number_of_times` says otherwise), optionally
# `with` given arguments, answering `and_return` values (several: one per call, the last repeated),
# raising (`and_raise`) or yielding (`and_yield`). `should_not_receive` expects no call, `stub!`
# any number. After each example the counts are checked and the original methods put back.
# `mock(name)`, `mock_int(value)`, `mock_numeric(name)` and `mock_to_path(path)` make the
# receivers ruby/spec's fixtures expect.

class RubyMockProxy
  attr_reader :calls, :arguments, :yielding, :raising

  def initialize(type)
    @type = type
    @count = type == :stub ? [:any_number_of_times, 0] : [:exactly, 1]
    @arguments = :any_args
    @returns = nil
    @multiple = false
    @raising = nil
    @yielding = []
    @calls = 0
  end

  def stub? = @type == :stub
  def count = @count
  def times = self
  def called = (@calls += 1)

  def exactly(n)
    @count = [:exactly, RubyMockProxy.times_of(n)]
    self
  end

  def at_least(n)
    @count = [:at_least, RubyMockProxy.times_of(n)]
    self
  end

  def at_most(n)
    @count = [:at_most, RubyMockProxy.times_of(n)]
    self
  end

  def once = exactly(1)
  def twice = exactly(2)

  def any_number_of_times
    @count = [:any_number_of_times, 0]
    self
  end

  def self.times_of(n)
    case n
    when :once then 1
    when :twice then 2
    else Integer(n)
    end
  end

  def with(*args)
    raise ArgumentError, "you must specify the expected arguments" if args.empty?
    @arguments = args.size == 1 ? args[0] : args
    self
  end

  def and_return(*values)
    if values.size > 1
      @multiple = true
      @returns = values
      @count[1] = values.size if @count[1] < values.size
    else
      @returns = values[0]
    end
    self
  end

  def next_return
    return @returns unless @multiple
    return @returns[0] if @returns.size == 1
    @returns.shift
  end

  def and_raise(exception)
    @raising = exception.is_a?(String) ? RuntimeError.new(exception) : exception
    self
  end

  def and_yield(*values)
    @yielding << values
    self
  end

  def matches_args?(args)
    case @arguments
    when :any_args then true
    when :no_args then args.empty?
    else
      compare = args.size <= 1 ? args[0] : args
      @arguments == compare
    end
  end

  def satisfied?
    kind, n = @count
    case kind
    when :exactly then @calls == n
    when :at_least then @calls >= n
    when :at_most then @calls <= n
    else true
    end
  end
end

module RubyMock
  @mocks = {}     # [object id, method] => [proxy, ...] that expect calls
  @stubs = {}     # [object id, method] => [proxy, ...] that allow calls
  @objects = {}   # [object id, method] => object
  @saved = {}     # [object id, method] => true when the singleton class had its own method

  def self.key(obj, sym) = [obj.__id__, sym.to_sym]

  def self.saved_name(sym) = :"__rubyspec_mock_#{sym}__"

  def self.name_of(obj)
    name = obj.instance_variable_get(:@name) rescue nil
    name || RubySpecExpect.show(obj)
  end

  def self.install(obj, sym, type)
    sym = sym.to_sym
    k = key(obj, sym)
    unless @objects.key?(k)
      meta = obj.singleton_class
      own = meta.instance_methods(false).include?(sym) || meta.private_instance_methods(false).include?(sym)
      if own
        meta.__send__(:alias_method, saved_name(sym), sym)
        @saved[k] = true
      end
      meta.__send__(:define_method, sym) do |*args, &block|
        RubyMock.call(self, sym, args, block)
      end
      @objects[k] = obj
      @mocks[k] = []
      @stubs[k] = []
    end
    proxy = RubyMockProxy.new(type)
    RubySpec.expectation! unless type == :stub
    if type == :stub
      # a stub where a mock exists is ignored; a mock replaces the stubs (as mspec)
      @stubs[k].unshift(proxy) if @mocks[k].empty?
    else
      @stubs[k] = []
      @mocks[k] << proxy
    end
    proxy
  end

  def self.call(obj, sym, args, block)
    k = key(obj, sym)
    ((@mocks[k] || []) + (@stubs[k] || [])).each do |proxy|
      next unless proxy.matches_args?(args)
      proxy.yielding.each do |values|
        unless block
          RubySpecExpect.fail_with("Mock '#{name_of(obj)}' asked to yield #{values.inspect} on #{sym}", "but no block was passed")
        end
        block.call(*values)
      end
      proxy.called
      raise proxy.raising if proxy.raising
      return proxy.next_return
    end
    shown = args.map { |a| RubySpecExpect.show(a) }.join(", ")
    RubySpecExpect.fail_with("Mock '#{name_of(obj)}': method #{sym}", "called with unexpected arguments (#{shown})")
  end

  def self.verify_count
    @mocks.each do |k, proxies|
      proxies.each do |proxy|
        next if proxy.satisfied?
        kind, n = proxy.count
        RubySpecExpect.fail_with(
          "Mock '#{name_of(@objects[k])}' expected to receive #{k[1]} #{kind.to_s.sub('_', ' ')} #{n} times",
          "but received it #{proxy.calls} times")
      end
    end
    MockIntObject.verify
  end

  def self.cleanup
    @objects.each do |k, obj|
      meta = obj.singleton_class
      sym = k[1]
      meta.__send__(:remove_method, sym)
      if @saved[k]
        meta.__send__(:alias_method, sym, saved_name(sym))
        meta.__send__(:remove_method, saved_name(sym))
      end
    rescue Exception
      nil
    end
    @mocks = {}
    @stubs = {}
    @objects = {}
    @saved = {}
    MockIntObject.reset
  end
end

class Object
  def should_receive(sym) = RubyMock.install(self, sym, :mock)
  def should_not_receive(sym) = RubyMock.install(self, sym, :mock).exactly(0)
  def stub!(sym) = RubyMock.install(self, sym, :stub)
end

# What `mock(name)` makes: an object whose missing methods raise (or return itself when made
# with `null_object: true`).
class MockObject
  def initialize(name, options = {})
    @name = name
    @null = options[:null_object]
  end

  def method_missing(sym, *args, &block)
    @null ? self : super
  end
  private :method_missing
end

class NumericMockObject < Numeric
  def initialize(name, options = {})
    @name = name
    @null = options[:null_object]
  end

  def method_missing(sym, *args, &block)
    @null ? self : super
  end

  def singleton_method_added(name); end
end

# `mock_int(5)`: an object whose to_int answers 5 and must be called at least once.
class MockIntObject
  @made = []

  def self.verify
    @made.each do |m|
      next if m.calls >= 1
      RubySpecExpect.fail_with("Mock 'int' expected to receive to_int at least 1 times", "but received it 0 times")
    end
  end

  def self.reset
    @made = []
  end

  def self.made = @made

  attr_reader :calls

  def initialize(value)
    @value = value
    @calls = 0
    MockIntObject.made << self
  end

  def to_int
    @calls += 1
    @value.to_int
  end
end

def mock(name, options = {}) = MockObject.new(name, options)
def mock_int(value) = MockIntObject.new(value)
def mock_numeric(name, options = {}) = NumericMockObject.new(name, options)

def mock_to_path(path)
  obj = mock("path")
  obj.should_receive(:to_path).and_return(path)
  obj
end
