require "optparse"
opts = {}
parser = OptionParser.new do |o|
  o.banner = "Usage: prog [options]"
  o.separator ""
  o.separator "Specific options:"
  o.on("-v", "--[no-]verbose", "Run verbosely") { |v| opts[:verbose] = v }
  o.on("-n", "--count N", Integer, "How many") { |v| opts[:count] = v }
  o.on("-f", "--float=F", Float, "A float") { |v| opts[:f] = v }
  o.on("-l", "--list x,y", Array, "List") { |v| opts[:list] = v }
  o.on("-t", "--type TYPE", [:a, :bb], "Type (a, bb)") { |v| opts[:type] = v }
  o.on("-o", "--optional [ARG]", "Optional arg") { |v| opts[:opt] = v }
  o.on("-q", "Quiet") { |v| opts[:q] = v }
  o.on("--long-only VALUE", "A long only option with a very long description that goes on") { |v| opts[:lo] = v }
  o.on_tail("-h", "--help", "Show help") { puts o; }
end
puts parser.help
p parser.to_s == parser.help
argv = %w[-v -n 3 --float=2.5 -l a,b,c file1 -t bb -o --long-only X file2 -q]
rest = parser.parse(argv)
p opts, rest, argv
argv2 = %w[--no-verbose -n5 -ofoo a -- -q]
p parser.parse!(argv2), argv2, opts
%w[-x --bogus -n --count=abc -tq --verb --ver].each do |a|
  begin
    parser.parse([a])
  rescue OptionParser::ParseError => e
    p [e.class, e.message, e.args]
  end
end
p opts
p OptionParser::InvalidOption.ancestors.take(4)
p parser.banner, parser.program_name.class, parser.summary_width, parser.summary_indent
o2 = OptionParser.new
p o2.banner rescue p $!
o2.on("-a") { }
puts o2.help
h = {}
OptionParser.new { |o| o.on("-a", "--alpha"); o.on("-b VAL", Integer) }.parse!(%w[-a -b 4], into: h)
p h
p OptionParser::Version rescue p $!
op3 = OptionParser.new("Usage: x", 20, "  ")
op3.on("-x", "--ex", "desc") {}
puts op3
p OptionParser.new { |o| o.on("-i", "--int=N", OptionParser::DecimalInteger) {} }.parse(%w[-i 010]) rescue p $!
o4 = OptionParser.new; v = nil; o4.on("-z VALUE", /\A\d+\z/) { |x| v = x }; begin; o4.parse(%w[-z abc]); rescue => e; p e.message; end
p o4.parse(%w[-z 12]), v
