# An uncaught NoMethodError at top level
x = [1, nil, 3]
p x.map { |v| v.to_s }
x[1].upcase
