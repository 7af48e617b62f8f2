# frozen_string_literal: true
#
# prime: the set of all prime numbers as an Enumerable (`Prime.each(100)`, `Prime.first(5)`,
# `Prime.lazy`), primality (`Prime.prime?`, `Integer#prime?`) and factorization
# (`prime_division`, `Integer.from_prime_division`). Written for rubra.
#
# Prime is a singleton whose public instance methods are also Prime's class methods. The
# primes come from generators: EratosthenesGenerator (the default; the primes of a sieve
# shared by all generators and grown as needed), TrialDivisionGenerator, and Generator23 (2, 3
# and then the numbers not divisible by 2 or 3: cheap, and enough for trial division).

require "singleton"
require "forwardable"

class Integer
  # Integer.from_prime_division([[p, e], ...]) -> the product of p**e
  def self.from_prime_division(pd)
    Prime.int_from_prime_division(pd)
  end

  # int.prime_division(generator = Prime::Generator23.new) -> [[prime, exponent], ...]
  def prime_division(generator = Prime::Generator23.new)
    Prime.prime_division(self, generator)
  end

  # int.prime? -> whether int is a prime: trial division for small numbers, else the
  # Miller-Rabin test with the first prime bases (deterministic below 3.3 * 10**24)
  def prime?
    return self >= 2 if self <= 3
    return false if even? || (self % 3).zero?
    if self < 1_000_000
      i = 5
      while i * i <= self
        return false if (self % i).zero? || (self % (i + 2)).zero?
        i += 6
      end
      return true
    end
    Prime.__send__(:miller_rabin, self)
  end

  # Integer.each_prime(ubound) { |prime| ... }: the primes up to ubound
  def self.each_prime(ubound, &block)
    Prime.each(ubound, &block)
  end
end

