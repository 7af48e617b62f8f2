X = 1
X = 2
class Foo
  Y = 1
  Y = 3
end
Foo::Y = 4
p X, Foo::Y
