//! Hash: insertion-ordered, string keys stored as interned frozen copies (as CRuby does),
//! `{"a" => 1, b: 2}` inspect format of Ruby 3.4+. This file has the table operations the VM
//! and other classes use (lookup, insertion, iteration with CRuby's "no new key during
//! iteration" rule), construction, element access, defaults, equality and inspect; iteration
//! and transformation natives are in `hash_iter.rs`.

use super::array::{M, check_frozen, rooted};
use super::object::is_string;
use super::string_encoding::Joined;
use crate::object::hash::RHash;
use crate::object::heap::*;
use crate::object::string::Encoding;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};
use std::cell::RefCell;

const HASH: &[M] = &[
    ("deconstruct_keys", h_to_hash, 1, 1),
    ("to_proc", h_to_proc, 0, 0),
    ("[]", h_aref, 1, 1),
    ("[]=", h_aset, 2, 2),
    ("store", h_aset, 2, 2),
    ("fetch", h_fetch, 1, 2),
    ("dig", h_dig, 1, -1),
    ("key?", h_key_p, 1, 1),
    ("has_key?", h_key_p, 1, 1),
    ("include?", h_key_p, 1, 1),
    ("member?", h_key_p, 1, 1),
    ("value?", h_value_p, 1, 1),
    ("has_value?", h_value_p, 1, 1),
    ("key", h_key, 1, 1),
    ("delete", h_delete, 1, 1),
    ("keys", h_keys, 0, 0),
    ("values", h_values, 0, 0),
    ("values_at", h_values_at, 0, -1),
    ("fetch_values", h_fetch_values, 0, -1),
    ("size", h_size, 0, 0),
    ("length", h_size, 0, 0),
    ("empty?", h_empty_p, 0, 0),
    ("default", h_default, 0, 1),
    ("default=", h_set_default, 1, 1),
    ("default_proc", h_default_proc, 0, 0),
    ("default_proc=", h_set_default_proc, 1, 1),
    ("inspect", h_inspect, 0, 0),
    ("to_s", h_inspect, 0, 0),
    ("to_hash", h_to_hash, 0, 0),
    ("to_a", h_to_a, 0, 0),
    ("==", h_eq, 1, 1),
    ("eql?", h_eql, 1, 1),
    ("hash", h_hash, 0, 0),
    ("<=", h_le, 1, 1),
    ("<", h_lt, 1, 1),
    (">=", h_ge, 1, 1),
    (">", h_gt, 1, 1),
    ("compare_by_identity", h_compare_by_identity, 0, 0),
    ("compare_by_identity?", h_compare_by_identity_p, 0, 0),
    ("rehash", h_rehash, 0, 0),
    ("clear", h_clear, 0, 0),
    ("replace", h_replace, 1, 1),
    ("shift", h_shift, 0, 0),
    ("assoc", h_assoc, 1, 1),
    ("rassoc", h_rassoc, 1, 1),
    ("invert", h_invert, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let h = vm.c.hash;
    vm.define_natives(h, super::array_enum::ARRAY_TABLE);
    vm.define_natives(h, super::array_enum::HASH_TABLE);
    vm.define_natives(h, HASH);
    vm.define_private_natives(
        h,
        &[
            ("initialize", h_initialize, 0, -1),
            ("initialize_copy", h_replace, 1, 1),
        ],
    );
    vm.define_natives(h, super::hash_iter::TABLE);
    vm.define_singleton_natives(
        h,
        &[
            ("[]", h_s_create, 0, -1),
            ("try_convert", h_s_try_convert, 1, 1),
        ],
    );
    let ke = vm.c.key_error;
    vm.define_natives(
        ke,
        &[("key", ke_key, 0, 0), ("receiver", ke_receiver, 0, 0)],
    );
}

pub(crate) fn rh(v: Value) -> &'static mut RHash {
    payload::<RHash>(v).expect("hash")
}

// ---- the table operations ----

fn key_hash(vm: &mut Vm, h: Value, key: Value) -> VmResult<u64> {
    if rh(h).compare_by_identity {
        use std::hash::{BuildHasher, Hasher};
        let mut st = ahash::RandomState::with_seeds(5, 6, 7, 8).build_hasher();
        st.write_u64(key.bits());
        return Ok(st.finish());
    }
    vm.hash_of(key)
}

