# default values and default procs: Hash.new(0), Hash.new { |h, k| ... }, default=, fetch ignores defaults
counts = Hash.new(0)
"the cat the hat".split.each { |w| counts[w] += 1 }
p counts
p counts["zzz"]
p counts.key?("zzz")
p counts.default
shared = Hash.new([])
shared[:a] << 1
p shared
p shared[:b]
groups = Hash.new { |hash, key| hash[key] = [] }
groups[:odd] << 1
groups[:even] << 2
groups[:odd] << 3
p groups
p groups.default_proc.class
lazy = Hash.new { |_, k| k.to_s * 2 }
p lazy[:ab]
p lazy
p lazy.size
h = {}
h.default = :dflt
p h[:x]
p h.default
h.default_proc = proc { |hh, k| "proc #{k}" }
p h[:y]
p h.default
h2 = Hash.new(5)
p h2.fetch(:a, :fetch_default)
begin
  h2.fetch(:a)
rescue KeyError => e
  puts "KeyError: #{e.message}"
end
p h2.dig(:a)
p h2.to_a
p Hash.new(capacity: 10).size
fib = Hash.new { |memo, n| memo[n] = n < 2 ? n : memo[n - 1] + memo[n - 2] }
p fib[40]
p fib.size
