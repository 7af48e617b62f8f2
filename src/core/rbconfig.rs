//! The `rbconfig` library, defined on its first `require` (core/load.rs `BUNDLED`):
//! `RbConfig::MAKEFILE_CONFIG` (the build settings with their `$(name)` references, as
//! CRuby's rbconfig.rb lists them), `RbConfig::CONFIG` (the same with every reference
//! expanded), `RbConfig.expand`, `RbConfig.ruby`, `TOPDIR` and `DESTDIR`.
//!
//! The values describe this rubra: the version keys come from core/version.rs (so
//! `CONFIG["ruby_version"] == RUBY_VERSION` and `CONFIG["arch"] == RUBY_PLATFORM`), the
//! directories from where the running executable is (`bindir` is its directory, so that
//! `RbConfig.ruby` names it; `prefix` the one above), the platform keys from the build target.

use super::version::{RUBY_PATCHLEVEL, RUBY_VERSION, platform};
use crate::vm::Vm;
use crate::vm::frame::VmResult;

/// `expand`, `ruby` and CONFIG, on the MAKEFILE_CONFIG the native part defines.
const RBCONFIG_RB: &str = r#"
module RbConfig
  # Replaces each $(name) or ${name} in val (in place) by config[name], which is expanded in
  # place first (a name met again while it is being expanded stays as it is); "$$" is a "$".
  # Unknown names stay as they are.
  def self.expand(val, config = CONFIG)
    val.gsub!(/\$\$|\$\(([^()]+)\)|\$\{([^{}]+)\}/) do
      name = $1 || $2
      if name.nil?
        "$"
      elsif (ref = config[name])
        if ref.include?("$")
          config[name] = false
          config[name] = expand(ref, config)
        end
        config[name]
      else
        $&
      end
    end
    val
  end

  CONFIG = {}
  MAKEFILE_CONFIG.each { |k, v| CONFIG[k] = v.dup }
  CONFIG.each_value { |v| expand(v) }
  TOPDIR = CONFIG["topdir"]

  # Sets mkconf[key] to val and recomputes the CONFIG entries that refer to it (directly or
  # through others); answers the keys that changed, nil when val is the value already.
  def self.fire_update!(key, val, mkconf = MAKEFILE_CONFIG, conf = CONFIG)
    return nil if mkconf[key] == val
    mkconf[key] = val
    changed = [key]
    fresh = [key]
    until fresh.empty?
      refs = fresh.flat_map { |c| ["$(#{c})", "${#{c}}"] }
      fresh = mkconf.keys.select { |k| !changed.include?(k) && refs.any? { |r| mkconf[k].include?(r) } }
      changed.concat(fresh)
    end
    changed.each { |k| conf[k] = mkconf[k].dup }
    # expanded against CONFIG whatever conf is, as CRuby's does
    changed.each { |k| expand(conf[k]) }
    changed
  end

  # The path of the running interpreter's executable.
  def self.ruby
    File.join(CONFIG["bindir"], CONFIG["ruby_install_name"] + CONFIG["EXEEXT"])
  end
end
"#;

/// `require "rbconfig"`: defines RbConfig.
pub fn init(vm: &mut Vm) -> VmResult<()> {
    let m = vm.define_module("RbConfig");
    let h = vm.hash_new();
    for (k, v) in settings() {
        let k = vm.str_from(k);
        vm.freeze(k);
        let v = vm.str_from(&v);
        vm.hash_aset(h, k, v)?;
    }
    vm.class_data(m)
        .const_set(crate::object::symbol::intern("MAKEFILE_CONFIG"), h);
    let destdir = vm.str_from("");
    vm.class_data(m)
        .const_set(crate::object::symbol::intern("DESTDIR"), destdir);
    vm.invalidate();
    vm.eval_source(RBCONFIG_RB, "<internal:rbconfig>")?;
    Ok(())
}

/// The directory of the running executable and its file name (without extension).
fn executable() -> (String, String) {
    let exe = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .unwrap_or_else(|_| std::path::PathBuf::from("/usr/local/bin/rubra"));
    let dir = exe
        .parent()
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_else(|| "/usr/local/bin".into());
    let name = exe
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "rubra".into());
    (dir, name)
}

/// The install prefix: the directory above the running executable's (`RbConfig::CONFIG["prefix"]`).
pub fn prefix() -> String {
    let (bindir, _) = executable();
    std::path::Path::new(&bindir)
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|| "/".into())
}