/// Finds the entry index for `key`.
pub fn find(vm: &mut Vm, h: Value, key: Value) -> VmResult<Option<usize>> {
    let hv = key_hash(vm, h, key)?;
    find_hashed(vm, h, key, hv)
}

/// Finds the entry for `key` whose hash is `hv`.
fn find_hashed(vm: &mut Vm, h: Value, key: Value, hv: u64) -> VmResult<Option<usize>> {
    let r = rh(h);
    let ident = r.compare_by_identity;
    // the candidates are listed before any `eql?` runs (Ruby code may change the hash); there
    // is rarely more than one, so the list lives on the Rust stack. The key itself is found
    // without `eql?`.
    let (mut few, mut more, mut n) = ([0usize; 4], Vec::new(), 0);
    for i in r.candidates(hv) {
        if r.entries[i].key == key {
            return Ok(Some(i));
        }
        if n < few.len() {
            few[n] = i;
        } else {
            more.push(i);
        }
        n += 1;
    }
    for &i in few[..n.min(few.len())].iter().chain(more.iter()) {
        let Some(e) = rh(h).entries.get(i) else {
            continue;
        };
        let k = e.key;
        if k == key || (!ident && !k.is_undef() && vm.eql(k, key)?) {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// Appends a new entry (RuntimeError while the hash is being iterated).
fn push_new(vm: &mut Vm, h: Value, key: Value, val: Value, hv: u64) -> VmResult<()> {
    if iterating(h) {
        return Err(vm.raise_str(
            vm.c.runtime_error,
            "can't add a new key into hash during iteration",
        ));
    }
    rh(h).push(key, val, hv);
    Ok(())
}

/// Inserts or replaces without Ruby's string-key copying. `key` and `val` stay rooted while
/// `hash`/`eql?` run.
pub fn raw_insert(vm: &mut Vm, h: Value, key: Value, val: Value) -> VmResult<()> {
    rooted(vm, &[key, val], |vm| {
        let hv = key_hash(vm, h, key)?;
        match find_hashed(vm, h, key, hv)? {
            Some(i) => rh(h).entries[i].value = val,
            None => push_new(vm, h, key, val, hv)?,
        }
        Ok(())
    })
}

/// The value for `key`, or nil (no default applied).
pub fn get(vm: &mut Vm, h: Value, key: Value) -> VmResult {
    Ok(find(vm, h, key)?
        .map(|i| rh(h).entries[i].value)
        .unwrap_or(Value::NIL))
}

/// A snapshot of the (key, value) pairs.
pub fn pairs(h: Value) -> Vec<(Value, Value)> {
    rh(h).pairs()
}

/// Removes `key`, returning its value.
pub fn remove(vm: &mut Vm, h: Value, key: Value) -> VmResult<Option<Value>> {
    Ok(find(vm, h, key)?.map(|i| rh(h).remove_at(i)))
}

/// Copies the entries (and defaults) of `from` into `to`.
pub fn copy_into(vm: &mut Vm, from: Value, to: Value) -> VmResult<()> {
    rh(to).compare_by_identity = rh(from).compare_by_identity;
    for (k, v) in rh(from).pairs() {
        raw_insert(vm, to, k, v)?;
    }
    rh(to).default = rh(from).default;
    rh(to).default_proc = rh(from).default_proc;
    Ok(())
}

/// Rebuilds the index (after compare_by_identity, or keys mutated in place).
fn rehash(vm: &mut Vm, h: Value) -> VmResult<()> {
    let old = rh(h).pairs();
    let keep = vm.ary_new(old.iter().flat_map(|p| [p.0, p.1]).collect());
    rooted(vm, &[keep], |vm| {
        rh(h).clear();
        for (k, v) in old {
            raw_insert(vm, h, k, v)?;
        }
        Ok(())
    })
}

thread_local! {
    /// Hashes being iterated (CRuby's iter_lev): adding a key to one raises.
    static ITERATING: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

pub(crate) fn iterating(h: Value) -> bool {
    ITERATING.with(|it| {
        let it = it.borrow();
        !it.is_empty() && it.contains(&h.bits())
    })
}

/// Calls `f` with each live (key, value) pair in order until it returns false. Keys deleted by
/// `f` are not visited; adding a key raises RuntimeError, as in CRuby.
pub fn each_pair(
    vm: &mut Vm,
    h: Value,
    mut f: impl FnMut(&mut Vm, Value, Value) -> VmResult<bool>,
) -> VmResult<()> {
    while_iterating(h, || {
        let mut c = PairCursor::default();
        while let Some((k, v)) = c.next(h) {
            if !f(vm, k, v)? {
                break;
            }
        }
        Ok(())
    })
}

/// Runs `f` with `h` marked as being iterated (adding a key then raises, as in CRuby).
pub fn while_iterating<T>(h: Value, f: impl FnOnce() -> VmResult<T>) -> VmResult<T> {
    ITERATING.with(|it| it.borrow_mut().push(h.bits()));
    let r = f();
    ITERATING.with(|it| {
        let mut it = it.borrow_mut();
        if let Some(p) = it.iter().rposition(|&x| x == h.bits()) {
            it.remove(p);
        }
    });
    r
}

/// A position in a Hash's insertion order that survives the table changing between steps:
/// deleted entries are skipped, and after a compaction the walk goes on after the last
/// visited key still present.
#[derive(Default)]
pub struct PairCursor {
    i: usize,
    /// The length of the entry table when the last pair was handed out.
    len: usize,
    last: Option<Value>,
    visited: Vec<Value>,
}

impl PairCursor {
    /// The next live pair, or None at the end.
    pub fn next(&mut self, h: Value) -> Option<(Value, Value)> {
        if let Some(k) = self.last.take() {
            let es = &rh(h).entries;
            if es.len() < self.len && !(self.i < es.len() && es[self.i].key == k) {
                // the table was compacted: go on after the last visited key still present
                let seen: ahash::AHashSet<u64> = self.visited.iter().map(|k| k.bits()).collect();
                self.i = es
                    .iter()
                    .rposition(|x| seen.contains(&x.key.bits()))
                    .map(|p| p + 1)
                    .unwrap_or(0);
            } else {
                self.i += 1;
            }
        }
        loop {
            let es = &rh(h).entries;
            let e = *es.get(self.i)?;
            if e.key.is_undef() {
                self.i += 1;
                continue;
            }
            self.len = es.len();
            self.last = Some(e.key);
            self.visited.push(e.key);
            return Some((e.key, e.value));
        }
    }
}

impl Vm {
    /// `h[k] = v`: an unfrozen String key is stored as an interned frozen copy.
    pub fn hash_aset(&mut self, h: Value, key: Value, val: Value) -> VmResult<()> {
        if self.is_frozen(h) {
            return Err(self.frozen_error(h));
        }
        rooted(self, &[key, val], |vm| {
            let hv = key_hash(vm, h, key)?;
            if let Some(i) = find_hashed(vm, h, key, hv)? {
                rh(h).entries[i].value = val;
                return Ok(());
            }
            let key = if is_string(key) && !vm.is_frozen(key) && !rh(h).compare_by_identity {
                vm.fstring_of(key)
            } else {
                key
            };
            push_new(vm, h, key, val, hv)
        })
    }

    /// Merges `other` (a Hash, or something with to_hash) into `h` (`**other`).
    pub fn hash_merge_into(&mut self, h: Value, other: Value) -> VmResult<()> {
        if other.is_nil() {
            return Ok(());
        }
        let other = to_hash(self, other)?;
        for (k, v) in rh(other).pairs() {
            raw_insert(self, h, k, v)?;
        }
        Ok(())
    }

    /// `h[k]` with the default value or default proc.
    pub fn hash_aref(&mut self, h: Value, key: Value) -> VmResult {
        if let Some(i) = find(self, h, key)? {
            return Ok(rh(h).entries[i].value);
        }
        hash_default(self, h, key)
    }
}

/// The default for a missing `key`: the default proc's result or the default value.
pub fn hash_default(vm: &mut Vm, h: Value, key: Value) -> VmResult {
    let dp = rh(h).default_proc;
    if !dp.is_nil() {
        return vm.funcall(dp, intern("call"), &[h, key], None);
    }
    Ok(rh(h).default)
}

/// to_hash conversion: a Hash, the result of `to_hash`, or TypeError.
pub fn to_hash(vm: &mut Vm, v: Value) -> VmResult {
    if type_of(v) == T_HASH {
        return Ok(v);
    }
    let id = intern("to_hash");
    if v.is_heap() && vm.responds(v, id, true) {
        let r = vm.funcall(v, id, &[], None)?;
        if type_of(r) == T_HASH {
            return Ok(r);
        }
        let (k, rk) = (vm.real_class(v), vm.real_class(r));
        let (kn, rn) = (vm.class_name(k), vm.class_name(rk));
        return Err(vm.type_error(&format!(
            "can't convert {kn} to Hash ({kn}#to_hash gives {rn})"
        )));
    }
    Err(vm.conversion_error(v, "Hash"))
}

/// A new empty Hash of the receiver's class? CRuby's derived hashes are plain Hashes.
pub(crate) fn new_hash(vm: &mut Vm) -> Value {
    vm.hash_new()
}

fn key_error(vm: &mut Vm, h: Value, key: Value) -> Unwind {
    let k = match vm.inspect_str(key) {
        Ok(k) => k,
        Err(e) => return e,
    };
    let e = vm.exception_new(vm.c.key_error, &format!("key not found: {k}"));
    let _ = vm.ivar_set(e, intern("__key"), key);
    let _ = vm.ivar_set(e, intern(crate::vm::error::IV_RECV), h);
    vm.set_backtrace_here(e);
    Unwind::Raise(e)
}
/// key_error.key -> object
fn ke_key(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern("__key"));
    if v.is_undef() {
        return Err(vm.arg_error("no key is available"));
    }
    Ok(v)
}
/// key_error.receiver -> object
fn ke_receiver(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern(crate::vm::error::IV_RECV));
    if v.is_undef() {
        return Err(vm.arg_error("no receiver is available"));
    }
    Ok(v)
}

// ---- construction ----

/// Hash.new(default_value = nil, capacity: 0) / Hash.new(capacity: 0) {|hash, key| ... }
fn h_initialize(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    check_frozen(vm, s)?;
    let mut a = a;
    if kw && let Some(&opts) = a.last() {
        a = &a[..a.len() - 1];
        let cap = Value::symbol(intern("capacity"));
        super::numeric::check_keywords(vm, opts, &["capacity"])?;
        let c = get(vm, opts, cap)?;
        if !c.is_nil() {
            super::array::num2long(vm, c)?;
        }
    }
    match (b, a.len()) {
        (Some(b), 0) => {
            let p = vm.proc_new(b.clone(), false);
            rh(s).default_proc = p;
        }
        (Some(_), n) => return Err(super::array::arity(vm, n, 0, 0)),
        (None, 0) => {}
        (None, 1) => rh(s).default = a[0],
        (None, n) => return Err(super::array::arity(vm, n, 0, 1)),
    }
    Ok(s)
}
/// Hash[ [*2_element_arrays] ] / Hash[*objects] / Hash[hash] -> new_hash
fn h_s_create(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    crate::object::heap::set_klass(h, s);
    rooted(vm, &[h], |vm| {
        if a.len() == 1 {
            if type_of(a[0]) == T_HASH
                || (a[0].is_heap() && vm.responds(a[0], intern("to_hash"), true))
            {
                let src = to_hash(vm, a[0])?;
                for (k, v) in pairs(src) {
                    raw_insert(vm, h, k, v)?;
                }
                return Ok(h);
            }
            if let Some(arr) = super::array::check_array(vm, a[0])? {
                let items = super::array::vec_of(arr).to_vec();
                for (i, e) in items.into_iter().enumerate() {
                    let Some(p) = super::array::check_array(vm, e)? else {
                        let k = vm.real_class(e);
                        let msg = format!(
                            "wrong element type {} at {i} (expected array)",
                            vm.class_name(k)
                        );
                        return Err(vm.arg_error(&msg));
                    };
                    let pv = super::array::vec_of(p).to_vec();
                    match pv.len() {
                        1 | 2 => {
                            vm.hash_aset(h, pv[0], pv.get(1).copied().unwrap_or(Value::NIL))?
                        }
                        n => {
                            return Err(
                                vm.arg_error(&format!("invalid number of elements ({n} for 1..2)"))
                            );
                        }
                    }
                }
                return Ok(h);
            }
        }
        if !a.len().is_multiple_of(2) {
            return Err(vm.arg_error("odd number of arguments for Hash"));
        }
        for p in a.chunks(2) {
            vm.hash_aset(h, p[0], p[1])?;
        }
        Ok(h)
    })
}

// ---- element access ----

/// hash[key] -> value
fn h_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.hash_aref(s, a[0])
}
/// hash[key] = value -> value
fn h_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.hash_aset(s, a[0], a[1])?;
    Ok(a[1])
}
/// hash.fetch(key) -> value; hash.fetch(key, default) -> value; hash.fetch(key) {|key| ... }
fn h_fetch(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if let Some(i) = find(vm, s, a[0])? {
        return Ok(rh(s).entries[i].value);
    }
    if let Some(b) = b {
        return vm.yield_block(b, &[a[0]]);
    }
    if let Some(&d) = a.get(1) {
        return Ok(d);
    }
    Err(key_error(vm, s, a[0]))
}
/// hash.dig(key, *identifiers) -> object
fn h_dig(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.hash_aref(s, a[0])?;
    super::array_access::obj_dig(vm, v, &a[1..])
}
/// hash.key?(key) -> true or false
fn h_key_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(find(vm, s, a[0])?.is_some()))
}
/// hash.value?(value) -> true or false
fn h_value_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    for (_, v) in pairs(s) {
        if vm.equal(v, a[0])? {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}
/// hash.key(value) -> key or nil
fn h_key(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    for (k, v) in pairs(s) {
        if vm.equal(v, a[0])? {
            return Ok(k);
        }
    }
    Ok(Value::NIL)
}
/// hash.delete(key) -> value or nil; hash.delete(key) {|key| ... } -> object
fn h_delete(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    match remove(vm, s, a[0])? {
        Some(v) => Ok(v),
        None => match b {
            Some(b) => vm.yield_block(b, &[a[0]]),
            None => Ok(Value::NIL),
        },
    }
}
/// hash.keys -> new_array
fn h_keys(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = rh(s).iter().map(|e| e.key).collect();
    Ok(vm.ary_new(k))
}
/// hash.values -> new_array
fn h_values(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = rh(s).iter().map(|e| e.value).collect();
    Ok(vm.ary_new(v))
}
/// hash.values_at(*keys) -> new_array
fn h_values_at(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = vm.ary_new_capa(0);
    rooted(vm, &[out], |vm| {
        for &k in a {
            let v = vm.hash_aref(s, k)?;
            super::array::vec_of(out).push(v);
        }
        Ok(out)
    })
}
/// hash.fetch_values(*keys) -> new_array; hash.fetch_values(*keys) {|key| ... } -> new_array
fn h_fetch_values(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let out = vm.ary_new_capa(0);
    rooted(vm, &[out], |vm| {
        for &k in a {
            let v = h_fetch(vm, s, &[k], b)?;
            super::array::vec_of(out).push(v);
        }
        Ok(out)
    })
}
/// hash.size -> integer
fn h_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(rh(s).len() as i64))
}
/// hash.empty? -> true or false
fn h_empty_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(rh(s).is_empty()))
}

