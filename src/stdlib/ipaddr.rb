# ipaddr: IPAddr, an IPv4 or IPv6 address with a netmask, written for rubra: parsing (with
# "/prefix" or "/netmask"), to_s (compressed IPv6), to_string, inspect, include?/===, mask,
# to_range, the bit operators, comparison, succ, hton, the address-kind predicates and the
# IPv4-mapped conversions.

unless defined?(Socket)
  # The address-family numbers IPAddr uses (Linux's values, as Socket has them).
  module Socket
    AF_UNSPEC = 0
    AF_INET = 2
    AF_INET6 = 10
  end
end

class IPAddr
  include Comparable

  class Error < ArgumentError; end
  class InvalidAddressError < Error; end
  class AddressFamilyError < Error; end
  class InvalidPrefixError < InvalidAddressError; end

  IN4MASK = 0xffffffff
  IN6MASK = 0xffffffffffffffffffffffffffffffff
  IN6FORMAT = (["%.4x"] * 8).join(":").freeze
  RE_IPV4 = /\A(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\z/

  attr_reader :family

  def self.ntop(addr)
    case addr.bytesize
    when 4 then addr.unpack("C4").join(".")
    when 16 then format(IN6FORMAT, *addr.unpack("n8"))
    else raise AddressFamilyError, "unsupported address family"
    end
  end

  def self.new_ntoh(addr)
    new(ntop(addr))
  end

  def initialize(addr = "::", family = Socket::AF_UNSPEC)
    if !addr.is_a?(String)
      unless [Socket::AF_INET, Socket::AF_INET6].include?(family)
        raise AddressFamilyError, "unsupported address family: #{family}" unless family == Socket::AF_UNSPEC
        raise AddressFamilyError, "address family must be specified"
      end
      @family = family
      set(addr.to_i, family)
      @mask_addr = family == Socket::AF_INET ? IN4MASK : IN6MASK
      return
    end
    prefix, len = addr.split("/", 2)
    prefix = prefix[1..-2] if prefix.start_with?("[") && prefix.end_with?("]")
    if (v4 = parse_ipv4(prefix))
      @addr, @family = v4, Socket::AF_INET
    elsif (v6 = parse_ipv6(prefix))
      @addr, @family = v6, Socket::AF_INET6
    else
      raise InvalidAddressError, "invalid address: #{addr}"
    end
    if family != Socket::AF_UNSPEC && family != @family
      raise AddressFamilyError, "address family mismatch"
    end
    @mask_addr = ipv4? ? IN4MASK : IN6MASK
    mask!(len) if len
  end

  def ipv4?
    @family == Socket::AF_INET
  end

  def ipv6?
    @family == Socket::AF_INET6
  end

  def to_i
    @addr
  end

  def to_s
    return to_string if ipv4?
    groups = format(IN6FORMAT, *addr_groups).split(":").map { |g| g.sub(/\A0+(?=.)/, "") }
    best, best_len, i = nil, 1, 0
    while i < 8
      if groups[i] == "0"
        j = i
        j += 1 while j < 8 && groups[j] == "0"
        best, best_len = i, j - i if j - i > best_len
        i = j
      else
        i += 1
      end
    end
    str = best ? "#{groups[0, best].join(':')}::#{groups[best + best_len..].join(':')}" : groups.join(":")
    # an address with only its last 32 bits set (or IPv4-mapped) shows them as IPv4
    if (m = /\A::(ffff:)?(\h{1,4}):(\h{1,4})\z/.match(str))
      hi, lo = m[2].hex, m[3].hex
      str = "::#{m[1]}#{hi >> 8}.#{hi & 0xff}.#{lo >> 8}.#{lo & 0xff}"
    end
    str
  end

  def to_string
    ipv4? ? int_to_s(@addr) : format(IN6FORMAT, *addr_groups)
  end

  def inspect
    "#<#{self.class}: #{ipv4? ? 'IPv4' : 'IPv6'}:#{to_string}/#{int_to_s(@mask_addr)}>"
  end

  def netmask
    int_to_s(@mask_addr)
  end

  def prefix
    bits = ipv4? ? 32 : 128
    m = @mask_addr
    n = 0
    n += 1 while n < bits && m[bits - 1 - n] == 1
    n
  end

  def prefix=(len)
    raise InvalidPrefixError, "prefix must be an integer" unless len.is_a?(Integer)
    mask!(len)
  end

  def mask(prefixlen)
    clone.mask!(prefixlen)
  end

  def include?(other)
    other = coerce_other(other)
    return false unless other.family == @family
    begin_addr <= other.begin_addr && end_addr >= other.end_addr
  end
  alias === include?

  def to_range
    self.class.new(begin_addr, @family)..self.class.new(end_addr, @family)
  end

  def &(other)
    self.class.new(@addr & coerce_other(other).to_i, @family)
  end

  def |(other)
    self.class.new(@addr | coerce_other(other).to_i, @family)
  end

  def ~
    self.class.new(~@addr & max_addr, @family)
  end

  def >>(num)
    self.class.new(@addr >> num, @family)
  end

  def <<(num)
    self.class.new((@addr << num) & max_addr, @family)
  end

  def ==(other)
    other = coerce_other(other)
  rescue StandardError
    false
  else
    @family == other.family && @addr == other.to_i
  end

  def <=>(other)
    other = coerce_other(other)
  rescue StandardError
    nil
  else
    @addr <=> other.to_i if other.family == @family
  end

  def eql?(other)
    self.class == other.class && hash == other.hash && self == other
  end

  def hash
    [@addr, @mask_addr, @family].hash
  end

  def succ
    clone.set(@addr + 1, @family)
  end

  def hton
    (ipv4? ? [@addr].pack("N") : addr_groups.pack("n8")).b
  end

  def private?
    if ipv4?
      @addr & 0xff000000 == 0x0a000000 || @addr & 0xfff00000 == 0xac100000 ||
        @addr & 0xffff0000 == 0xc0a80000
    else
      @addr & (0xfe << 120) == 0xfc << 120 || (ipv4_mapped? && native.private?)
    end
  end

  def loopback?
    ipv4? ? @addr & 0xff000000 == 0x7f000000 : @addr == 1 || (ipv4_mapped? && native.loopback?)
  end

  def link_local?
    if ipv4?
      @addr & 0xffff0000 == 0xa9fe0000
    else
      @addr & (0xffc << 116) == 0xfe8 << 116 || (ipv4_mapped? && native.link_local?)
    end
  end

  def ipv4_mapped?
    ipv6? && @addr >> 32 == 0xffff
  end

  def ipv4_mapped
    raise InvalidAddressError, "not an IPv4 address: #{@addr}" unless ipv4?
    self.class.new(@addr | 0xffff00000000, Socket::AF_INET6)
  end

  def native
    return self unless ipv4_mapped?
    self.class.new(@addr & IN4MASK, Socket::AF_INET)
  end

  def reverse
    return ip6_arpa if ipv6?
    "#{to_string.split('.').reverse.join('.')}.in-addr.arpa"
  end

  def ip6_arpa
    raise InvalidAddressError, "not an IPv6 address: #{@addr}" unless ipv6?
    "#{format('%.32x', @addr).reverse.chars.join('.')}.ip6.arpa"
  end

  def to_json(*a)
    to_s.to_json(*a)
  end

  protected

  def begin_addr
    @addr & @mask_addr
  end

  def end_addr
    @addr | (max_addr & ~@mask_addr)
  end

  def set(addr, family)
    unless addr.between?(0, family == Socket::AF_INET ? IN4MASK : IN6MASK)
      raise InvalidAddressError, "invalid address: #{addr}"
    end
    @addr = addr
    @family = family
    self
  end

  def mask!(mask)
    bits = ipv4? ? 32 : 128
    if mask.is_a?(String)
      if /\A\d+\z/.match?(mask)
        mask = mask.to_i
      else
        m = ipv4? ? parse_ipv4(mask) : parse_ipv6(mask)
        raise InvalidPrefixError, "invalid mask #{mask}" unless m
        len = bits - (max_addr & ~m).bit_length
        raise InvalidPrefixError, "invalid mask #{mask}" unless m == max_addr ^ ((1 << (bits - len)) - 1)
        mask = len
      end
    end
    raise InvalidPrefixError, "invalid length" unless mask.is_a?(Integer) && mask.between?(0, bits)
    @mask_addr = max_addr ^ ((1 << (bits - mask)) - 1)
    @addr &= @mask_addr
    self
  end

  private

  def max_addr
    ipv4? ? IN4MASK : IN6MASK
  end

  def addr_groups
    7.downto(0).map { |i| (@addr >> (16 * i)) & 0xffff }
  end

  def int_to_s(n)
    return format(IN6FORMAT, *7.downto(0).map { |i| (n >> (16 * i)) & 0xffff }) if ipv6?
    [24, 16, 8, 0].map { |s| (n >> s) & 0xff }.join(".")
  end

  def coerce_other(other)
    case other
    when IPAddr then other
    when String then self.class.new(other)
    else self.class.new(other, @family)
    end
  end

  def parse_ipv4(s)
    m = RE_IPV4.match(s) or return nil
    parts = m.captures
    if parts.any? { |x| x.length > 1 && x.start_with?("0") }
      raise InvalidAddressError, "zero-filled number in IPv4 address is ambiguous: #{s}"
    end
    nums = parts.map(&:to_i)
    return nil if nums.any? { |x| x > 255 }
    nums.inject(0) { |acc, x| (acc << 8) | x }
  end

  def parse_ipv6(s)
    return nil unless /\A[\h:.]+\z/.match?(s) && s.include?(":")
    tail = []
    if (m = /(\A|:)(\d+\.\d+\.\d+\.\d+)\z/.match(s))
      v4 = parse_ipv4(m[2]) or return nil
      tail = [v4 >> 16, v4 & 0xffff]
      s = m.pre_match + m[1]
      s = s.chomp(":") unless s.end_with?("::")
    end
    parts = s.split("::", -1)
    return nil if parts.size > 2
    groups_of = lambda do |part|
      part.empty? ? [] : part.split(":", -1).map { |g| g.hex if /\A\h{1,4}\z/.match?(g) }
    end
    if parts.size == 1
      g = groups_of.call(parts[0]) + tail
      return nil if g.include?(nil) || g.size != 8
    else
      a = groups_of.call(parts[0])
      b = groups_of.call(parts[1]) + tail
      return nil if a.include?(nil) || b.include?(nil) || a.size + b.size > 7
      g = a + [0] * (8 - a.size - b.size) + b
    end
    g.inject(0) { |acc, x| (acc << 16) | x }
  end
end
