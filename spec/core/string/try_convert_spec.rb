# String.try_convert: a String (subclasses kept), the result of to_str, nil, or TypeError when
# to_str gives a non-String.
o = Object.new; def o.to_str = 5
s = Object.new; def s.to_str = "x"
n = Object.new; def n.to_str = nil
class MyS < String; end
p String.try_convert("a"), String.try_convert(1), String.try_convert(s), String.try_convert(n)
p (String.try_convert(o) rescue $!), String.try_convert(MyS.new("q")).class, String.try_convert(:sym)
p (String.try_convert rescue $!)
