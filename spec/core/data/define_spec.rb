Coord = Data.define(:lat, :lng) do
  def to_s = "(#{lat}, #{lng})"
  def north? = lat > 0
end
a = Coord.new(lat: 1, lng: 2)
b = Coord.new(1, 2)
p a, b, a == b, a.eql?(b), a.hash == b.hash, a.lat, a.to_h, Coord.members, a.north?
puts a
c = a.with(lng: 5)
p c, a, c.frozen?
begin; Coord.new(1); rescue ArgumentError => e; p e.message; end
begin; Coord.new(1, 2, 3); rescue ArgumentError => e; p e.message; end
begin; Coord.new(lat: 1, lng: 2, x: 3); rescue ArgumentError => e; p e.message; end
begin; a.instance_variable_set(:@lat, 3); rescue => e; p e.class; end
Empty = Data.define
p Empty.new, Coord.ancestors.take(2), a.inspect
h = {a => 1}; p h[Coord.new(lat: 1, lng: 2)]
Point3 = Data.define(:x, :y, :z)
p Point3.new(x: 1, y: 2, z: 3).to_h { |k, v| [k.to_s, v * 2] }
