# frozen_string_literal: true
# A gsub-heavy workload (issue 12's speed check): escaping and normalising 200,000 log-like
# lines with Regexp patterns (string, hash and block replacements), plus scan and =~.
ESCAPES = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;" }.freeze
lines = (0...200_000).map { |i| "id=#{i} <user name=\"u#{i % 97}\"> took #{i % 1000}ms & said: hello   world" }
total = 0
words = 0
lines.each do |l|
  s = l.gsub(/[&<>"]/, ESCAPES)
  s = s.gsub(/\s+/, " ")
  s = s.sub(/took (\d+)ms/) { "took #{$1.to_i * 1000}us" }
  words += s.scan(/\w+/).size
  total += s.bytesize if s =~ /id=(\d+)/
end
puts total, words
