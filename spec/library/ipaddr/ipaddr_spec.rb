# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle has no socket extension and so no ipaddr
# IPAddr: parsing, to_s/to_string/inspect, include?/===, mask, to_range, operators, predicates.
require 'ipaddr'
a = IPAddr.new("192.168.1.10/24")
p a, a.to_s, a.to_string, a.prefix, a.ipv4?, a.ipv6?, a.to_i, a.family
p a.include?(IPAddr.new("192.168.1.77")), a.include?("192.168.2.1"), a === "192.168.1.5"
p a.to_range, a.to_range.first, a.to_range.count
b = IPAddr.new("3ffe:505:2::1")
p b, b.to_s, b.to_string, b.prefix, b.hton.bytes
c = IPAddr.new("3ffe:505:2::/48")
p c, c.include?(b), c.mask(32), c.to_range.first
p IPAddr.new("10.0.0.1").private?, IPAddr.new("8.8.8.8").private?, IPAddr.new("127.0.0.1").loopback?, IPAddr.new("::1").loopback?, IPAddr.new("fd00::1").private?
p IPAddr.new("192.168.1.255").succ, IPAddr.new("1.2.3.4") <=> IPAddr.new("1.2.3.5"), IPAddr.new("1.2.3.4") == "1.2.3.4"
p IPAddr.new("1.2.3.4").hton, IPAddr.new("1.2.3.4").mask(16), IPAddr.new("1.2.3.4").mask("255.255.0.0")
p IPAddr.new("::ffff:192.168.1.2"), IPAddr.new("::ffff:192.168.1.2").ipv4_mapped?, IPAddr.new("::ffff:192.168.1.2").native, IPAddr.new("1.2.3.4").ipv4_mapped, IPAddr.new("1.2.3.4").reverse
p IPAddr.new("::"), IPAddr.new("1::"), IPAddr.new("1:0:0:1::1"), IPAddr.new("1:0:0:0:1:0:0:1"), IPAddr.new("fe80::1:0:0:0").to_s
p IPAddr.new(3232235777, Socket::AF_INET) rescue p $!
p IPAddr.new("10.1.2.3") & 0xffff0000, IPAddr.new("10.1.2.3") | 255, ~IPAddr.new("0.0.0.255"), IPAddr.new("10.0.0.0") >> 8, IPAddr.new("10.0.0.0") << 1
p IPAddr.new("1.2.3.4/255.255.255.0"), IPAddr.new("1.2.3.4").eql?(IPAddr.new("1.2.3.4")), IPAddr.new("1.2.3.4").hash == IPAddr.new("1.2.3.4").hash
p IPAddr.new("192.168.0.0/16").prefix, IPAddr.new("::/0").to_s, IPAddr.new("1.2.3.4").link_local?, IPAddr.new("169.254.1.1").link_local?
p [IPAddr.new("1.2.3.5"), IPAddr.new("1.2.3.4")].sort, IPAddr.new("1.2.3.4").to_range.to_a.size
p IPAddr.new("2001:db8::1").ip6_arpa, IPAddr.new("1.2.3.4").ip6_arpa rescue p $!
y = IPAddr.new("1.2.3.4/24"); y.prefix = 16; p y
p IPAddr.new("1.2.3.4") == 16909060, IPAddr.new("1.2.3.4").include?(16909060) rescue p $!
%w[1.2.3 1.2.3.256 ::g 1.2.3.4/33 foo 01.2.3.4 1:2:3:4:5:6:7:8:9 1::2::3 :::].each do |s|
  IPAddr.new(s)
rescue => e
  p [s, e.class, e.is_a?(ArgumentError)]
end
p IPAddr.new("::ffff:1.2.3.4").to_s, IPAddr.new("1:2:3:4:5:6:1.2.3.4").to_string, IPAddr.new("::1.2.3.4").to_i
p IPAddr.new("1:0:2:3:4:5:6:7").to_s, IPAddr.new("0:0:1:0:0:0:1:1").to_s, IPAddr.new("[::1]").to_s
p IPAddr.new("10.0.0.0/8").to_range.last, IPAddr.new("10.0.0.0/8").netmask rescue p $!
p IPAddr.new("172.16.5.4").private?, IPAddr.new("172.32.0.1").private?, IPAddr.new("fe80::1").link_local?
p IPAddr.new("1.2.3.4") < IPAddr.new("1.2.4.0"), IPAddr.new("1.2.3.4") <=> IPAddr.new("::1")
p IPAddr.new("1.2.3.4") == IPAddr.new("::1"), IPAddr.new("1.2.3.0/24").include?(IPAddr.new("1.2.3.0/25")), IPAddr.new("1.2.3.0/25").include?(IPAddr.new("1.2.3.0/24"))
p IPAddr.ntop("\x7f\x00\x00\x01".b), IPAddr.new_ntoh(IPAddr.new("::2").hton)
p IPAddr.new("1.2.3.4").mask(24).to_s, IPAddr.new("2001:db8::ff").mask(64).to_s, IPAddr.new("2001:db8::/32").prefix
p IPAddr.new("::1:2").to_s, IPAddr.new("::2").to_s, IPAddr.new("::ffff:0:0").to_s
