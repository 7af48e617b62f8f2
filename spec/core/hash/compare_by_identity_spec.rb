# compare_by_identity and key identity/equality (eql?) semantics
h = {}
h.compare_by_identity
p h.compare_by_identity?
a = "key"
b = "key"
h[a] = 1
h[b] = 2
p h.size
p h[a], h[b]
p h["key"]
h[:sym] = 3
p h[:sym]
n = {}
n[1] = :int
n[1.0] = :float
p n
p n.size
str = "mutable"
m = { str => 1 }
p m["mutable"]
p({}.compare_by_identity?)
