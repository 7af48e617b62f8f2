# The values differ between interpreters and machines; these are the relations scripts rely on.
p require("rbconfig")
p require("rbconfig")
p $LOADED_FEATURES.any? { |f| f.end_with?("rbconfig.rb") }
c = RbConfig::CONFIG
p c.class, c.frozen?
keys = %w[MAJOR MINOR TEENY PATCHLEVEL ruby_version RUBY_PROGRAM_VERSION RUBY_API_VERSION
          RUBY_BASE_NAME RUBY_INSTALL_NAME ruby_install_name RUBY_SO_NAME prefix exec_prefix
          bindir libdir rubylibprefix rubylibdir archdir sitedir sitelibdir sitearchdir
          vendordir vendorlibdir datadir sysconfdir includedir mandir rubyhdrdir
          arch sitearch host host_os host_cpu host_vendor build build_os target_os target_cpu
          EXEEXT DLEXT SOEXT LIBEXT OBJEXT CC CFLAGS LDFLAGS SHELL PATH_SEPARATOR topdir DESTDIR]
p keys.reject { |k| c[k].is_a?(String) }
p c.values.all? { |v| v.is_a?(String) }, c.keys.all? { |k| k.is_a?(String) }
p c.values.grep(/\$\(/)
p c["ruby_version"] == RUBY_VERSION, c["RUBY_PROGRAM_VERSION"] == RUBY_VERSION
p [c["MAJOR"], c["MINOR"], c["TEENY"]].join(".") == RUBY_VERSION
p c["PATCHLEVEL"] == RUBY_PATCHLEVEL.to_s
p c["RUBY_API_VERSION"] == "#{c["MAJOR"]}.#{c["MINOR"]}"
p c["arch"] == RUBY_PLATFORM, c["sitearch"] == c["arch"]
p RUBY_PLATFORM.start_with?(c["host_cpu"]), RUBY_PLATFORM.include?(c["target_os"])
p c["host"].start_with?(c["host_cpu"]), c["host"].end_with?(c["host_os"])
p RbConfig.ruby == File.join(c["bindir"], c["ruby_install_name"] + c["EXEEXT"])
p c["ruby_install_name"] == c["RUBY_INSTALL_NAME"], c["PATH_SEPARATOR"], c["DESTDIR"]
p c["bindir"].start_with?(c["prefix"]), c["rubylibdir"].start_with?(c["libdir"])
p c["rubylibdir"].end_with?("/" + c["ruby_version"]), c["archdir"] == File.join(c["rubylibdir"], c["arch"])
p RbConfig::TOPDIR.class, RbConfig::DESTDIR
m = RbConfig::MAKEFILE_CONFIG
p m.class, m.keys.sort == c.keys.sort, m["exec_prefix"], m["ruby_version"] == c["ruby_version"]
p m["rubylibdir"], m["archdir"]
p RbConfig.expand(+"$(ruby_version)|${MAJOR}|$(nope)|$$") == "#{RUBY_VERSION}|#{c["MAJOR"]}|$(nope)|$"
s = +"$(a)-$(c)"
h = { "a" => "$(b)!", "b" => "B", "c" => "${a}${a}" }
p RbConfig.expand(s, h).equal?(s), s, h
mk = { "x" => "X", "y" => "$(x)/y", "z" => "$(y)/z", "w" => "w" }
cf = mk.transform_values { |v| RbConfig.expand(v.dup, mk.dup) }
p cf
p RbConfig.fire_update!("x", "X2", mk, cf).sort, cf, mk["x"]
p RbConfig.fire_update!("x", "X2", mk, cf)
p RbConfig.singleton_methods.sort
