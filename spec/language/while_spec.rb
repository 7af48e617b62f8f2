# while / until loops, modifiers, begin...end while, values
i = 0
while i < 3
  puts "while #{i}"
  i += 1
end
j = 10
until j <= 7
  j -= 1
end
p j
k = 0
k += 1 while k < 5
p k
m = 5
m -= 1 until m.zero?
p m
n = 100
begin
  n += 1
end while n < 10
p n
o = 100
begin
  o += 1
end until true
p o
r = while false do end
p r
q = 0
res = while true
  q += 1
  break q * 10 if q == 4
end
p res
res2 = while q < 10
  q += 1
  next if q.odd?
  puts "even #{q}"
end
p res2
a = [1, 2, 3]
while (x = a.shift)
  print x, " "
end
puts
outer = 0
while outer < 3
  inner = 0
  while true
    inner += 1
    break if inner > outer
  end
  puts "outer #{outer} inner #{inner}"
  outer += 1
end

# the condition runs after the body (the loop is compiled bottom-tested): `next` goes to it,
# an error in it reports its own line, and a loop whose condition is false at once runs nothing
def cond_boom(x) = x > 1 ? raise("boom #{x}") : true
c = 0
begin
  while cond_boom(c)
    c += 1
  end
rescue => e
  p e.message
  p e.backtrace[1].sub(/^.*?:(\d+):.*/, 'line \1')
end
seen = []
q = 0
while q < 5
  q += 1
  next if q.odd?
  seen << q
end
p seen
ran = false
while false
  ran = true
end
p ran
u = 3
until u.zero?
  u -= 1
  redo if false
end
p u
