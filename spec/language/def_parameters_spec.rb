# def with every parameter kind
def req(a, b) = [a, b]
p req(1, 2)
def opt(a, b = a * 2, c = b + 1) = [a, b, c]
p opt(1)
p opt(1, 5)
p opt(1, 5, 0)
def rest(a, *r) = [a, r]
p rest(1)
p rest(1, 2, 3)
def post(a, *r, z) = [a, r, z]
p post(1, 2)
p post(1, 2, 3, 4)
def opt_post(a, b = :b, c) = [a, b, c]
p opt_post(1, 2)
p opt_post(1, 2, 3)
def kw(a:, b: 2) = [a, b]
p kw(a: 1)
p kw(b: 3, a: 4)
def kwrest(a, **opts) = [a, opts]
p kwrest(1)
p kwrest(1, x: 2, y: 3)
def blk(&b) = b
p blk
p blk { 1 }.call
def all(a, b = 2, *c, d, e:, f: 6, **g, &h)
  [a, b, c, d, e, f, g, h&.call]
end
p all(1, 4, e: 5)
p all(1, 2, 3, 4, 5, e: 0, f: 1, z: 9) { :blk }
def anon_rest(*) = fwd(*)
def fwd(*args) = args
p anon_rest(1, 2)
def anon_kw(**) = fwdk(**)
def fwdk(**kw) = kw
p anon_kw(a: 1)
def anon_blk(&) = [1, 2].map(&)
p anon_blk { |x| x * 3 }
def dots(...) = fwd_all(...)
def fwd_all(*a, **k, &b) = [a, k, b&.call]
p dots(1, k: 2) { 3 }
def hash_last(a, h) = [a, h]
p hash_last(1, x: 2)
def no_kw(*a) = a
p no_kw(1, a: 2)
def nil_kw(a, **nil) = a
p nil_kw(1)
begin
  nil_kw(1, b: 2)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
def errs(a, b = 1, c:) = nil
[
  -> { errs },
  -> { errs(1, 2, 3, c: 1) },
  -> { errs(1) },
  -> { errs(1, c: 1, d: 2) },
  -> { req(1) },
  -> { req(1, 2, 3) },
  -> { kw(a: 1, z: 2, y: 3) },
  -> { kw },
  -> { post(1) },
].each do |l|
  l.call
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
def defaults_see_earlier(a, b = a.length) = b
p defaults_see_earlier("xyz")
p method(:all).arity
p method(:req).arity
p method(:opt).arity
p method(:kw).arity
