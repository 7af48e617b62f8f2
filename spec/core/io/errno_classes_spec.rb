# SystemCallError and Errno: messages, the class hierarchy, SystemCallError.new choosing the
# Errno subclass for a known number, aliases (EWOULDBLOCK), and rescuing by class. Numbers
# differ between systems, so they come from the classes' Errno constants and are never printed.
def t
  r = yield
  p r
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end
t { Errno::ENOENT.new.message }
t { Errno::ENOENT.new("x").message }
t { Errno::ENOENT.new("x", "rb_sysopen").message }
t { Errno::ENOENT.new(nil, "ignored").message }
t { Errno::EACCES.new.message }
t { Errno::EEXIST.new("dir").message }
t { Errno::ENOTEMPTY.new.message }
t { Errno::EPIPE.new.message }
t { Errno::ENOENT.new(:sym).message }
t { Errno::ENOENT.superclass }
t { SystemCallError.superclass }
t { Errno::ENOENT.ancestors.take(4) }
t { Errno::ENOENT::Errno.is_a?(Integer) }
t { Errno::ENOENT.new.errno == Errno::ENOENT::Errno }
[Errno::ENOENT, Errno::EACCES, Errno::EEXIST, Errno::EISDIR, Errno::ENOTDIR, Errno::EINVAL,
 Errno::EPIPE, Errno::ENOTEMPTY, Errno::EAGAIN, Errno::ECONNREFUSED, Errno::EADDRINUSE,
 Errno::ECONNABORTED, Errno::ENOSYS, Errno::ETXTBSY].each do |k|
  e = SystemCallError.new("x", k::Errno)
  p [k, e.class, e.class == k, e.errno == k::Errno, e.message.end_with?(" - x")]
end
t { SystemCallError.new(Errno::EEXIST::Errno).class }
t { SystemCallError.new(nil, Errno::EEXIST::Errno).message == Errno::EEXIST.new.message }
t { SystemCallError.new("x").message }
t { SystemCallError.new("x").errno }
t { SystemCallError.new(nil).message }
t { SystemCallError.new("x", 99999).class }
t { SystemCallError.new("x", 99999).errno }
t { Errno::EAGAIN.equal?(Errno::EWOULDBLOCK) }
t { Errno::ENOENT.name }
t { Errno.constants.include?(:ENOENT) }
t { begin; File.read("/tmp/rubra_spec_errno_missing"); rescue SystemCallError => e; [e.class, e.errno.is_a?(Integer), SystemCallError === e, Errno::ENOENT === e, IOError === e, StandardError === e]; end }
t { begin; Dir.mkdir("/tmp"); rescue Errno::EEXIST => e; e.message; end }
t { raise Errno::ENOENT, "foo" }
t { raise Errno::ENOENT }
t { raise SystemCallError.new("boom", Errno::EPIPE::Errno) }
t { begin; raise SystemCallError.new("a", Errno::EINVAL::Errno); rescue Errno::EINVAL => e; e.class; end }
t { IOError.superclass }
t { EOFError.superclass }
t { Errno::ENOENT.exception("hi").message }
