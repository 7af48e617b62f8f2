# Classic Mandelbrot set: a 240 x 240 grid over [-1.5, 0.5] x [-1, 1], up to 100 iterations of
# z = z^2 + c per point (Float arithmetic in nested while loops). Prints the number of points in
# the set and the sum of the escape iterations.
size = 240
limit = 100
inside = 0
escapes = 0
y = 0
while y < size
  ci = 2.0 * y / size - 1.0
  x = 0
  while x < size
    cr = 2.0 * x / size - 1.5
    zr = 0.0
    zi = 0.0
    i = 0
    while i < limit && zr * zr + zi * zi <= 4.0
      t = zr * zr - zi * zi + cr
      zi = 2.0 * zr * zi + ci
      zr = t
      i += 1
    end
    if i == limit
      inside += 1
    else
      escapes += i
    end
    x += 1
  end
  y += 1
end
puts inside
puts escapes
