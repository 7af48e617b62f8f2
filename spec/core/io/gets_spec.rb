# IO#gets, readline, readlines and each_line: separators, paragraph mode, limits (never
# splitting a character), chomp:, lineno and $.
path = "/tmp/rubra_spec_io_gets_spec.txt"
File.write(path, "hello\nworld\n\n\npara\nline2\r\nélan\n")
File.open(path) do |f|
  p f.gets, f.lineno, $.
  p f.gets(chomp: true), f.pos
  p f.gets(""), f.lineno
  p f.gets(3), f.gets(1), f.gets("n"), f.gets(chomp: true)
  p f.gets(2), f.gets(nil), f.gets, f.eof?, $.
  begin; f.readline; rescue EOFError => e; p e; end
  f.rewind
  p f.lineno, f.readline, f.gets("l", 2)
  f.lineno = 10
  f.gets
  p f.lineno, $.
end
p File.readlines(path, chomp: true), File.readlines(path, "")
p File.readlines(path, "", chomp: true), File.readlines(path, 4).size
p File.readlines(path, "ll"), File.readlines(path, nil)
File.open(path) do |f|
  f.each_line(6) { |l| p l }
  f.rewind
  p f.each_line.to_a.size, f.each_line.to_a
  f.rewind
  p f.each_line("o", chomp: true).first(3)
  f.rewind
  p f.readlines("l"), f.readlines
  begin; f.gets(1, 2, 3); rescue => e; p e; end
  begin; f.readlines(0); rescue => e; p e; end
end
File.delete(path)