// ---- defaults ----

/// hash.default -> object; hash.default(key) -> object
fn h_default(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match a.first() {
        Some(&k) if !rh(s).default_proc.is_nil() => hash_default(vm, s, k),
        _ => Ok(rh(s).default),
    }
}
/// hash.default = value -> object
fn h_set_default(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    rh(s).default = a[0];
    rh(s).default_proc = Value::NIL;
    Ok(a[0])
}
/// hash.default_proc -> proc or nil
fn h_default_proc(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(rh(s).default_proc)
}
/// hash.default_proc = proc -> proc
fn h_set_default_proc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let p = a[0];
    if !p.is_nil() && type_of(p) != T_PROC {
        let k = vm.real_class(p);
        let msg = format!(
            "wrong default_proc type {} (expected Proc)",
            vm.class_name(k)
        );
        return Err(vm.type_error(&msg));
    }
    rh(s).default_proc = p;
    if !p.is_nil() {
        rh(s).default = Value::NIL;
    }
    Ok(p)
}

// ---- inspect and conversion ----

/// Whether a Symbol key prints quoted in `{key: value}` (CRuby's symbol_key_needs_quote).
pub fn symbol_key_needs_quote(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return true;
    };
    let ident_start = |c: char| c.is_ascii_alphabetic() || c == '_' || !c.is_ascii();
    let ident_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || !c.is_ascii();
    if !ident_start(first) {
        return true;
    }
    let body = name.strip_suffix(['?', '!']).unwrap_or(name);
    !body.chars().skip(1).all(ident_char) || body.is_empty()
}
/// hash.inspect -> new_string
fn h_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if rh(s).is_empty() {
        return Ok(vm.fstring_enc(b"{}", Encoding::UsAscii));
    }
    if vm.inspecting.contains(&s) {
        return Ok(vm.str_from("{...}"));
    }
    vm.inspecting.push(s);
    // the first key's text gives the result its encoding, later pieces join it (as Array#inspect)
    let mut out = Joined::new(b"{");
    let r = (|| -> VmResult<()> {
        for (i, (k, v)) in pairs(s).into_iter().enumerate() {
            if i > 0 {
                out.push_raw(b", ");
            }
            if k.is_symbol() {
                let name = sym_name(k.as_symbol_id());
                let text = if symbol_key_needs_quote(name) {
                    super::string::inspect_bytes(name.as_bytes())
                } else {
                    name.to_string()
                };
                let enc = super::string_encoding::name_encoding(&text);
                out.add(vm, text.as_bytes(), enc)?;
                out.push_raw(b": ");
            } else {
                let t = vm.inspect(k)?;
                out.add_str(vm, t)?;
                out.push_raw(b" => ");
            }
            let t = vm.inspect(v)?;
            out.add_str(vm, t)?;
        }
        Ok(())
    })();
    vm.inspecting.pop();
    r?;
    out.push_raw(b"}");
    Ok(out.finish(vm))
}
/// hash.to_hash -> self
fn h_to_hash(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
/// hash.to_proc -> lambda (calling `hash[key]`)
fn h_to_proc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = vm.funcall(s, intern("method"), &[Value::symbol(intern("[]"))], None)?;
    vm.funcall(m, intern("to_proc"), &[], None)
}
/// hash.to_a -> new_array
fn h_to_a(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    for (k, v) in pairs(s) {
        out.push(vm.ary_from_slice(&[k, v]));
    }
    Ok(vm.ary_new(out))
}

