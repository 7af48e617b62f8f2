//! The symbol table: process-wide interning of names to 32-bit ids.
//!
//! Symbols are immediates (`Value::symbol(id)`); their names are never freed, so `sym_name`
//! can hand out `&'static str`. Lookups by id take a read lock on a vector; interning a new
//! name takes the write lock once. Names are stored as UTF-8 text; a symbol made from invalid
//! bytes keeps them lossily (full encoding support for symbols comes with the String issue).

use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

struct Table {
    names: Vec<&'static str>,
    ids: HashMap<&'static str, u32, ahash::RandomState>,
}

fn table() -> &'static RwLock<Table> {
    static T: OnceLock<RwLock<Table>> = OnceLock::new();
    T.get_or_init(|| {
        RwLock::new(Table {
            names: Vec::new(),
            ids: HashMap::default(),
        })
    })
}

/// The id for `name`, interning it on first use.
pub fn intern(name: &str) -> u32 {
    if let Some(&id) = table().read().expect("symbol table").ids.get(name) {
        return id;
    }
    let mut t = table().write().expect("symbol table");
    if let Some(&id) = t.ids.get(name) {
        return id;
    }
    let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
    let id = t.names.len() as u32;
    t.names.push(leaked);
    t.ids.insert(leaked, id);
    id
}

/// The id for `name` if it was ever interned.
pub fn lookup(name: &str) -> Option<u32> {
    table().read().expect("symbol table").ids.get(name).copied()
}

/// The name of symbol `id`.
pub fn sym_name(id: u32) -> &'static str {
    table()
        .read()
        .expect("symbol table")
        .names
        .get(id as usize)
        .copied()
        .unwrap_or("")
}

/// Every symbol name interned so far (Symbol.all_symbols).
pub fn count() -> usize {
    table().read().expect("symbol table").names.len()
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
}
