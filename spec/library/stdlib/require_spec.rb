# require of the libraries rubra writes in Ruby: true once, then false; one library requiring
# another; the ones that are core classes in Ruby 4.0 answer false.
p require("forwardable")
p require("forwardable")
p require("forwardable.rb")
p $LOADED_FEATURES.grep(/\/forwardable\.rb\z/).size
p require("tempfile")
p require("delegate"), require("tmpdir"), require("fileutils")
p require("set"), require("thread"), require("fiber"), require("complex"), require("rational")
p defined?(Tempfile), defined?(SimpleDelegator), defined?(FileUtils)
begin
  require "forwardable.so"
rescue LoadError => e
  p e.message
end
begin
  require "no_such_library_here"
rescue LoadError => e
  p e.message, e.path
end
