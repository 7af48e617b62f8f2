//! StringScanner (`require "strscan"`), the lexical scanner CRuby's parsers are written on.
//! A scanner holds its String (not a copy: `<<` appends to it) and a byte position. Its
//! patterns, Regexps or Strings, match anchored at the position (`scan`, `skip`, `match?`,
//! `check`) or anywhere after it (`scan_until`, `skip_until`, `check_until`, `exist?`), with
//! the rest of the string as the subject (`\A` matches at the position), as CRuby's scanner
//! does without `fixed_anchor: true`. The last match's groups are kept for `[]`, `matched`,
//! `pre_match` and friends; pieces are substrings made by the subseq rule.

use super::object::is_string;
use super::regexp::{self, Mode, Regs, rx};
use super::string::str_arg;
use crate::object::heap::{Payload, T_DATA, payload};
use crate::object::string;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const TABLE: &[M] = &[
    ("scan", ss_scan, 1, 1),
    ("scan_until", ss_scan_until, 1, 1),
    ("skip", ss_skip, 1, 1),
    ("skip_until", ss_skip_until, 1, 1),
    ("match?", ss_match_p, 1, 1),
    ("check", ss_check, 1, 1),
    ("check_until", ss_check_until, 1, 1),
    ("exist?", ss_exist_p, 1, 1),
    ("search_full", ss_search_full, 3, 3),
    ("scan_full", ss_scan_full, 3, 3),
    ("getch", ss_getch, 0, 0),
    ("get_byte", ss_get_byte, 0, 0),
    ("peek", ss_peek, 1, 1),
    ("pos", ss_pos, 0, 0),
    ("pointer", ss_pos, 0, 0),
    ("pos=", ss_set_pos, 1, 1),
    ("pointer=", ss_set_pos, 1, 1),
    ("charpos", ss_charpos, 0, 0),
    ("eos?", ss_eos_p, 0, 0),
    ("rest", ss_rest, 0, 0),
    ("rest?", ss_rest_p, 0, 0),
    ("rest_size", ss_rest_size, 0, 0),
    ("matched", ss_matched, 0, 0),
    ("matched?", ss_matched_p, 0, 0),
    ("matched_size", ss_matched_size, 0, 0),
    ("pre_match", ss_pre_match, 0, 0),
    ("post_match", ss_post_match, 0, 0),
    ("[]", ss_aref, 1, 1),
    ("captures", ss_captures, 0, 0),
    ("values_at", ss_values_at, 0, -1),
    ("size", ss_size, 0, 0),
    ("named_captures", ss_named_captures, 0, 0),
    ("unscan", ss_unscan, 0, 0),
    ("terminate", ss_terminate, 0, 0),
    ("clear", ss_terminate, 0, 0),
    ("reset", ss_reset, 0, 0),
    ("string", ss_string, 0, 0),
    ("string=", ss_set_string, 1, 1),
    ("<<", ss_concat, 1, 1),
    ("concat", ss_concat, 1, 1),
    ("beginning_of_line?", ss_bol_p, 0, 0),
    ("bol?", ss_bol_p, 0, 0),
    ("fixed_anchor?", ss_fixed_anchor_p, 0, 0),
    ("inspect", ss_inspect, 0, 0),
];

/// The scanner's state.
struct Scanner {
    string: Value,
    pos: usize,
    /// The position before the last match (for `unscan`) and its groups (absolute offsets),
    /// with the Regexp (nil for a String pattern); None after a failed match.
    last: Option<(usize, Regs, Value)>,
}

impl Payload for Scanner {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.string);
        if let Some((_, _, re)) = &self.last {
            out.push(*re);
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

fn this(v: Value) -> &'static mut Scanner {
    payload::<Scanner>(v).expect("StringScanner receiver")
}

