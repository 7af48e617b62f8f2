# The while loop of while_loop.rb in a scope that also has a block (as most real scripts' top
# levels do): the block makes the scope's locals captured, which must not slow the loop.
i = 0
sum = 0
while i < 20_000_000
  sum += i
  i += 1
end
[sum].each { |s| puts s }
