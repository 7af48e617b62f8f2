s = "hello world"
p s[0], s[-1], s[11], s[12], s[1, 3], s[11, 2], s[12, 1], s[-3, 2], s[1, -1]
p s[1..3], s[1...3], s[-5..], s[..4], s[20..], s[11..], s[3..1], s["lo"], s["xx"]
u = "héllo wörld"
p u[1], u[1, 3], u[-4..], u.byteslice(1, 2), u.byteslice(1), u.byteslice(0..2), u.byteslice(30)
t = "abcdef"
p t.slice!(1, 2), t, t.slice!("ef"), t, t.slice!(9), t
big = "q" * 5001
tail = big[4701..]
p tail.size, big.size, tail == "q" * 300
