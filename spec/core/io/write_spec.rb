# Writing to a File: write (several arguments, byte counts), print, puts, <<, printf, putc,
# sync, fsync, flush, fileno, tty? and pos with pending output.
path = "/tmp/rubra_spec_io_write_spec.txt"
File.open(path, "w") do |g|
  p g.sync, g.fileno > 2, g.tty?, g.isatty, g.pos
  p g.write("ab", 1, :c, nil, 2.5)
  p g.pos, g.size
  g << "x" << 7 << "\n"
  p g.print("c", "d"), g.puts(["e", ["f"]], nil), g.printf("%05.1f|", 5), g.putc(65), g.putc("BC")
  p g.flush.equal?(g), g.fsync, g.sync = true, g.sync
  p g.write("é"), g.write(""), g.write
end
p File.read(path)
p File.open(path, File::WRONLY | File::APPEND) { |g| g.write("Z") }
p File.read(path)
s = "mutable".dup
File.open(path, "w") { |g| g.write(s); s << "!"; g.write(s) }
p File.read(path), s.frozen?
File.delete(path)
