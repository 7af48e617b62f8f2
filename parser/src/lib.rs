//! rubra's front end, kept in its own crate so that the large generated LR(1) parser is only
//! recompiled when the grammar, the lexer or the AST change: `lexer` (logos + a state machine),
//! `parser` (the driver around the lalrpop-generated tables from `grammar/ruby.lalrpop`) and
//! `ast` (what the compiler reads).

// The AST's node enums are deliberately unboxed.
#[allow(clippy::large_enum_variant)]
pub mod ast;
pub mod lexer;
pub mod parser;
