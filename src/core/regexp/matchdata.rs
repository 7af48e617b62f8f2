//! MatchData: the result of a successful match. It keeps the Regexp, the subject frozen once
//! (`string::frozen_subject`: the subject itself when already frozen, else one root per match)
//! and the byte offsets of each group; every capture, `pre_match` and `post_match` is a
//! substring of the frozen subject made by the subseq rule (object-model.md §3).

use super::rx;
use crate::core::array::num2long;
use crate::core::object::is_string;
use crate::object::heap::{Payload, T_DATA, payload};
use crate::object::string::{self, Encoding};
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const TABLE: &[M] = &[
    ("[]", md_element_reference, 1, 2),
    ("captures", md_captures, 0, 0),
    ("deconstruct", md_captures, 0, 0),
    ("named_captures", md_named_captures, 0, 1),
    ("deconstruct_keys", md_deconstruct_keys, 1, 1),
    ("names", md_names, 0, 0),
    ("pre_match", md_pre_match, 0, 0),
    ("post_match", md_post_match, 0, 0),
    ("begin", md_begin, 1, 1),
    ("end", md_end, 1, 1),
    ("offset", md_offset, 1, 1),
    ("byteoffset", md_byteoffset, 1, 1),
    ("bytebegin", md_bytebegin, 1, 1),
    ("byteend", md_byteend, 1, 1),
    ("match", md_match, 1, 1),
    ("match_length", md_match_length, 1, 1),
    ("to_a", md_to_a, 0, 0),
    ("values_at", md_values_at, 0, -1),
    ("size", md_size, 0, 0),
    ("length", md_size, 0, 0),
    ("string", md_string, 0, 0),
    ("regexp", md_regexp, 0, 0),
    ("to_s", md_to_s, 0, 0),
    ("inspect", md_inspect, 0, 0),
    ("==", md_eq, 1, 1),
    ("eql?", md_eq, 1, 1),
    ("hash", md_hash, 0, 0),
];

/// The payload of a MatchData.
pub struct MatchObj {
    /// The Regexp; nil for a match of a String pattern (`sub("b", ..)`), whose Regexp
    /// `regexp` makes on first use.
    pub regexp: Value,
    /// The frozen subject.
    pub subject: Value,
    /// (begin, end) byte offsets per group; (-1, -1) for a group that did not take part.
    pub regs: super::Regs,
}

impl Payload for MatchObj {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.regexp);
        out.push(self.subject);
    }
    fn malloc_size(&self) -> usize {
        self.regs.len() * 16
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// The MatchData payload of `v`, if it is one.
pub fn md(v: Value) -> Option<&'static mut MatchObj> {
    payload::<MatchObj>(v)
}

fn this(v: Value) -> &'static mut MatchObj {
    md(v).expect("MatchData receiver")
}

pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let k = vm.define_class("MatchData", o);
    vm.class_data(k).instance_type = crate::object::heap::T_NONE;
    vm.c.match_data = k;
    vm.define_natives(k, TABLE);
    let meta = vm.singleton_class(k);
    let _ = vm.undef_method(meta, intern("allocate"));
}

/// A MatchData for a match of `re` in `s` with groups `regs`.
pub fn new_match(vm: &mut Vm, re: Value, s: Value, regs: super::Regs) -> Value {
    let k = vm.c.string;
    let subject = string::frozen_subject(&mut vm.heap, k, s);
    let obj = MatchObj {
        regexp: re,
        subject,
        regs,
    };
    let mk = vm.c.match_data;
    vm.heap.alloc_boxed(T_DATA, mk, Box::new(obj))
}

/// Group `n` of the match `m` as a new String, or nil (unmatched or out of range).
pub fn group(vm: &mut Vm, m: Value, n: usize) -> Value {
    let d = this(m);
    match d.regs.get(n) {
        Some(&(b, e)) if b >= 0 => {
            let subject = d.subject;
            vm.substr(subject, b as usize, (e - b) as usize)
        }
        _ => Value::NIL,
    }
}

