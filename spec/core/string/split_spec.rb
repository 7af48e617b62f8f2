p "a,b,,c,,".split(","), "a,b,,c,,".split(",", -1), "a b  c ".split, " a b ".split(" ", 2), "abc".split(""), "a-b-c".split("-", 2)
"x y z".split { |w| print w, ";" }
puts
