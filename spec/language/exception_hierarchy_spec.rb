# The built-in exception hierarchy
[
  ZeroDivisionError, FloatDomainError, ArgumentError, UncaughtThrowError, TypeError,
  NameError, NoMethodError, FrozenError, RuntimeError, KeyError, IndexError, StopIteration,
  ClosedQueueError, RangeError, IOError, EOFError, LocalJumpError, SystemStackError,
  NotImplementedError, ScriptError, SyntaxError, LoadError, SystemExit, Interrupt,
  SignalException, NoMatchingPatternError, NoMatchingPatternKeyError, Math::DomainError,
  FiberError, ThreadError, RegexpError, EncodingError, SecurityError, StandardError,
  Exception, NoMemoryError, Errno::ENOENT, SystemCallError
].each do |k|
  puts "#{k}: #{k.ancestors.take_while { |a| a != Object }.select { |a| a.is_a?(Class) }.join(' < ')}"
end
p Comparable.is_a?(Class)
p ZeroDivisionError.new.message
p KeyError.new.message
