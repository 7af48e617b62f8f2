# Symbol#inspect for operator, predicate, setter, variable-like and odd symbols
syms = [:a, :A, :_x, :a1, :a?, :a!, :a=, :[], :[]=, :+, :-, :*, :/, :%, :**, :==, :===, :!=,
        :<, :<=, :>, :>=, :<=>, :<<, :>>, :!, :~, :+@, :-@, :&, :|, :^, :=~, :!~,
        :@iv, :@@cv, :$gv, :$1, :"a b", :"", :"1a", :"a-b", :"a?b", :"foo bar=", :"日本", :"@",
        :"$", :"a=b", :"?", :"==="]
syms.each { |s| puts s.inspect }
p syms.length
