//! Build script of the `rubra-parser` crate (parser/): writes the LR(1) parser generated from
//! `grammar/ruby.lalrpop` into `$OUT_DIR/ruby.rs`, decompressing the committed
//! `grammar/ruby.rs.gz`. Generating the tables takes lalrpop (itself a minute and a half to
//! compile) over a minute more, so that happens only when the grammar changes, by
//! `tools/regen-parser`; this script checks that the committed tables belong to the grammar.

use std::io::Read;

fn main() {
    println!("cargo:rerun-if-changed=../grammar/ruby.lalrpop");
    println!("cargo:rerun-if-changed=../grammar/ruby.rs.gz");
    let grammar = std::fs::read("../grammar/ruby.lalrpop").expect("read grammar/ruby.lalrpop");
    let gz = std::fs::read("../grammar/ruby.rs.gz").expect("read grammar/ruby.rs.gz");
    let mut rust = Vec::with_capacity(40 << 20);
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut rust)
        .expect("grammar/ruby.rs.gz is not a gzip file");
    let want = format!("// {}\n", grammar_key(&grammar));
    if !rust.starts_with(want.as_bytes()) {
        panic!(
            "grammar/ruby.rs.gz was not generated from this grammar/ruby.lalrpop; regenerate it:\n\
             cargo run --release --manifest-path tools/regen-parser/Cargo.toml"
        );
    }
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("ruby.rs"), &rust).expect("write the parser");
}

/// The fingerprint of the grammar source: 64-bit FNV-1a of its bytes. The same function is in
/// `tools/regen-parser`; the two must agree.
fn grammar_key(src: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in src {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("rubra grammar fnv1a64 {h:016x}")
}
