# require: built-in features, the load path, $LOADED_FEATURES, once per file, circular requires,
# explicit paths, extensions, errors (LoadError's message and path), require_relative, __dir__.
p require("set"), require("enumerator"), require("rational.so")
begin; require "no_such_library_here"; rescue LoadError => e; p e.message, e.path, e.class.ancestors[1]; end
begin; require "no_such_library_here.so"; rescue LoadError => e; p e.message, e.path; end
begin; require 1; rescue TypeError => e; p e; end
begin; require ""; rescue LoadError => e; p e.message; end
p $LOADED_FEATURES.include?("set.rb"), $".equal?($LOADED_FEATURES), $:.equal?($LOAD_PATH)
p $LOAD_PATH.include?("."), $LOAD_PATH.include?(Dir.pwd)

dir = "/tmp/rubra_spec_require_#{$$}"
show = ->(s) { s.to_s.gsub(dir, "DIR") }
Dir.mkdir(dir)
Dir.mkdir("#{dir}/lib")
Dir.mkdir("#{dir}/lib/sub")
File.write("#{dir}/lib/alpha.rb", "puts 'alpha runs'\n$alpha = ($alpha || 0) + 1\n")
File.write("#{dir}/lib/sub/beta.rb", "puts 'beta: ' + __FILE__.sub(#{dir.inspect}, 'DIR')\nrequire_relative '../alpha'\nrequire_relative 'gamma'\n")
File.write("#{dir}/lib/sub/gamma.rb", "puts 'gamma: ' + __dir__.sub(#{dir.inspect}, 'DIR')\n")
File.write("#{dir}/lib/c1.rb", "puts 'c1 start'\np require('c2')\nputs 'c1 end'\n")
File.write("#{dir}/lib/c2.rb", "puts 'c2 start'\np require('c1')\nputs 'c2 end'\n")
File.write("#{dir}/lib/bad.rb", "puts 'bad runs'\nraise ArgumentError, 'bad file'\n")
File.write("#{dir}/lib/syntax.rb", "def (\n")
File.write("#{dir}/lib/set.rb", "puts 'not the built-in set'\n")
File.write("#{dir}/lib/val.rb", "42\n")

begin; require "alpha"; rescue LoadError => e; p e.message; end
$LOAD_PATH.unshift "#{dir}/lib"
p require("alpha"), require("alpha"), require("alpha.rb"), $alpha
p show[$LOADED_FEATURES.last]
p require("#{dir}/lib/alpha"), require("#{dir}/lib/alpha.rb"), $alpha
p require("sub/beta"), require("sub/gamma")
p $LOADED_FEATURES.last(3).map(&show)
p require("c1")
p require("set"), require("val")
begin; require "bad"; rescue ArgumentError => e; p e.message; end
p $LOADED_FEATURES.any? { |f| f.end_with?("bad.rb") }
begin; require "bad"; rescue ArgumentError => e; p e.message; end
begin; require "syntax"; rescue SyntaxError => e; p e.class; end
begin; require "#{dir}/lib/missing"; rescue LoadError => e; p show[e.message], show[e.path]; end
begin; require "./missing_here"; rescue LoadError => e; p e.message, e.path; end
begin; require_relative "missing_rel"; rescue LoadError => e; p e.message.end_with?("/missing_rel"); end
$LOADED_FEATURES.delete_if { |f| f.end_with?("alpha.rb") }
p require("alpha"), $alpha
$LOAD_PATH << "#{dir}/lib/sub"
p require("gamma")

Dir.children("#{dir}/lib/sub").each { |f| File.delete("#{dir}/lib/sub/#{f}") }
Dir.rmdir("#{dir}/lib/sub")
Dir.children("#{dir}/lib").each { |f| File.delete("#{dir}/lib/#{f}") }
Dir.rmdir("#{dir}/lib")
Dir.rmdir(dir)
