# A fiber shares the locals of the scopes its block sees with the code that resumes it; each
# fiber has its own frames, $!, fiber-local Thread#[] and recursion guards; abandoned fibers
# are collected
x = 10
f = Fiber.new { x += 1; Fiber.yield x; x *= 2; x }
p f.resume, x
x = 100
p f.resume, x
def counter
  n = 0
  inc = Fiber.new { loop { n += 1; Fiber.yield n } }
  [inc.resume, inc.resume, n, inc.resume, n]
end
p counter
a = [1, 2]
a << a
p Fiber.new { a.inspect }.resume
r = Fiber.new { Fiber.yield a.inspect; a.hash == a.hash }
p r.resume
p a.to_s
p r.resume
Thread.current[:tl] = 3
p Fiber.new { v = Thread.current[:tl]; Thread.current[:tl] = 4; [v, Thread.current[:tl]] }.resume
p Thread.current[:tl]
fs = []
3000.times { |i| fb = Fiber.new { |v| s = "str#{v}"; Fiber.yield s; s * 2 }; fb.resume(i); fs << fb if i % 500 == 0 }
GC.start
p fs.map(&:resume)
def deep(n) = n.zero? ? 0 : [1].map { deep(n - 1) }.first + 1
p Fiber.new { deep(300) }.resume
begin
  Fiber.new { deep(1_000_000) }.resume
rescue SystemStackError => e
  p e.class
end
def flat(n) = n.zero? ? 0 : flat(n - 1) + 1
begin
  Fiber.new { flat(1_000_000) }.resume
rescue SystemStackError => e
  p e.class
end
p Fiber.new { flat(1000) }.resume
"abc" =~ /b/
p Fiber.new { $~ }.resume
p $~[0]
