//! rubra: a Ruby interpreter in Rust that reproduces CRuby's object model.
//!
//! The pipeline: `lexer` -> `parser` (grammar/ruby.lalrpop) -> `ast` -> `compiler` -> bytecode
//! (`vm::code`) -> `vm` on the `object` heap, with the core library in `core`. `Interpreter` is
//! the embedding API the CLI, the REPL, the tests and the benches use.

pub mod cli;
pub mod compiler;
pub mod core;
pub mod interp;
pub mod magic;
pub mod object;
pub mod repl;
pub mod stdlib;
pub mod vm;

pub use rubra_parser::{ast, lexer, parser};

pub use interp::Interpreter;
