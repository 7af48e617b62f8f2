# Fibers, fiber raises, external enumerators and collections interleaved at random (seeded):
# the log must be CRuby's, with or without a collection at every safepoint
srand(42)
fibers = []
log = []
500.times do |n|
  case rand(8)
  when 0
    fibers << Fiber.new { |x| a = [x]; 5.times { |i| a << Fiber.yield(a.size + i) }; a.sum { _1.is_a?(Integer) ? _1 : 0 } }
  when 1
    f = fibers.sample
    log << (f && f.alive? ? (f.resume(n) rescue $!.class) : :none)
  when 2
    e = [1, 2, 3].each_slice(2)
    log << e.next << (e.next rescue :stop)
  when 3
    f = fibers.sample
    log << (f && f.alive? ? (f.raise("boom #{n}") rescue $!.message) : :none)
  when 4
    GC.start
  when 5
    g = Enumerator.new { |y| k = 0; loop { y << (k += 1); GC.start if k % 3 == 0 } }
    log << g.take(2) << g.next << g.next << g.peek
  when 6
    fibers.reject! { !_1.alive? }
    fibers.shift if fibers.size > 20
  when 7
    t = Fiber.new { |v| Fiber.new { |w| Fiber.yield(w * 2); w }.then { |inner| [inner.resume(v), inner.resume] } }
    log << t.resume(n)
  end
end
p log.size, log.last(5), log.count { _1 == :none }
