# Symbol literals and their inspect
p :a
p :abc_def
p :"a b"
p :"foo"
x = "dyn"
p :"#{x}amic"
p :+
p :-
p :[]
p :[]=
p :<=>
p :==
p :!
p :foo?
p :bar!
p :baz=
p :@iv
p :@@cv
p :$gv
p :Const
p :"9x"
p :""
p :"with\"quote"
p %s(sym)
p :a == :a
p :a.equal?(:a)
p "a b".to_sym
p :"日本"