class Prime
  VERSION = "0.1.3"

  include Enumerable
  include Singleton

  # The witnesses of the Miller-Rabin test: with these, its answer is exact below
  # 3,317,044,064,679,887,385,961,981.
  MILLER_RABIN_BASES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41].freeze
  private_constant :MILLER_RABIN_BASES

  # Whether the odd n > 41 passes the Miller-Rabin test for every base.
  def self.miller_rabin(n)
    d = n - 1
    s = 0
    while d.even?
      d >>= 1
      s += 1
    end
    MILLER_RABIN_BASES.all? do |a|
      x = a.pow(d, n)
      next true if x == 1 || x == n - 1
      (s - 1).times.any? do
        x = x.pow(2, n)
        x == n - 1
      end
    end
  end
  private_class_method :miller_rabin

  class << self
    extend Forwardable
    include Enumerable

    # Each public instance method of Prime is a class method too (`Prime.each`).
    def method_added(method)
      singleton_class.def_delegator :instance, method
    end
  end

  # each(ubound = nil, generator = EratosthenesGenerator.new) { |prime| ... }: the primes
  # (up to ubound); without a block, the generator
  def each(ubound = nil, generator = EratosthenesGenerator.new, &block)
    generator.upper_bound = ubound
    generator.each(&block)
  end

  # include?(obj): whether an Integer is prime; for a module, Module#include? on Prime
  def include?(obj)
    case obj
    when Integer
      prime?(obj)
    when Module
      Module.instance_method(:include?).bind(Prime).call(obj)
    else
      false
    end
  end

  # prime?(value, generator = Prime::Generator23.new): whether value is a prime, by trial
  # division with the generator's numbers
  def prime?(value, generator = Prime::Generator23.new)
    unless value.respond_to?(:integer?) && value.integer?
      raise ArgumentError, "Expected an integer, got #{value}"
    end
    return false if value < 2
    generator.each do |num|
      q, r = value.divmod(num)
      return true if q < num
      return false if r.zero?
    end
  end

  # int_from_prime_division([[p, e], ...]) -> the product of p**e
  def int_from_prime_division(pd)
    pd.inject(1) { |value, (prime, index)| value * prime**index }
  end

  # prime_division(value, generator = Prime::Generator23.new) -> [[prime, exponent], ...]
  # ([-1, 1] first for a negative value)
  def prime_division(value, generator = Prime::Generator23.new)
    raise ZeroDivisionError if value.zero?
    if value.negative?
      value = -value
      pv = [[-1, 1]]
    else
      pv = []
    end
    generator.each do |prime|
      count = 0
      while (value % prime).zero?
        value /= prime
        count += 1
      end
      pv.push([prime, count]) unless count.zero?
      break if value <= prime * prime
    end
    pv.push([value, 1]) if value > 1
    pv
  end

  # An infinite (or bounded) sequence of numbers that contains every prime; subclasses define
  # succ, next and rewind.
  class PseudoPrimeGenerator
    include Enumerable

    def initialize(ubound = nil)
      @ubound = ubound
    end

    def upper_bound=(ubound)
      @ubound = ubound
    end

    def upper_bound
      @ubound
    end

    def succ
      raise NotImplementedError, "need to define 'succ'"
    end

    def next
      raise NotImplementedError, "need to define 'next'"
    end

    def rewind
      raise NotImplementedError, "need to define 'rewind'"
    end

    # Yields each number up to the upper bound (for ever without one); answers the block's
    # last value. Without a block, a copy of the generator.
    def each
      return dup unless block_given?
      if @ubound
        last = nil
        loop do
          n = succ
          break if n > @ubound
          last = yield n
        end
        last
      else
        loop { yield succ }
      end
    end

    def with_index(offset = 0, &block)
      return enum_for(:with_index, offset) { Float::INFINITY } unless block
      return each_with_index(&block) if offset.zero?
      each do |prime|
        yield prime, offset
        offset += 1
      end
    end

    def with_object(obj)
      return enum_for(:with_object, obj) { Float::INFINITY } unless block_given?
      each { |prime| yield prime, obj }
      obj
    end

    def size
      Float::INFINITY
    end
  end

  # The primes, in order, from the shared sieve.
  class EratosthenesGenerator < PseudoPrimeGenerator
    def initialize
      @last_prime_index = -1
      super
    end

    def succ
      @last_prime_index += 1
      EratosthenesSieve.instance.get_nth_prime(@last_prime_index)
    end

    def rewind
      initialize
    end
    alias next succ
  end

  # The primes, in order, found by trial division.
  class TrialDivisionGenerator < PseudoPrimeGenerator
    def initialize
      @index = -1
      super
    end

    def succ
      TrialDivision.instance[@index += 1]
    end

    def rewind
      initialize
    end
    alias next succ
  end

  # 2, 3, then every number not divisible by 2 or 3 (5, 7, 11, 13, 17, 19, 23, 25, ...).
  class Generator23 < PseudoPrimeGenerator
    def initialize
      @prime = 1
      @step = nil
      super
    end

    def succ
      if @step
        @prime += @step
        @step = 6 - @step
      else
        case @prime
        when 1 then @prime = 2
        when 2 then @prime = 3
        when 3
          @prime = 5
          @step = 2
        end
      end
      @prime
    end
    alias next succ

    def rewind
      initialize
    end
  end

  # The primes found by trial division so far, grown on demand.
  class TrialDivision
    include Singleton

    def initialize
      @primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73,
                 79, 83, 89, 97, 101]
      @next_to_check = 103
    end

    # The index-th prime (from 0).
    def [](index)
      while index >= @primes.length
        n = @next_to_check
        @next_to_check += 2
        divisor = @primes.find { |p| p * p > n || (n % p).zero? }
        @primes.push(n) if divisor * divisor > n
      end
      @primes[index]
    end
  end

  # The sieve of Eratosthenes, grown a segment at a time as higher primes are asked for.
  class EratosthenesSieve
    include Singleton

    def initialize
      @primes = [2, 3, 5, 7, 11, 13]
      # the sieve has covered the numbers below @max_checked
      @max_checked = @primes.last + 1
    end

    # The n-th prime (from 0).
    def get_nth_prime(n)
      compute_primes while @primes.size <= n
      @primes[n]
    end

    private

    # Sieves the next segment, as long again as the part already sieved (at most 2**20).
    def compute_primes
      lo = @max_checked
      hi = lo + [lo, 1 << 20].min
      composite = Array.new(hi - lo, false)
      limit = Integer.sqrt(hi - 1)
      @primes.each do |p|
        break if p > limit
        start = [p * p, (lo + p - 1) / p * p].max
        while start < hi
          composite[start - lo] = true
          start += p
        end
      end
      # primes below sqrt(hi) are all in @primes already because hi <= 2 * lo
      composite.each_with_index { |c, i| @primes.push(lo + i) unless c }
      @max_checked = hi
    end
  end
end