// ---- equality and comparison ----

fn hash_equal(vm: &mut Vm, s: Value, o: Value, eql: bool) -> VmResult<bool> {
    let op = if eql {
        crate::vm::recursion::Rec::Eql
    } else {
        crate::vm::recursion::Rec::Eq
    };
    // a pair already being compared counts as equal (rb_exec_recursive_paired)
    let r = vm.exec_recursive(op, s, o, |vm| hash_equal_step(vm, s, o, eql))?;
    Ok(r.unwrap_or(true))
}
fn hash_equal_step(vm: &mut Vm, s: Value, o: Value, eql: bool) -> VmResult<bool> {
    if s == o {
        return Ok(true);
    }
    if type_of(o) != T_HASH {
        if !eql && o.is_heap() && vm.responds(o, intern("to_hash"), true) {
            return vm.equal(o, s);
        }
        return Ok(false);
    }
    if rh(s).len() != rh(o).len() {
        return Ok(false);
    }
    for (k, v) in pairs(s) {
        match find(vm, o, k)? {
            Some(i) => {
                let ov = rh(o).entries[i].value;
                let same = if eql {
                    vm.eql(v, ov)?
                } else {
                    vm.equal(v, ov)?
                };
                if !same {
                    return Ok(false);
                }
            }
            None => return Ok(false),
        }
    }
    Ok(true)
}
/// hash == object -> true or false
fn h_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(hash_equal(vm, s, a[0], false)?))
}
/// hash.eql?(object) -> true or false
fn h_eql(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(hash_equal(vm, s, a[0], true)?))
}
/// hash.hash -> integer (independent of insertion order)
fn h_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    // a hash that contains itself: the inner occurrence contributes a constant
    let r = vm.exec_recursive(crate::vm::recursion::Rec::Hash, s, Value::UNDEF, |vm| {
        let mut acc: u64 = rh(s).len() as u64;
        for (k, v) in pairs(s) {
            let (hk, hv) = (vm.hash_of(k)?, vm.hash_of(v)?);
            acc = acc.wrapping_add(hk.rotate_left(7) ^ hv.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        }
        Ok(acc)
    })?;
    let Some(r) = r else {
        return Ok(Value::fixnum(0x5eed));
    };
    Ok(Value::fixnum((r >> 2) as i64 - (1 << 61)))
}
/// Whether every pair of `a` is in `b` (with `==` values).
fn subset(vm: &mut Vm, a: Value, b: Value) -> VmResult<bool> {
    for (k, v) in pairs(a) {
        match find(vm, b, k)? {
            Some(i) => {
                let bv = rh(b).entries[i].value;
                if !vm.equal(v, bv)? {
                    return Ok(false);
                }
            }
            None => return Ok(false),
        }
    }
    Ok(true)
}
/// hash <= other_hash -> true or false
fn h_le(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = to_hash(vm, a[0])?;
    Ok(Value::bool(rh(s).len() <= rh(o).len() && subset(vm, s, o)?))
}
/// hash < other_hash -> true or false
fn h_lt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = to_hash(vm, a[0])?;
    Ok(Value::bool(rh(s).len() < rh(o).len() && subset(vm, s, o)?))
}
/// hash >= other_hash -> true or false
fn h_ge(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = to_hash(vm, a[0])?;
    Ok(Value::bool(rh(o).len() <= rh(s).len() && subset(vm, o, s)?))
}
/// hash > other_hash -> true or false
fn h_gt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = to_hash(vm, a[0])?;
    Ok(Value::bool(rh(o).len() < rh(s).len() && subset(vm, o, s)?))
}

