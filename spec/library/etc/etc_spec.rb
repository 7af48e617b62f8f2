# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no user or group database, uname or CPU count
# Etc: the user and group databases, getlogin, uname, nprocessors, sysconfdir, systmpdir.
# The values differ per machine, so this prints their properties.
p require("etc"), require("etc")
p Etc.class, Etc::Passwd.superclass, Etc::Group.superclass
p Etc::Passwd.members, Etc::Group.members
p Etc::Passwd.singleton_class.include?(Enumerable), Etc::Group.singleton_class.include?(Enumerable)

root = Etc.getpwuid(0)
p root.class, root.name, root.uid, root.gid, root.dir
p root.to_a.size, root.frozen?
p root.name.encoding == Encoding::UTF_8, root.passwd.encoding == Encoding::BINARY
p root.gecos.class, root.shell.class, root.dir.encoding == Encoding::UTF_8
p Etc.getpwnam("root") == root
mine = begin; Etc.getpwuid; rescue ArgumentError; nil; end
p mine.nil? || mine.uid == Process.uid
p mine.nil? || Etc.getpwnam(mine.name).uid == Process.uid

g = Etc.getgrgid(0)
p g.class, g.name, g.gid, g.mem.class, g.passwd.encoding == Encoding::BINARY
p Etc.getgrnam(g.name) == g
mine = begin; Etc.getgrgid; rescue ArgumentError; nil; end
p mine.nil? || mine.gid == Process.gid

[
  -> { Etc.getpwuid(1234567) },
  -> { Etc.getpwuid(-1) },
  -> { Etc.getpwnam("no such user here") },
  -> { Etc.getgrgid(1234567) },
  -> { Etc.getgrnam("no such group here") },
  -> { Etc.getpwnam(1) },
  -> { Etc.getpwuid("0") },
  -> { Etc.getgrgid(nil) },
].each do |f|
  begin
    p f.call
  rescue => e
    puts "#{e.class}: #{e.message}"
  end
end

# iteration: the block form sees every entry once, root first on this kind of system
names = []
p Etc.passwd { |pw| names << pw.name }
p names.include?("root"), names.size > 0, names.all?(String)
each_names = []
p Etc::Passwd.each { |pw| each_names << pw.name }
p each_names == names
p Etc::Passwd.each.class, Etc::Passwd.first.class
Etc.setpwent
seq = []
while (pw = Etc.getpwent)
  seq << pw.name
end
Etc.endpwent
p seq == names
begin
  Etc.passwd { Etc.passwd { } }
rescue => e
  puts "#{e.class}: #{e.message}"
end
p Etc.passwd { break 7 }
groups = []
p Etc.group { |gr| groups << gr }
p groups.any? { |gr| gr.gid == 0 }, groups.all?(Etc::Group)
p Etc::Group.each { }.equal?(Etc::Group)
Etc.setgrent
p Etc.getgrent.class
Etc.endgrent
begin
  Etc.group { Etc.group { } }
rescue => e
  puts "#{e.class}: #{e.message}"
end

login = Etc.getlogin
p login.nil? || login.is_a?(String)

u = Etc.uname
p u.keys
p u.values.all? { |v| v.is_a?(String) && v.encoding == Encoding::BINARY }
p u[:sysname]

n = Etc.nprocessors
p n.class, n >= 1

require "rbconfig"
p Etc.sysconfdir == RbConfig::CONFIG["sysconfdir"], Etc.sysconfdir.frozen?
p Etc.systmpdir