/// Defines StringScanner (and StringScanner::Error): what `require "strscan"` loads.
pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let k = vm.define_class("StringScanner", o);
    vm.class_data(k).instance_type = crate::object::heap::T_NONE;
    vm.define_natives(k, TABLE);
    vm.define_singleton_natives(
        k,
        &[("new", ss_s_new, 0, -1), ("allocate", ss_s_allocate, 0, 0)],
    );
    vm.define_private_natives(k, &[("initialize", ss_initialize, 0, -1)]);
    let std = vm.c.standard_error;
    vm.define_class_under(k, "Error", std);
    vm.invalidate();
}

/// StringScanner.new(string, fixed_anchor: false) -> scanner: allocates one and runs
/// `initialize` (a subclass's own `initialize` included, which may call `super`)
fn ss_s_new(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = vm.split_keywords(a)?.1.is_some();
    let obj = alloc_scanner(vm, k);
    vm.stack.push(obj);
    let init = crate::object::symbol::intern("initialize");
    let r = vm.funcall_maybe_kw(obj, init, a, b.cloned(), kw);
    vm.stack.pop();
    r.map(|_| obj)
}

/// A scanner of class `k` over an empty String (what `initialize` fills in).
fn alloc_scanner(vm: &mut Vm, k: Value) -> Value {
    let string = vm.str_new(b"");
    vm.stack.push(string);
    let obj = Scanner {
        string,
        pos: 0,
        last: None,
    };
    let v = vm.heap.alloc_boxed(T_DATA, k, Box::new(obj));
    vm.stack.pop();
    v
}

/// StringScanner.allocate -> a scanner over an empty String
fn ss_s_allocate(vm: &mut Vm, k: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(alloc_scanner(vm, k))
}

/// initialize(string, fixed_anchor: false) (private): scans `string` from its start
fn ss_initialize(vm: &mut Vm, sc: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, _) = vm.split_keywords(a)?;
    if a.is_empty() || a.len() > 2 {
        return Err(vm.arity_error(a.len(), 1, 2));
    }
    let s = str_arg(vm, a[0])?;
    let st = this(sc);
    st.string = s;
    st.pos = 0;
    st.last = None;
    Ok(Value::NIL)
}

/// Matches `pat` at the position (`anchored`) or after it; records the match; answers the
/// match's end offset relative to the position, or None.
fn do_match(vm: &mut Vm, sc: Value, pat: Value, anchored: bool) -> VmResult<Option<usize>> {
    let (s, pos) = (this(sc).string, this(sc).pos);
    let len = string::len(s);
    if pos > len {
        this(sc).last = None;
        return Ok(None);
    }
    let (regs, re) = if rx(pat).is_some() {
        let mode = if anchored {
            Mode::Anchored
        } else {
            Mode::Forward
        };
        (regexp::search_from(vm, pat, s, pos, 0, mode)?, pat)
    } else {
        let p = str_arg(vm, pat)?;
        let (hay, needle) = (&vm.bytes(s)[pos..], vm.bytes(p));
        let at = if anchored {
            hay.starts_with(needle).then_some(0)
        } else {
            memchr::memmem::find(hay, needle)
        };
        let regs = at.map(|k| {
            let b = (pos + k) as i64;
            vec![(b, b + needle.len() as i64)]
        });
        (regs, Value::NIL)
    };
    match regs {
        Some(regs) => {
            let end = regs[0].1 as usize;
            this(sc).last = Some((pos, regs, re));
            Ok(Some(end - pos))
        }
        None => {
            this(sc).last = None;
            Ok(None)
        }
    }
}

/// The piece of the string from `b` to `e` (bytes), or nil.
fn piece(vm: &mut Vm, sc: Value, b: usize, e: usize) -> Value {
    let s = this(sc).string;
    let len = string::len(s);
    if b > len || e > len || e < b {
        return Value::NIL;
    }
    vm.substr(s, b, e - b)
}

