# ObjectSpace.count_objects returns a Hash with :TOTAL, :FREE and type counts
h = ObjectSpace.count_objects
p h.class
p h.key?(:TOTAL)
p h.key?(:FREE)
p h[:TOTAL].class
p h[:TOTAL] > 0
p h[:TOTAL] >= h[:FREE]
p h.keys.first(2)
p h.key?(:T_STRING)
p h.values.all?(Integer)
