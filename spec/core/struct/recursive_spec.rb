# Self-referencing structs: inspect, ==, hash.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

S = Struct.new(:a)
s = S.new; s.a = s
t("inspect") { s.inspect }
t("== dup") { s == s.dup }
t("hash class") { s.hash.class }
t("hash stable") { s.hash == s.hash }
