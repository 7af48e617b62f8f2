//! Hash representation: an insertion-ordered table of (key, value) entries with a hash index.
//!
//! Entries are appended in insertion order; deletion leaves a tombstone (key UNDEF) that the
//! next compaction removes. The index maps a key's 64-bit hash to the entries with that hash
//! (chained through `next`). A small hash (at most `SMALL` entries, CRuby's `ar_table`) has no
//! index: a lookup compares the stored hashes of its few entries, and the hash table's
//! allocation is saved; the index is built when the entries outgrow that. Hash values and key equality are computed by the VM (`Vm::hash_of`,
//! `Vm::eql`), which may call Ruby methods; this module only stores what it is given.

use super::heap::Payload;
use super::value::Value;
use ahash::AHashMap;
use std::any::Any;

const NONE: u32 = u32::MAX;
/// Hashes with at most this many entries (tombstones included) are searched without an index.
pub const SMALL: usize = 8;

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
    /// Empty while `entries.len() <= SMALL`.
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

    fn indexed(&self) -> bool {
        self.entries.len() > SMALL
    }

    /// Candidate entry indexes whose hash equals `hash` (the caller checks key equality).
    pub fn candidates(&self, hash: u64) -> impl Iterator<Item = usize> + '_ {
        // a small hash walks its entries in order; a larger one follows the index's chain
        let (mut i, chained) = if self.indexed() {
            (self.index.get(&hash).copied().unwrap_or(NONE), true)
        } else {
            (0, false)
        };
        std::iter::from_fn(move || {
            if chained {
                while i != NONE {
                    let e = &self.entries[i as usize];
                    let cur = i;
                    i = e.next;
                    if !e.key.is_undef() && e.hash == hash {
                        return Some(cur as usize);
                    }
                }
            } else {
                while (i as usize) < self.entries.len() {
                    let cur = i as usize;
                    let e = &self.entries[cur];
                    i += 1;
                    if !e.key.is_undef() && e.hash == hash {
                        return Some(cur);
                    }
                }
            }
            None
        })
    }

    /// Appends a new entry (the caller has checked the key is absent).
    pub fn push(&mut self, key: Value, value: Value, hash: u64) {
        let idx = self.entries.len() as u32;
        self.entries.push(Entry {
            key,
            value,
            hash,
            next: NONE,
        });
        self.live += 1;
        if self.entries.len() == SMALL + 1 {
            // outgrown: index every entry, tombstones too (lookups skip them)
            for j in 0..self.entries.len() {
                let h = self.entries[j].hash;
                self.entries[j].next = self.index.insert(h, j as u32).unwrap_or(NONE);
            }
        } else if self.indexed() {
            self.entries[idx as usize].next = self.index.insert(hash, idx).unwrap_or(NONE);
        }
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
        self.index = AHashMap::default();
        self.live = 0;
        for e in old.into_iter().filter(|e| !e.key.is_undef()) {
            self.push(e.key, e.value, e.hash);
        }
    }

    pub fn clear(&mut self) {
        self.entries.clear();
        self.index = AHashMap::default();
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
            + self.index.capacity() * (std::mem::size_of::<(u64, u32)>() + 1)
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

    /// A hash is searched without an index up to SMALL entries, with one after; both find the
    /// same candidates, through deletes, compaction and clear.
    #[test]
    fn index_built_past_small() {
        let mut h = RHash::new();
        for i in 0..SMALL as i64 {
            h.push(Value::fixnum(i), Value::NIL, i as u64 % 3);
        }
        assert_eq!(h.index.capacity(), 0);
        assert_eq!(h.candidates(1).count(), 3);
        h.push(Value::fixnum(100), Value::NIL, 1);
        assert!(h.index.capacity() > 0);
        assert_eq!(h.candidates(1).count(), 4);
        assert_eq!(h.candidates(2).count(), 2);
        let i = h.candidates(1).next().unwrap();
        h.remove_at(i);
        assert_eq!(h.candidates(1).count(), 3);
        for i in 0..40 {
            h.push(Value::fixnum(200 + i), Value::NIL, 7);
        }
        assert_eq!(h.candidates(7).count(), 40);
        assert_eq!(h.candidates(1).count(), 3);
        h.clear();
        assert_eq!(h.index.capacity(), 0);
        assert_eq!(h.candidates(7).count(), 0);
        h.push(Value::fixnum(1), Value::NIL, 7);
        assert_eq!(h.candidates(7).count(), 1);
    }
}
