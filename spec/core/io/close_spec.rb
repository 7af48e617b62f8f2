# IO#close and closed?, inspect, and the IOErrors of closed streams and wrong directions.
path = "/tmp/rubra_spec_io_close_spec.txt"
f = File.open(path, "w")
p f.closed?, f.inspect
f.puts "a"
p f.close, f.closed?, f.inspect, f.close
begin; f.puts "b"; rescue IOError => e; p e; end
begin; f.read; rescue IOError => e; p e; end
begin; f.pos; rescue IOError => e; p e; end
begin; f.fileno; rescue IOError => e; p e; end
f = File.open(path)
begin; f.puts "b"; rescue IOError => e; p e; end
begin; f.write("b"); rescue IOError => e; p e; end
p f.read
f.close
f = File.open(path, "a")
begin; f.read; rescue IOError => e; p e; end
begin; f.gets; rescue IOError => e; p e; end
f.close
p File.read(path)
p STDOUT.inspect, STDERR.inspect, STDIN.inspect, $stdout.closed?
File.delete(path)
