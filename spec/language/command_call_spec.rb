# Command calls without parentheses; do...end vs { } binding
def show(*args, &blk)
  "args=#{args.inspect} block=#{blk ? blk.call : 'none'}"
end
def takes_block = block_given? ? yield : "no block"
puts show 1, 2
puts show(1) { "brace" }
r1 = show takes_block { "brace binds to takes_block" }
puts r1
r2 = show takes_block do "do binds to show" end
puts r2
puts [1, 2, 3].map { |x| x * 2 }.inspect
p [1, 2].sum
p [1, 2].include? 2
puts "a", "b"
p(*[1, 2])
p
p 1, 2
x = [3, 1, 2].sort.reverse.first 2
p x
def kw_cmd(a, key: 0) = [a, key]
p kw_cmd 1, key: 5
p(kw_cmd(1))
puts [1, 2].inject { |s, v| s + v }
result = [1, 2, 3].select do |v|
  v.odd?
end
p result
p [[1, 2], [3, 4]].to_h { |a, b| [b, a] }
puts(show do "do with parens" end)
