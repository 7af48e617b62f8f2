# Kernel#warn: several messages, arrays, uplevel: (the caller's file:line), category: and
# Warning[]/[]=, a program's Warning.warn calling super, $VERBOSE = nil silencing it.
$stderr = $stdout
def m; warn "in m", uplevel: 0; warn "caller of m", uplevel: 1; end
m
warn "a", "b"
warn ["x", ["y"]]
warn
p warn("z")
warn "dep", category: :deprecated
Warning[:deprecated] = true
warn "dep2", category: :deprecated
p Warning[:deprecated], Warning[:experimental], Warning[:performance]
begin; Warning[:foo]; rescue => e; p e; end
begin; warn "x", category: :foo; rescue => e; p e; end
begin; warn "x", uplevel: -1; rescue => e; p e; end
warn "x", uplevel: 100
module Warning
  def self.warn(msg, category: nil) = super("[custom #{category.inspect}] " + msg)
end
warn "hello"
warn "dep3", category: :deprecated
$VERBOSE = nil
warn "silent"
p Warning.respond_to?(:warn), Warning.method(:warn).owner rescue p $!
p Warning.instance_methods.sort, Warning.categories rescue p $!
