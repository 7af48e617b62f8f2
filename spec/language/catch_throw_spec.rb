# catch / throw
r = catch(:found) do
  [1, 2, 3].each do |x|
    [10, 20].each do |y|
      throw :found, [x, y] if x * y == 40
    end
  end
  :not_found
end
p r
p catch(:x) { 42 }
p catch(:x) { throw :x }
p catch { |tag| throw tag, "anonymous tag" }
r = catch(:outer) do
  catch(:inner) do
    throw :outer, "to outer"
  end
  "not reached"
end
p r
begin
  throw :nope
rescue UncaughtThrowError => e
  puts "UncaughtThrowError: #{e.message}"
  p e.tag
  p e.value
end
begin
  throw "string tag", 1
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
def deep(n)
  throw :bottom, n if n == 0
  deep(n - 1)
end
p catch(:bottom) { deep(5) }
p catch("str") { throw "str", :same_string_object? } rescue puts "#{$!.class}: #{$!.message}"
obj = Object.new
p catch(obj) { throw obj, :obj_tag }
