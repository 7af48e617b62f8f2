# autoload / autoload? on Module and Kernel: the constant's first lookup requires the file;
# constants and const_defined? see the registration; a file that does not define the
# constant, a missing file, bad names.
dir = "/tmp/rubra_spec_autoload_#{$$}"
Dir.mkdir(dir)
File.write("#{dir}/auto_top.rb", "puts 'loading auto_top'\nmodule AutoTop; VALUE = 1; end\n")
File.write("#{dir}/auto_inner.rb", "puts 'loading auto_inner'\nclass Outer; class Inner; def self.hi = :hi; end; end\n")
File.write("#{dir}/auto_empty.rb", "puts 'loading auto_empty'\n")
File.write("#{dir}/auto_kernel.rb", "puts 'loading auto_kernel'\nAutoKernel = :k\n")
$LOAD_PATH.unshift dir

Object.autoload(:AutoTop, "auto_top")
p Object.autoload?(:AutoTop), Object.const_defined?(:AutoTop), Object.constants.include?(:AutoTop)
puts "before use"
p AutoTop::VALUE, AutoTop::VALUE
p Object.autoload?(:AutoTop), $LOADED_FEATURES.last.end_with?("auto_top.rb")

class Outer
  autoload :Inner, "auto_inner"
end
p Outer.autoload?(:Inner), Outer.autoload?("Inner"), Outer.constants
p Outer::Inner.hi
p Outer.autoload?(:Inner)

autoload :AutoKernel, "auto_kernel"
p autoload?(:AutoKernel)
p Object.const_get(:AutoKernel)

autoload :AutoEmpty, "auto_empty"
begin; AutoEmpty; rescue NameError => e; p e.message, e.name; end
p autoload?(:AutoEmpty)

module Missing; autoload :Gone, "auto_nowhere"; end
begin; Missing::Gone; rescue LoadError => e; p e.message, e.path; end
p Missing.autoload?(:Gone)

class Base; autoload :FromBase, "auto_nowhere2"; end
class Derived < Base; end
p Derived.autoload?(:FromBase), Derived.autoload?(:FromBase, false)

begin; autoload :foo, "x"; rescue NameError => e; p e.message; end
begin; autoload :Foo, ""; rescue ArgumentError => e; p e.message; end
begin; Object.autoload(1, "x"); rescue TypeError => e; p e.message; end
p Object.autoload(:AutoLater, "auto_later")

Dir.children(dir).each { |f| File.delete("#{dir}/#{f}") }
Dir.rmdir(dir)
