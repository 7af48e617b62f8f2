//! Regenerates `grammar/ruby.rs.gz`: runs lalrpop over `grammar/ruby.lalrpop` (canonical LR(1):
//! the lane-table algorithm does not finish on this grammar), prefixes the generated Rust with
//! the grammar's fingerprint line (`rubra_parser_grammar_key` in the build script checks it) and
//! gzips it, after rewriting lalrpop's goto function as a table (goto_table.rs). The parser crate's build script only decompresses this file, so a clean build
//! neither compiles lalrpop nor spends a minute constructing the tables.

mod goto_table;

use std::io::Write;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let grammar = root.join("grammar/ruby.lalrpop");
    let src = std::fs::read(&grammar).expect("read grammar/ruby.lalrpop");
    let out = std::env::temp_dir().join(format!("rubra-regen-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("create the output directory");
    // SAFETY: single-threaded at this point; nothing else reads the environment concurrently.
    unsafe { std::env::set_var("LALRPOP_LANE_TABLE", "disabled") };
    lalrpop::Configuration::new()
        .set_in_dir(root.join("grammar"))
        .set_out_dir(&out)
        .force_build(true)
        .process()
        .expect("lalrpop");
    let rust = std::fs::read_to_string(out.join("ruby.rs")).expect("read the generated parser");
    let rust = goto_table::rewrite(&rust);
    let header = format!("// {}\n", grammar_key(&src));
    let dest = root.join("grammar/ruby.rs.gz");
    let file = std::fs::File::create(&dest).expect("create grammar/ruby.rs.gz");
    let mut gz = flate2::write::GzEncoder::new(file, flate2::Compression::best());
    gz.write_all(header.as_bytes()).expect("write");
    gz.write_all(rust.as_bytes()).expect("write");
    gz.finish().expect("finish the gzip stream");
    std::fs::remove_dir_all(&out).ok();
    println!(
        "wrote {} ({} bytes of Rust)",
        dest.display(),
        header.len() + rust.len()
    );
}

/// The fingerprint of the grammar source: 64-bit FNV-1a of its bytes. The same function is in
/// the parser crate's build script (build.rs); the two must agree.
fn grammar_key(src: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in src {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("rubra grammar fnv1a64 {h:016x}")
}