// ---- table-wide operations ----

/// hash.compare_by_identity -> self
fn h_compare_by_identity(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if rh(s).compare_by_identity {
        return Ok(s);
    }
    check_frozen(vm, s)?;
    if iterating(s) {
        return Err(vm.raise_str(vm.c.runtime_error, "compare_by_identity during iteration"));
    }
    rh(s).compare_by_identity = true;
    rehash(vm, s)?;
    Ok(s)
}
/// hash.compare_by_identity? -> true or false
fn h_compare_by_identity_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(rh(s).compare_by_identity))
}
/// hash.rehash -> self
fn h_rehash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if iterating(s) {
        return Err(vm.raise_str(vm.c.runtime_error, "rehash during iteration"));
    }
    check_frozen(vm, s)?;
    rehash(vm, s)?;
    Ok(s)
}
/// hash.clear -> self
fn h_clear(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    rh(s).clear();
    Ok(s)
}
/// hash.replace(other_hash) -> self
fn h_replace(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let o = to_hash(vm, a[0])?;
    if o == s {
        return Ok(s);
    }
    let ps = pairs(o);
    rh(s).clear();
    rh(s).compare_by_identity = rh(o).compare_by_identity;
    for (k, v) in ps {
        raw_insert(vm, s, k, v)?;
    }
    rh(s).default = rh(o).default;
    rh(s).default_proc = rh(o).default_proc;
    Ok(s)
}
/// hash.shift -> [key, value] or nil
fn h_shift(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let Some(i) = rh(s).entries.iter().position(|e| !e.key.is_undef()) else {
        return Ok(Value::NIL);
    };
    let k = rh(s).entries[i].key;
    let v = rh(s).remove_at(i);
    Ok(vm.ary_from_slice(&[k, v]))
}
/// hash.assoc(key) -> new_array or nil
fn h_assoc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    for (k, v) in pairs(s) {
        if vm.equal(a[0], k)? {
            return Ok(vm.ary_from_slice(&[k, v]));
        }
    }
    Ok(Value::NIL)
}
/// hash.rassoc(value) -> new_array or nil
fn h_rassoc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    for (k, v) in pairs(s) {
        if vm.equal(v, a[0])? {
            return Ok(vm.ary_from_slice(&[k, v]));
        }
    }
    Ok(Value::NIL)
}
/// hash.invert -> new_hash
fn h_invert(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = new_hash(vm);
    rooted(vm, &[h], |vm| {
        for (k, v) in pairs(s) {
            vm.hash_aset(h, v, k)?;
        }
        Ok(h)
    })
}

/// Hash.try_convert(object) -> hash or nil
fn h_s_try_convert(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = super::array::check_convert(vm, a[0], crate::object::heap::T_HASH, "to_hash", "Hash")?;
    Ok(h.unwrap_or(Value::NIL))
}

#[cfg(test)]
mod tests {
    use super::symbol_key_needs_quote as q;

    #[test]
    fn symbol_keys_quote_like_ruby() {
        for name in ["a", "foo?", "bar!", "Const", "_b", "d1", "日本", "if"] {
            assert!(!q(name), "{name}");
        }
        for name in [
            "a b", "c-d", "+", "[]", "!", "<=>", "==", "baz=", "@iv", "@@cv", "$gv", "9", "",
        ] {
            assert!(q(name), "{name}");
        }
    }
}
