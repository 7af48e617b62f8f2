# StringIO writing and reading ~10 MB (issue 15: "json and stringio speed side by side with ruby
# 3.1"). Prints sizes and checksums; the phase timings go to stderr.
require "stringio"

def now = Process.clock_gettime(Process::CLOCK_MONOTONIC)

t0 = now
out = StringIO.new
200_000.times do |i|
  out << "record " << i.to_s << ": "
  out.write("alpha", ",", "beta", ",")
  out.print("gamma", i % 7, "\n")
  out.puts "line two of #{i}" if i.even?
  out.printf("%05d|%s\n", i, "x" * (i % 17)) if i % 3 == 0
end
text = out.string
t1 = now

inp = StringIO.new(text)
lines = 0
bytes = 0
while (line = inp.gets)
  lines += 1
  bytes += line.bytesize
end
t2 = now

inp.rewind
words = 0
inp.each_line(chomp: true) { |l| words += l.count(",") }
t3 = now

inp.rewind
chunks = 0
while (chunk = inp.read(4096))
  chunks += chunk.getbyte(0)
end
inp.rewind
chars = 0
inp.each_char { |c| chars += 1 if c == "|" }
t4 = now

puts text.bytesize, lines, bytes, words, chunks, chars
warn format("write %.3f s, gets %.3f s, each_line %.3f s, read/each_char %.3f s",
            t1 - t0, t2 - t1, t3 - t2, t4 - t3)
