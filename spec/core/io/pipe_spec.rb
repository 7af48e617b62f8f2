# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle cannot fork
# IO.pipe: two buffered IOs (the writer is sync), with a block, between processes, with select.
r, w = IO.pipe
p r.class, r.sync, w.sync, r.closed?, w.closed?
p r.fileno != w.fileno, r.inspect =~ /\A#<IO:fd \d+>\z/ ? :ok : r.inspect
w.write "hello\n"
w.puts "world"
w.print "no newline"
w.close
p r.gets, r.read, r.eof?
r.close
p IO.pipe { |a, b| b << "via block"; b.close; a.read }
a, b = IO.pipe { |x, y| [x, y] }
p a.closed?, b.closed?
begin
  IO.pipe { |x, y| y.close_read }
rescue IOError => e
  p e.message
end

r, w = IO.pipe
pid = fork do
  r.close
  w.puts "from the child"
  w.write "x" * 100_000
  w.close
end
w.close
p r.gets
p r.read.size
r.close
Process.wait(pid)

r, w = IO.pipe
p IO.select([r], nil, nil, 0)
p IO.select(nil, [w], nil, 0) == [[], [w], []]
w.puts "ready"
rs, ws, es = IO.select([r], [w], [], 1)
p rs == [r], ws == [w], es
p r.gets
p IO.select([r], nil, nil, 0.05)
w.puts "a"
w.puts "b"
p r.gets
# "b" was read ahead into r's buffer: select says r is readable
p IO.select([r], nil, nil, 0) == [[r], [], []]
p r.gets
w.close
p IO.select([r], nil, nil, 1) == [[r], [], []]
p r.read
File.open(__FILE__) { |f| p IO.select([f], nil, nil, 0) == [[f], [], []] }
begin
  IO.select([r.tap(&:close)])
rescue IOError => e
  p e.message
end
