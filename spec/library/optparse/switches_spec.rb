require "optparse"
o = OptionParser.new
o.on("--verbose") {}
o.on("--version-x") {}
o.on("-a", "--all") { |v| p [:all, v] }
o.on("-b") { |v| p [:b, v] }
o.on("-c VAL") { |v| p [:c, v] }
o.on("--req=X", "desc1", "desc2 line") { |v| p [:req, v] }
o.on("--[no-]color [WHEN]", "Color") { |v| p [:color, v] }
begin; o.parse(%w[--ver]); rescue => e; p [e.class, e.message]; end
begin; o.parse(%w[--all=3]); rescue => e; p [e.class, e.message]; end
p o.parse(%w[-abcX y])
p o.parse(%w[-ab -c Z])
p o.parse(%w[--al --no-color --color=always --color])
begin; o.parse(%w[-c]); rescue => e; p [e.class, e.message]; end
begin; o.parse(%w[--req]); rescue => e; p [e.class, e.message]; end
p o.parse(%w[--req -x])
puts o.summarize
puts o
p o.order(%w[-a x -b])
p o.permute(%w[-a x -b])
e = OptionParser::InvalidOption.new("-z")
p e.message, e.to_s, e.reason rescue p $!
e.set_option("-z", true) rescue p $!
begin; o.parse(%w[-z]); rescue => e; p e.recover([]) rescue p $!; end
p OptionParser::ParseError.superclass
p OptionParser::AmbiguousOption.new("--x").message
p OptionParser::NeedlessArgument.new("--all=3").message
p o.getopts rescue p $!
o5 = OptionParser.new { |x| x.version = "1.2"; x.program_name = "tool"; x.on("-q") }
puts o5.ver
p o5.release
o7 = OptionParser.new { |x| x.on("-m", "--mode MODE", {"fast" => 1, "slow" => 2}) { |v| p v } }
o7.parse(%w[-m fa --mode slow])
begin; o7.parse(%w[-m x]); rescue => e; p e.message; end
