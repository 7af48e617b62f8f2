# Safe navigation operator &.
s = nil
p s&.length
p s&.length.nil?
t = "abc"
p t&.length
p nil&.foo(1, 2)
p [1, 2]&.first
class Node
  attr_accessor :next_node, :val
  def initialize(v, n = nil)
    @val = v
    @next_node = n
  end
end
list = Node.new(1, Node.new(2))
p list&.next_node&.val
p list&.next_node&.next_node&.val
o = nil
o&.val = 5
p o
n = Node.new(0)
n&.val = 5
p n.val
count = 0
nil&.foo(count += 1)
p count
p false&.to_s
m = nil
p m&.then { 1 }
x = nil
x&.val ||= 3
p x
