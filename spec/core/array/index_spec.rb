# index/find_index, rindex, include?, count
a = [1, 2, 3, 2, 1]
p a.index(2)
p a.index { _1 > 2 }
p a.index(9)
p a.find_index(1)
p a.rindex(2)
p a.rindex { _1 < 2 }
p a.rindex(9)
p a.include?(3)
p a.include?(3.0)
p a.include?(nil)
p a.count
p a.count(1)
p a.count(&:odd?)
p [nil, nil].count(nil)
