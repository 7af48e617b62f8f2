# Symbol: to_s, to_sym, length/size, <=>, upcase/downcase/capitalize, succ, [], start/end_with-free helpers
p :abc.to_s
p :abc.to_sym
p :abc.id2name
p :abc.length, :abc.size, :"".length, :"日本".length
p :a <=> :b, :b <=> :a, :a <=> :a, :a <=> "a"
p [:c, :a, :b].sort
p :abc.upcase, :ABC.downcase, :abc.capitalize, :aBc.swapcase
p :a.succ, :az.succ, :a9.succ
p :hello[1], :hello[1, 3]
p :a == :a, :a == "a", :a.equal?(:a)
p :abc.empty?, :"".empty?
p :abc.frozen?
p :a.class
p "str".to_sym.equal?(:str)
p :sym.inspect
puts :sym
p :upcase.to_proc.call("x")
p %i[b a].max