/// After a successful match of `n` bytes past the position: advance and/or answer the
/// matched part (`string`) or its length.
fn finish(vm: &mut Vm, sc: Value, n: Option<usize>, advance: bool, string: bool) -> Value {
    let Some(n) = n else {
        return Value::NIL;
    };
    let pos = this(sc).pos;
    let v = if string {
        piece(vm, sc, pos, pos + n)
    } else {
        Value::fixnum(n as i64)
    };
    if advance {
        this(sc).pos = pos + n;
    }
    v
}

/// The last match's start: the match itself for anchored patterns (the position before it).
fn match_begin(sc: Value) -> Option<usize> {
    this(sc)
        .last
        .as_ref()
        .map(|(_, regs, _)| regs[0].0 as usize)
}

/// scanner.scan(pattern) -> matched string or nil
fn ss_scan(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], true)?;
    Ok(finish(vm, s, n, true, true))
}

/// scanner.scan_until(pattern) -> the string up to and including the match, or nil
fn ss_scan_until(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], false)?;
    Ok(finish(vm, s, n, true, true))
}

/// scanner.skip(pattern) -> length or nil
fn ss_skip(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], true)?;
    Ok(finish(vm, s, n, true, false))
}

/// scanner.skip_until(pattern) -> length or nil
fn ss_skip_until(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], false)?;
    Ok(finish(vm, s, n, true, false))
}

/// scanner.match?(pattern) -> length or nil (no advance)
fn ss_match_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], true)?;
    Ok(finish(vm, s, n, false, false))
}

/// scanner.check(pattern) -> matched string or nil (no advance)
fn ss_check(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], true)?;
    Ok(finish(vm, s, n, false, true))
}

/// scanner.check_until(pattern) -> string up to the match, or nil (no advance)
fn ss_check_until(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], false)?;
    Ok(finish(vm, s, n, false, true))
}

/// scanner.exist?(pattern) -> length up to the match's end, or nil (no advance)
fn ss_exist_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], false)?;
    Ok(finish(vm, s, n, false, false))
}

/// scanner.search_full(pattern, advance, return_string)
fn ss_search_full(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], false)?;
    Ok(finish(vm, s, n, a[1].truthy(), a[2].truthy()))
}

/// scanner.scan_full(pattern, advance, return_string)
fn ss_scan_full(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = do_match(vm, s, a[0], true)?;
    Ok(finish(vm, s, n, a[1].truthy(), a[2].truthy()))
}

/// scanner.getch -> the next character or nil
fn ss_getch(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (st, pos) = (this(s).string, this(s).pos);
    let b = vm.bytes(st);
    if pos >= b.len() {
        this(s).last = None;
        return Ok(Value::NIL);
    }
    let n = string::encoding(st).char_len(&b[pos..]);
    let p = pos as i64;
    this(s).last = Some((pos, vec![(p, p + n as i64)], Value::NIL));
    Ok(finish(vm, s, Some(n), true, true))
}

/// scanner.get_byte -> the next byte as a string, or nil
fn ss_get_byte(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (st, pos) = (this(s).string, this(s).pos);
    if pos >= string::len(st) {
        this(s).last = None;
        return Ok(Value::NIL);
    }
    let p = pos as i64;
    this(s).last = Some((pos, vec![(p, p + 1)], Value::NIL));
    Ok(finish(vm, s, Some(1), true, true))
}

/// scanner.peek(len) -> the next len bytes (no advance)
fn ss_peek(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("negative string size (or size too big)"));
    }
    let (st, pos) = (this(s).string, this(s).pos);
    let len = string::len(st);
    let e = (pos + n as usize).min(len);
    Ok(if pos >= len {
        vm.str_new(b"")
    } else {
        piece(vm, s, pos, e)
    })
}

/// scanner.pos -> byte position
fn ss_pos(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(this(s).pos as i64))
}

/// scanner.pos = n (negative from the end; RangeError outside the string)
fn ss_set_pos(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    let len = string::len(this(s).string) as i64;
    let p = if n < 0 { n + len } else { n };
    if p < 0 || p > len {
        let k = vm.c.range_error;
        return Err(vm.raise_str(k, "index out of range"));
    }
    this(s).pos = p as usize;
    Ok(Value::fixnum(p))
}

