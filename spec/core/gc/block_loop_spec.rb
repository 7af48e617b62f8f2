# A native's loop over a block collects as it goes (each block call is a safepoint), even when
# the block itself makes no call: before, `5_000_000.times { [i] }` grew the heap to 200 MB
# with one collection (made by the next call). Several collections run in each loop below.
def live_ok = GC.stat(:heap_live_slots) < 500_000

before = GC.count
1_000_000.times { |i| a = [i] }
p GC.count - before > 2, live_ok

before = GC.count
(1..1_000_000).each { |i| a = "s" }
p GC.count - before > 2, live_ok

before = GC.count
("abcdefghij" * 100_000).each_char { |c| c }
p GC.count - before > 2, live_ok

before = GC.count
("abc\n" * 1_000_000).each_line { |l| l }
p GC.count - before > 2, live_ok

before = GC.count
("ab c " * 200_000).each_grapheme_cluster { |g| g }
p GC.count - before > 2, live_ok

def twice(n)
  i = 0
  while i < n
    yield
    i += 1
  end
end
before = GC.count
twice(1_000_000) { [1] }
p GC.count - before > 2, live_ok
