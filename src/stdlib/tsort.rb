# frozen_string_literal: true
#
# tsort: topological sorting and strongly connected components (Tarjan's algorithm) of a
# graph that a class describes with `tsort_each_node` and `tsort_each_child` (after
# `include TSort`), or that two callables describe (`TSort.tsort(each_node, each_child)`).
# Written for rubra; the search keeps its own stack, so deep graphs do not exhaust Ruby's.

module TSort
  VERSION = "0.2.0"

  # Raised by tsort when the graph has a cycle.
  class Cyclic < StandardError
  end

  # tsort -> the nodes, each after all its children
  def tsort
    TSort.tsort(method(:tsort_each_node), method(:tsort_each_child))
  end

  def tsort_each(&block)
    TSort.tsort_each(method(:tsort_each_node), method(:tsort_each_child), &block)
  end

  def strongly_connected_components
    TSort.strongly_connected_components(method(:tsort_each_node), method(:tsort_each_child))
  end

  def each_strongly_connected_component(&block)
    TSort.each_strongly_connected_component(method(:tsort_each_node),
                                            method(:tsort_each_child), &block)
  end

  def each_strongly_connected_component_from(node, id_map = {}, stack = [], &block)
    TSort.each_strongly_connected_component_from(node, method(:tsort_each_child),
                                                 id_map, stack, &block)
  end

  def tsort_each_node
    raise NotImplementedError
  end

  def tsort_each_child(node)
    raise NotImplementedError
  end

  # TSort.tsort(each_node, each_child) -> the nodes, children first
  def self.tsort(each_node, each_child)
    tsort_each(each_node, each_child).to_a
  end

  # Yields the nodes, children first; TSort::Cyclic at a cycle.
  def self.tsort_each(each_node, each_child)
    return to_enum(__method__, each_node, each_child) unless block_given?
    each_strongly_connected_component(each_node, each_child) do |component|
      raise Cyclic, "topological sort failed: #{component.inspect}" unless component.size == 1
      yield component.first
    end
  end

  def self.strongly_connected_components(each_node, each_child)
    each_strongly_connected_component(each_node, each_child).to_a
  end

  # Yields each strongly connected component (an Array of nodes), children's first.
  def self.each_strongly_connected_component(each_node, each_child, &block)
    return to_enum(__method__, each_node, each_child) unless block
    id_map = {}
    stack = []
    each_node.call do |node|
      next if id_map.include?(node)
      each_strongly_connected_component_from(node, each_child, id_map, stack, &block)
    end
    nil
  end

  # Yields the components reachable from node that are not yet in id_map. id_map maps a
  # node to its place on stack while its component is open, and to nil once it was yielded.
  def self.each_strongly_connected_component_from(node, each_child, id_map = {}, stack = [])
    return to_enum(__method__, node, each_child, id_map, stack) unless block_given?
    # each frame of the search: [node, its children, the next child's index, lowest id seen]
    work = []
    enter = lambda do |n|
      id = stack.length
      id_map[n] = id
      stack << n
      children = []
      each_child.call(n) { |c| children << c }
      work << [n, children, 0, id]
    end
    enter.call(node)
    until work.empty?
      frame = work.last
      n, children, i, low = frame
      if i < children.length
        frame[2] = i + 1
        child = children[i]
        if id_map.include?(child)
          child_id = id_map[child]
          frame[3] = child_id if child_id && child_id < low
        else
          enter.call(child)
        end
        next
      end
      work.pop
      id = id_map[n]
      if low == id
        component = stack.slice!(id..)
        component.each { |m| id_map[m] = nil }
        yield component
      elsif (parent = work.last) && low < parent[3]
        parent[3] = low
      end
    end
    nil
  end
end
