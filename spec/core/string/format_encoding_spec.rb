# format/String#% start out in the format string's encoding and take a %s or %p argument's
# encoding as appending it would: an ASCII-only argument keeps the result's, a non-ASCII one
# gives its own to ASCII-only text, and two non-ASCII encodings are incompatible.
bin = "\xff".b
p format("%s", bin).encoding, format("a%sb", "x".b).encoding, format("%s", "é").encoding
p format("x".b + "%s", "é").encoding, format("%d|%f", 1, 2.0).encoding
p ("%s" % bin).encoding, ("%s!" % ["é"]).encoding, ("%p" % [bin]).encoding
p format("%s".encode("US-ASCII"), "a").encoding, format("%s".encode("US-ASCII"), "é").encoding
p format("%5s|%-4s|", "ab", "é").bytes, format("%5s|", bin).bytes
[-> { format("%s-%s", "é", bin) }, -> { format("é%s", bin) }, -> { "%s%s" % [bin, "é"] }].each do |f|
  p f.call
rescue Encoding::CompatibilityError => e
  p e.message
end
p format("%s", bin).valid_encoding?, format("%s and %s", "a", "b")
