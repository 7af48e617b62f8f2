class A; def initialize(x) = super; end
begin; A.new(1); rescue => e; p e; end
begin; Object.new(1); rescue => e; p e; end
p RuntimeError.new, RuntimeError.new("a\nb"), RuntimeError.new("x"), KeyError.new
class C; def to_str = "S"; def to_ary = ["a","b"]; end; p [C.new, 1].join("-")