/// The part of the subject before the match.
pub fn pre_match(vm: &mut Vm, m: Value) -> Value {
    let d = this(m);
    let (subject, b) = (d.subject, d.regs[0].0 as usize);
    vm.substr(subject, 0, b)
}

/// The part of the subject after the match.
pub fn post_match(vm: &mut Vm, m: Value) -> Value {
    let d = this(m);
    let (subject, e) = (d.subject, d.regs[0].1 as usize);
    let len = string::len(subject);
    vm.substr(subject, e, len - e)
}

/// `$+`: the last group that matched.
pub fn last_group(vm: &mut Vm, m: Value) -> Value {
    let d = this(m);
    match (1..d.regs.len()).rev().find(|&i| d.regs[i].0 >= 0) {
        Some(i) => group(vm, m, i),
        None => Value::NIL,
    }
}

/// The named groups of the match's Regexp (none for a String pattern's match).
fn names(m: Value) -> Vec<(String, Vec<usize>)> {
    rx(this(m).regexp)
        .map(|r| r.names.clone())
        .unwrap_or_default()
}

/// The group number a name refers to (the last of its groups that matched, else its last),
/// or IndexError "undefined group name reference: x".
fn name_to_group(vm: &mut Vm, m: Value, name: &[u8]) -> VmResult<usize> {
    let d = this(m);
    if let Some((_, gs)) = names(m).iter().find(|(n, _)| n.as_bytes() == name) {
        let matched = gs
            .iter()
            .rev()
            .find(|&&g| d.regs.get(g).is_some_and(|r| r.0 >= 0));
        return Ok(*matched.or(gs.last()).unwrap_or(&0));
    }
    let msg = format!(
        "undefined group name reference: {}",
        String::from_utf8_lossy(name)
    );
    Err(vm.raise_str(vm.c.index_error, &msg))
}

/// A group argument (index, name String or Symbol) as a group number, checked against the
/// number of groups: IndexError "index N out of matches".
fn backref_number(vm: &mut Vm, m: Value, v: Value) -> VmResult<usize> {
    if is_string(v) {
        let name = vm.bytes(v).to_vec();
        return name_to_group(vm, m, &name);
    }
    if v.is_symbol() {
        let name = sym_name(v.as_symbol_id()).as_bytes().to_vec();
        return name_to_group(vm, m, &name);
    }
    let i = num2long(vm, v)?;
    let n = this(m).regs.len() as i64;
    if i < 0 || i >= n {
        return Err(vm.raise_str(vm.c.index_error, &format!("index {i} out of matches")));
    }
    Ok(i as usize)
}

/// The character index of byte offset `b` in the subject.
fn char_index(subject: Value, heap_bytes: &[u8], b: i64) -> i64 {
    if b < 0 {
        return b;
    }
    if string::encoding(subject) == Encoding::Binary
        || string::code_range(subject) == string::CodeRange::SevenBit
    {
        return b;
    }
    let upto = &heap_bytes[..b as usize];
    upto.iter().filter(|&&c| (c & 0xC0) != 0x80).count() as i64
}

/// The (begin, end) of group `v` in bytes, or None when it did not take part.
fn byte_span(vm: &mut Vm, m: Value, v: Value) -> VmResult<Option<(i64, i64)>> {
    let g = backref_number(vm, m, v)?;
    let r = this(m).regs[g];
    Ok(if r.0 < 0 { None } else { Some(r) })
}

/// The (begin, end) of group `v` in characters, or None.
fn char_span(vm: &mut Vm, m: Value, v: Value) -> VmResult<Option<(i64, i64)>> {
    let Some((b, e)) = byte_span(vm, m, v)? else {
        return Ok(None);
    };
    let subject = this(m).subject;
    let bytes = vm.bytes(subject);
    Ok(Some((
        char_index(subject, bytes, b),
        char_index(subject, bytes, e),
    )))
}

/// All groups as Strings (nil for unmatched), group 0 first.
fn groups(vm: &mut Vm, m: Value) -> Vec<Value> {
    (0..this(m).regs.len()).map(|i| group(vm, m, i)).collect()
}

