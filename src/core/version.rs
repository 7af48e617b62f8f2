//! The version constants (RUBY_VERSION, RUBY_ENGINE, RUBY_DESCRIPTION, ...), as CRuby defines
//! them for the Ruby rubra implements, and the description `rubra -v` prints.
//!
//! RUBY_VERSION, RUBY_PATCHLEVEL, RUBY_RELEASE_DATE and RUBY_REVISION are those of the CRuby release rubra
//! follows (4.0.0 of 2025-12-25); RUBY_ENGINE and RUBY_ENGINE_VERSION name rubra itself, as other
//! implementations do (JRuby's "jruby", TruffleRuby's "truffleruby"). RUBY_PLATFORM has CRuby's
//! form for the build target: "x86_64-linux", "aarch64-linux", "arm64-darwin".

use crate::object::string::Encoding;
use crate::object::symbol::intern;
use crate::vm::Vm;

/// The Ruby version rubra follows.
pub const RUBY_VERSION: &str = "4.0.0";
/// The patch level of that release.
pub const RUBY_PATCHLEVEL: i64 = 0;
/// The release date of that CRuby version.
pub const RUBY_RELEASE_DATE: &str = "2025-12-25";
/// The commit of that CRuby release (RUBY_REVISION).
pub const RUBY_REVISION: &str = "553f1675f3a9cece340b90f374a4245dccac2272";
/// This implementation's name.
pub const RUBY_ENGINE: &str = "rubra";
/// rubra's own version (the crate's).
pub const RUBY_ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");
/// The copyright line (`ruby --copyright` prints CRuby's).
pub const RUBY_COPYRIGHT: &str = "rubra - Copyright (C) 2026 the rubra authors";

/// The platform of the build target in CRuby's form: `<cpu>-<os>` ("x86_64-linux"); Apple's
/// arm64 CPUs are "arm64-darwin", as CRuby names them.
pub fn platform() -> String {
    let (arch, os) = (std::env::consts::ARCH, std::env::consts::OS);
    match (arch, os) {
        ("aarch64", "macos") => "arm64-darwin".to_string(),
        (a, "macos") => format!("{a}-darwin"),
        (a, o) => format!("{a}-{o}"),
    }
}

/// RUBY_DESCRIPTION, also what `rubra -v` and `rubra --version` print:
/// "rubra 0.1.0 (2025-12-25, like ruby 4.0.0) [x86_64-linux]", in the shape of CRuby's
/// "ruby 4.0.0 (2025-12-25 revision 553f1675f3) +PRISM [x86_64-linux]".
pub fn description() -> String {
    format!(
        "{RUBY_ENGINE} {RUBY_ENGINE_VERSION} ({RUBY_RELEASE_DATE}, like ruby {RUBY_VERSION}) [{}]",
        platform()
    )
}

/// Defines the constants on Object. Their strings are frozen and US-ASCII, as CRuby's.
pub fn init(vm: &mut Vm) {
    let platform = platform();
    let description = description();
    let strings: [(&str, &str); 8] = [
        ("RUBY_VERSION", RUBY_VERSION),
        ("RUBY_REVISION", RUBY_REVISION),
        ("RUBY_RELEASE_DATE", RUBY_RELEASE_DATE),
        ("RUBY_PLATFORM", &platform),
        ("RUBY_ENGINE", RUBY_ENGINE),
        ("RUBY_ENGINE_VERSION", RUBY_ENGINE_VERSION),
        ("RUBY_COPYRIGHT", RUBY_COPYRIGHT),
        ("RUBY_DESCRIPTION", &description),
    ];
    let object = vm.c.object;
    for (name, text) in strings {
        let s = vm.fstring_enc(text.as_bytes(), Encoding::UsAscii);
        vm.class_data(object).const_set(intern(name), s);
    }
    let level = crate::object::value::Value::fixnum(RUBY_PATCHLEVEL);
    vm.class_data(object)
        .const_set(intern("RUBY_PATCHLEVEL"), level);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_has_cpu_and_os() {
        let p = platform();
        let (cpu, os) = p.split_once('-').expect("cpu-os");
        assert!(!cpu.is_empty() && !os.is_empty());
        assert!(description().ends_with(&format!("[{p}]")));
    }
}
