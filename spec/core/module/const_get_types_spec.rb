# Module#const_get and constant assignment with names and scopes of the wrong type.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

module T; end
t("const_get(123)") { T.const_get(123) }
t("const_get(1.5)") { Object.const_get(1.5) }
t("const_get(nil)") { Object.const_get(nil) }
t("const_get([])") { Object.const_get([]) }
o = Object.new
def o.to_str = "String"
t("const_get(to_str)") { Object.const_get(o) }
t("const_get('T')") { Object.const_get("T") }
A = 7
t("A::C = 7") { A::C = 7 }
t("nil::C = 1") { x = nil; x::C = 1 }
t("'s'::C = 1") { x = "s"; x::C = 1 }
