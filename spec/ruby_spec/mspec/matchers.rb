# `should`/`should_not` and the matchers ruby/spec's core specs use: the operators (`== != < <=
# > >= === =~`), equal, eql, be_true/be_false/be_nil, be_kind_of, be_an_instance_of, be_close,
# be_empty, be_nan and the signed zeros and infinities, be_ancestor_of, be_computed_by, include,
# raise_error, complain, output, respond_to and the have_*_method/have_constant family.
#
# A matcher is any object with `matches?(actual)`, `failure_message` and
# `negative_failure_message` (each an array of two lines, as mspec prints them).

module RubySpecExpect
  def self.fail_with(first, second)
    raise SpecExpectationNotMetError, "#{first} #{second}"
  end

  def self.show(value)
    value.inspect
  rescue Exception
    "#<#{value.class}>"
  end
end

# `x.should == y` and friends: the operator is sent to the actual value. `x.should.empty?` (any
# other method) sends that method and expects a true value (`should_not`: a false one). A
# BasicObject, so that Object's own predicates (`frozen?`, `nil?`, `is_a?`...) reach the value too.
class RubySpecOperatorMatcher < BasicObject
  def initialize(actual, positive)
    @actual = actual
    @positive = positive
  end

  def check(op, expected)
    result = @actual.__send__(op, expected)
    ok = @positive ? result : !result
    unless ok
      neg = @positive ? "" : "not "
      ::RubySpecExpect.fail_with("Expected #{::RubySpecExpect.show(@actual)}",
                                 "#{neg}to #{op_words(op)} #{::RubySpecExpect.show(expected)}")
    end
    true
  end

  def op_words(op)
    case op
    when :== then "equal"
    when :!= then "not equal"
    when :=~ then "match"
    else "be #{op}"
    end
  end

  def ==(expected) = check(:==, expected)
  def !=(expected) = check(:!=, expected)
  def <(expected) = check(:<, expected)
  def <=(expected) = check(:<=, expected)
  def >(expected) = check(:>, expected)
  def >=(expected) = check(:>=, expected)
  def ===(expected) = check(:===, expected)
  def =~(expected) = check(:=~, expected)
  def equal?(expected) = predicate(:equal?, [expected], nil)

  def method_missing(name, *args, &block) = predicate(name, args, block)

  def predicate(name, args, block)
    result = @actual.__send__(name, *args, &block)
    ok = @positive ? result : !result
    unless ok
      shown = args.map { |a| ::RubySpecExpect.show(a) }.join(", ")
      call = args.empty? ? name.to_s : "#{name}(#{shown})"
      ::RubySpecExpect.fail_with("Expected #{::RubySpecExpect.show(@actual)}.#{call}",
                                 "to be #{@positive ? 'truthy' : 'falsy'} but was #{::RubySpecExpect.show(result)}")
    end
    true
  end
end

module Kernel
  def should(matcher = nil)
    RubySpec.expectation!
    return RubySpecOperatorMatcher.new(self, true) if matcher.nil?
    unless matcher.matches?(self)
      lines = matcher.failure_message
      RubySpecExpect.fail_with(lines[0], lines[1])
    end
    true
  end

  def should_not(matcher = nil)
    RubySpec.expectation!
    return RubySpecOperatorMatcher.new(self, false) if matcher.nil?
    if matcher.matches?(self)
      lines = matcher.negative_failure_message
      RubySpecExpect.fail_with(lines[0], lines[1])
    end
    true
  end
end

# A matcher built from a test and two message makers.
class RubySpecMatcher
  def initialize(expected_text, &test)
    @expected_text = expected_text
    @test = test
  end

  def matches?(actual)
    @actual = actual
    @test.call(actual) ? true : false
  end

  def failure_message
    ["Expected #{RubySpecExpect.show(@actual)}", "to #{@expected_text}"]
  end

  def negative_failure_message
    ["Expected #{RubySpecExpect.show(@actual)}", "not to #{@expected_text}"]
  end
end

def equal(expected)
  RubySpecMatcher.new("be identical to #{RubySpecExpect.show(expected)}") { |a| a.equal?(expected) }
end

def eql(expected)
  RubySpecMatcher.new("be eql to #{RubySpecExpect.show(expected)}") { |a| a.eql?(expected) }
end

def be_true = RubySpecMatcher.new("be true") { |a| true.equal?(a) }
def be_false = RubySpecMatcher.new("be false") { |a| false.equal?(a) }
def be_nil = RubySpecMatcher.new("be nil") { |a| nil.equal?(a) }
def be_true_or_false = RubySpecMatcher.new("be true or false") { |a| true.equal?(a) || false.equal?(a) }
def be_empty = RubySpecMatcher.new("be empty") { |a| a.empty? }
def be_nan = RubySpecMatcher.new("be NaN") { |a| a.kind_of?(Float) && a.nan? }

def be_positive_zero
  RubySpecMatcher.new("be +0.0") { |a| a.kind_of?(Float) && a == 0.0 && (1.0 / a) > 0 }
end