/// scanner.charpos -> character position
fn ss_charpos(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (st, pos) = (this(s).string, this(s).pos);
    Ok(Value::fixnum(
        regexp::methods::char_index(vm, st, pos) as i64
    ))
}

/// scanner.eos? -> true at the end of the string
fn ss_eos_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(this(s).pos >= string::len(this(s).string)))
}

/// scanner.rest? -> true before the end of the string
fn ss_rest_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(this(s).pos < string::len(this(s).string)))
}

/// scanner.rest -> the rest of the string
fn ss_rest(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (st, pos) = (this(s).string, this(s).pos);
    let len = string::len(st);
    Ok(if pos >= len {
        vm.str_new(b"")
    } else {
        piece(vm, s, pos, len)
    })
}

/// scanner.rest_size -> bytes left
fn ss_rest_size(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let len = string::len(this(s).string);
    Ok(Value::fixnum(len.saturating_sub(this(s).pos) as i64))
}

/// scanner.matched -> the last match or nil
fn ss_matched(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(group(vm, s, 0))
}

/// scanner.matched? -> whether the last match succeeded
fn ss_matched_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(this(s).last.is_some()))
}

/// scanner.matched_size -> the last match's length or nil
fn ss_matched_size(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match &this(s).last {
        Some((_, regs, _)) => Value::fixnum(regs[0].1 - regs[0].0),
        None => Value::NIL,
    })
}

/// scanner.pre_match -> the string before the last match
fn ss_pre_match(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match match_begin(s) {
        Some(b) => piece(vm, s, 0, b),
        None => Value::NIL,
    })
}

/// scanner.post_match -> the string after the last match
fn ss_post_match(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some((_, regs, _)) = &this(s).last else {
        return Ok(Value::NIL);
    };
    let e = regs[0].1 as usize;
    let len = string::len(this(s).string);
    Ok(piece(vm, s, e, len))
}

/// Group `g` of the last match, or nil.
fn group(vm: &mut Vm, s: Value, g: usize) -> Value {
    let Some((_, regs, _)) = &this(s).last else {
        return Value::NIL;
    };
    match regs.get(g) {
        Some(&(b, e)) if b >= 0 => piece(vm, s, b as usize, e as usize),
        _ => Value::NIL,
    }
}

/// scanner[n] / scanner[name] -> group of the last match
fn ss_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some((_, regs, re)) = &this(s).last else {
        return Ok(Value::NIL);
    };
    let (n, re) = (regs.len() as i64, *re);
    let v = a[0];
    if is_string(v) || v.is_symbol() {
        let name = if v.is_symbol() {
            sym_name(v.as_symbol_id()).to_string()
        } else {
            String::from_utf8_lossy(vm.bytes(v)).into_owned()
        };
        let names = rx(re).map(|r| r.names.clone()).unwrap_or_default();
        let Some((_, gs)) = names.iter().find(|(n, _)| *n == name) else {
            let k = vm.c.index_error;
            return Err(vm.raise_str(k, &format!("undefined group name reference: {name}")));
        };
        let g = *gs.last().unwrap_or(&0);
        return Ok(group(vm, s, g));
    }
    let i = super::arg_int(vm, v)?;
    let i = if i < 0 { i + n } else { i };
    if i < 0 || i >= n {
        return Ok(Value::NIL);
    }
    Ok(group(vm, s, i as usize))
}

/// scanner.captures -> the groups of the last match
fn ss_captures(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some((_, regs, _)) = &this(s).last else {
        return Ok(Value::NIL);
    };
    let n = regs.len();
    let gs: Vec<Value> = (1..n).map(|g| group(vm, s, g)).collect();
    Ok(vm.ary_new(gs))
}

/// scanner.values_at(i, ...) -> array
fn ss_values_at(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if this(s).last.is_none() {
        return Ok(Value::NIL);
    }
    let mut out = Vec::with_capacity(a.len());
    for &i in a {
        out.push(ss_aref(vm, s, &[i], None)?);
    }
    Ok(vm.ary_new(out))
}

