# Instance variables
class Box
  def initialize(v) = @v = v
  def v = @v
  def missing = @never_set
  def set_w(w)
    @w = w
    self
  end
end
b = Box.new(3)
p b.v
p b.missing
p b.instance_variables
b.set_w(:w)
p b.instance_variables
p b.instance_variable_get(:@w)
@top = "top level"
p @top
p self.instance_variables
p @not_set
def read_top = @top
p read_top
