//! String (and Symbol) methods in their regexp mode: `=~`, `match`, `match?`, `sub`/`gsub`
//! and their bang forms, `scan`, `split`, `index`/`rindex`/`byteindex`/`byterindex`,
//! `[]`/`slice!`/`[]=`, `start_with?`, `partition`/`rpartition`. The methods of the other
//! files call in here when their pattern is a Regexp; `sub`/`gsub` and `scan` live here for
//! both kinds of pattern, since a String pattern's match sets `$~` too.
//!
//! Matching runs on the subject frozen once per call (`string::frozen_subject`), and every
//! capture and piece is a substring of it by the subseq rule (object-model.md §3); `split`
//! pieces are substrings of the receiver itself, as CRuby's.

use super::object::is_string;
use super::regexp::matchdata::{self, md};
use super::regexp::methods::{char_index, char_pos_to_byte};
use super::regexp::{self, Mode, Regs, backref, is_regexp, rx};
use super::string::{pattern_arg, str_arg};
use crate::object::heap::{T_HASH, type_of};
use crate::object::string;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

pub const TABLE: &[M] = &[
    ("=~", s_match_op, 1, 1),
    ("match", s_match, 1, 2),
    ("match?", s_match_p, 1, 2),
    ("sub", s_sub, 1, 2),
    ("gsub", s_gsub, 1, 2),
    ("sub!", s_sub_bang, 1, 2),
    ("gsub!", s_gsub_bang, 1, 2),
    ("scan", s_scan, 1, 1),
];

pub const SYMBOL: &[M] = &[
    ("=~", sym_match_op, 1, 1),
    ("match", sym_match, 1, 2),
    ("match?", sym_match_p, 1, 2),
];

/// A pattern argument: a Regexp, or a String matched literally.
enum Pat {
    Re(Value),
    Str(Value),
}

fn pat_of(vm: &mut Vm, v: Value) -> VmResult<Pat> {
    if is_regexp(v) {
        Ok(Pat::Re(v))
    } else {
        Ok(Pat::Str(pattern_arg(vm, v)?))
    }
}

/// The next match of `pat` in `subj` at or after byte `start`.
fn next_match(vm: &mut Vm, pat: &Pat, subj: Value, start: usize) -> VmResult<Option<Regs>> {
    match *pat {
        Pat::Re(re) => regexp::search(vm, re, subj, start, Mode::Forward),
        Pat::Str(p) => {
            let (hay, needle) = (vm.bytes(subj), vm.bytes(p));
            if start > hay.len() {
                return Ok(None);
            }
            Ok(memchr::memmem::find(&hay[start..], needle).map(|k| {
                let at = (start + k) as i64;
                vec![(at, at + needle.len() as i64)]
            }))
        }
    }
}

/// A MatchData for `regs` in `subj` (a String pattern's has no Regexp until asked).
fn match_data(vm: &mut Vm, pat: &Pat, subj: Value, regs: Regs) -> Value {
    let re = match *pat {
        Pat::Re(re) => re,
        Pat::Str(_) => Value::NIL,
    };
    matchdata::new_match(vm, re, subj, regs)
}

/// The length of the character at byte `at` of `b` (1 past the end or for a binary string).
fn char_len_at(s: Value, b: &[u8], at: usize) -> usize {
    if at >= b.len() {
        return 1;
    }
    string::encoding(s).char_len(&b[at..])
}

/// The String a String method's receiver `s` is matched as (a Symbol's name for Symbol).
fn sym_str(vm: &mut Vm, s: Value) -> Value {
    let n = sym_name(s.as_symbol_id()).to_string();
    vm.str_from(n)
}

// ---- =~, match, match? ----

/// str =~ obj -> integer or nil: a Regexp matches (setting `$~`); else `obj =~ str`
fn s_match_op(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_string(a[0]) {
        return Err(vm.type_error("type mismatch: String given"));
    }
    vm.funcall(a[0], intern("=~"), &[s], None)
}

/// str.match(pattern, pos = 0) -> matchdata or nil (a String pattern becomes a Regexp)
fn s_match(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let re = regexp_of(vm, a[0])?;
    let mut args = vec![s];
    args.extend_from_slice(&a[1..]);
    vm.funcall(re, intern("match"), &args, b.cloned())
}

/// str.match?(pattern, pos = 0) -> true or false (`$~` untouched)
fn s_match_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let re = regexp_of(vm, a[0])?;
    let mut args = vec![s];
    args.extend_from_slice(&a[1..]);
    vm.funcall(re, intern("match?"), &args, None)
}

