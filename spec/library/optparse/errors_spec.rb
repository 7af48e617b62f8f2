require "optparse"
o = OptionParser.new { |x| x.on("--verbose") {}; x.on("--count N", Integer); x.on("-q", "--quiet") {} ; x.on("--a-very-long-option-name-here=VALUE", "Desc here"); x.on("-t", "--type=TYPE", [:fast, :slow], "T") { |v| p v } }
begin; o.parse(%w[--vebrose]); rescue => e; p e.message; p e.args; end
begin; o.parse(%w[--quite]); rescue => e; p e.message; end
begin; o.parse(%w[-t f -t x]); rescue => e; p e.message; end
begin; o.parse(%w[--count]); rescue => e; p e.message; end
begin; o.parse(%w[--count x]); rescue => e; p e.message; end
begin; o.parse(%w[--quiet=x]); rescue => e; p e.message; end
begin; o.parse(%w[-qz]); rescue => e; p e.message; end
puts o.help
h = {}
p o.parse(%w[-q --count 3 -t slow x], into: h), h
p OptionParser::VERSION rescue p $!
p o.on("-z"){}.class
p o.define("-y").class rescue p $!
