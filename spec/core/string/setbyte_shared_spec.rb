# setbyte writes in place, but never into bytes another string shares: a copy made by `dup`
# of a frozen string, or a substring of one, is detached first (copy-on-write).
root = ("abcdefghij" * 10).freeze
copy = root.dup
copy.setbyte(0, 65)
copy.setbyte(-1, 90)
p root[0], root[-1], copy[0], copy[-1]
tail = root[40, 60]
tail.setbyte(0, 66)
p root[40], tail[0], tail.bytesize
small = +"hello"
small.setbyte(1, 0x61)
p small, small.valid_encoding?
utf = +"héllo"
utf.setbyte(1, 0xc3)
p utf.valid_encoding?
utf.setbyte(2, 0x28)
p utf.valid_encoding?, utf.bytes
big = "z" * 300
5.times { |i| big.setbyte(i * 60, 48 + i) }
p big.count("0-9"), big[0], big[240]
p big.setbyte(1, 300), big[1]
begin
  "abc".freeze.setbyte(0, 1)
rescue => e
  p e.class
end
begin
  +"abc".setbyte(3, 1)
rescue => e
  p e.class, e.message
end
