# Splits 200,000 comma-separated lines (issue 3's split benchmark): each line is
# "<id>,<name>,<age>,<score>,<comment>", and every line is split on "," five times over.
NAMES = %w[alice bob carol dave erin frank grace heidi].freeze
COMMA = ","
lines = Array.new(200_000) do |i|
  "#{i},#{NAMES[i % 8]},#{20 + i % 50},#{(i % 1000) / 10.0},comment number #{i} of the file"
end
fields = 0
5.times do
  lines.each { |line| fields += line.split(COMMA).size }
end
puts fields
