# Keyword arguments passed as separate values (literal symbol keys): every parameter shape
# and error still behaves as with a keyword Hash.
def add(left:, right:) = left + right
def opt(a, b: 2, c: 3) = [a, b, c]
def rest(a:, **r) = [a, r]
def blk(a:, &b) = [a, b]
def nokw(*args) = args
def pos(h) = h
p add(left: 1, right: 2), add(right: 5, left: 1)
p opt(1), opt(1, c: 9), opt(1, c: 9, b: 8)
p rest(a: 1), rest(b: 2, a: 1, c: 3)
p blk(a: 1)
p nokw(1, a: 2), pos(a: 1, b: 2)
begin; add(left: 1); rescue => e; p e; end
begin; add(left: 1, right: 2, up: 3); rescue => e; p e; end
begin; add(1, left: 1, right: 2); rescue => e; p e; end
p 1.then(a: 2) { |x| x } rescue p $!
def m(**nil); end
begin; m(a: 1); rescue => e; p e; end
p Struct.new(:a, :b, keyword_init: true).new(a: 1, b: 2)
def dflt(a:, b: a * 2) = [a, b]
p dflt(a: 4)
def zs(a:, b: 2) = [a, b]
class A; def zs(a:, b: 2) = [a, b]; end
class B < A; def zs(a:, b: 3) = super; end
p B.new.zs(a: 1)
p [[1, 2]].each_with_object({}) { |(a, b), h| h[a] = b }
