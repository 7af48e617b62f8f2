# bsearch in find-minimum and find-any modes, bsearch_index
a = [1, 3, 5, 7, 9, 11]
p a.bsearch { _1 >= 4 }
p a.bsearch { _1 >= 12 }
p a.bsearch { _1 >= 0 }
p a.bsearch { 7 <=> _1 }
p a.bsearch { 8 <=> _1 }
p a.bsearch_index { _1 >= 7 }
p [].bsearch { true }
p (0..100).bsearch { _1 * _1 >= 50 }
begin
  a.bsearch { "x" }
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
