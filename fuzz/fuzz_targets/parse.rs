//! Fuzz target `parse`: arbitrary bytes (read as the `rubra` command reads a file, invalid UTF-8
//! replaced) through the lexer and the parser. Syntax errors are fine; panics, aborts and native
//! stack overflows are not.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data).into_owned();
    rubra_fuzz::on_big_stack(move || rubra_fuzz::parse(&src));
});
