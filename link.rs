//! Build script of the `rubra` crate: links the `rubra` binary as a position-dependent
//! executable on Linux.
//!
//! A position-independent executable is relocated by the dynamic loader at every start: the
//! release binary carries about 13,900 relative relocations (method tables, vtables, string
//! slices in static data), and applying them wrote some 70 pages, an eighth of the page faults
//! of running an empty program. Linked with `-no-pie`, the linker resolves them once. Only the
//! link of the binaries changes (the library, the tests and the parser crate are compiled as
//! before); other systems keep their default.

fn main() {
    println!("cargo:rerun-if-changed=link.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