/// A pattern for `match`: a Regexp, or a String compiled as a regexp (not quoted).
fn regexp_of(vm: &mut Vm, v: Value) -> VmResult {
    if is_regexp(v) {
        return Ok(v);
    }
    let s = pattern_arg(vm, v)?;
    let bytes = vm.bytes(s).to_vec();
    let enc = string::encoding(s);
    regexp::regexp_or_raise(vm, &bytes, 0, enc, false)
}

fn sym_match_op(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let st = sym_str(vm, s);
    s_match_op(vm, st, a, b)
}
fn sym_match(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let st = sym_str(vm, s);
    s_match(vm, st, a, b)
}
fn sym_match_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let st = sym_str(vm, s);
    s_match_p(vm, st, a, b)
}

// ---- sub and gsub ----

/// Appends the replacement `rep` for a match (`regs` in `src`) to `out`, expanding `\0`..`\9`,
/// `\&`, `` \` ``, `\'`, `\+`, `\\` and `\k<name>` (`names`: the pattern's named groups).
fn expand(rep: &[u8], src: &[u8], regs: &Regs, names: &[(String, Vec<usize>)], out: &mut Vec<u8>) {
    let grp = |out: &mut Vec<u8>, g: usize| {
        if let Some(&(b, e)) = regs.get(g)
            && b >= 0
        {
            out.extend_from_slice(&src[b as usize..e as usize]);
        }
    };
    let mut i = 0;
    while i < rep.len() {
        let c = rep[i];
        if c != b'\\' || i + 1 == rep.len() {
            out.push(c);
            i += 1;
            continue;
        }
        match rep[i + 1] {
            b'&' => grp(out, 0),
            d @ b'0'..=b'9' => grp(out, (d - b'0') as usize),
            b'`' => out.extend_from_slice(&src[..regs[0].0 as usize]),
            b'\'' => out.extend_from_slice(&src[regs[0].1 as usize..]),
            b'+' => {
                if let Some(g) = (1..regs.len()).rev().find(|&g| regs[g].0 >= 0) {
                    grp(out, g);
                }
            }
            b'\\' => out.push(b'\\'),
            b'k' if rep.get(i + 2) == Some(&b'<') => {
                if let Some(close) = rep[i + 3..].iter().position(|&b| b == b'>') {
                    let name = &rep[i + 3..i + 3 + close];
                    if let Some((_, gs)) = names.iter().find(|(n, _)| n.as_bytes() == name) {
                        let g = gs.iter().rev().find(|&&g| regs[g].0 >= 0);
                        if let Some(&g) = g.or(gs.last()) {
                            grp(out, g);
                        }
                    }
                    i += close + 4;
                    continue;
                }
                out.extend_from_slice(b"\\k");
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
        i += 2;
    }
}

/// What replaces each match.
enum Rep<'a> {
    Str(Value),
    Hash(Value),
    Block(&'a Block),
}

/// sub (`all` false) or gsub: the new bytes, or None when the pattern does not occur. Sets
/// `$~` to the last match (nil when none).
fn substitute(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    b: Option<&Block>,
    all: bool,
    watch: bool,
) -> VmResult<Option<Vec<u8>>> {
    if a.len() == 1 && b.is_none() {
        return Err(vm.arg_error("wrong number of arguments (given 1, expected 2)"));
    }
    let pat = pat_of(vm, a[0])?;
    let rep = match (a.get(1), b) {
        (Some(&r), _) if type_of(r) == T_HASH => Rep::Hash(r),
        (Some(&r), _) => Rep::Str(str_arg(vm, r)?),
        (None, Some(b)) => Rep::Block(b),
        (None, None) => unreachable!("checked above"),
    };
    let names = match pat {
        Pat::Re(re) => rx(re).map(|r| r.names.clone()).unwrap_or_default(),
        Pat::Str(_) => Vec::new(),
    };
    let k = vm.c.string;
    let subj = string::frozen_subject(&mut vm.heap, k, s);
    let sp = vm.stack.len();
    vm.stack.push(subj);
    // gsub, gsub! and sub! (not sub) raise when their block changes the receiver
    let watch = watch.then(|| (s, super::string::mod_stamp(vm, s)));
    let r = substitute_on(vm, &pat, subj, &rep, &names, all, watch);
    vm.stack.truncate(sp);
    r
}

fn substitute_on(
    vm: &mut Vm,
    pat: &Pat,
    subj: Value,
    rep: &Rep,
    names: &[(String, Vec<usize>)],
    all: bool,
    watch: Option<(Value, super::string::ModStamp)>,
) -> VmResult<Option<Vec<u8>>> {
    let len = string::len(subj);
    let mut out = Vec::with_capacity(len);
    let (mut start, mut last) = (0usize, 0usize);
    let mut last_regs: Option<Regs> = None;
    // the block form's last MatchData, rooted on the stack across the block's calls
    let slot = vm.stack.len();
    vm.stack.push(Value::NIL);
    while start <= len {
        let Some(regs) = next_match(vm, pat, subj, start)? else {
            break;
        };
        let (b, e) = (regs[0].0 as usize, regs[0].1 as usize);
        out.extend_from_slice(&vm.bytes(subj)[last..b]);
        match *rep {
            Rep::Str(r) => {
                let src = vm.bytes(subj);
                expand(vm.bytes(r), src, &regs, names, &mut out);
            }
            Rep::Hash(h) => {
                let key = vm.substr(subj, b, e - b);
                let v = vm.hash_aref(h, key)?;
                let v = vm.to_s(v)?;
                out.extend_from_slice(vm.bytes(v));
            }
            Rep::Block(blk) => {
                let m = match_data(vm, pat, subj, regs.clone());
                backref::set(vm, m);
                vm.stack[slot] = m;
                let piece = vm.substr(subj, b, e - b);
                let v = vm.yield_block(blk, &[piece])?;
                if let Some((s, stamp)) = watch {
                    super::string::mod_check(vm, s, stamp)?;
                }
                let v = vm.to_s(v)?;
                out.extend_from_slice(vm.bytes(v));
            }
        }
        last = e;
        start = e;
        if b == e {
            let n = char_len_at(subj, vm.bytes(subj), e);
            if e < len {
                out.extend_from_slice(&vm.bytes(subj)[e..e + n]);
                last = e + n;
            }
            start = e + n;
        }
        last_regs = Some(regs);
        if !all {
            break;
        }
    }
    let mut last_md = vm.stack[slot];
    vm.stack.truncate(slot);
    let Some(regs) = last_regs else {
        backref::set(vm, Value::NIL);
        return Ok(None);
    };
    if last < len {
        out.extend_from_slice(&vm.bytes(subj)[last..]);
    }
    if last_md.is_nil() {
        last_md = match_data(vm, pat, subj, regs);
    }
    backref::set(vm, last_md);
    Ok(Some(out))
}

/// str.sub(pattern, replacement | hash) / str.sub(pattern) { |match| } -> new_str
fn s_sub(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let out = substitute(vm, s, a, b, false, false)?.unwrap_or_else(|| vm.bytes(s).to_vec());
    let r = vm.str_from_vec(out);
    string::copy_encoding(r, s);
    Ok(r)
}

/// str.gsub(pattern, replacement | hash) / str.gsub(pattern) { |match| } -> new_str;
/// gsub(pattern) -> enumerator
fn s_gsub(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if a.len() == 1 && b.is_none() {
        return super::array::enum_for(vm, s, "gsub", a);
    }
    let out = substitute(vm, s, a, b, true, true)?.unwrap_or_else(|| vm.bytes(s).to_vec());
    let r = vm.str_from_vec(out);
    string::copy_encoding(r, s);
    Ok(r)
}

fn sub_bang(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>, all: bool) -> VmResult {
    if all && a.len() == 1 && b.is_none() {
        return super::array::enum_for(vm, s, "gsub!", a);
    }
    super::string::check_frozen(vm, s)?;
    match substitute(vm, s, a, b, all, true)? {
        Some(out) => {
            super::string::check_frozen(vm, s)?;
            string::set_bytes(&mut vm.heap, s, out);
            Ok(s)
        }
        None => Ok(Value::NIL),
    }
}

/// str.sub!(pattern, replacement) -> str or nil
fn s_sub_bang(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    sub_bang(vm, s, a, b, false)
}

/// str.gsub!(pattern, replacement) -> str or nil
fn s_gsub_bang(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    sub_bang(vm, s, a, b, true)
}

// ---- scan ----

/// str.scan(pattern) -> array (of matches, or of group arrays when the pattern has groups);
/// with a block, yields each and returns str. Sets `$~` to each match in turn.
fn s_scan(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let pat = pat_of(vm, a[0])?;
    let k = vm.c.string;
    let subj = string::frozen_subject(&mut vm.heap, k, s);
    let sp = vm.stack.len();
    vm.stack.push(subj);
    let r = scan_on(vm, s, &pat, subj, b);
    vm.stack.truncate(sp);
    r
}

fn scan_on(vm: &mut Vm, s: Value, pat: &Pat, subj: Value, b: Option<&Block>) -> VmResult {
    let len = string::len(subj);
    let mut out = Vec::new();
    let mut start = 0;
    // the last MatchData, rooted on the stack across the block's calls
    let slot = vm.stack.len();
    vm.stack.push(Value::NIL);
    while start <= len {
        let Some(regs) = next_match(vm, pat, subj, start)? else {
            break;
        };
        let (mb, me) = (regs[0].0 as usize, regs[0].1 as usize);
        start = if mb == me {
            me + char_len_at(subj, vm.bytes(subj), me)
        } else {
            me
        };
        let ngroups = regs.len();
        let m = match_data(vm, pat, subj, regs);
        vm.stack[slot] = m;
        let item = if ngroups == 1 {
            matchdata::group(vm, m, 0)
        } else {
            let gs: Vec<Value> = (1..ngroups).map(|g| matchdata::group(vm, m, g)).collect();
            vm.ary_new(gs)
        };
        match b {
            Some(b) => {
                backref::set(vm, m);
                let stamp = super::string::mod_stamp(vm, s);
                vm.yield_block(b, &[item])?;
                super::string::mod_check(vm, s, stamp)?;
            }
            // no Ruby code runs without a block, so nothing collects the items meanwhile
            None => out.push(item),
        }
    }
    let last = vm.stack[slot];
    vm.stack.truncate(slot);
    backref::set(vm, last);
    Ok(match b {
        Some(_) => s,
        None => vm.ary_new(out),
    })
}

// ---- split ----

/// The byte spans (start, end) of `str.split(regexp, limit)`, CRuby's regexp mode: captures
/// are pieces too; an empty match splits between characters; limit > 0 caps the number of
/// splits, < 0 keeps trailing empty pieces, 0 drops them.
pub fn split_spans(vm: &mut Vm, re: Value, s: Value, limit: i64) -> VmResult<Vec<(usize, usize)>> {
    let len = string::len(s);
    let mut out: Vec<(usize, usize)> = Vec::new();
    if limit == 1 {
        if len > 0 {
            out.push((0, len));
        }
        return Ok(out);
    }
    let (mut beg, mut start) = (0usize, 0usize);
    let mut last_null = false;
    let mut i = 1;
    while start <= len {
        let Some(regs) = regexp::search(vm, re, s, start, Mode::Forward)? else {
            break;
        };
        let (b, e) = (regs[0].0 as usize, regs[0].1 as usize);
        if start == b && b == e {
            if len == 0 {
                out.push((0, 0));
                break;
            } else if last_null {
                let n = char_len_at(s, vm.bytes(s), beg);
                out.push((beg, beg + n));
                beg = start;
            } else {
                start += if start == len {
                    1
                } else {
                    char_len_at(s, vm.bytes(s), start)
                };
                last_null = true;
                continue;
            }
        } else {
            out.push((beg, b));
            beg = e;
            start = e;
        }
        last_null = false;
        for &(gb, ge) in &regs[1..] {
            if gb >= 0 {
                out.push((gb as usize, ge as usize));
            }
        }
        i += 1;
        if limit > 0 && limit <= i {
            break;
        }
    }
    if len > 0 && (limit != 0 || len > beg) {
        out.push((beg.min(len), len));
    }
    if limit == 0 {
        while out.last().is_some_and(|&(a, b)| a == b) {
            out.pop();
        }
    }
    Ok(out)
}

// ---- index, rindex, byteindex, byterindex ----

/// str.index(regexp, offset): the character index of the first match at or after the
/// character offset `pos` (sets `$~`).
pub fn index(vm: &mut Vm, s: Value, re: Value, pos: i64) -> VmResult {
    let Some(start) = char_pos_to_byte(vm, s, pos) else {
        backref::set(vm, Value::NIL);
        return Ok(Value::NIL);
    };
    let m = regexp::match_at(vm, re, s, start, Mode::Forward, true)?;
    Ok(match md(m) {
        Some(d) => Value::fixnum(char_index(vm, s, d.regs[0].0 as usize) as i64),
        None => Value::NIL,
    })
}

/// str.rindex(regexp, pos): the character index of the last match starting at or before
/// character `pos` (sets `$~`).
pub fn rindex(vm: &mut Vm, s: Value, re: Value, pos: i64) -> VmResult {
    let n = char_index(vm, s, string::len(s)) as i64;
    let p = if pos < 0 { pos + n } else { pos.min(n) };
    if p < 0 {
        backref::set(vm, Value::NIL);
        return Ok(Value::NIL);
    }
    let start = char_pos_to_byte(vm, s, p).unwrap_or(string::len(s));
    let m = regexp::match_at(vm, re, s, start, Mode::Backward, true)?;
    Ok(match md(m) {
        Some(d) => Value::fixnum(char_index(vm, s, d.regs[0].0 as usize) as i64),
        None => Value::NIL,
    })
}

/// str.byteindex(regexp, byte_offset) / byterindex: the byte offset of the first (last)
/// match from `start` (sets `$~`).
pub fn byte_index(vm: &mut Vm, s: Value, re: Value, start: usize, reverse: bool) -> VmResult {
    let mode = if reverse {
        Mode::Backward
    } else {
        Mode::Forward
    };
    let m = regexp::match_at(vm, re, s, start, mode, true)?;
    Ok(match md(m) {
        Some(d) => Value::fixnum(d.regs[0].0),
        None => Value::NIL,
    })
}

// ---- [], slice!, []=, start_with?, partition ----

/// `str[regexp]` / `str[regexp, capture]`: the MatchData and the byte span of the capture
/// (None when there is no match or the capture did not take part). Sets `$~`.
pub fn capture_span(
    vm: &mut Vm,
    s: Value,
    re: Value,
    capture: Option<Value>,
) -> VmResult<Option<(Value, usize, usize)>> {
    let m = regexp::match_at(vm, re, s, 0, Mode::Forward, true)?;
    if m.is_nil() {
        return Ok(None);
    }
    let g = match capture {
        None => 0,
        Some(c) if is_string(c) || c.is_symbol() => {
            let v = vm.funcall(m, intern("begin"), &[c], None)?;
            if v.is_nil() {
                return Ok(None);
            }
            let names = rx(re).map(|r| r.names.clone()).unwrap_or_default();
            let name = if c.is_symbol() {
                sym_name(c.as_symbol_id()).as_bytes().to_vec()
            } else {
                vm.bytes(c).to_vec()
            };
            let d = md(m).expect("md");
            let gs = names
                .iter()
                .find(|(n, _)| n.as_bytes() == name.as_slice())
                .map(|(_, g)| g.clone())
                .unwrap_or_default();
            *gs.iter().rev().find(|&&g| d.regs[g].0 >= 0).unwrap_or(&0)
        }
        Some(c) => {
            let i = super::arg_int(vm, c)?;
            let n = md(m).expect("md").regs.len() as i64;
            let i = if i < 0 { i + n } else { i };
            if i < 0 || i >= n {
                return Ok(None);
            }
            i as usize
        }
    };
    let (b, e) = md(m).expect("md").regs[g];
    if b < 0 {
        return Ok(None);
    }
    Ok(Some((m, b as usize, (e - b) as usize)))
}

/// str[regexp] / str[regexp, capture] -> new_str or nil
pub fn aref(vm: &mut Vm, s: Value, re: Value, capture: Option<Value>) -> VmResult {
    Ok(match capture_span(vm, s, re, capture)? {
        Some((m, b, len)) => {
            let subj = md(m).expect("md").subject;
            vm.substr(subj, b, len)
        }
        None => Value::NIL,
    })
}

/// str.start_with?(regexp): a match anchored at the start (sets `$~`).
pub fn starts_with(vm: &mut Vm, s: Value, re: Value) -> VmResult<bool> {
    let m = regexp::match_at(vm, re, s, 0, Mode::Anchored, true)?;
    Ok(!m.is_nil())
}

/// str.partition(regexp) / rpartition(regexp) -> [head, match, tail]
pub fn partition(vm: &mut Vm, s: Value, re: Value, reverse: bool) -> VmResult {
    let len = string::len(s);
    let (start, mode) = if reverse {
        (len, Mode::Backward)
    } else {
        (0, Mode::Forward)
    };
    let m = regexp::match_at(vm, re, s, start, mode, true)?;
    let parts = match md(m) {
        Some(d) => {
            let (b, e) = (d.regs[0].0 as usize, d.regs[0].1 as usize);
            let head = vm.substr(s, 0, b);
            vm.stack.push(head);
            let mid = matchdata::group(vm, m, 0);
            vm.stack.push(mid);
            let tail = vm.substr(s, e, len - e);
            vm.stack.truncate(vm.stack.len() - 2);
            vec![head, mid, tail]
        }
        None => {
            let whole = vm.str_dup(s);
            let (e1, e2) = (vm.str_new(b""), vm.str_new(b""));
            if reverse {
                vec![e1, e2, whole]
            } else {
                vec![whole, e1, e2]
            }
        }
    };
    Ok(vm.ary_new(parts))
}
