# Digest::MD5/SHA1/SHA256/SHA384/SHA512 and Digest::SHA2: class and instance digests
require "digest"
require "digest/sha2"

[Digest::MD5, Digest::SHA1, Digest::SHA256, Digest::SHA384, Digest::SHA512].each do |k|
  p [k, k.hexdigest("abc"), k.hexdigest(""), k.base64digest("abc"), k.digest("abc").bytesize, k.digest("abc").encoding]
  d = k.new
  d << "a"
  d.update("bc")
  p d.hexdigest == k.hexdigest("abc"), d.to_s == d.hexdigest, d.digest_length, d.block_length, d.size
  e = d.dup
  e << "more"
  p d.hexdigest == k.hexdigest("abc"), e.hexdigest == k.hexdigest("abcmore")
  p d == k.hexdigest("abc"), d == e, d == k.new.update("abc"), d == "nope"
  p d.hexdigest!, d.hexdigest
  p d.inspect
end
p Digest::SHA256.new.reset.hexdigest
p Digest::SHA2.new.hexdigest("x") == Digest::SHA256.hexdigest("x")
p Digest::SHA2.new(384).digest_length, Digest::SHA2.new(512).block_length
begin
  Digest::SHA2.new(100)
rescue ArgumentError => e
  p e.message
end
p Digest.hexencode("\x01\xff")
p Digest::SHA256.hexdigest("é" * 1000)
p Digest::MD5.base64digest("The quick brown fox jumps over the lazy dog")
p Digest::SHA1.new.digest("abc") == Digest::SHA1.digest("abc")
p Digest::SHA256.ancestors.include?(Digest::Class)
