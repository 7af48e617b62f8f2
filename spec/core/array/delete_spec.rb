# delete, delete_at, delete_if, keep_if, reject!, select!, slice!, clear
a = [1, 2, 3, 2, 1]
p a.delete(2)
p a
p a.delete(9)
p a.delete(9) { "not found" }
p a.delete_at(0)
p a.delete_at(10)
p a.delete_at(-1)
p a
b = (1..10).to_a
p b.delete_if(&:even?)
p b.keep_if { _1 > 3 }
p b
c = [1, 2, 3]
p c.reject! { _1 > 5 }
p c.reject! { _1 > 2 }
p c.select! { _1 > 0 }
p c.select! { _1 > 1 }
p c.filter! { true }
d = [1, 2, 3, 4, 5]
p d.slice!(1, 2)
p d
p d.slice!(0)
p d.slice!(5)
p d.clear
p d
