# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads or subprocesses
# Threads waiting on the system let the others run: a pipe read by one thread and written by
# another, backquotes and Process.wait in a thread while the main thread works, IO#read of a
# child's output, IO.select in a thread.
r, w = IO.pipe
writer = Thread.new do
  3.times { |i| w.puts "line #{i}"; sleep 0.01 }
  w.close
  :written
end
lines = []
while (l = r.gets)
  lines << l.chomp
end
p lines, writer.value

out = nil
t = Thread.new { out = `echo hi; sleep 0.1; echo there`; $?.success? }
spins = 0
spins += 1 while t.alive? && (sleep 0.002; true)
p out, t.value, $?, spins > 5

pid = spawn("sleep 0.1")
t = Thread.new { Process.wait(pid); $?.exitstatus }
spins = 0
spins += 1 until (sleep 0.002; !t.alive?)
p t.value, spins > 5

t = Thread.new { IO.popen(["sh", "-c", "sleep 0.1; echo popen"]) { |io| io.read } }
spins = 0
spins += 1 until (sleep 0.002; !t.alive?)
p t.value, spins > 5

r, w = IO.pipe
t = Thread.new { IO.select([r], nil, nil, 5)&.first&.size }
sleep 0.05
w.write "x"
p t.value
quiet, kept = IO.pipe
t = Thread.new { IO.select([quiet], nil, nil, 0.05) }
p t.value, kept.closed?

# fork from the main thread: only it lives on in the child
t = Thread.new { sleep }
Thread.pass until t.stop?
pid = fork do
  p Thread.list.size, t.alive?
  p Thread.new { 1 + 1 }.value
end
Process.wait(pid)
p $?.success?, Thread.list.size
t.kill

# a big write into a pipe another thread reads, and lines written in pieces
r, w = IO.pipe
big = "x" * 300_000
writer = Thread.new { w.write(big); w.puts("end"); w.close; :written }
got = r.read
p got.size, writer.value
r, w = IO.pipe
t = Thread.new { 2000.times { |i| w.puts "line #{i} " + "y" * 100 }; w.close }
n = 0
r.each_line { n += 1 }
p n, t.join.status

# read(length) and readpartial while the writer is another thread
r, w = IO.pipe
t = Thread.new { 5.times { |i| w.write("ab" * 500); sleep 0.005 }; w.close }
chunks = []
while (c = r.read(1200))
  chunks << c.size
end
p chunks, t.join.status
r, w = IO.pipe
t = Thread.new { w.write("xyz"); sleep 0.01; w.write("more"); w.close }
p r.readpartial(100), r.read(2), r.read, t.join.status
