# attr_reader / attr_writer / attr_accessor: return values, generated methods
class Rec
  p attr_reader :a
  p attr_writer :b
  p attr_accessor :c, :d
  def initialize
    @a = 1
    @b = 2
  end
  def b_value = @b
end
r = Rec.new
p r.a
r.b = 20
p r.b_value
p r.c
r.c = 3
p r.c
p Rec.instance_methods(false).sort
p Rec.instance_method(:a).arity
p Rec.instance_method(:b=).arity
p r.respond_to?(:b)
p r.respond_to?(:a=)
class Rec
  attr_accessor "e"
end
r.e = :string_name
p r.e
begin
  Class.new { attr_accessor :"bad name" }
rescue NameError => e
  puts "NameError: #{e.message}"
end
