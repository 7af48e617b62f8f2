# load: runs the file every time, no extension added, the load path before the working
# directory, wrap = true (an anonymous module holds the file's constants and methods) or a
# Module, errors.
dir = "/tmp/rubra_spec_load_#{$$}"
show = ->(s) { s.to_s.gsub(dir, "DIR") }
Dir.mkdir(dir)
Dir.mkdir("#{dir}/lp")
File.write("#{dir}/one.rb", "$runs = ($runs || 0) + 1\nputs 'one: ' + __FILE__.sub(#{dir.inspect}, 'DIR')\n")
File.write("#{dir}/lp/one.rb", "puts 'lp/one: ' + __FILE__.sub(#{dir.inspect}, 'DIR')\n")
File.write("#{dir}/noext", "puts 'noext runs'\n")
File.write("#{dir}/wrapped.rb", <<~RUBY)
  WRAPPED_CONST = :w
  def wrapped_helper = :helper
  class WrappedClass; end
  p self, self.class, Module.nesting.size, WRAPPED_CONST, wrapped_helper
  p Module.nesting.first&.constants&.sort
RUBY
File.write("#{dir}/fails.rb", "puts 'fails runs'\nraise IndexError, 'from fails'\n")

p load("#{dir}/one.rb"), load("#{dir}/one.rb"), $runs
p load("#{dir}/noext")
begin; load("#{dir}/one"); rescue LoadError => e; p show[e.message], show[e.path]; end
begin; load("nowhere.rb"); rescue LoadError => e; p e.message, e.path; end
begin; load(nil); rescue TypeError => e; p e; end
p $LOADED_FEATURES.any? { |f| f.include?(dir) }

Dir.chdir(dir) do
  p load("one.rb")
  p load("./one.rb")
  $LOAD_PATH.unshift "#{dir}/lp"
  p load("one.rb")
  $LOAD_PATH.shift
end

p load("#{dir}/wrapped.rb", true)
p defined?(WRAPPED_CONST), defined?(WrappedClass), respond_to?(:wrapped_helper, true)
m = Module.new
p load("#{dir}/wrapped.rb", m)
p m.constants.sort, m.private_instance_methods(false)
p m::WrappedClass.name.nil?
begin; load("#{dir}/fails.rb"); rescue IndexError => e; p e.message; end
p load("#{dir}/wrapped.rb", false)
p defined?(WRAPPED_CONST), WrappedClass.name

File.delete("#{dir}/lp/one.rb")
Dir.rmdir("#{dir}/lp")
Dir.children(dir).each { |f| File.delete("#{dir}/#{f}") }
Dir.rmdir(dir)
