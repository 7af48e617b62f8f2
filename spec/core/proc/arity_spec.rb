# Proc#arity for lambdas and procs with many parameter shapes
[
  -> {}, ->(a) {}, ->(a, b) {}, ->(a = 1) {}, ->(a, b = 1) {}, ->(*a) {}, ->(a, *b) {},
  ->(a, *b, c) {}, ->(a:) {}, ->(a: 1) {}, ->(a, b:) {}, ->(a, b: 1) {}, ->(**kw) {},
  ->(a, **kw) {}, ->(&b) {}, ->(a, &b) {}, ->((a, b)) {}, ->(a = 1, *b, c:, **d) {},
].each { |l| puts "lambda #{l.parameters.inspect}: #{l.arity}" }
[
  proc {}, proc { |a| }, proc { |a, b| }, proc { |a = 1| }, proc { |a, b = 1| }, proc { |*a| },
  proc { |a, *b| }, proc { |a, | }, proc { |a:| }, proc { |a, b:| }, proc { |**kw| }, proc { || },
  proc { _1 }, proc { [_1, _2] }, proc { it },
].each { |pr| puts "proc #{pr.parameters.inspect}: #{pr.arity}" }
p method(:puts).arity
def m0 = nil
def m2(a, b = 1, *c, d:, e: 2, **f, &g) = nil
p method(:m0).arity, method(:m2).arity
