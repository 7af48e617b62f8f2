# String#crypt: crypt(3) hashes for the settings the system's libcrypt and CRuby 4.0 agree on
# (traditional DES with a two-character salt, MD5 `$1$`, SHA-256 `$5$`, SHA-512 `$6$`, bcrypt
# `$2b$`), the result's encoding, and the argument errors.

p "secret".crypt("ab")
p "".crypt("zz")
p "secret".crypt("abcdef")           # DES reads two salt characters only
p "héllo".crypt("ab")
p "a much longer password than eight".crypt("Zq")
p "secret".crypt("$1$salt$")
p "secret".crypt("$5$salt$")
p "secret".crypt("$6$saltsalt$")
p "secret".crypt("$6$rounds=5000$saltsalt$")
p "secret".crypt("$2b$04$abcdefghijklmnopqrstuu")
p "xy".crypt("ab\0cd")               # the salt ends at its first NUL

r = "secret".crypt("ab")
p r.encoding, r.frozen?
p "secret".encode("US-ASCII").crypt("ab").encoding
p "secret".crypt("ab") == "secret".crypt("ab"), "secret".crypt("ab") == "secreT".crypt("ab")

class Salt
  def to_str = "cd"
end
p "secret".crypt(Salt.new)

[
  -> { "x\0y".crypt("ab") },
  -> { "xy".crypt("a\0b") },
  -> { "xy".crypt("a") },
  -> { "xy".crypt("") },
  -> { "xy".crypt(:ab) },
  -> { "xy".crypt(nil) },
  -> { "xy".crypt(12) },
  -> { "xy".crypt },
].each do |f|
  f.call
rescue => e
  puts "#{e.class}: #{e.message}"
end
