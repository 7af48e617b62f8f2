# caller_locations: Thread::Backtrace::Location path/lineno/label/base_label/to_s/inspect, start and
# length, ranges, in blocks and singleton methods; caller with a range.
class Foo
  def bar = [1].map { |x| caller_locations(0) }.first
  def self.sm = caller_locations(0, 2)
end
ls = Foo.new.bar.first(4)
ls.each { |l| p [l.path, l.lineno, l.label, l.base_label, l.to_s, l.inspect, l.class] }
Foo.sm.each { |l| p [l.label, l.base_label] }
def m2 = caller_locations(1..1)
def m3 = caller_locations(0...1)
def m4 = caller(0, 1)
p m2.map(&:lineno), m3.map(&:label), m4
p caller_locations(0).first.lineno
begin; caller_locations(-1); rescue => e; p e; end
pr = proc { caller_locations(0, 1)[0] }
p pr.call.label, pr.call.base_label
