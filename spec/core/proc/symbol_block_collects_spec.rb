# Natives iterating with a block that runs no Ruby code (&:name, &method(:m)) still collect
# garbage as they go, and their yielded values survive those collections.
c = GC.count
1.upto(300_000, &:to_s)
p GC.count > c
c = GC.count
(1..300_000).each(&method(:String))
p GC.count > c
a = (1..40).map(&:to_s)
p a.map(&:upcase).size, a.each_with_object([]) { |x, acc| acc << x }.size, a.map(&:to_sym).size
p a.sort_by(&:size).first, a.group_by(&:size).keys, a.min_by(&:to_i), a.max_by(&:to_i), a.sum(&:to_i), a.partition(&:empty?).map(&:size)
p a.flat_map(&:chars).size, a.filter_map(&:to_i).sum, a.each_slice(3).map(&:join).size, a.each_cons(2).map(&:join).size
p a.to_h { [_1, _1] }.transform_values(&:to_i).values.sum, a.zip(a).map(&:join).size, a.find(&:frozen?)
p a.chunk_while { |x, y| x.size == y.size }.map(&:size), a.sort_by(&:reverse).first(2), a.uniq(&:size)
h = a.to_h { [_1, _1 * 2] }
p h.map(&:join).size, h.select { _2.size > 3 }.size, h.sum { _1.size }, h.min_by(&:last), h.sort_by(&:last).first, h.each_with_object({}) { |(k, v), m| m[v] = k }.size
p a.each_entry.map(&:succ).last, a.lazy.map(&:succ).select(&:frozen?).to_a.size, (1..20).step(3).map(&:to_s), 1.step(30, 7).map(&:to_s)
p a.inject(&:+).size, a.reduce("", &:+).size, a.map(&method(:String)).size, a.each_with_index.to_h.size, a.cycle.first(50).map(&:to_i).sum
p 10.times.map(&:to_s), 1.upto(12).map(&:to_s).join, "a".upto("az").map(&:upcase).last, a.each_slice(7).map(&:sum.to_proc.curry) rescue p $!.class
p [[1, "a"], [2, "b"]].map(&:last), [[3, 4]].to_h.map(&:sum), a.map(&:dup).map(&:freeze).size
require "tmpdir"
path = File.join(Dir.tmpdir, "rubra_symbol_block_#{$$}")
File.write(path, "first line\nsecond\nthird\nfourth\n")
p File.open(path, &:readline), IO.readlines(path).map(&:chomp).size, a.sort(&:<=>).first(2)
File.delete(path)
