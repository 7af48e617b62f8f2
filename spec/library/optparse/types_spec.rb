require "optparse"
o6 = OptionParser.new { |x| x.on("-s", "--size SIZE", Numeric) { |v| p v }; x.on("--flag", TrueClass) { |v| p v }; x.on("--[no-]neg", FalseClass) { |v| p v } }
o6.parse(%w[-s 1/3 --size 2.5 --size 7 --flag --no-neg --neg])
begin; o6.parse(%w[--flag=maybe]); rescue => e; p e.message; end

o7 = OptionParser.new { |x| x.on("-m", "--mode MODE", {"fast" => 1, "slow" => 2}) { |v| p v }; x.on("--kind K", %w[alpha beta]) { |v| p v } }
o7.parse(%w[-m fa --mode slow --kind al])
begin; o7.parse(%w[-m x]); rescue => e; p e.message; end
o8 = OptionParser.new { |x| x.on("-x") }
begin; o8.parse(%w[--help]); rescue SystemExit => e; p [:exit, e.status]; end
o8.version = "3.0"
begin; o8.parse(%w[-h]); rescue SystemExit => e; p [:exit, e.status]; rescue => e; p e; end
p o8.parse(%w[-x -- -x]), o8.parse([])
o9 = OptionParser.new
o9.on("-i", "--int N", Integer) { |v| p v }
o9.parse(%w[-i 0x1f -i -3 -i 0b11 -i 1_000])
begin; o9.parse(%w[-i 1.5]); rescue => e; p e.message; end
o9.on("-F N", Float) { |v| p v }
o9.parse(%w[-F 1e3 -F 3])
o9.on("--ary A", Array) { |v| p v }
o9.parse(["--ary", "a,,b"])
o9.on("-r", "--regexp PAT", Regexp) { |v| p v }
o9.parse(["-r", "/ab+/i", "-r", "x.y"])
begin; o9.parse(%w[--int]); rescue => e; p e.message; end
o9.separator("--- sep")
puts o9.help
