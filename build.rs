//! Build script of the `rubra-parser` crate (parser/): generates the LR(1) parser from
//! `grammar/ruby.lalrpop` into `$OUT_DIR/ruby.rs`.

fn main() {
    // The default lane-table construction does not terminate on a Ruby-sized grammar;
    // canonical LR(1) does (large tables, but no conflicts).
    // SAFETY: the build script is single-threaded here; nothing else reads the environment concurrently.
    unsafe { std::env::set_var("LALRPOP_LANE_TABLE", "disabled") };
    lalrpop::Configuration::new()
        .set_in_dir("../grammar")
        .emit_rerun_directives(true)
        .process()
        .unwrap();
}
