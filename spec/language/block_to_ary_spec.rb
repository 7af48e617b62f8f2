class C; def to_ary = [1, 2]; end
[C.new].each { |a, b| p [a, b] }
[[3, 4]].each { |a, b| p a + b }
{a: 1}.each { |k, v| p [k, v] }