def be_negative_zero
  RubySpecMatcher.new("be -0.0") { |a| a.kind_of?(Float) && a == 0.0 && (1.0 / a) < 0 }
end

def be_positive_infinity
  RubySpecMatcher.new("be Infinity") { |a| a.kind_of?(Float) && a.infinite? == 1 }
end

def be_negative_infinity
  RubySpecMatcher.new("be -Infinity") { |a| a.kind_of?(Float) && a.infinite? == -1 }
end

def be_kind_of(klass)
  RubySpecMatcher.new("be a kind of #{klass}") { |a| a.kind_of?(klass) }
end

def be_an_instance_of(klass)
  RubySpecMatcher.new("be an instance of #{klass}") { |a| a.instance_of?(klass) }
end

def be_ancestor_of(klass)
  RubySpecMatcher.new("be an ancestor of #{klass}") { |a| klass.ancestors.include?(a) }
end

def be_close(expected, tolerance)
  RubySpecMatcher.new("be within #{tolerance} of #{expected}") { |a| (a - expected).abs <= tolerance }
end

def include(*expected)
  RubySpecMatcher.new("include #{expected.map { |e| RubySpecExpect.show(e) }.join(', ')}") do |a|
    expected.all? { |e| a.include?(e) }
  end
end

def respond_to(name)
  RubySpecMatcher.new("respond to #{name}") { |a| a.respond_to?(name) }
end

def have_constant(name)
  RubySpecMatcher.new("have constant #{name}") { |a| a.constants.include?(name.to_sym) }
end

def have_method(name, include_super = true)
  RubySpecMatcher.new("have method #{name}") { |a| a.methods(include_super).include?(name.to_sym) }
end

def have_private_method(name, include_super = true)
  RubySpecMatcher.new("have private method #{name}") { |a| a.private_methods(include_super).include?(name.to_sym) }
end

def have_protected_method(name, include_super = true)
  RubySpecMatcher.new("have protected method #{name}") { |a| a.protected_methods(include_super).include?(name.to_sym) }
end

def have_public_method(name, include_super = true)
  RubySpecMatcher.new("have public method #{name}") { |a| a.public_methods(include_super).include?(name.to_sym) }
end

def have_singleton_method(name, include_super = true)
  RubySpecMatcher.new("have singleton method #{name}") { |a| a.singleton_methods(include_super).include?(name.to_sym) }
end

def have_instance_method(name, include_super = true)
  RubySpecMatcher.new("have instance method #{name}") { |a| a.instance_methods(include_super).include?(name.to_sym) }
end

def have_public_instance_method(name, include_super = true)
  RubySpecMatcher.new("have public instance method #{name}") do |a|
    a.public_instance_methods(include_super).include?(name.to_sym)
  end
end

def have_private_instance_method(name, include_super = true)
  RubySpecMatcher.new("have private instance method #{name}") do |a|
    a.private_instance_methods(include_super).include?(name.to_sym)
  end
end

def have_protected_instance_method(name, include_super = true)
  RubySpecMatcher.new("have protected instance method #{name}") do |a|
    a.protected_instance_methods(include_super).include?(name.to_sym)
  end
end

def have_instance_variable(name)
  RubySpecMatcher.new("have instance variable #{name}") { |a| a.instance_variables.include?(name.to_sym) }
end

def have_class_variable(name)
  RubySpecMatcher.new("have class variable #{name}") { |a| a.class_variables.include?(name.to_sym) }
end

# `[[recv, arg..., expected], ...].should be_computed_by(:meth, extra...)`: recv.meth(arg..., extra...) == expected.
class RubySpecComputedBy
  def initialize(sym, args)
    @sym = sym
    @args = args
  end

  def matches?(actual)
    actual.each do |row|
      @row = row
      recv = row[0]
      args = row[1...-1] + @args
      @got = recv.__send__(@sym, *args)
      return false unless @got == row[-1]
    end
    true
  end

  def failure_message
    ["Expected #{RubySpecExpect.show(@row[-1])}",
     "to be computed by #{RubySpecExpect.show(@row[0])}.#{@sym}(#{(@row[1...-1] + @args).map { |a| RubySpecExpect.show(a) }.join(', ')}) (computed #{RubySpecExpect.show(@got)} instead)"]
  end

  def negative_failure_message = ["Expected computation", "not to hold"]
end

def be_computed_by(sym, *args) = RubySpecComputedBy.new(sym, args)

# Compares captured text with an expected String (==) or Regexp (match).
def ruby_spec_text_matches?(expected, text)
  return true if expected.nil?
  if expected.is_a?(String)
    expected == text
  else
    expected.match?(text)
  end
end