/// m[i] / m[name] / m[start, len] / m[range] -> str, nil or array
fn md_element_reference(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a.len() == 1 && (is_string(a[0]) || a[0].is_symbol()) {
        let g = backref_number(vm, s, a[0])?;
        return Ok(group(vm, s, g));
    }
    if a.len() == 1 && a[0].is_fixnum() {
        let i = a[0].as_fixnum();
        let n = this(s).regs.len() as i64;
        let i = if i < 0 { i + n } else { i };
        if i < 0 || i >= n {
            return Ok(Value::NIL);
        }
        return Ok(group(vm, s, i as usize));
    }
    let all = groups(vm, s);
    let arr = vm.ary_new(all);
    vm.funcall(arr, intern("[]"), a, None)
}

/// m.captures -> array (also `deconstruct`)
fn md_captures(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut all = groups(vm, s);
    all.remove(0);
    Ok(vm.ary_new(all))
}

/// m.to_a -> array
fn md_to_a(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let all = groups(vm, s);
    Ok(vm.ary_new(all))
}

/// m.named_captures(symbolize_names: false) -> hash
fn md_named_captures(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (_, kw) = vm.split_keywords(a)?;
    let mut symbolize = false;
    if let Some(h) = kw {
        let k = vm.sym("symbolize_names");
        let v = vm.hash_aref(h, k)?;
        symbolize = v.truthy();
    }
    let h = vm.hash_new();
    for (name, _) in names(s) {
        let g = name_to_group(vm, s, name.as_bytes())?;
        let v = group(vm, s, g);
        let key = if symbolize {
            vm.sym(&name)
        } else {
            vm.str_from(&name)
        };
        vm.hash_aset(h, key, v)?;
    }
    Ok(h)
}

/// m.deconstruct_keys(array_of_names or nil) -> hash
fn md_deconstruct_keys(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let names = names(s);
    let h = vm.hash_new();
    if a[0].is_nil() {
        for (name, _) in names {
            let g = name_to_group(vm, s, name.as_bytes())?;
            let v = group(vm, s, g);
            let key = vm.sym(&name);
            vm.hash_aset(h, key, v)?;
        }
        return Ok(h);
    }
    if crate::object::heap::type_of(a[0]) != crate::object::heap::T_ARRAY {
        let k = vm.real_class(a[0]);
        let n = vm.class_name(k);
        return Err(vm.type_error(&format!("wrong argument type {n} (expected Array or nil)")));
    }
    let keys = crate::object::heap::rarray(a[0]).vec.to_vec();
    if keys.len() > names.len() {
        return Ok(h);
    }
    for key in keys {
        if !key.is_symbol() {
            let k = vm.real_class(key);
            let n = vm.class_name(k);
            return Err(vm.type_error(&format!("wrong argument type {n} (expected Symbol)")));
        }
        let name = sym_name(key.as_symbol_id()).to_string();
        if !names.iter().any(|(n, _)| *n == name) {
            break;
        }
        let g = name_to_group(vm, s, name.as_bytes())?;
        let v = group(vm, s, g);
        vm.hash_aset(h, key, v)?;
    }
    Ok(h)
}

/// m.names -> array of strings
fn md_names(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let re = md_regexp(vm, s, &[], None)?;
    super::methods::names_of(vm, re)
}

/// m.pre_match -> str
fn md_pre_match(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(pre_match(vm, s))
}

/// m.post_match -> str
fn md_post_match(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(post_match(vm, s))
}

fn int_or_nil(v: Option<i64>) -> Value {
    v.map_or(Value::NIL, Value::fixnum)
}

/// m.begin(n) -> integer or nil
fn md_begin(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(int_or_nil(char_span(vm, s, a[0])?.map(|r| r.0)))
}

/// m.end(n) -> integer or nil
fn md_end(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(int_or_nil(char_span(vm, s, a[0])?.map(|r| r.1)))
}

/// m.offset(n) -> [begin, end]
fn md_offset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let r = char_span(vm, s, a[0])?;
    let pair = vec![int_or_nil(r.map(|r| r.0)), int_or_nil(r.map(|r| r.1))];
    Ok(vm.ary_new(pair))
}

