# String building: appending with <<, interpolation, repetition, join and upcase into strings
# that grow to several MB, then reading them back by size and by searching. Prints sizes and
# counts as the checksum.
out = String.new
i = 0
while i < 200_000
  out << "item " << i.to_s << ": "
  out << "value=#{i * 3} " << ("ab" * (i % 4)) << "\n"
  i += 1
end
parts = []
j = 0
while j < 50_000
  parts << "#{j}-#{j % 7}"
  j += 1
end
joined = parts.join(",")
shout = joined.upcase
lines = out.count("\n")
puts out.bytesize
puts lines
puts joined.bytesize + shout.bytesize
puts out.index("item 199999")
