p Set[1, 2].disjoint?((1..).lazy.map { _1 * 2 })
p Set[1, 2].intersect?([3, 2]), Set[1].disjoint?([3])
p((Set[1].intersect?(3) rescue $!), (Set[1].disjoint?(nil) rescue $!))
p Set[1, 2].intersect?(Set[2]), Set[1,2].disjoint?(Set[5])
