require "tsort"
class H < Hash
  include TSort
  alias tsort_each_node each_key
  def tsort_each_child(node, &block) = fetch(node).each(&block)
end
h = H[{1=>[2, 3], 2=>[3], 3=>[], 4=>[]}]
p h.tsort, h.strongly_connected_components
g = H[{1=>[2], 2=>[3, 4], 3=>[2], 4=>[]}]
p g.strongly_connected_components
begin; g.tsort; rescue => e; p e.class, e.message; end
p g.each_strongly_connected_component.to_a rescue p $!
p g.tsort_each.class rescue p $!
p g.each_strongly_connected_component_from(1).to_a rescue p $!
each_node = lambda { |&b| h.each_key(&b) }
each_child = lambda { |n, &b| h[n].each(&b) }
p TSort.tsort(each_node, each_child), TSort.strongly_connected_components(each_node, each_child)
p TSort.tsort_each(each_node, each_child).to_a
p TSort.instance_methods.sort, TSort.singleton_methods.sort
p TSort::VERSION
p TSort::Cyclic.superclass
h2 = {1=>[2], 2=>[1]}
begin; TSort.tsort(h2.method(:each_key), lambda {|n,&b| h2[n].each(&b)}); rescue => e; p e.message; end
p TSort.each_strongly_connected_component_from(1, lambda {|n,&b| h[n].each(&b)}).to_a
