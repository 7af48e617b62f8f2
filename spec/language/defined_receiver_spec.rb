# defined? of calls on undefined receivers, scoped constants, arrays, ! and not
p defined?(nope.foo), defined?(String.nope), defined?(@@x), defined?(Nope::X), defined?(String::Nope)
p defined?([1].first), defined?(1 + 1), defined?(x = 1), defined?(@a = 1), defined?($x)
p defined?(::String), defined?(p), defined?(yield), defined?(super), defined?(self), defined?(nil)
p defined?(puts 1), defined?([nope]), defined?(1..2), defined?("#{nope}"), defined?(:sym), defined?(__method__)
p defined?(a && b), defined?(not true), defined?(!x), defined?(-> {}), defined?(Object.new.nope)
