# OpenSSL::BN, the part of the openssl library scripts use without a TLS stack: a mutable
# big integer with OpenSSL's conversions (decimal, hex, binary and MPI strings), modular
# arithmetic and the Miller-Rabin primality test. The number is an Integer kept in @num
# (rubra's Integers are arbitrary precision already); loaded by `require "openssl"`
# (core/load.rs).
require "securerandom"

module OpenSSL
  class BNError < OpenSSLError; end

  class BN
    include Comparable

    # The Miller-Rabin witnesses that make the test exact below 3.3 * 10**24; above, random
    # witnesses are added until a composite passes with probability below 2**-128.
    WITNESSES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41].freeze
    EXACT_BELOW = 3_317_044_064_679_887_385_961_981
    private_constant :WITNESSES, :EXACT_BELOW

    # BN.new(bn) / BN.new(integer) / BN.new(string, base = 10): base 10 and 16 read text
    # (with an optional "-"), 2 reads big-endian bytes, 0 reads OpenSSL's MPI format.
    def initialize(value, base = 10)
      @num =
        case value
        when BN then value.to_i
        when Integer then value
        when nil then raise ArgumentError, "invalid argument"
        else
          str = value.to_str if value.respond_to?(:to_str)
          raise TypeError, "no implicit conversion of #{value.class} into String" unless str
          BN.__send__(:parse, str, base)
        end
    end

    class << self
      # BN.rand(bits, fill = 0, odd = false): a random number of `bits` bits; fill 0 sets the
      # top bit, 1 the top two, -1 neither.
      def rand(bits, fill = 0, odd = false)
        raise ArgumentError, "invalid argument" if bits.negative?
        raise BNError, "BN_rand: bits too small" if (bits.zero? && fill >= 0) || (bits == 1 && fill >= 1)
        return new(0) if bits.zero?
        n = SecureRandom.random_bytes((bits + 7) / 8).unpack1("H*").to_i(16) & ((1 << bits) - 1)
        n |= 1 << (bits - 1) if fill >= 0
        n |= 1 << (bits - 2) if fill >= 1 && bits >= 2
        n |= 1 if odd
        new(n)
      end

      # BN.rand_range(bn): a random number in 0...bn.
      def rand_range(range)
        new(SecureRandom.random_number(range.to_i))
      end

      # BN.generate_prime(bits, safe = false): a random prime of exactly `bits` bits.
      def generate_prime(bits, safe = false)
        raise ArgumentError, "invalid argument" if bits < 2
        loop do
          c = rand(bits, 0, true)
          next if bits > 2 && !c.prime?
          next if safe && !new((c.to_i - 1) / 2).prime?
          return c
        end
      end

      private

      def parse(str, base)
        case base
        when 10, 16
          # OpenSSL reads the leading digits and ignores the rest
          digits = base == 10 ? /\A-?[0-9]+/ : /\A-?[0-9a-fA-F]+/
          m = digits.match(str) or raise BNError, ""
          m[0].to_i(base)
        when 2
          str.empty? ? 0 : str.unpack1("H*").to_i(16)
        when 0
          raise BNError, "invalid length" if str.bytesize < 4
          len = str.unpack1("N")
          body = str.byteslice(4, len)
          raise BNError, "encoding error" if body.nil? || body.bytesize != len
          return 0 if len.zero?
          n = body.unpack1("H*").to_i(16)
          if body.getbyte(0) & 0x80 != 0
            -(n & ((1 << (8 * len - 1)) - 1))
          else
            n
          end
        else
          raise ArgumentError, "invalid radix #{base}"
        end
      end
    end

    # bn.to_s(base = 10): decimal; 16 gives upper-case hex in whole bytes; 2 the big-endian
    # bytes of the magnitude; 0 the MPI format.
    def to_s(base = 10)
      case base
      when 10 then @num.to_s
      when 16
        hex = @num.abs.to_s(16).upcase
        hex = "0#{hex}" if hex.size.odd?
        @num.negative? ? "-#{hex}" : hex
      when 2 then BN.__send__(:bytes_of, @num.abs)
      when 0
        body = BN.__send__(:bytes_of, @num.abs)
        body = "\x00".b + body if !body.empty? && body.getbyte(0) & 0x80 != 0
        body.setbyte(0, body.getbyte(0) | 0x80) if @num.negative?
        [body.bytesize].pack("N") + body
      else
        raise ArgumentError, "invalid radix #{base}"
      end
    end

    def self.bytes_of(n)
      return "".b if n.zero?
      hex = n.to_s(16)
      hex = "0#{hex}" if hex.size.odd?
      [hex].pack("H*")
    end
    private_class_method :bytes_of

    def inspect
      Kernel.instance_method(:to_s).bind_call(self)
    end

    def to_i = @num
    alias to_int to_i
    def to_bn = self
    def hash = @num.hash
    def coerce(other)
      case other
      when Integer then [other, @num]
      when String then [other, to_s]
      else raise TypeError, "Don't know how to coerce"
      end
    end

    def +(other) = BN.new(@num + other.to_i)
    def -(other) = BN.new(@num - other.to_i)
    def *(other) = BN.new(@num * other.to_i)
    def **(other) = BN.new(@num**other.to_i)
    def -@ = BN.new(-@num)
    def +@ = self
    def abs = BN.new(@num.abs)
    def sqr = BN.new(@num * @num)

    # bn / other -> [quotient, remainder], truncated toward zero as OpenSSL's BN_div.
    def /(other)
      d = nonzero(other)
      q = @num.abs / d.abs
      q = -q if (@num.negative? ^ d.negative?) && q.nonzero?
      [BN.new(q), BN.new(@num - q * d)]
    end

    # bn % other: the remainder with the dividend's sign (BN_mod).
    def %(other)
      d = nonzero(other)
      BN.new(@num.remainder(d))
    end

    def mod_add(b, m) = BN.new((@num + b.to_i) % nonzero(m))
    def mod_sub(b, m) = BN.new((@num - b.to_i) % nonzero(m))
    def mod_mul(b, m) = BN.new((@num * b.to_i) % nonzero(m))
    def mod_sqr(m) = BN.new((@num * @num) % nonzero(m))
    def mod_exp(e, m) = BN.new(@num.pow(e.to_i, nonzero(m)))

    def mod_inverse(m)
      m = nonzero(m)
      r0, r1, t0, t1 = m, @num % m, 0, 1
      while r1.nonzero?
        q = r0 / r1
        r0, r1 = r1, r0 - q * r1
        t0, t1 = t1, t0 - q * t1
      end
      raise BNError, "no inverse" unless r0 == 1
      BN.new(t0 % m)
    end

    def gcd(other) = BN.new(@num.gcd(other.to_i))
    def <<(bits) = BN.new(@num << bits)
    def >>(bits) = BN.new(@num >> bits)
    def lshift!(bits) = replace(@num << bits)
    def rshift!(bits) = replace(@num >> bits)

    def cmp(other) = @num <=> other.to_i
    alias <=> cmp
    def ucmp(other) = @num.abs <=> other.to_i.abs

    def ==(other)
      other.respond_to?(:to_bn) || other.is_a?(Integer) ? @num == other.to_i : false
    end
    alias === ==

    def eql?(other) = other.is_a?(BN) && @num == other.to_i

    def zero? = @num.zero?
    def one? = @num == 1
    def odd? = @num.odd?
    def negative? = @num.negative?
    def num_bits = @num.abs.bit_length
    def num_bytes = (num_bits + 7) / 8
    def bit_set?(n) = @num.abs[n] == 1
    def set_bit!(n) = replace(@num | (1 << n))
    def clear_bit!(n) = replace(@num & ~(1 << n))
    def mask_bits!(n) = replace(@num & ((1 << n) - 1))
    def copy(other) = replace(other.to_i)

    # bn.prime?(checks = nil): the Miller-Rabin test (exact below 3.3 * 10**24).
    def prime?(_checks = nil)
      n = @num
      return n >= 2 if n <= 3
      return false if n.even?
      WITNESSES.each do |w|
        return n == w if n <= w
        return false if (n % w).zero?
      end
      witnesses = WITNESSES
      if n >= EXACT_BELOW
        witnesses += Array.new(64) { 2 + Random.new.rand(n - 3) }
      end
      d = n - 1
      s = 0
      while d.even?
        d >>= 1
        s += 1
      end
      witnesses.all? do |a|
        x = a.pow(d, n)
        next true if x == 1 || x == n - 1
        (s - 1).times.any? do
          x = x.pow(2, n)
          x == n - 1
        end
      end
    end

    def prime_fasttest?(checks = nil, _trial_division = true) = prime?(checks)

    def initialize_copy(other)
      super
      @num = other.to_i
    end

    private

    def replace(num)
      raise FrozenError, "can't modify frozen #{self.class}: #{inspect}" if frozen?
      @num = num
      self
    end

    def nonzero(m)
      m = m.to_i
      raise BNError, "div by zero" if m.zero?
      m
    end
  end
end

class Integer
  # int.to_bn: the OpenSSL::BN of this Integer.
  def to_bn = OpenSSL::BN.new(self)
end
