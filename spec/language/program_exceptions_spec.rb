# A program mixing custom exceptions, rescue/retry/ensure in blocks, loops, hashes, printf, stderr and exit
class BankError < StandardError
  def initialize(msg = "bank failure") = super
end
class InsufficientFunds < BankError
  attr_reader :needed
  def initialize(needed)
    @needed = needed
    super("need #{needed} more")
  end
end
class Account
  attr_reader :balance
  def initialize(balance = 0) = @balance = balance
  def withdraw(amt)
    raise ArgumentError, "amount must be positive" unless amt.positive?
    raise InsufficientFunds.new(amt - @balance) if amt > @balance
    @balance -= amt
  end
end
acct = Account.new(100)
[50, 80, -5].each do |amt|
  acct.withdraw(amt)
  puts "withdrew #{amt}, balance #{acct.balance}"
rescue InsufficientFunds => e
  puts "#{e.class}: #{e.message} (#{e.needed})"
rescue ArgumentError => e
  puts "bad: #{e.message}"
ensure
  puts "-- done #{amt}"
end
p BankError.new.message, InsufficientFunds.ancestors.take(3)
def retrying
  attempts = 0
  begin
    attempts += 1
    raise "flaky" if attempts < 3
    "ok after #{attempts}"
  rescue
    retry
  end
end
p retrying
x = begin
  Integer("12")
rescue
  0
else
  99
ensure
  puts "ensure runs"
end
p x
def m
  yield
ensure
  puts "m ensure"
end
p [1, 2, 3].each { |i| m { break i * 10 if i == 2 } }
result = [1, 2, 3, 4].map do |n|
  next 0 if n.even?
  n * n
end
p result
i = 0
until i >= 3
  i += 1
  redo_done ||= false
end
p i
p (1..3).each_with_object({}) { |n, h| h[n] = n.to_s * n }
h = Hash.new(0)
"the quick the lazy the end".split.each { h[_1] += 1 }
p h, h.max_by(&:last), h.sort_by { |k, v| [-v, k] }.to_h
matrix = [[1, 2, 3], [4, 5, 6]]
p matrix.transpose, matrix.map(&:sum), matrix.flatten.each_slice(2).map(&:sum)
p [3, 1, 2].sort.reverse, [3, 1, 2].sort { |a, b| b <=> a }, %w[pear fig apple].sort_by(&:length)
printf("%-5s|%5.1f|%03d\n", "ab", 2.345, 7)
$stderr.puts "to stderr"
warn "warned"
exit 2
