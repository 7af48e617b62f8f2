# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no flock
path = "/tmp/rubra_flock_#{$$}"
f = File.open(path, "w")
p f.flock(File::LOCK_EX), f.flock(File::LOCK_UN), f.flock(File::LOCK_SH), f.flock(File::LOCK_SH | File::LOCK_NB)
g = File.open(path, "r")
p g.flock(File::LOCK_SH | File::LOCK_NB)
p g.flock(File::LOCK_EX | File::LOCK_NB)
p f.flock(File::LOCK_UN), g.flock(File::LOCK_UN)
p g.flock(File::LOCK_EX | File::LOCK_NB), f.flock(File::LOCK_EX | File::LOCK_NB)
f.close; g.close
begin; f.flock(File::LOCK_EX); rescue IOError => e; p e.message; end
File.delete(path)
