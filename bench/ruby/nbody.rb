# Classic n-body simulation (the sun and the four giant planets, leapfrog steps of 0.01 days):
# Float arithmetic, attribute-free instance variables and nested while loops. Prints the energy
# before and after 100,000 steps as integers (energy * 1e9, rounded), so outputs compare exactly.
SOLAR_MASS = 4 * Math::PI * Math::PI
DAYS_PER_YEAR = 365.24

class Body
  attr_accessor :x, :y, :z, :vx, :vy, :vz, :mass

  def initialize(x, y, z, vx, vy, vz, mass)
    @x = x
    @y = y
    @z = z
    @vx = vx * DAYS_PER_YEAR
    @vy = vy * DAYS_PER_YEAR
    @vz = vz * DAYS_PER_YEAR
    @mass = mass * SOLAR_MASS
  end
end

def energy(bodies)
  e = 0.0
  n = bodies.size
  i = 0
  while i < n
    b = bodies[i]
    e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz)
    j = i + 1
    while j < n
      c = bodies[j]
      dx = b.x - c.x
      dy = b.y - c.y
      dz = b.z - c.z
      e -= b.mass * c.mass / Math.sqrt(dx * dx + dy * dy + dz * dz)
      j += 1
    end
    i += 1
  end
  e
end

def advance(bodies, dt)
  n = bodies.size
  i = 0
  while i < n
    b = bodies[i]
    j = i + 1
    while j < n
      c = bodies[j]
      dx = b.x - c.x
      dy = b.y - c.y
      dz = b.z - c.z
      d2 = dx * dx + dy * dy + dz * dz
      mag = dt / (d2 * Math.sqrt(d2))
      bm = b.mass * mag
      cm = c.mass * mag
      b.vx -= dx * cm
      b.vy -= dy * cm
      b.vz -= dz * cm
      c.vx += dx * bm
      c.vy += dy * bm
      c.vz += dz * bm
      j += 1
    end
    i += 1
  end
  bodies.each do |b|
    b.x += dt * b.vx
    b.y += dt * b.vy
    b.z += dt * b.vz
  end
end

bodies = [
  Body.new(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0),
  Body.new(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
           1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05,
           9.54791938424326609e-04),
  Body.new(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
           -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05,
           2.85885980666130812e-04),
  Body.new(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
           2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05,
           4.36624404335156298e-05),
  Body.new(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
           2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05,
           5.15138902046611451e-05)
]
# Offset the sun's momentum so the system's total is zero.
px = py = pz = 0.0
bodies.each do |b|
  px += b.vx * b.mass
  py += b.vy * b.mass
  pz += b.vz * b.mass
end
sun = bodies[0]
sun.vx = -px / SOLAR_MASS
sun.vy = -py / SOLAR_MASS
sun.vz = -pz / SOLAR_MASS

puts (energy(bodies) * 1e9).round
steps = 100_000
k = 0
while k < steps
  advance(bodies, 0.01)
  k += 1
end
puts (energy(bodies) * 1e9).round
