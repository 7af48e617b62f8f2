# SecureRandom: formats, lengths and types (the values are random)
require "securerandom"

p SecureRandom.hex.size, SecureRandom.hex(4).size, SecureRandom.hex(0), SecureRandom.hex =~ /\A\h{32}\z/
p SecureRandom.random_bytes.bytesize, SecureRandom.random_bytes(3).bytesize, SecureRandom.random_bytes(3).encoding
p SecureRandom.bytes(4).bytesize, SecureRandom.gen_random(5).bytesize
p SecureRandom.base64.size, SecureRandom.base64(5).size, SecureRandom.base64(5).end_with?("=="), SecureRandom.base64 =~ /\A[A-Za-z0-9+\/]+=*\z/
p SecureRandom.urlsafe_base64.size, SecureRandom.urlsafe_base64(5, true).size, SecureRandom.urlsafe_base64(64) =~ /\A[A-Za-z0-9_-]+\z/
p SecureRandom.uuid.size, SecureRandom.uuid =~ /\A\h{8}-\h{4}-4\h{3}-[89ab]\h{3}-\h{12}\z/, SecureRandom.uuid_v4 =~ /\A\h{8}-\h{4}-4\h{3}-[89ab]\h{3}-\h{12}\z/
p 20.times.map { SecureRandom.uuid }.uniq.size
p SecureRandom.random_number.class, SecureRandom.random_number(10).class, SecureRandom.random_number(1.5).class, SecureRandom.random_number(1..3).class
p 200.times.all? { (0...10).cover?(SecureRandom.random_number(10)) }, 200.times.all? { (1..3).cover?(SecureRandom.random_number(1..3)) }
p 200.times.all? { f = SecureRandom.random_number; f >= 0 && f < 1 }, 200.times.all? { f = SecureRandom.random_number(2.5); f >= 0 && f < 2.5 }
p 100.times.map { SecureRandom.random_number(3) }.uniq.sort
p SecureRandom.random_number(2**100).class, 50.times.all? { SecureRandom.random_number(2**100) < 2**100 }
p SecureRandom.random_number(0).class, SecureRandom.random_number(-5).class, SecureRandom.random_number(1.0..2.0).class
p SecureRandom.alphanumeric.size, SecureRandom.alphanumeric(5).size, SecureRandom.alphanumeric(100) =~ /\A[A-Za-z0-9]{100}\z/
p SecureRandom.alphanumeric(10, chars: ["x", "y"]) =~ /\A[xy]{10}\z/
p SecureRandom.rand.class, SecureRandom.rand(5).class
begin; SecureRandom.hex(-1); rescue ArgumentError => e; p e.message; end
p SecureRandom.hex(4).encoding, SecureRandom.uuid.encoding
