# return: implicit values, explicit, several values, from blocks and loops
def implicit = 1 + 1
p implicit
def explicit
  return :early
  :late
end
p explicit
def multiple = (return 1, 2, 3)
p multiple
def splat_ret
  a = [4, 5]
  return *a, 6
end
p splat_ret
def bare
  return
end
p bare
def cond(x)
  return "neg" if x < 0
  return "zero" if x == 0
  "pos"
end
p [-1, 0, 1].map { |v| cond(v) }
def from_block
  [1, 2, 3].each { |v| return v * 10 if v == 2 }
  :none
end
p from_block
def from_while
  i = 0
  while true
    i += 1
    return i if i == 4
  end
end
p from_while
def with_ensure
  return :from_body
ensure
  puts "ensure runs"
end
p with_ensure
def ret_array = return [1, 2]
p ret_array
def empty_def; end
p empty_def
a, b = multiple
p [a, b]
def hash_ret = { a: 1 }
p hash_ret
