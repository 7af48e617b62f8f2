# Index assignment with splatted arguments
a = [1, 2, 3]
i = [1]
p(a[*i] = 9)
p a, i
class Grid
  def []=(*args)
    p(args)
  end
end
g = Grid.new
g[*[1, 2]] = :v
g[0, *[1]] = :w
g[*[]] = :x
