//! The object model: values, the heap and the representations of the built-in types.
//! This is the only part of rubra (with `value`) that uses `unsafe`.

pub mod class;
pub mod coroutine;
pub mod encoding;
mod encoding_table;
pub mod fstring;
pub mod hash;
pub mod heap;
pub mod malloc;
pub mod os;
pub mod reuse;
pub mod slotvec;
pub mod string;
pub mod symbol;
pub mod term;
pub mod value;
pub mod vstack;
