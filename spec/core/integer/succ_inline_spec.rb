# Integer#succ, answered inline for fixnums: the fixnum boundary gives a Bignum, other
# receivers take their own succ, and a program's redefinition is called from then on.
p 1.succ, -1.succ, 0.succ, (2**62 - 1).succ, (2**62).succ, (-2**62 - 1).succ
p "az".succ, :a.succ, 1.5.then { _1.floor.succ }, [1, 2].map(&:succ)
i = 0
i = i.succ while i < 5
p i
class Integer
  def succ = self + 10
end
p 1.succ, (2**70).succ, [3, 4].map { _1.succ }
