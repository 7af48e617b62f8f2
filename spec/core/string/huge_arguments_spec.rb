# Sizes and counts that do not fit: RangeError or FloatDomainError, never a crash.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

t("* 1e300") { "abc" * 1e300 }
t("* -1e300") { "abc" * -1e300 }
t("* NaN") { "abc" * Float::NAN }
t("* Infinity") { "abc" * Float::INFINITY }
t("* 2**64") { "abc" * 2**64 }
t("* 2.5") { "ab" * 2.5 }
t("ljust 1e300") { "a".ljust(1e300) }
t("center 2**64") { "a".center(2**64) }
t("Array.new 2**64") { Array.new(2**64) }
t("Array.new 1e300") { Array.new(1e300) }
t("[1] * 2**64") { [1] * 2**64 }
# an empty string repeated a huge number of times is empty at once
p "" * (2**30 - 1)
p String.new * (2**30 - 1)
