# Self-referencing arrays: hash, ==, eql?, <=>, and the methods built on them.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

a = [1]; a << a
b = [1]; b << b
t("inspect") { a.inspect }
t("to_s") { a.to_s }
t("hash stable") { a.hash == a.hash }
t("eql? self") { a.eql?(a) }
t("== other") { a == b }
t("eql? other") { a.eql?(b) }
t("<=> other") { a <=> b }
t("tally") { [a].tally.size }
t("join") { a.join }
t("&") { (a & [a]).size }
t("-") { (a - [a]).size }
t("intersection") { a.intersection([a]).size }
t("uniq") { [a, a].uniq.size }
t("include?") { [a].include?(b) }
t("flatten") { a.flatten }
t("hash key") { h = {a => 1}; h[a] }
c = [[1, 2]]; c << c
t("to_h") { c.to_h }
t("nested ==") { x = [[a]]; y = [[b]]; x == y }
