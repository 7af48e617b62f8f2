# Module#=== and the < <= > >= <=> relations between classes/modules
class A; end
class B < A; end
module M; end
class C; include M; end
p A === B.new
p B === A.new
p M === C.new
p Integer === 3
p String === "s"
p Module === Kernel
p Class === Kernel
p B < A
p A < B
p A < A
p A <= A
p B <= A
p A > B
p A >= A
p C < M
p M > C
p A < C
p A <=> B
p B <=> A
p A <=> A
p A <=> C
p Integer < Numeric
p Integer < Comparable
begin
  A < 1
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
