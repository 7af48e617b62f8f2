# Etc.sysconf, Etc.confstr and IO#pathconf with the SC_/CS_/PC_ constants. Values differ between
# systems (the oracle is a WASI build), so the spec prints names, classes and errors.
require "etc"
%w[SC CS PC].each { |k| p Etc.constants.grep(/\A#{k}_/).sort }
p Etc.sysconf(Etc::SC_PAGESIZE).class, Etc.sysconf(Etc::SC_CLK_TCK), Etc.sysconf(Etc::SC_NPROCESSORS_ONLN).positive?
p Etc.sysconf(Etc::SC_NPROCESSORS_ONLN) >= Etc.nprocessors
begin; Etc.sysconf(99999); rescue => e; p e.class, e.message, e.errno == Errno::EINVAL::Errno; end
begin; Etc.sysconf("x"); rescue => e; p e.class, e.message; end
begin; Etc.sysconf(2**40); rescue => e; p e.class; end
begin; Etc.sysconf(nil); rescue => e; p e.class, e.message; end
p Etc.confstr(Etc::CS_PATH).class
begin; Etc.confstr(99999); rescue => e; p e.class, e.message; end
require "tmpdir"
path = File.join(Dir.tmpdir, "rubra_pathconf_spec_#{$$}")
File.write(path, "")
f = File.open(path)
p f.pathconf(Etc::PC_NAME_MAX).class
f.close
begin; f.pathconf(Etc::PC_NAME_MAX); rescue => e; p e.class, e.message; end
File.delete(path)
