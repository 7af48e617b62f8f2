# `break` in a block that became a Proc (`&b`): while the call the block was passed to is still
# running, it ends that call with the break's value (through any methods and ensure clauses in
# between); once that call has returned, it is a LocalJumpError.
def m(&b) = b.call
p m { break 5 }

def relay(pr) = pr.call(1)
def outer(&b)
  r = relay(b)
  [:not_reached, r]
end
p outer { |x| break x + 10 }

def with_ensure(&b)
  b.call
ensure
  puts "ensure ran"
end
p with_ensure { break :from_ensure }

def via_each(&b) = [1, 2, 3].each(&b)
p via_each { |x| break x * 100 if x == 2 }

def nested(&b)
  inner = -> { b.() }
  inner.call
  :not_reached
end
p nested { break :through_lambda }

def keep(&b) = b
pr = keep { break 6 }
p((pr.call rescue $!))
p((proc { break 7 }.call rescue $!))
p(lambda { break 8 }.call)

def yields = yield
p(yields { break 9 })

def twice(&b)
  b.call
  b.call
end
count = 0
p(twice { count += 1; break count })
p count

def deep(n, &b) = n.zero? ? b.call : deep(n - 1, &b)
p(deep(5) { break :deep })

x = [1, 2].map do |i|
  m { break i * 2 }
end
p x