/// scanner.size -> number of groups (with group 0) of the last match, or nil
fn ss_size(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match &this(s).last {
        Some((_, regs, _)) => Value::fixnum(regs.len() as i64),
        None => Value::NIL,
    })
}

/// scanner.named_captures -> {name => string}
fn ss_named_captures(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let re = this(s).last.as_ref().map_or(Value::NIL, |l| l.2);
    let names = rx(re).map(|r| r.names.clone()).unwrap_or_default();
    let h = vm.hash_new();
    for (name, gs) in names {
        let g = *gs.last().unwrap_or(&0);
        let v = group(vm, s, g);
        let k = vm.str_from(name);
        vm.hash_aset(h, k, v)?;
    }
    Ok(h)
}

/// scanner.unscan -> scanner (back to before the last match)
fn ss_unscan(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some((prev, _, _)) = this(s).last.take() else {
        let k = error_class(vm);
        return Err(vm.raise_str(k, "unscan failed: previous match record not exist"));
    };
    this(s).pos = prev;
    Ok(s)
}

fn error_class(vm: &mut Vm) -> Value {
    let object = vm.c.object;
    let sc = vm
        .class_data(object)
        .const_get(crate::object::symbol::intern("StringScanner"));
    sc.and_then(|k| {
        vm.class_data(k)
            .const_get(crate::object::symbol::intern("Error"))
    })
    .unwrap_or(vm.c.standard_error)
}

/// scanner.terminate -> scanner (at the end)
fn ss_terminate(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let sc = this(s);
    sc.pos = string::len(sc.string);
    sc.last = None;
    Ok(s)
}

/// scanner.reset -> scanner (at the start)
fn ss_reset(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let sc = this(s);
    sc.pos = 0;
    sc.last = None;
    Ok(s)
}

/// scanner.string -> the scanned string
fn ss_string(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(this(s).string)
}

/// scanner.string = str (and reset)
fn ss_set_string(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = str_arg(vm, a[0])?;
    let sc = this(s);
    sc.string = st;
    sc.pos = 0;
    sc.last = None;
    Ok(a[0])
}

/// scanner << str -> scanner (appends to the scanned string)
fn ss_concat(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let more = str_arg(vm, a[0])?;
    let st = this(s).string;
    super::string::check_frozen(vm, st)?;
    string::append_str(&mut vm.heap, st, more);
    Ok(s)
}

/// scanner.beginning_of_line? -> whether the position starts a line
fn ss_bol_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (st, pos) = (this(s).string, this(s).pos);
    let b = vm.bytes(st);
    Ok(Value::bool(pos == 0 || b.get(pos - 1) == Some(&b'\n')))
}

/// scanner.fixed_anchor? -> false (`\A` matches at the position)
fn ss_fixed_anchor_p(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::FALSE)
}

/// scanner.inspect -> `#<StringScanner 5/11 "...t str" @ "ing h...">`
fn ss_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (st, pos) = (this(s).string, this(s).pos);
    let b = vm.bytes(st).to_vec();
    if pos >= b.len() {
        return Ok(vm.str_from("#<StringScanner fin>"));
    }
    let quote = |bytes: &[u8]| super::string::inspect_bytes(bytes);
    let mut out = format!("#<StringScanner {pos}/{}", b.len());
    if pos > 0 {
        let from = pos.saturating_sub(5);
        let mut before = Vec::new();
        if from > 0 {
            before.extend_from_slice(b"...");
        }
        before.extend_from_slice(&b[from..pos]);
        out.push(' ');
        out.push_str(&quote(&before));
    }
    let to = (pos + 5).min(b.len());
    let mut after = b[pos..to].to_vec();
    if to < b.len() {
        after.extend_from_slice(b"...");
    }
    out.push_str(" @ ");
    out.push_str(&quote(&after));
    out.push('>');
    Ok(vm.str_from(out))
}
