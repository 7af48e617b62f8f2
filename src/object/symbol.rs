//! The symbol table: process-wide interning of names to 32-bit ids.
//!
//! Symbols are immediates (`Value::symbol(id)`). Name to id goes through the process-wide
//! fstring table (object/fstring.rs) under its own owner, `SYMBOL_OWNER`: lookups take no lock,
//! as for every other interned string. Id to name is a vector of leaked names (symbols are never
//! freed, so `sym_name` can hand out `&'static str`), read under a read lock and appended to under
//! the write lock when a new name is interned. Names are stored as UTF-8 text; a symbol made from
//! invalid bytes keeps them lossily.

use super::fstring;
use std::sync::{OnceLock, RwLock};

/// The fstring table owner of symbol names (heaps count from 1).
pub const SYMBOL_OWNER: u64 = 0;

fn names() -> &'static RwLock<Vec<&'static str>> {
    static T: OnceLock<RwLock<Vec<&'static str>>> = OnceLock::new();
    // a booted interpreter has about 1,200 names
    T.get_or_init(|| RwLock::new(Vec::with_capacity(2048)))
}

/// The id for `name`, interning it on first use.
pub fn intern(name: &str) -> u32 {
    intern_with(name, || Box::leak(name.to_owned().into_boxed_str()))
}

/// The id for a name that lives as long as the program (a literal, such as the names of the
/// native method tables): interning it copies nothing, where `intern` leaks a copy.
pub fn intern_static(name: &'static str) -> u32 {
    intern_with(name, || name)
}

/// Interns `name`; a new name is stored as `keep()` makes it, in the id-to-name vector and as
/// the fstring table's key (symbols are never removed, so the one copy serves both).
fn intern_with(name: &str, keep: impl FnOnce() -> &'static str) -> u32 {
    let (id, _) = fstring::table().intern_keyed(SYMBOL_OWNER, name.as_bytes(), || {
        // a racing thread may add the same name too; the table keeps one id, the other stays
        // unused in the vector
        let kept = keep();
        let mut v = names().write().expect("symbol table");
        v.push(kept);
        ((v.len() - 1) as u64, Some(kept.as_bytes()))
    });
    id as u32
}

/// The symbol id of a literal name, interned once per use site (ids are process-wide), for
/// hot paths that would otherwise hash the name at every call: `sym!("initialize")`.
#[macro_export]
macro_rules! sym {
    ($name:literal) => {{
        static ID: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
        *ID.get_or_init(|| $crate::object::symbol::intern_static($name))
    }};
}

/// The id for `name` if it was ever interned.
pub fn lookup(name: &str) -> Option<u32> {
    fstring::table()
        .lookup(SYMBOL_OWNER, name.as_bytes())
        .map(|id| id as u32)
}

/// The name of symbol `id`.
pub fn sym_name(id: u32) -> &'static str {
    names()
        .read()
        .expect("symbol table")
        .get(id as usize)
        .copied()
        .unwrap_or("")
}

/// Every symbol name interned so far (Symbol.all_symbols).
pub fn count() -> usize {
    names().read().expect("symbol table").len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_idempotent() {
        let a = intern("hello_sym_test");
        assert_eq!(intern("hello_sym_test"), a);
        assert_eq!(sym_name(a), "hello_sym_test");
        assert_eq!(lookup("hello_sym_test"), Some(a));
        assert_ne!(intern("other_sym_test"), a);
    }

    #[test]
    fn static_names_are_not_copied() {
        static NAME: &str = "static_sym_test";
        let a = intern_static(NAME);
        assert!(std::ptr::eq(sym_name(a).as_ptr(), NAME.as_ptr()));
        assert_eq!(intern("static_sym_test"), a);
        assert_eq!(lookup(NAME), Some(a));
        // a name first interned from a temporary keeps its own copy
        let b = intern(&String::from("dynamic_sym_test"));
        assert_eq!(intern_static("dynamic_sym_test"), b);
        assert_eq!(sym_name(b), "dynamic_sym_test");
    }
}
