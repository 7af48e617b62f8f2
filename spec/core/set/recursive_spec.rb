# A set that contains itself.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

x = Set.new; x << x
t("inspect") { x.inspect }
t("to_s") { x.to_s }
t("size") { x.size }