/// The build settings in the order CRuby's rbconfig.rb starts them, with `$(name)` references
/// where CRuby's has them.
fn settings() -> Vec<(&'static str, String)> {
    let (bindir, install_name) = executable();
    let prefix = prefix();
    let mut parts = RUBY_VERSION.split('.');
    let major = parts.next().unwrap_or("0").to_string();
    let minor = parts.next().unwrap_or("0").to_string();
    let teeny = parts.next().unwrap_or("0").to_string();
    let arch = platform();
    let cpu = std::env::consts::ARCH.to_string();
    let (os, host_os, vendor) = match std::env::consts::OS {
        "macos" => ("darwin".to_string(), "darwin".to_string(), "apple"),
        "linux" if cfg!(target_env = "musl") => ("linux".into(), "linux-musl".into(), "pc"),
        "linux" => ("linux".into(), "linux-gnu".into(), "pc"),
        other => (other.to_string(), other.to_string(), "pc"),
    };
    let host = format!("{cpu}-{vendor}-{host_os}");
    let (dlext, soext) = if os == "darwin" {
        ("bundle", "dylib")
    } else {
        ("so", "so")
    };
    let s = |v: &str| v.to_string();
    vec![
        ("DESTDIR", s("")),
        ("MAJOR", major.clone()),
        ("MINOR", minor.clone()),
        ("TEENY", teeny),
        ("PATCHLEVEL", RUBY_PATCHLEVEL.to_string()),
        ("ruby_version", s(RUBY_VERSION)),
        ("RUBY_PROGRAM_VERSION", s(RUBY_VERSION)),
        ("RUBY_API_VERSION", format!("{major}.{minor}")),
        ("prefix", prefix),
        ("exec_prefix", s("$(prefix)")),
        ("bindir", bindir),
        ("sbindir", s("$(exec_prefix)/sbin")),
        ("libexecdir", s("$(exec_prefix)/libexec")),
        ("datarootdir", s("$(prefix)/share")),
        ("datadir", s("$(datarootdir)")),
        ("sysconfdir", s("$(prefix)/etc")),
        ("localstatedir", s("$(prefix)/var")),
        ("includedir", s("$(prefix)/include")),
        ("mandir", s("$(datarootdir)/man")),
        ("docdir", s("$(datarootdir)/doc/$(RUBY_BASE_NAME)")),
        ("libdir", s("$(exec_prefix)/lib")),
        ("rubylibprefix", s("$(libdir)/$(RUBY_BASE_NAME)")),
        ("rubylibdir", s("$(rubylibprefix)/$(ruby_version)")),
        ("rubyarchdir", s("$(rubylibdir)/$(arch)")),
        ("archdir", s("$(rubyarchdir)")),
        ("sitedir", s("$(rubylibprefix)/site_ruby")),
        ("sitelibdir", s("$(sitedir)/$(ruby_version)")),
        ("sitearchdir", s("$(sitelibdir)/$(sitearch)")),
        ("vendordir", s("$(rubylibprefix)/vendor_ruby")),
        ("vendorlibdir", s("$(vendordir)/$(ruby_version)")),
        ("vendorarchdir", s("$(vendorlibdir)/$(sitearch)")),
        ("rubyhdrdir", s("$(includedir)/$(RUBY_VERSION_NAME)")),
        ("RUBY_VERSION_NAME", s("$(RUBY_BASE_NAME)-$(ruby_version)")),
        ("topdir", s("$(archdir)")),
        ("RUBY_BASE_NAME", s("ruby")),
        ("RUBY_INSTALL_NAME", install_name.clone()),
        ("ruby_install_name", s("$(RUBY_INSTALL_NAME)")),
        ("RUBYW_INSTALL_NAME", s("")),
        ("RUBY_SO_NAME", s("$(RUBY_BASE_NAME)")),
        ("arch", arch.clone()),
        ("sitearch", s("$(arch)")),
        ("host", host.clone()),
        ("host_alias", s("")),
        ("host_cpu", cpu.clone()),
        ("host_vendor", s(vendor)),
        ("host_os", host_os.clone()),
        ("build", host.clone()),
        ("build_cpu", cpu.clone()),
        ("build_vendor", s(vendor)),
        ("build_os", host_os),
        ("target", format!("{cpu}-{vendor}-{os}")),
        ("target_cpu", cpu),
        ("target_vendor", s(vendor)),
        ("target_os", os),
        ("EXEEXT", s("")),
        ("DLEXT", s(dlext)),
        ("SOEXT", s(soext)),
        ("LIBEXT", s("a")),
        ("OBJEXT", s("o")),
        ("ENABLE_SHARED", s("no")),
        ("CC", s("cc")),
        ("CPP", s("$(CC) -E")),
        ("CXX", s("c++")),
        ("CFLAGS", s("")),
        ("LDFLAGS", s("")),
        ("LIBS", s("-lm")),
        ("SHELL", s("/bin/sh")),
        ("PATH_SEPARATOR", s(":")),
        ("NULLCMD", s(":")),
        ("MKDIR_P", s("mkdir -p")),
        ("INSTALL", s("/usr/bin/install -c")),
        ("RM", s("rm -f")),
        ("CP", s("cp")),
        ("configure_args", s("")),
    ]
}
