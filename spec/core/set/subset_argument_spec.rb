# Set comparisons take only Sets (ArgumentError otherwise); <=>, disjoint? and intersect? take any enumerable.
$stdout.sync=true
s = Set[1, 2]
[:subset?, :<=, :superset?, :>=, :proper_subset?, :<, :proper_superset?, :>, :<=>, :disjoint?, :intersect?].each do |m|
  begin
    p [m, s.public_send(m, [1])]
  rescue => e
    p [m, e.class, e.message]
  end
end
p Set[1].intersect?([1, 3])
