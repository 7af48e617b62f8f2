# The spec tree and how it runs: describe/context/it/specify, before/after (:each and :all),
# shared behaviours (`describe :name, shared: true` and `it_behaves_like :name, :method, object`),
# and the report lines the runner (spec/ruby_spec/main.rs) reads.
#
# A top-level `describe` collects its block's examples, hooks and nested describes, then runs them
# at once (so a file that dies later still reports what ran before). As in mspec: every describe
# body, hook and example runs with `instance_exec` on one environment object per file (so
# instance variables set in a `before` are seen by the examples); a context's `before` hooks are
# its parents' then its own, its `after` hooks its own (last defined first) then its parents';
# `it_behaves_like :name, :m, obj` adds to the current describe a `before :all` setting `@method`
# and `@object` and then the shared describe's hooks, examples and nested describes; an example
# that checks no expectation fails. Each example's outcome goes to the report file as one line
# (see RubySpecReport).

# Raised by a failed expectation; anything else an example raises counts as an error.
class SpecExpectationNotMetError < StandardError
end

# Raised by `skip`: the example neither passes nor fails.
class SpecSkippedError < StandardError
end

# Writes the machine-readable lines the runner reads, to the file named by RUBY_SPEC_REPORT
# (unbuffered, so a crash loses nothing), or to STDOUT. Each line is TAB-separated:
#   S <description>             an example starts
#   F <description> <message>   it failed an expectation
#   E <description> <message>   it raised something else
#   K <description> <message>   it was skipped (`skip`)
#   D                           the file ran to its end
module RubySpecReport
  def self.out
    @out ||= begin
      path = ENV["RUBY_SPEC_REPORT"]
      if path && path != ""
        f = File.open(path, "a")
        f.sync = true
        f
      else
        STDOUT
      end
    end
  end

  # Descriptions and messages on one line: newlines and tabs are written as \n and \t.
  def self.clean(text)
    text.to_s.gsub("\\", "\\\\").gsub("\n", "\\n").gsub("\t", "\\t")
  end

  def self.line(*fields)
    out.write(fields.map { |f| clean(f) }.join("\t") + "\n")
    out.flush
  end
end

# One describe block (or an anonymous group made by it_behaves_like).
class RubySpecContext
  attr_reader :description, :examples, :children, :hooks
  attr_accessor :parent

  def initialize(description, parent)
    @description = description
    @parent = parent
    @examples = []
    @children = []
    @hooks = { before_each: [], after_each: [], before_all: [], after_all: [] }
  end

  # The descriptions from the outermost describe down to this one, joined by spaces.
  def full_description
    parts = []
    c = self
    while c
      parts.unshift(c.description) unless c.description.empty?
      c = c.parent
    end
    parts.join(" ")
  end

  # Hooks in running order: `before` ones as defined, `after` ones last defined first.
  def add_hook(kind, block)
    if kind == :after_each || kind == :after_all
      @hooks[kind].unshift(block)
    else
      @hooks[kind] << block
    end
  end

  # Puts a shared describe's hooks, examples and nested describes into this one.
  def adopt_shared(shared)
    shared.hooks[:before_all].each { |b| add_hook(:before_all, b) }
    shared.hooks[:before_each].each { |b| add_hook(:before_each, b) }
    shared.hooks[:after_each].reverse_each { |b| add_hook(:after_each, b) }
    shared.hooks[:after_all].reverse_each { |b| add_hook(:after_all, b) }
    shared.examples.each { |e| @examples << e }
    shared.children.each { |ch| @children << ch.copy_into(self) }
  end

  # A deep copy under a new parent (a shared describe's nested describes).
  def copy_into(parent)
    c = RubySpecContext.new(@description, parent)
    @hooks.each { |k, v| c.hooks[k].concat(v) }
    @examples.each { |e| c.examples << e }
    @children.each { |ch| c.children << ch.copy_into(c) }
    c
  end

  # The hooks of `kind` of the outer describes and this one: before hooks outermost first, after
  # hooks innermost first.
  def chain(kind)
    outer = parent ? parent.chain(kind) : []
    kind == :before_each || kind == :before_all ? outer + @hooks[kind] : @hooks[kind] + outer
  end
end

