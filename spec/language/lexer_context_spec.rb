# How the lexer reads context-dependent forms, as CRuby does
def a(*x) = [:a, *x]
def b = :b
# a local variable followed by an argument is a method call
a = 1
p(a 2)
p(a "s")
p(a b: 1)
p(a (3))
p a
# an identifier directly followed by :sym is a command (here inside parentheses: a label)
def foo(x = :none) = [:foo, x]
p(foo:b)
# percent literals with punctuation and space delimiters
p %#pct#, %&amp&, %*star*, %:colon:, %;semi;, %~tilde~, %-dash-
x = % spaced 
p x
# Ruby 4.0: a line starting with && / || / and / or continues the expression
y = 1
  && 2
p y
z = nil
  || :fallback
p z
# __ENCODING__, dynamic names after alias and undef
p __ENCODING__
class Dyn
  def m1 = :one
  alias :"m#{2}" :m1
  alias %s(m3) m1
  def gone = 1
  undef :"go#{:ne}"
end
p Dyn.new.m2, Dyn.new.m3, Dyn.new.respond_to?(:gone)
# !~ calls =~ and negates it
class Matcher
  def =~(o) = o == 1
end
p Matcher.new !~ 1, Matcher.new !~ 2
p((3 !~ 1 rescue $!.class))
# a private method called with a receiver goes to method_missing first
class Pm
  private def secret = 1
  def method_missing(n, *a) = [:mm, n, a]
end
p Pm.new.secret
# class/module bodies on the name's line, calls on constants with arguments
class OneLine a = 1; p a end
module M1 def self.Fun(x) = [:fun, x] end
p M1::Fun 5
p(M1.Fun 6)
# labels that end a pattern at a line end
case {k: 1}
in k:
  p k
end
h = {a: 1, b: 2}
h => a:, b:
p [a, b]
# in starts the next clause inside a case/in body
ctx = [3, 4]
r = case [3]
    in [e]
      ctx.first in ^e
    end
p r
# bare parameters: `...`, keywords before a newline
def fwd ...
  a(...)
end
p fwd(1, 2)
def kw k:
  k
end
p kw(k: 7)
def cmd_sym
  foo:sym
end
p cmd_sym
