C = Data.define(:x) do
  def to_s = "custom"
  def yy = 2
end
p C.instance_methods(false).sort, C.new(1).yy
D = Data.define(:x) do
  def yy = 3
  def to_s = "custom"
end
p D.instance_methods(false).sort
