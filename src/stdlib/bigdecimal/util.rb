# bigdecimal/util: the to_d conversions (Integer, Float, String, Rational, BigDecimal, nil)
# and BigDecimal#to_digits, written for rubra on its native BigDecimal.

require "bigdecimal"

class Integer
  def to_d
    BigDecimal(self)
  end
end

class Float
  def to_d(precision = 0)
    BigDecimal(self, precision)
  end
end

class String
  def to_d
    BigDecimal.interpret_loosely(self)
  end
end

class Rational
  def to_d(precision)
    BigDecimal(self, precision)
  end
end

class BigDecimal
  def to_d
    self
  end

  def to_digits
    nan? || infinite? ? to_s : to_s("F")
  end
end

class NilClass
  def to_d
    BigDecimal(0)
  end
end
