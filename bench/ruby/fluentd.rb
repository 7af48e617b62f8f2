# frozen_string_literal: true
# The ruby-bench `fluentd` workload (object-model.md §4): fluentd 1.19.0's LTSV parser over
# 1,000 log lines repeated 250 times (~25.8 MB, one mutable heap String). One iteration splits
# it on "\t" (750,001 pieces) and splits each piece once on ":" into a key and a value.
# The fixture is deterministic: the timestamps are formatted as Time#to_s prints them (25 bytes)
# and the messages are sampled after srand(1).
# Prints, per iteration, the objects allocated and (under rubra) the frozen roots created, which
# RUBRA_SUBSEQ_EMBED_MAX decides: 250,000 at 15 (Ruby 4.0's rule), 0 at 128 (the decided rule).
MESSAGES = [
  "Skipping user-data validation. No user-data found.",
  "Python version change detected. Purging cache",
  "No instance datasource found.",
  "No kernel command line url found.",
  "No local datasource found"
].freeze
DELIMITER = "\t"
LABEL_DELIMITER = ":"

def stamp(i)
  s = 9 * 3600 + i
  format("2023-07-27 %02d:%02d:%02d +0000", s / 3600, s / 60 % 60, s % 60)
end

def parse(text)
  r = {}
  text.split(DELIMITER).each do |pair|
    if pair.include?(LABEL_DELIMITER)
      key, value = pair.split(LABEL_DELIMITER, 2)
      r[key] = value
    end
  end
  r
end

srand(1)
lines = (0...1000).map do |i|
  "time:#{stamp(i)}\tmodule:main.py\tlevel:DEBUG\tmessage:#{MESSAGES.sample}\n"
end
ltsv = lines.join * 250
iterations = ($iterations || (Object.const_defined?(:ENV) && ENV["ITERATIONS"]) || 3).to_i
counts = GC.respond_to?(:stat)
roots = Object.const_defined?(:RubyVM) && RubyVM.respond_to?(:stat) && RubyVM.stat.key?(:root_by_copy)
r = nil
iterations.times do |n|
  objects = counts ? GC.stat(:total_allocated_objects) : 0
  made = roots ? RubyVM.stat(:root_by_copy) + RubyVM.stat(:root_by_takeover) : 0
  interns = roots ? RubyVM.stat(:fstring_lookups) : 0
  inserts = roots ? RubyVM.stat(:fstring_inserts) : 0
  r = parse(ltsv)
  line = "iteration #{n + 1}"
  line += ": #{GC.stat(:total_allocated_objects) - objects} objects" if counts
  if roots
    line += ", #{RubyVM.stat(:root_by_copy) + RubyVM.stat(:root_by_takeover) - made} roots"
    line += ", #{RubyVM.stat(:fstring_lookups) - interns} fstring interns"
    line += " (#{RubyVM.stat(:fstring_inserts) - inserts} inserted)"
  end
  puts line
end
puts "#{ltsv.bytesize} bytes; keys #{r.keys.inspect}; message ends with a newline: #{r["message"].end_with?("\n")}"
