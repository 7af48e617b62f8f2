# &blk parameters, passing blocks with &, &:sym, &method
def capture(&b) = b
blk = capture { |x| x * 2 }
p blk.class
p blk.call(21)
p blk.lambda?
p [1, 2, 3].map(&blk)
p %w[a b].map(&:upcase)
p [1, 2, 3].inject(&:+)
p [[1, 2], [3]].map(&:length)
def forward(&b) = [1, 2].map(&b)
p forward { _1 + 100 }
p capture
def dbl(x) = x * 2
p [1, 2].map(&method(:dbl))
l = ->(x) { x - 1 }
p [5, 6].map(&l)
def passes_on(&b) = capture(&b)
p passes_on { 7 }.call
p passes_on.nil?
h = { 1 => :one, 2 => :two }
p [1, 2].map(&h)
sym_proc = :upcase.to_proc
p sym_proc.call("x")
p sym_proc.arity
p sym_proc.lambda?
begin
  [1].map(&:nope)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  [1].map(&5)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
