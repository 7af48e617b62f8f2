def m0 = caller(0).first(3)
def m1 = m0
puts m1
def k0
  [caller.first(1), caller(1, 1), caller(0, 2)]
end
p k0
begin
  caller(-1)
rescue ArgumentError => e
  p e
end
begin
  caller(0, -1)
rescue ArgumentError => e
  p e
end
