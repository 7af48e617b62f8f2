S = Struct.new(:next, :a, :end, :class2); s = S.new(1, 2, 3, 4)
s.next, b = 5, 6; p s, b
b, s.end = 7, 8; p s
s.next, s.a = s.a, s.next; p s