/// m.byteoffset(n) -> [begin, end]
fn md_byteoffset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let r = byte_span(vm, s, a[0])?;
    let pair = vec![int_or_nil(r.map(|r| r.0)), int_or_nil(r.map(|r| r.1))];
    Ok(vm.ary_new(pair))
}

/// m.bytebegin(n) -> integer or nil
fn md_bytebegin(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(int_or_nil(byte_span(vm, s, a[0])?.map(|r| r.0)))
}

/// m.byteend(n) -> integer or nil
fn md_byteend(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(int_or_nil(byte_span(vm, s, a[0])?.map(|r| r.1)))
}

/// m.match(n) -> string or nil
fn md_match(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let g = backref_number(vm, s, a[0])?;
    Ok(group(vm, s, g))
}

/// m.match_length(n) -> integer or nil
fn md_match_length(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some((b, e)) = char_span(vm, s, a[0])? else {
        return Ok(Value::NIL);
    };
    Ok(Value::fixnum(e - b))
}

/// m.values_at(index, ...) -> array
fn md_values_at(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let all = groups(vm, s);
    let arr = vm.ary_new(all);
    let mut idx = Vec::with_capacity(a.len());
    for &v in a {
        if is_string(v) || v.is_symbol() {
            let g = backref_number(vm, s, v)?;
            idx.push(Value::fixnum(g as i64));
        } else {
            idx.push(v);
        }
    }
    vm.funcall(arr, intern("values_at"), &idx, None)
}

/// m.size -> integer
fn md_size(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(this(s).regs.len() as i64))
}

/// m.string -> frozen string
fn md_string(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(this(s).subject)
}

/// m.regexp -> regexp (for a String pattern's match, the quoted pattern, made once)
fn md_regexp(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if this(s).regexp.is_nil() {
        let text = group(vm, s, 0);
        let re = super::pattern_regexp(vm, text)?;
        this(s).regexp = re;
    }
    Ok(this(s).regexp)
}

/// m.to_s -> string (the whole match)
fn md_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(group(vm, s, 0))
}

/// m.inspect -> string: `#<MatchData "ab" 1:"a" name:"b">`
fn md_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = this(s).regs.len();
    let names = names(s);
    let mut label: Vec<Option<String>> = vec![None; n];
    for (name, gs) in &names {
        for &g in gs {
            if g < n {
                label[g] = Some(name.clone());
            }
        }
    }
    let mut out = String::from("#<MatchData");
    for (i, l) in label.iter().enumerate() {
        out.push(' ');
        if i > 0 {
            match l {
                Some(name) => out.push_str(name),
                None => out.push_str(&i.to_string()),
            }
            out.push(':');
        }
        let g = group(vm, s, i);
        let text = vm.inspect_str(g)?;
        out.push_str(&text);
    }
    out.push('>');
    Ok(vm.str_from(out))
}

/// m == other -> true or false
fn md_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(o) = md(a[0]) else {
        return Ok(Value::FALSE);
    };
    let d = this(s);
    if d.regs != o.regs {
        return Ok(Value::FALSE);
    }
    let r1 = md_regexp(vm, s, &[], None)?;
    let r2 = md_regexp(vm, a[0], &[], None)?;
    let (s1, s2) = (d.subject, o.subject);
    let same = vm.equal(r1, r2)? && vm.equal(s1, s2)?;
    Ok(Value::bool(same))
}

/// m.hash -> integer
fn md_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let d = this(s);
    let (r, subj) = (d.regexp, d.subject);
    let mut h = vm.hash_of(r)? ^ vm.hash_of(subj)?.rotate_left(7);
    for &(b, e) in &this(s).regs {
        h = h
            .wrapping_mul(31)
            .wrapping_add((b as u64) ^ ((e as u64) << 20));
    }
    Ok(Value::fixnum((h >> 2) as i64))
}

/// The group named by the Symbol `name` (nil when it did not take part or does not exist).
pub fn group_by_name(vm: &mut Vm, m: Value, name: Value) -> Value {
    match backref_number(vm, m, name) {
        Ok(g) => group(vm, m, g),
        Err(_) => Value::NIL,
    }
}
