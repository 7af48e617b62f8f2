# prism: whitequark/numparam_ruby_bug_19025.txt, whitequark/ruby_bug_18878.txt, whitequark/ruby_bug_19539.txt, heredocs_leading_whitespace.txt (newer than ruby 3.1)
p [2, 3].map { [_1 **2] }
module Foo
  def self.Bar = yield(1)
end
p(Foo::Bar { |a| a + 41 })
x = <<-' FOO'
[Bug #19539]
FOO
 FOO
p x
