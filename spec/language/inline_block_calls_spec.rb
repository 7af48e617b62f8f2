# Calls with a literal block and yields that the dispatch loop runs in place (no Rust
# recursion): break/next/redo/return/retry/throw, ensure, backtraces, depth limits, arity.
def each2 = (yield 1; yield 2; :done)
p each2 { |x| p x }
p each2 { |x| break x * 10 }
p each2 { |x| next x * 10 }
def find_it = each2 { |x| return x if x == 2 }
p find_it
def ens = (each2 { |x| begin; break 7; ensure; puts "ensure #{x}"; end })
p ens
def given = block_given?
p given, given {}
def twice = [yield(1), yield(2)]
p twice { |a| a + 1 }
def nest = twice { |a| each2 { |b| break a * 100 + b } }
p nest
def deep(n) = n == 0 ? yield(0) : deep(n - 1) { |v| yield v + 1 }
p deep(50) { |v| v }
def capture(&b) = b
pr = capture { |x| x * 3 }; p pr.call(4)
def keep = yield
x = 5; keep { x += 1 }; p x
def bt = yield
begin; bt { raise "boom" }; rescue => e; puts e.backtrace.first(3); end
def loopy = loop { yield }
n = 0; loopy { n += 1; break if n > 3 }; p n
def y2 = yield(1, 2)
p y2 { |a, b| [a, b] }, y2 { |a| a }, y2 { |*a| a }
def y1 = yield([1, 2])
p y1 { |a, b| [a, b] }, y1 { |a| a }
def wr = yield
p wr { 1.then { break 3 } }
r = [1, 2, 3].each_with_index.map { |v, i| v * i }; p r
def retry_it; @t = (@t || 0) + 1; yield; end
p(begin; retry_it { raise "x" if @t < 3; @t }; rescue; retry; end)
def m_redo; c = 0; each2 { |x| c += 1; redo if c == 1; p [x, c] }; end
m_redo
def throw_in = catch(:k) { each2 { |x| throw :k, x } }
p throw_in
