//! Fuzz target `run`: arbitrary bytes as a Ruby program, parsed, compiled and run in a fresh
//! interpreter under a time limit (`rubra_fuzz::RUN_LIMIT`, through `Vm::interrupt`). Ruby
//! exceptions are fine; Rust panics, aborts, signals, hangs and out-of-memory are not.
//! Run it in a scratch directory as an unprivileged user (see README.md): programs may write,
//! rename and delete files.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data).into_owned();
    rubra_fuzz::on_big_stack(move || rubra_fuzz::run(&src));
});
