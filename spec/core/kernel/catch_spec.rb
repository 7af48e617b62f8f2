# Kernel#catch / #throw return values
p catch(:a) { 1 }
p catch(:a) { throw :a }
p catch(:a) { throw :a, [1, 2] }
p(catch(:a) do
  10.times { |i| throw :a, i if i == 4 }
  :never
end)
def search(grid, target)
  catch(:found) do
    grid.each_with_index do |row, r|
      row.each_with_index do |v, c|
        throw :found, [r, c] if v == target
      end
    end
    nil
  end
end
p search([[1, 2], [3, 4]], 3)
p search([[1, 2], [3, 4]], 9)
begin
  catch(:a) { throw :b }
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
