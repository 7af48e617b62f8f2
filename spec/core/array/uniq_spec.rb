# uniq with and without block, uniq!
p [1, 2, 1, 3, 2].uniq
p [1, 1.0, 1].uniq
p %w[a A b B].uniq(&:downcase)
p [[1, 2], [1, 3], [2, 4]].uniq(&:first)
a = [1, 1, 2]
p a.uniq!
p a
p a.uniq!
p [].uniq
p [nil, nil, false].uniq
p [[1], [1]].uniq
