# Array#inject with a block runs all its calls in one block frame (Vm::yield_each).
p [1, 2, 3].inject { |s, x| s + x }, [1, 2, 3].inject(10) { |s, x| s + x }, [].inject { |s, x| s + x }, [].inject(5) { |s, x| s + x }
p [5].inject { |s, x| raise "never" }, %w[a b c].inject { |s, x| s + x }, [1, 2, 3].reduce(:+), [1, 2, 3].inject(2, :*)
p [1, 2, 3, 4].inject { |s, x| break s if x > 2; s * x }
p [1, 2, 3].inject { |s, x| next 100 if x == 2; s + x }
a = [1, 2, 3]
p a.inject { |s, x| a << 4 if a.size < 4; s + x }
p({ a: 1, b: 2 }.inject(0) { |s, (k, v)| s + v })
p (1..4).inject { |s, x| s * x }
p [[1, 2], [3, 4]].inject(0) { |s, (x, y)| s + x * y }
p [1, 2, 3].inject { |s| s }
p [1, 2, 3].sum { |x| x * 2 }
