//! Hash representation: an insertion-ordered table of (key, value) entries with a hash index.
//!
//! Entries are appended in insertion order; deletion leaves a tombstone (key UNDEF) that the
//! next compaction removes. The index maps a key's 64-bit hash to the entries with that hash
//! (chained through `next`). Hash values and key equality are computed by the VM (`Vm::hash_of`,
//! `Vm::eql`), which may call Ruby methods; this module only stores what it is given.

use super::heap::Payload;
use super::value::Value;
use ahash::AHashMap;
use std::any::Any;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
pub struct Entry {
    pub key: Value,
    pub value: Value,
    pub hash: u64,
    next: u32,
}

#[derive(Default)]
pub struct RHash {
    pub entries: Vec<Entry>,
    index: AHashMap<u64, u32>,
    live: usize,
    pub default: Value,
    pub default_proc: Value,
    pub compare_by_identity: bool,
}

impl RHash {
    pub fn new() -> RHash {
        RHash {
            default: Value::NIL,
            default_proc: Value::NIL,
            ..Default::default()
        }
    }

    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Candidate entry indexes whose hash equals `hash` (the caller checks key equality).
    pub fn candidates(&self, hash: u64) -> impl Iterator<Item = usize> + '_ {
        let mut i = self.index.get(&hash).copied().unwrap_or(NONE);
        std::iter::from_fn(move || {
            while i != NONE {
                let e = &self.entries[i as usize];
                let cur = i;
                i = e.next;
                if !e.key.is_undef() && e.hash == hash {
                    return Some(cur as usize);
                }
            }
            None
        })
    }

    /// Appends a new entry (the caller has checked the key is absent).
    pub fn push(&mut self, key: Value, value: Value, hash: u64) {
        let idx = self.entries.len() as u32;
        let next = self.index.insert(hash, idx).unwrap_or(NONE);
        self.entries.push(Entry {
            key,
            value,
            hash,
            next,
        });
        self.live += 1;
    }

    /// Removes entry `i`, returning its value.
    pub fn remove_at(&mut self, i: usize) -> Value {
        let v = self.entries[i].value;
        self.entries[i].key = Value::UNDEF;
        self.entries[i].value = Value::NIL;
        self.live -= 1;
        if self.entries.len() > 32 && self.live * 2 < self.entries.len() {
            self.compact();
        }
        v
    }

    /// Rebuilds the entry vector without tombstones.
    pub fn compact(&mut self) {
        let old = std::mem::take(&mut self.entries);
        self.index.clear();
        self.live = 0;
        for e in old.into_iter().filter(|e| !e.key.is_undef()) {
            self.push(e.key, e.value, e.hash);
        }
    }

    pub fn clear(&mut self) {
        self.entries.clear();
        self.index.clear();
        self.live = 0;
    }

    /// Live entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| !e.key.is_undef())
    }

    /// A snapshot of the live (key, value) pairs (safe to iterate while calling Ruby code).
    pub fn pairs(&self) -> Vec<(Value, Value)> {
        self.iter().map(|e| (e.key, e.value)).collect()
    }
}

impl Payload for RHash {
    fn trace(&self, out: &mut Vec<Value>) {
        for e in &self.entries {
            out.push(e.key);
            out.push(e.value);
        }
        out.push(self.default);
        out.push(self.default_proc);
    }
    fn malloc_size(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry>()
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_insertion_order_through_deletes() {
        let mut h = RHash::new();
        for i in 0..5 {
            h.push(Value::fixnum(i), Value::fixnum(i * 10), i as u64 % 2);
        }
        let i = h
            .candidates(0)
            .find(|&i| h.entries[i].key == Value::fixnum(2))
            .unwrap();
        h.remove_at(i);
        let keys: Vec<i64> = h.iter().map(|e| e.key.as_fixnum()).collect();
        assert_eq!(keys, vec![0, 1, 3, 4]);
        h.compact();
        assert_eq!(h.len(), 4);
        assert_eq!(h.candidates(0).count(), 2);
    }
}
