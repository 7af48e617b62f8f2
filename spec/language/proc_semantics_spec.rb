# proc / Proc.new: lenient arity, next/break/return semantics
pr = proc { |a, b| [a, b] }
p pr.call(1, 2, 3)
p pr.call
p pr.lambda?
p Proc.new { |x| x }.call(1, 2)
p proc { |x| x }.call([1, 2])
p proc { |x, y| [x, y] }.call([1, 2])
p lambda { |x, y| [x, y] }.call(1, 2)
nx = proc { |v| next v * 2; :unreached }
p nx.call(4)
def proc_return
  pr = proc { return :from_proc }
  pr.call
  :after
end
p proc_return
def lambda_ret
  l = lambda { return :from_lambda }
  l.call
  :after_lambda
end
p lambda_ret
def proc_in_each
  [1, 2, 3].each do |x|
    return x * 100 if x == 2
  end
  :never
end
p proc_in_each
def break_in_block
  r = [1, 2, 3].each { |x| break x * 7 if x == 2 }
  [:after_break, r]
end
p break_in_block
def make_returning_proc = proc { return 1 }
orphan = make_returning_proc
begin
  orphan.call
rescue LocalJumpError => e
  puts "LocalJumpError: #{e.message}"
end
def make_proc = proc { |x| break x }
begin
  make_proc.call(1)
rescue LocalJumpError => e
  puts "LocalJumpError: #{e.message}"
end
lb = lambda { |x| break x * 3 }
p lb.call(2)
def yielder = yield
p yielder(&proc { next :nexted })
def m_with_lambda_block = yield(1, 2)
p m_with_lambda_block(&lambda { |a, b| a + b })
p proc { |a, (b, c), *d| [a, b, c, d] }.call(1, [2, 3], 4, 5)
