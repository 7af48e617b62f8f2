# String#split without a Regexp: awk mode (nil or " "), chars mode ("") and string mode, with
# CRuby's limits (> 0 caps and keeps an empty last piece, < 0 keeps trailing empties, 0 drops
# them), per-byte pieces for a binary string, and ArgumentError for a broken one.
p "é".b.split(""), "é".b.split("").map(&:encoding)
p "a\0b".split, "a\0 b".split(" ")
p " a b ".split(" ", -1), "   ".split(" ", -1), "a   ".split(" ", 2), "a b  ".split(" ", 2)
p "a,b,,".split(",", -1), ",,".split(","), "a,,b,,".split(",", 3), "a,".split(",", 2)
p "a,b,".split(",", 5), "a,b".split(",", 5), "xaaa".split("aa"), "a--b----".split("--")
p "ab".split("", -1), "ab".split("", 2), "ab".split("", 3), "éa".split("", 2)
p "".split(","), "".split(",", -1), "".split(""), "".split, "".split(" ", -1)
p "a,b".split(",", 1), "a b c".split(nil, -1), " lead".split(" ")
p " a b".split(" ", 1), " a b ".split(nil, 1), "".split(" ", 1), " a b".split(" ", 2)
p(("é\xff".split("") rescue $!), ("é\xff".split(",") rescue $!), ("é\xff".split rescue $!))
p "a\xffb".b.split("\xff".b)
$; = ","
p "a,b c".split, "a,b c".split(nil)
$; = nil
big = ("k:v\t" * 50_000).split("\t")
p big.size, big.first, big.last, big.count { |x| x == "k:v" }
p ("x," * 10_000).split(",").size, ("x," * 10_000).split(",", -1).size
r = []
"a,b,c".split(",") { |x| r << x }
p r
