# Refinements seen through send, Symbol#to_proc, method, and other indirect calls.
module R
  refine String do
    def shout = upcase + "!"
    def quiet = downcase
    alias_method :yell, :shout
    define_method(:whisper) { "(#{quiet})" }
    private def secret = "s:#{self}"
    def reveal = secret
  end
  refine Integer do
    def to_s = "int!"
    def inspect = "INT"
  end
end
using R
p "a".send(:shout), "b".__send__(:shout), "c".public_send(:shout)
p %w[x y].map(&:shout)
p "A".yell, "ABC".whisper, "k".reveal
p(begin; "k".secret; rescue NoMethodError => e; e.message; end)
p 5.to_s, "#{5}", [5].to_s, 5.inspect
p "q".method(:shout).call rescue p $!.class
p String.instance_method(:shout) rescue p $!.class
p "z".then(&:shout)
p eval('"e".shout') rescue p $!.class
class Sub < String
  def shout = "sub-own " + super
end
p Sub.new("w").shout
module Loud
  def loud = "loud"
end
module R2
  refine Array do
    include Loud rescue p $!.class
    import_methods Loud rescue p $!.class
  end
end
using R2
p([].loud) rescue p $!.class
p R.refinements.map(&:target)
p R.refinements.first.ancestors.first(2)
p Module.used_modules rescue p $!.class
p Module.used_refinements
