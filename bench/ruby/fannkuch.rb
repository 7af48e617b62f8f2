# Classic fannkuch-redux: every permutation of 1..N (generated in a fixed order by a counter
# array), for each the number of prefix reversals until 1 is first, the maximum of those counts
# and an alternating-sign checksum. Array indexing and small integer loops.
def fannkuch(n)
  perm1 = Array.new(n) { |i| i }
  count = Array.new(n, 0)
  max_flips = 0
  checksum = 0
  sign = 1
  r = n
  loop do
    while r != 1
      count[r - 1] = r
      r -= 1
    end
    perm = perm1.dup
    flips = 0
    k = perm[0]
    while k != 0
      i = 0
      j = k
      while i < j
        t = perm[i]
        perm[i] = perm[j]
        perm[j] = t
        i += 1
        j -= 1
      end
      flips += 1
      k = perm[0]
    end
    max_flips = flips if flips > max_flips
    checksum += sign * flips
    sign = -sign
    # The next permutation: rotate the first r+1 elements, r counting up while its counter runs out.
    loop do
      return [checksum, max_flips] if r == n
      first = perm1[0]
      i = 0
      while i < r
        perm1[i] = perm1[i + 1]
        i += 1
      end
      perm1[r] = first
      count[r] -= 1
      break if count[r] > 0
      r += 1
    end
  end
end

n = 9
checksum, flips = fannkuch(n)
puts checksum
puts "Pfannkuchen(#{n}) = #{flips}"
