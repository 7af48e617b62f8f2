# frozen_string_literal: true
#
# optparse: OptionParser, command-line option parsing. `on("-n", "--count N", Integer,
# "How many") { |v| ... }` declares a switch (short and long names, `--[no-]name` for a
# negatable one, a required `N`/`=N` or optional `[N]` argument, a type that converts the
# argument, and description lines); `parse!` removes the options it finds from ARGV and calls
# their blocks; `help` is the banner and the summary of the switches. Written for rubra.
#
# Parsing: a long option may be abbreviated to any unambiguous prefix; short options may be
# clustered (`-abc`) and take their argument attached (`-n3`) or as the next word; `--` ends
# the options. By default the non-option words may come anywhere (`permute!`); `order!` stops
# at the first. `--help` and `--version` are answered when the program does not define them.

class OptionParser
  VERSION = "0.8.1"
  Version = VERSION

  # A failed parse: its message is "#{reason}: #{args.join(' ')}".
  class ParseError < RuntimeError
    Reason = "parse error"

    attr_reader :args
    attr_writer :reason
    attr_accessor :option

    def initialize(*args, additional: nil)
      super()
      @args = args
      @reason = nil
      @additional = additional
    end

    def reason
      @reason || self.class::Reason
    end

    # Puts the failing words back at the front of argv.
    def recover(argv)
      argv[0, 0] = @args
      argv
    end

    def set_option(opt, eq)
      if eq
        @args[0] = opt
      else
        @args.unshift(opt)
      end
      self
    end

    def inspect
      "#<#{self.class}: #{args.join(' ')}>"
    end

    def message
      "#{reason}: #{args.join(' ')}"
    end
    alias to_s message
  end

  class AmbiguousOption < ParseError
    Reason = "ambiguous option"
  end

  class NeedlessArgument < ParseError
    Reason = "needless argument"
  end

  class MissingArgument < ParseError
    Reason = "missing argument"
  end

  class InvalidOption < ParseError
    Reason = "invalid option"
  end

  class InvalidArgument < ParseError
    Reason = "invalid argument"
  end

  class AmbiguousArgument < InvalidArgument
    Reason = "ambiguous argument"
  end

  # The argument patterns that name a conversion (OptionParser::DecimalInteger and friends).
  DecimalInteger = /\A[-+]?\d+(?:_\d+)*\z/
  OctalInteger = /\A[-+]?(?:[0-7]+(?:_[0-7]+)*|0(?:b[01]+(?:_[01]+)*|x\h+(?:_\h+)*))\z/i
  DecimalNumeric = /\A[-+]?(?:\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?)\z/i

  # What the built-in argument types accept: type => converter (the converter raises
  # ArgumentError, or answers the `INVALID` marker, for an argument it refuses).
  INVALID = Object.new.freeze
  private_constant :INVALID

  BOOLEANS = { "yes" => true, "true" => true, "+" => true,
               "no" => false, "false" => false, "-" => false, "nil" => false }.freeze
  private_constant :BOOLEANS

  ACCEPTORS = {
    Object => ->(s) { s },
    String => ->(s) { s },
    NilClass => ->(s) { s },
    Integer => ->(s) { Integer(s) },
    Float => ->(s) { Float(s) },
    Numeric => lambda do |s|
      if s.include?("/") then Rational(s)
      elsif s.match?(/[.eE]/) && !s.match?(/\A[-+]?0[xX]/) then Float(s)
      else Integer(s)
      end
    end,
    DecimalInteger => ->(s) { s.match?(DecimalInteger) ? s.delete("_").to_i : INVALID },
    OctalInteger => ->(s) { s.match?(OctalInteger) ? s.oct : INVALID },
    DecimalNumeric => lambda do |s|
      return INVALID unless s.match?(DecimalNumeric)
      s.match?(/[.e]/i) ? Float(s) : s.delete("_").to_i
    end,
    TrueClass => ->(s) { s.nil? ? true : BOOLEANS.fetch(s.downcase) { INVALID } },
    FalseClass => ->(s) { s.nil? ? false : BOOLEANS.fetch(s.downcase) { INVALID } },
    Array => ->(s) { s.split(",").map { |part| part unless part.empty? } },
    Regexp => lambda do |s|
      if (m = s.match(%r{\A/(.*)/([imx]*)\z}m))
        flags = 0
        flags |= Regexp::IGNORECASE if m[2].include?("i")
        flags |= Regexp::MULTILINE if m[2].include?("m")
        flags |= Regexp::EXTENDED if m[2].include?("x")
        Regexp.new(m[1], flags)
      else
        Regexp.new(s)
      end
    end,
  }
  private_constant :ACCEPTORS

  # accept(type) { |arg| conversion }: a type for every parser's switches
  def self.accept(type, pattern = nil, &block)
    ACCEPTORS[type] = block || ->(s) { s.match?(pattern) ? s : INVALID }
  end

  # One switch: its names, what argument it takes, how the argument is converted, its
  # description and its block.
  class Switch
    attr_reader :short, :long, :arg, :desc, :block, :conv

    def initialize(short, long, negatable, arg, conv, desc, block)
      @short = short
      @long = long
      @negatable = negatable
      @arg = arg
      @conv = conv
      @desc = desc
      @block = block
    end

    # The name `into:` stores the value under.
    def switch_name
      (long.first || short.first).to_s.sub(/\A--(\[no-\])?/, "").delete_prefix("-")
    end

    # Converts the argument (nil when none was given); INVALID when the type refuses it.
    def convert(value)
      @conv ? @conv.call(value) : value
    end

    def negatable?
      @negatable
    end

    # The summary lines of the switch.
    def summarize(width, indent)
      left = short.join(", ")
      unless long.empty?
        left = left.empty? ? " " * 4 : "#{left}, "
        left += long.join(", ")
      end
      left += @arg_display.to_s
      lines = []
      if left.length > width && !desc.empty?
        lines << "#{indent}#{left}".rstrip
        desc.each { |d| lines << "#{indent}#{' ' * width} #{d}" }
      else
        lines << "#{indent}#{left.ljust(width)} #{desc.first}".rstrip
        desc.drop(1).each { |d| lines << "#{indent}#{' ' * width} #{d}" }
      end
      lines
    end

    attr_writer :arg_display

    # Switches by their argument: no argument, a required one, an optional one.
    class NoArgument < Switch
    end

    class RequiredArgument < Switch
    end

    class OptionalArgument < Switch
    end
  end

  attr_accessor :banner, :program_name, :summary_width, :summary_indent, :version, :release
  attr_writer :default_argv

  # OptionParser.new(banner = nil, width = 32, indent = "    ") { |parser| ... }
  def initialize(banner = nil, width = 32, indent = " " * 4)
    @banner = banner
    @summary_width = width
    @summary_indent = indent
    @program_name = nil
    @version = nil
    @release = nil
    @head = []
    @list = []
    @tail = []
    @acceptors = {}
    @default_argv = ARGV
    yield self if block_given?
  end

  def banner
    @banner || "Usage: #{program_name} [options]"
  end

  def program_name
    @program_name || File.basename($0)
  end

  def default_argv
    @default_argv
  end

  # "program version" (nil without a version)
  def ver
    v = version
    return unless v
    str = +"#{program_name} #{[v].join('.')}"
    str << " (#{release})" if release
    str
  end

  # accept(type) { |arg| conversion }: a type for this parser's switches
  def accept(type, pattern = nil, &block)
    @acceptors[type] = block || ->(s) { s.match?(pattern) ? s : INVALID }
  end

  # make_switch(options, block) -> a Switch from on's arguments
  def make_switch(opts, block = nil)
    short = []
    long = []
    desc = []
    negatable = false
    style = nil
    display = nil
    conv = nil
    opts.each do |o|
      case o
      when /\A--\[no-\]([^\s=\[]+)(.*)\z/m
        long << "--[no-]#{$1}"
        negatable = true
        style, display = argument_style($2, style, display)
      when /\A--([^\s=\[]+)(.*)\z/m
        long << "--#{$1}"
        style, display = argument_style($2, style, display)
      when /\A-([^-\s=\[])(.*)\z/m
        short << "-#{$1}"
        style, display = argument_style($2, style, display, true)
      when String
        desc << o
      when Class, Regexp
        conv = acceptor(o)
      when Array
        conv = completion(o.to_h { |c| [c.to_s, c] })
      when Hash
        conv = completion(o.to_h { |k, v| [k.to_s, v] })
      when Proc, Method
        conv = o
      end
    end
    klass = { nil => Switch::NoArgument, required: Switch::RequiredArgument,
              optional: Switch::OptionalArgument }[style]
    sw = klass.new(short, long, negatable, style, conv, desc, block)
    sw.arg_display = display
    sw
  end

  # define(*opts) { |value| ... } -> the switch, added to the summary
  def define(*opts, &block)
    sw = make_switch(opts, block)
    @list << sw
    sw
  end
  alias def_option define

  # on(*opts) { |value| ... } -> self
  def on(*opts, &block)
    define(*opts, &block)
    self
  end

  def define_head(*opts, &block)
    sw = make_switch(opts, block)
    @head.unshift(sw)
    sw
  end
  alias def_head_option define_head

  def on_head(*opts, &block)
    define_head(*opts, &block)
    self
  end

  def define_tail(*opts, &block)
    sw = make_switch(opts, block)
    @tail << sw
    sw
  end
  alias def_tail_option define_tail

  def on_tail(*opts, &block)
    define_tail(*opts, &block)
    self
  end

  # separator(line): a line of its own in the summary
  def separator(string)
    @list << string
  end

  # summarize { |line| ... }: each line of the switches' summary
  def summarize(to = [], width = @summary_width, _max = width - 1, indent = @summary_indent, &blk)
    blk ||= proc { |l| to << (l.end_with?("\n") ? l : l + "\n") }
    (@head + @list + @tail).each do |item|
      if item.is_a?(Switch)
        item.summarize(width, indent).each { |l| blk.call(l) }
      else
        blk.call(item)
      end
    end
    to
  end

  # help -> the banner and the summary
  def help
    out = +"#{banner}"
    out << "\n" unless out.end_with?("\n")
    summarize { |l| out << l << "\n" }
    out
  end
  alias to_s help

  def to_a
    summarize([banner.end_with?("\n") ? banner : "#{banner}\n"])
  end

  def inspect
    "#<#{self.class}: #{banner}>"
  end

  # parse(*argv, into: nil) -> the words that are not options (argv itself is not changed)
  def parse(*argv, into: nil)
    argv = argv[0].dup if argv.size == 1 && argv[0].is_a?(Array)
    parse!(argv, into: into)
  end

  # parse!(argv = default_argv, into: nil) -> argv without the options
  def parse!(argv = default_argv, into: nil)
    if ENV.include?("POSIXLY_CORRECT")
      order!(argv, into: into)
    else
      permute!(argv, into: into)
    end
  end

  def order(*argv, into: nil, &nonopt)
    argv = argv[0].dup if argv.size == 1 && argv[0].is_a?(Array)
    order!(argv, into: into, &nonopt)
  end

  # order!(argv) -> argv from the first word that is not an option
  def order!(argv = default_argv, into: nil, &nonopt)
    parse_words(argv, into, false, &nonopt)
  end

  def permute(*argv, into: nil)
    argv = argv[0].dup if argv.size == 1 && argv[0].is_a?(Array)
    permute!(argv, into: into)
  end

  # permute!(argv) -> argv with every option taken out
  def permute!(argv = default_argv, into: nil)
    parse_words(argv, into, true)
  end

  # getopts(argv, "ab:", "long", "req:") -> {"a" => true, "b" => "1", ...}
  def getopts(*args, symbolize_names: false)
    argv = args.first.is_a?(Array) ? args.shift : default_argv
    single, *long = *args
    result = {}
    single&.scan(/(.)(:)?/) do |opt, val|
      result[opt] = val ? nil : false
      define("-#{opt}#{val ? ' VAL' : ''}")
    end
    long.each do |arg|
      name, val = arg.split(":", 2)
      result[name] = val.nil? ? false : (val.empty? ? nil : val)
      define("--#{name}#{val ? ' VAL' : ''}")
    end
    parse!(argv, into: result)
    symbolize_names ? result.transform_keys(&:to_sym) : result
  end

  private

  # The argument part of a switch's name: [style, how it shows in the summary].
  def argument_style(rest, style, display, short = false)
    return [style, display] if rest.nil? || rest.empty?
    text = rest
    text = " #{text}" if short && !text.start_with?(" ", "=")
    if rest.strip.start_with?("[") || rest.start_with?("=[")
      [:optional, text]
    else
      [:required, text]
    end
  end

  def acceptor(type)
    conv = @acceptors[type] || ACCEPTORS[type]
    return conv if conv
    if type.is_a?(Regexp)
      return ->(s) { s.match?(type) ? s : INVALID }
    end
    raise ArgumentError, "unsupported argument type: #{type}"
  end

  # A converter that completes the argument to one of the candidates' names.
  def completion(table)
    lambda do |s|
      return table[s] if table.key?(s)
      found = table.keys.select { |k| k.start_with?(s) }
      case found.size
      when 1 then table[found[0]]
      when 0 then INVALID
      else raise AmbiguousArgument
      end
    end
  end

  def switches
    @head + @list.grep(Switch) + @tail
  end

  # The switch a long name (without its "--") stands for, and whether it was the negated
  # form: exact names first, then unambiguous prefixes.
  def find_long(name, typed)
    exact = []
    prefix = []
    switches.each do |sw|
      sw.long.each do |l|
        base = l.sub(/\A--(\[no-\])?/, "")
        forms = [[base, false]]
        forms << ["no-#{base}", true] if sw.negatable?
        forms.each do |form, neg|
          exact << [sw, neg] if form == name
          prefix << [sw, neg] if form.start_with?(name)
        end
      end
    end
    return exact.first if exact.any?
    prefix.uniq!
    return prefix.first if prefix.size == 1
    raise AmbiguousOption.new(typed) if prefix.size > 1
    nil
  end

  def find_short(char)
    switches.find { |sw| sw.short.include?("-#{char}") }
  end

  # The parse: takes the options out of argv, calling each switch's block (and filling into).
  def parse_words(argv, into, permute, &nonopt)
    rest = []
    until argv.empty?
      word = argv.shift
      if word == "--"
        rest.concat(argv)
        argv.clear
        break
      elsif word.start_with?("--")
        long_option(word, argv, into)
      elsif word.start_with?("-") && word != "-"
        short_options(word, argv, into)
      elsif nonopt
        nonopt.call(word)
      elsif permute
        rest << word
      else
        argv.unshift(word)
        return argv
      end
    end
    argv.replace(rest)
    argv
  end

  def long_option(word, argv, into)
    name, eq, attached = word[2..].partition("=")
    attached = nil if eq.empty?
    sw, negated = find_long(name, word)
    unless sw
      return default_long(name, word) || raise(InvalidOption.new(word))
    end
    if negated
      raise NeedlessArgument.new(word) if attached
      return run(sw, false, into)
    end
    case sw
    when Switch::NoArgument
      raise NeedlessArgument.new(word) if attached
      run(sw, sw.convert(nil).then { |v| v.nil? || v.equal?(INVALID) ? true : v }, into)
    when Switch::RequiredArgument
      if attached
        run(sw, converted(sw, attached, [word]), into)
      else
        raise MissingArgument.new(word) if argv.empty?
        arg = argv.shift
        run(sw, converted(sw, arg, [word, arg]), into)
      end
    else
      if attached
        run(sw, converted(sw, attached, [word]), into)
      elsif !argv.empty? && !argv[0].start_with?("-")
        arg = argv.shift
        run(sw, converted(sw, arg, [word, arg]), into)
      else
        run(sw, sw.convert(nil), into)
      end
    end
  end

  def short_options(word, argv, into)
    chars = word[1..]
    until chars.empty?
      c = chars[0]
      chars = chars[1..]
      sw = find_short(c)
      unless sw
        next if c == "h" && default_long("help", "-h")
        raise InvalidOption.new("-#{c}")
      end
      typed = "-#{c}"
      case sw
      when Switch::NoArgument
        value = sw.convert(nil)
        run(sw, value.nil? || value.equal?(INVALID) ? true : value, into)
      when Switch::RequiredArgument
        if !chars.empty?
          run(sw, converted(sw, chars, ["#{typed}#{chars}"]), into)
        else
          raise MissingArgument.new(typed) if argv.empty?
          arg = argv.shift
          run(sw, converted(sw, arg, [typed, arg]), into)
        end
        return
      else
        if !chars.empty?
          run(sw, converted(sw, chars, ["#{typed}#{chars}"]), into)
        elsif !argv.empty? && !argv[0].start_with?("-")
          arg = argv.shift
          run(sw, converted(sw, arg, [typed, arg]), into)
        else
          run(sw, sw.convert(nil), into)
        end
        return
      end
    end
  end

  # The switch's conversion of arg; InvalidArgument (naming the words typed) when it fails.
  def converted(sw, arg, typed)
    value = begin
      sw.convert(arg)
    rescue AmbiguousArgument
      raise AmbiguousArgument.new(*typed)
    rescue ArgumentError, TypeError
      INVALID
    end
    raise InvalidArgument.new(*typed) if value.equal?(INVALID)
    value
  end

  def run(sw, value, into)
    result = sw.block ? sw.block.call(value) : value
    into[sw.switch_name.to_sym] = result if into
    result
  end

  # --help and --version when the program did not define them; nil for other names.
  def default_long(name, typed)
    if name.length >= 1 && "help".start_with?(name)
      puts help
      exit
    elsif name.length >= 3 && "version".start_with?(name)
      if (v = ver)
        puts v
        exit
      end
      abort("#{program_name}: version unknown")
    end
  end
end

# ARGV as an option parser's default words (`ARGV.options`, `ARGV.parse!`)
module OptionParser::Arguable
  def options
    @optparse ||= OptionParser.new
    @optparse.default_argv = self
    block_given? ? yield(@optparse) : @optparse
  end

  def parse!
    options.parse!(self)
  end

  def order!
    options.order!(self)
  end

  def permute!
    options.permute!(self)
  end

  def getopts(*args, symbolize_names: false)
    options.getopts(self, *args, symbolize_names: symbolize_names)
  end
end
ARGV.extend(OptionParser::Arguable)
