# File::Stat#world_readable?/world_writable?/setuid?/setgid?/sticky?/grpowned? and the _real?
# predicates agree with the File functions of the same names
path = "/tmp/rubra_spec_file_stat_predicates.txt"
File.write(path, "x")
s = File.stat(path)
%i[world_readable? world_writable? setuid? setgid? sticky? grpowned? readable_real? writable_real?
   readable? writable? owned?].each do |m|
  p [m, s.public_send(m) == File.public_send(m, path)]
end
p [s.setuid?, s.setgid?, s.sticky?]
File.delete(path)
