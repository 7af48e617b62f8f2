# Classic N queens: counts the placements of N non-attacking queens by backtracking over rows,
# with the occupied columns and diagonals kept as Arrays of booleans. Recursion and Array
# indexing. Prints the number of solutions for N = 6..11.
def place(row, n, cols, diag1, diag2)
  return 1 if row == n
  found = 0
  col = 0
  while col < n
    d1 = row + col
    d2 = row - col + n
    if !cols[col] && !diag1[d1] && !diag2[d2]
      cols[col] = diag1[d1] = diag2[d2] = true
      found += place(row + 1, n, cols, diag1, diag2)
      cols[col] = diag1[d1] = diag2[d2] = false
    end
    col += 1
  end
  found
end

(6..11).each do |n|
  puts "#{n}: #{place(0, n, Array.new(n, false), Array.new(2 * n, false), Array.new(2 * n, false))}"
end
