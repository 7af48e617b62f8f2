# env: TZ=UTC
# oracle: system ruby 3.1, because prime is a bundled gem the oracle lacks
require "prime"
p Prime.each(10){|x| x*2}
p Prime.each(10).class
p Prime.first(5)
p 97.prime?
p Prime.prime_division(-12)
p Integer.from_prime_division([[2,2],[3,1]])
p Prime.lazy.select{|x| x%4==1}.first(3)
p Prime::EratosthenesGenerator.new.take(3)
g=Prime::EratosthenesGenerator.new; p g.next, g.succ, g.next; g.rewind; p g.next
p Prime.include?(7), Prime.each(7).to_a
p (Prime.new rescue $!.class)
p (Prime.prime?(1.5) rescue $!)
g=Prime.each; p g.size
p Prime::EratosthenesGenerator.new.with_index.first(2)
p Prime.each(30).with_index(1).to_a.last
p Prime::Generator23.new.first(8)
p Prime::TrialDivisionGenerator.new.first(5)
p Prime.instance_methods(false).sort
p Prime.prime_division(1), Prime.prime_division(97*97*2)
p (Prime.prime_division(0) rescue $!)
p 1.prime?, -3.prime?, (2**61-1).prime?, (10**20+39).prime?, 561.prime?, 1_000_003.prime?, (1_000_003*1_000_033).prime?
p Prime.include?(Enumerable), Prime.include?(4.0)
p Prime.each(3.5).to_a, Prime.take(3), Prime.find{|x| x>100}
p Integer.each_prime(10).to_a
p Prime.each(10).with_object([]){|x,a| a<<x}
p Prime::EratosthenesGenerator.new.each_slice(2).first(2)
p 12.prime_division, Prime.int_from_prime_division([[2,3]])
p Prime.each(10, Prime::Generator23.new).to_a, Prime.each(nil).first(2)
p (Prime.prime?("a") rescue $!)
p Prime.prime_division(2**64+1)
p Prime::EratosthenesSieve.instance.get_nth_prime(10), Prime.each(10).upper_bound
p Prime.each{|x| break x if x > 10}
p 1.prime_division, (-1).prime_division, Prime.prime?(-5), Integer.from_prime_division([[-1,1],[3,2]])
p Prime.lazy.map{_1*2}.first(3)
e = Prime.to_enum; p e.next, e.next
p Prime.each(100_000).count, Prime.first(10_000).last
p (1..50).select(&:prime?)
p Prime.instance.equal?(Prime.instance), Prime.each_cons(2).first(3)
