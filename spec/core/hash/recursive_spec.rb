# Self-referencing hashes: inspect, ==, eql?, hash.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

h = {}; h[:a] = h
g = {}; g[:a] = g
t("inspect") { h.inspect }
t("== dup") { h == h.dup }
t("== other") { h == g }
t("eql? other") { h.eql?(g) }
t("hash stable") { h.hash == h.hash }
t("as key") { {h => 1}[h] }
t("in array") { [h] == [g] }