# The run's state: the context being defined, the shared behaviours, the environment object.
module RubySpec
  @current = nil
  @shared = {}
  @env = Object.new
  @file = nil

  class << self
    attr_accessor :current, :file
    attr_reader :shared, :env
  end

  def self.describe(args, options, block)
    desc = RubySpec.describe_string(args)
    if options[:shared]
      ctx = RubySpecContext.new("", nil)
      @shared[args.first.to_s] = ctx
      RubySpec.define(ctx, block)
      return
    end
    ctx = RubySpecContext.new(desc, @current)
    if @current
      @current.children << ctx
      RubySpec.define(ctx, block)
    else
      RubySpec.define(ctx, block)
      RubySpec.run_context(ctx)
    end
  end

  # mspec's rule: `describe Array, "#flatten"` is "Array#flatten", `describe X, "when y"` is "X when y".
  def self.describe_string(args)
    first = args[0].to_s
    second = args[1]
    return first if second.nil?
    second = second.to_s
    sep = [".", "#", ":"].include?(second[0, 1]) ? "" : " "
    first + sep + second
  end

  # Evaluates a describe body with `ctx` as the current context. An exception there is reported as
  # an error of a pseudo-example "<load error>" of that describe.
  def self.define(ctx, block)
    saved = @current
    @current = ctx
    begin
      @env.instance_exec(&block) if block
    rescue Exception => e
      desc = ctx.full_description
      desc = desc.empty? ? "<load error>" : "#{desc} <load error>"
      RubySpecReport.line("S", desc)
      RubySpecReport.line("E", desc, RubySpec.describe_exception(e))
    ensure
      @current = saved
    end
  end

  def self.it_behaves_like(name, meth, obj, env_values)
    raise "it_behaves_like outside describe" unless @current
    shared = @shared[name.to_s]
    raise ArgumentError, "Unable to find shared 'describe' for #{name}" unless shared
    if env_values
      @current.add_hook(:before_all, proc {
        @method = meth
        @object = obj
      })
      @current.add_hook(:after_all, proc {
        @method = nil
        @object = nil
      })
    end
    @current.adopt_shared(shared)
  end

  # Runs hooks; the first exception, or nil.
  def self.run_hooks(hooks)
    hooks.each do |h|
      @env.instance_exec(&h)
    rescue Exception => e
      return e
    end
    nil
  end

  def self.run_context(ctx)
    unless ctx.examples.empty?
      failure = run_hooks(ctx.chain(:before_all))
      ctx.examples.each do |ex|
        desc = ctx.full_description + " " + ex[0]
        if failure.nil?
          run_example(ctx, desc, ex[1])
        elsif !RubySpec.excluded[RubySpecReport.clean(desc)]
          RubySpecReport.line("S", desc)
          RubySpecReport.line("E", desc, "before :all: " + RubySpec.describe_exception(failure))
        end
      end
      run_hooks(ctx.chain(:after_all))
    end
    ctx.children.each { |c| run_context(c) }
  end

  # Set by should/should_not/should_receive: the example checked something.
  def self.expectation! = (@expectation = true)

  # The descriptions not to run (the runner's `crash:` tags), from the file $RUBY_SPEC_SKIP.
  def self.excluded
    @excluded ||= begin
      path = ENV["RUBY_SPEC_SKIP"]
      list = {}
      if path && File.exist?(path)
        File.read(path).split("\n").each { |l| list[l] = true }
      end
      list
    end
  end

  def self.run_example(ctx, desc, block)
    if RubySpec.excluded[RubySpecReport.clean(desc)]
      RubySpecReport.line("X", desc)
      return
    end
    RubySpecReport.line("S", desc)
    outcome = nil
    stdout = $stdout
    stderr = $stderr
    @expectation = false
    begin
      ctx.chain(:before_each).each { |h| @env.instance_exec(&h) }
      if block
        @env.instance_exec(&block)
        raise SpecExpectationNotMetError, "No behavior expectation was found in the example" unless @expectation
      end
    rescue Exception => e
      outcome = e
    end
    ctx.chain(:after_each).each do |h|
      @env.instance_exec(&h)
    rescue Exception => e
      outcome ||= e
    end
    begin
      RubyMock.verify_count if outcome.nil?
    rescue Exception => e
      outcome = e
    end
    RubyMock.cleanup
    $stdout = stdout
    $stderr = stderr
    if outcome.nil?
      nil
    elsif outcome.is_a?(SpecSkippedError)
      RubySpecReport.line("K", desc, outcome.message)
    elsif outcome.is_a?(SpecExpectationNotMetError)
      RubySpecReport.line("F", desc, outcome.message)
    else
      RubySpecReport.line("E", desc, RubySpec.describe_exception(outcome))
    end
  end

  def self.describe_exception(e)
    where = ""
    bt = e.backtrace
    where = " at " + bt.first.to_s if bt && bt.first
    "#{e.class}: #{e.message}#{where}"
  end

  # Loads one spec file (its path relative to the current directory) and reports its end.
  def self.run_file(path)
    @file = path
    begin
      require File.expand_path(path)
    rescue Exception => e
      RubySpecReport.line("S", "<load error>")
      RubySpecReport.line("E", "<load error>", RubySpec.describe_exception(e))
    end
    RubySpecReport.line("D")
  end
end

def describe(*args, &block)
  options = args.last.is_a?(Hash) ? args.pop : {}
  RubySpec.describe(args, options, block)
end

def context(*args, &block)
  describe(*args, &block)
end

def it(description = "", &block)
  raise "`it` outside describe" unless RubySpec.current
  RubySpec.current.examples << [description.to_s, block]
end

def specify(description = "", &block)
  it(description, &block)
end

def before(kind = :each, &block)
  RubySpec.current.add_hook(kind == :all ? :before_all : :before_each, block)
end

def after(kind = :each, &block)
  RubySpec.current.add_hook(kind == :all ? :after_all : :after_each, block)
end

def it_behaves_like(name, meth = nil, obj = nil)
  RubySpec.it_behaves_like(name, meth, obj, true)
end

def it_should_behave_like(name)
  RubySpec.it_behaves_like(name, nil, nil, false)
end

def skip(message = "skipped")
  raise SpecSkippedError, message
end

def flunk(message = "This example is a failure")
  raise SpecExpectationNotMetError, message
end
