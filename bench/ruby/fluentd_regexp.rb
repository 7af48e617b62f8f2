# frozen_string_literal: true
# The regexp-based LTSV parse beside bench/ruby/fluentd.rb (object-model.md §4): the same 25.8 MB
# fixture, split into lines, each matched by one Regexp whose captures become the record. Each
# match freezes its subject into one root (a frozen copy of the line) and the captures are
# substrings of that root: the message, a tail longer than 15 bytes, is shared under either
# cutoff, so RUBRA_SUBSEQ_EMBED_MAX changes nothing here (the rule's gain is for split).
# Prints, per iteration, the objects allocated and (under rubra) the frozen roots created.
MESSAGES = [
  "Skipping user-data validation. No user-data found.",
  "Python version change detected. Purging cache",
  "No instance datasource found.",
  "No kernel command line url found.",
  "No local datasource found"
].freeze
LINE = /\Atime:([^\t]*)\tmodule:([^\t]*)\tlevel:([^\t]*)\tmessage:(.*)\z/
NEWLINE = "\n"

def stamp(i)
  s = 9 * 3600 + i
  format("2023-07-27 %02d:%02d:%02d +0000", s / 3600, s / 60 % 60, s % 60)
end

def parse(text)
  r = {}
  text.split(NEWLINE).each do |line|
    if (m = LINE.match(line))
      r["time"] = m[1]
      r["module"] = m[2]
      r["level"] = m[3]
      r["message"] = m[4]
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
  shared = roots ? RubyVM.stat(:substr_shared) : 0
  r = parse(ltsv)
  line = "iteration #{n + 1}"
  line += ": #{GC.stat(:total_allocated_objects) - objects} objects" if counts
  if roots
    line += ", #{RubyVM.stat(:root_by_copy) + RubyVM.stat(:root_by_takeover) - made} roots"
    line += ", #{RubyVM.stat(:substr_shared) - shared} shared substrings"
  end
  puts line
end
puts "#{ltsv.bytesize} bytes; record #{r.keys.inspect}; message #{r["message"].inspect}"
