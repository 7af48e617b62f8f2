# File::Constants: a module that IO includes, so File::RDONLY and IO::RDONLY name its
# constants; the values are the platform's, so this prints how they relate.
p File::Constants.class, IO.include?(File::Constants), File.include?(File::Constants)
p IO.ancestors.include?(File::Constants), File.ancestors.index(File::Constants) > File.ancestors.index(IO)
p IO::RDONLY == File::Constants::RDONLY, File::RDONLY == File::Constants::RDONLY
p File::Constants::APPEND == File::APPEND, IO::APPEND == File::APPEND
p IO::NULL, File::NULL.equal?(File::Constants::NULL), IO::FNM_CASEFOLD == File::FNM_CASEFOLD
%i[RDONLY WRONLY RDWR APPEND CREAT EXCL TRUNC NONBLOCK NOCTTY SYNC LOCK_SH LOCK_EX LOCK_NB LOCK_UN
   BINARY SHARE_DELETE FNM_NOESCAPE FNM_PATHNAME FNM_DOTMATCH FNM_CASEFOLD FNM_EXTGLOB NULL].each do |c|
  print c, " ", File::Constants.const_defined?(c), " ", File.const_defined?(c, false), "\n"
end
p [File::RDONLY, File::WRONLY, File::RDWR].uniq.size
p File::SEPARATOR, File.const_defined?(:SEPARATOR, false)
path = "/tmp/file_constants_#{$$}"
File.open(path, File::Constants::WRONLY | File::Constants::CREAT | File::Constants::TRUNC) { |f| f.write("x") }
File.open(path, IO::WRONLY | IO::APPEND) { |f| f.write("y") }
p File.read(path)
File.delete(path)