# `-> { ... }.should raise_error(Class, message) { |e| ... }`.
class RubySpecRaiseError
  def initialize(klass, message, block)
    @klass = klass
    @message = message
    @block = block
  end

  def matches?(proc)
    @raised = nil
    @result = proc.call
    false
  rescue Exception => e
    raise e if e.is_a?(SpecExpectationNotMetError) && !(@klass <= SpecExpectationNotMetError)
    @raised = e
    return false unless @klass === e
    return false unless ruby_spec_text_matches?(@message, e.message)
    @block.call(e) if @block
    true
  end

  def expected_text
    msg = @message.nil? ? "" : " (#{@message.is_a?(String) ? @message : @message.inspect})"
    "#{@klass}#{msg}"
  end

  def failure_message
    if @raised
      ["Expected #{expected_text}", "but got: #{@raised.class} (#{@raised.message})"]
    else
      ["Expected #{expected_text}", "but no exception was raised (#{RubySpecExpect.show(@result)} was returned)"]
    end
  end

  def negative_failure_message
    ["Expected to not get #{expected_text}", "but got: #{@raised.class} (#{@raised.message})"]
  end
end

def raise_error(klass = Exception, message = nil, &block)
  if klass.is_a?(String)
    message = klass
    klass = Exception
  end
  RubySpecRaiseError.new(klass, message, block)
end

# An object that stands in for $stdout/$stderr and keeps what is written to it.
class RubySpecIOStub
  attr_reader :text

  def initialize
    @text = +""
  end

  def write(*args)
    n = 0
    args.each do |a|
      s = a.to_s
      @text << s
      n += s.bytesize
    end
    n
  end

  def <<(obj)
    write(obj)
    self
  end

  def print(*args)
    args.each { |a| write(a) }
    nil
  end

  def puts(*args)
    if args.empty?
      write("\n")
    else
      args.flatten.each do |a|
        s = a.nil? ? "" : a.to_s
        write(s)
        write("\n") unless s.end_with?("\n")
      end
    end
    nil
  end

  def printf(fmt, *args)
    write(format(fmt, *args))
    nil
  end

  def putc(c)
    write(c.is_a?(Integer) ? (c % 256).chr : c.to_s[0])
    c
  end

  def flush = self
  def sync = true
  def sync=(v); end
  def fileno = nil
  def tty? = false
  def isatty = false
end

# `-> { ... }.should complain(message, verbose: false)`: something was written to $stderr.
class RubySpecComplain
  def initialize(expected, verbose)
    @expected = expected
    @verbose = verbose
  end

  def matches?(proc)
    saved_err = $stderr
    saved_verbose = $VERBOSE
    stub = RubySpecIOStub.new
    begin
      $stderr = stub
      $VERBOSE = @verbose
      proc.call
    ensure
      $stderr = saved_err
      $VERBOSE = saved_verbose
    end
    @warning = stub.text
    return !@warning.empty? if @expected.nil?
    ruby_spec_text_matches?(@expected, @warning)
  end

  def failure_message
    if @expected.nil?
      ["Expected a warning", "but received none"]
    else
      ["Expected warning: #{RubySpecExpect.show(@expected)}", "but got: #{RubySpecExpect.show(@warning)}"]
    end
  end

  def negative_failure_message
    ["Unexpected warning:", RubySpecExpect.show(@warning)]
  end
end

def complain(expected = nil, verbose: false)
  RubySpecComplain.new(expected, verbose)
end

# `-> { ... }.should output(out, err)`: what was written to $stdout and $stderr.
class RubySpecOutput
  def initialize(out, err)
    @out = out
    @err = err
  end

  def matches?(proc)
    saved_out = $stdout
    saved_err = $stderr
    out = RubySpecIOStub.new
    err = RubySpecIOStub.new
    begin
      $stdout = out
      $stderr = err
      proc.call
    ensure
      $stdout = saved_out
      $stderr = saved_err
    end
    @got_out = out.text
    @got_err = err.text
    ruby_spec_text_matches?(@out, @got_out) && ruby_spec_text_matches?(@err, @got_err)
  end

  def failure_message
    ["Expected output #{RubySpecExpect.show(@out)} and #{RubySpecExpect.show(@err)}",
     "but got #{RubySpecExpect.show(@got_out)} and #{RubySpecExpect.show(@got_err)}"]
  end

  def negative_failure_message
    ["Expected output not to be", RubySpecExpect.show(@out)]
  end
end

def output(out = nil, err = nil) = RubySpecOutput.new(out, err)

# `-> { ... }.should output_to_fd(text, io)`: what the block wrote to a file descriptor. It needs
# IO#reopen to redirect the descriptor, which rubra does not have yet.
def output_to_fd(text, io = STDOUT)
  RubySpecMatcher.new("output #{RubySpecExpect.show(text)} to fd #{io.fileno}") do |_|
    raise NotImplementedError, "output_to_fd needs IO#reopen"
  end
end

# `-> { ... }.should block_caller`: the block, run in a thread of its own, goes to sleep (is
# blocked) rather than ending; the thread is killed once it sleeps.
def block_caller(timeout = 0.1)
  RubySpecMatcher.new("block the caller") do |blk|
    t = Thread.new { blk.call }
    result = nil
    while result.nil?
      case t.status
      when "sleep" then t.kill; t.join; result = true
      when false then t.join; result = false
      when nil then t.value
      else Thread.pass
      end
    end
    result
  end
end

def be_locale_env(expected = nil)
  RubySpecMatcher.new("be the locale's encoding") do |a|
    a == (Encoding.find("locale") rescue Encoding::UTF_8)
  end
end
