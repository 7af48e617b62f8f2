# Calls whose value is not used (statements): the dispatch loop folds the `pop` after such a
# call into it, so nothing may be left on (or missing from) the operand stack afterwards, on
# every way out of the callee: a normal return, `return` from a block, `break` from the call's
# literal block, an exception rescued in the caller, and natives.

def two; 2; end
def each_twice; yield 1; yield 2; :done; end
def ret_from_block; [1, 2, 3].each { |x| return x * 10 if x == 2 }; :none; end
def raiser; raise ArgumentError, "boom"; end
def kw(a:, b: 2) = a + b

def statements
  a = 1
  two
  each_twice { |x| a += x }
  each_twice { |x| break } # break ends the discarded call
  ret_from_block
  [3, 1, 2].sort
  kw(a: 1)
  begin
    raiser
  rescue ArgumentError => e
    a += 100
  end
  itself
  a
end
p statements

# a discarded call as the last statement of a loop body and of a block
i = 0
out = []
while i < 3
  out << i
  two
  i += 1
end
p out
p [1, 2].map { |x| two; x }

# the values around a discarded call are intact
x = [10, 20]
def noisy(*args) = args.size
y = (noisy(1, 2); noisy(3); x.sum)
p y

# a discarded call in a method called for its value, nested
def outer
  inner
  inner
  42
end
def inner
  each_twice { |v| v }
  [1].each { break 5 }
end
p outer

# break from a literal block out of a discarded call inside a method whose value is used
def f_break
  each_twice { break :early }
  :after
end
p f_break

# rescue of an exception from a discarded call, retried
tries = 0
begin
  tries += 1
  raiser if tries < 3
  p tries
rescue ArgumentError
  retry
end

# deep recursion through discarded calls still raises SystemStackError
def deep(n) = (deep(n + 1); n)
begin
  deep(0)
rescue SystemStackError => e
  p e.class
end
p [1, 2, 3].sum
