//! String methods that return pieces of their receiver. Every piece is made by `Vm::substr`
//! (object/string.rs `substr`, the subseq rule of object-model.md §3), so only a piece that
//! reaches the end of the receiver can share its bytes: `[]`/`slice`, `slice!`, `byteslice`,
//! `split`, `lines`/`each_line`, `partition`/`rpartition`, `chomp`/`chop`, the strip family,
//! `delete_prefix`/`delete_suffix`, and the bang forms (which cut the receiver in place).
//!
//! Each method first computes a byte range (pure functions below), then makes the piece.

use super::object::is_string;
use super::string::{char_offsets, check_frozen, str_arg};
use super::string_split::Splitter;
use crate::object::heap::{T_RANGE, rrange, type_of};
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

pub const TABLE: &[M] = &[
    ("[]", s_aref, 1, 2),
    ("slice", s_aref, 1, 2),
    ("slice!", s_slice_bang, 1, 2),
    ("byteslice", s_byteslice, 1, 2),
    ("split", s_split, 0, 2),
    ("lines", s_lines, 0, -1),
    ("each_line", s_each_line, 0, -1),
    ("partition", s_partition, 1, 1),
    ("rpartition", s_rpartition, 1, 1),
    ("chomp", s_chomp, 0, 1),
    ("chomp!", s_chomp_bang, 0, 1),
    ("chop", s_chop, 0, 0),
    ("chop!", s_chop_bang, 0, 0),
    ("strip", s_strip, 0, 0),
    ("strip!", s_strip_bang, 0, 0),
    ("lstrip", s_lstrip, 0, 0),
    ("lstrip!", s_lstrip_bang, 0, 0),
    ("rstrip", s_rstrip, 0, 0),
    ("rstrip!", s_rstrip_bang, 0, 0),
    ("delete_prefix", s_delete_prefix, 1, 1),
    ("delete_prefix!", s_delete_prefix_bang, 1, 1),
    ("delete_suffix", s_delete_suffix, 1, 1),
    ("delete_suffix!", s_delete_suffix_bang, 1, 1),
];

/// A byte range of the receiver: (start, length).
type Span = (usize, usize);

use super::string::single_byte;

/// The span of `len` units from unit `start` (negative counts from the end) in a sequence of
/// `n` units, by CRuby's rules: None when `start` is outside 0..=n or `len` is negative; the
/// length is cut at the end.
fn unit_span(n: i64, start: i64, len: i64) -> Option<(i64, i64)> {
    let st = if start < 0 { start + n } else { start };
    if len < 0 || st < 0 || st > n {
        return None;
    }
    Some((st, len.min(n - st)))
}

/// The byte span of `len` characters from character `start`.
fn char_span(vm: &Vm, s: Value, start: i64, len: i64) -> Option<Span> {
    if single_byte(s) {
        let (st, l) = unit_span(string::len(s) as i64, start, len)?;
        return Some((st as usize, l as usize));
    }
    let offs = char_offsets(vm, s);
    let (st, l) = unit_span(offs.len() as i64 - 1, start, len)?;
    let (b, e) = (offs[st as usize], offs[(st + l) as usize]);
    Some((b, e - b))
}

/// A Range argument as (start, length) over `n` units (CRuby's rb_range_beg_len): None when
/// the start is out of range; the end is cut at `n`.
pub(crate) fn range_span(vm: &mut Vm, r: Value, n: i64) -> VmResult<Option<(i64, i64)>> {
    let rr = rrange(r);
    let (b, e, excl) = (rr.begin, rr.end, rr.excl);
    let mut st = if b.is_nil() {
        0
    } else {
        super::arg_int(vm, b)?
    };
    let mut en = if e.is_nil() {
        n
    } else {
        super::arg_int(vm, e)?
    };
    if st < 0 {
        st += n;
        if st < 0 {
            return Ok(None);
        }
    }
    if st > n {
        return Ok(None);
    }
    if en < 0 {
        en += n;
    }
    if !excl && !e.is_nil() {
        en += 1;
    }
    Ok(Some((st, (en.min(n) - st).max(0))))
}

/// What `str[args]` selects, as a byte span (None: nil). `bytes` indexes bytes, not characters.
fn select(vm: &mut Vm, s: Value, a: &[Value], bytes: bool) -> VmResult<Option<Span>> {
    let n_units = |vm: &Vm, s: Value| -> i64 {
        if bytes || single_byte(s) {
            string::len(s) as i64
        } else {
            char_offsets(vm, s).len() as i64 - 1
        }
    };
    let to_bytes = |vm: &Vm, s: Value, st: i64, len: i64| -> Option<Span> {
        if bytes {
            unit_span(string::len(s) as i64, st, len).map(|(a, b)| (a as usize, b as usize))
        } else {
            char_span(vm, s, st, len)
        }
    };
    if a.len() == 2 && (bytes || !super::regexp::is_regexp(a[0])) {
        let (st, len) = (super::arg_int(vm, a[0])?, super::arg_int(vm, a[1])?);
        return Ok(to_bytes(vm, s, st, len));
    }
    let i = a[0];
    if !bytes && super::regexp::is_regexp(i) {
        let cap = a.get(1).copied();
        return Ok(super::string_regexp::capture_span(vm, s, i, cap)?.map(|(_, b, l)| (b, l)));
    }
    if !bytes && is_string(i) {
        let needle = vm.bytes(i);
        return Ok(memchr::memmem::find(vm.bytes(s), needle).map(|k| (k, needle.len())));
    }
    if type_of(i) == T_RANGE {
        let n = n_units(vm, s);
        return Ok(match range_span(vm, i, n)? {
            Some((st, len)) => to_bytes(vm, s, st, len),
            None => None,
        });
    }
    let idx = super::arg_int(vm, i)?;
    let n = n_units(vm, s);
    let idx = if idx < 0 { idx + n } else { idx };
    if idx < 0 || idx >= n {
        return Ok(None);
    }
    Ok(to_bytes(vm, s, idx, 1))
}

/// str[index] / str[start, length] / str[range] / str[substring] -> new_str or nil
fn s_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if super::regexp::is_regexp(a[0]) {
        return super::string_regexp::aref(vm, s, a[0], a.get(1).copied());
    }
    if a.len() == 1 && is_string(a[0]) {
        // the match itself is a new copy of the argument, as CRuby's rb_str_dup
        let found = memchr::memmem::find(string::bytes(&vm.heap, s), string::bytes(&vm.heap, a[0]))
            .is_some();
        return Ok(if found { vm.str_dup(a[0]) } else { Value::NIL });
    }
    Ok(match select(vm, s, a, false)? {
        Some((st, len)) => vm.substr(s, st, len),
        None => Value::NIL,
    })
}

/// str.byteslice(index) / (start, length) / (range) -> new_str or nil
fn s_byteslice(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match select(vm, s, a, true)? {
        Some((st, len)) => vm.substr(s, st, len),
        None => Value::NIL,
    })
}

/// str.slice!(...) -> the removed piece or nil; the receiver loses it
fn s_slice_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let Some((st, len)) = select(vm, s, a, false)? else {
        return Ok(Value::NIL);
    };
    let piece = if a.len() == 1 && is_string(a[0]) {
        vm.str_dup(a[0])
    } else {
        vm.substr(s, st, len)
    };
    string::modify(&mut vm.heap, s, |b| {
        b.drain(st..st + len);
    });
    Ok(piece)
}

/// Makes the piece `span` of `s`, or nil.
fn piece_or_nil(vm: &mut Vm, s: Value, span: Option<Span>) -> Value {
    match span {
        Some((st, len)) => vm.substr(s, st, len),
        None => Value::NIL,
    }
}

/// The non-bang form of a cut: the piece `span` (or a copy of the whole string when it is
/// unchanged, `None`).
fn cut(vm: &mut Vm, s: Value, span: Option<Span>) -> Value {
    match span {
        Some((st, len)) => vm.substr(s, st, len),
        None => vm.str_dup(s),
    }
}

/// The bang form of a cut: keeps only `span` of the receiver; nil when nothing changes.
fn cut_bang(vm: &mut Vm, s: Value, span: Option<Span>) -> VmResult {
    check_frozen(vm, s)?;
    let Some((st, len)) = span else {
        return Ok(Value::NIL);
    };
    string::modify(&mut vm.heap, s, |b| {
        b.truncate(st + len);
        b.drain(..st);
    });
    Ok(s)
}

// ---- split and lines ----

/// str.split(pattern = nil, limit = 0) -> array, or with a block yields each piece and returns
/// str. Awk mode (nil or " "), chars mode (""), string mode; Regexp patterns come with Regexp.
fn s_split(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    // the limit first (converting it may run Ruby code), then the pattern, as CRuby's
    // rb_str_split_m: a converted pattern is used before anything else runs
    let limit = match a.get(1) {
        Some(&l) => super::arg_int(vm, l)?,
        None => 0,
    };
    // no pattern, or nil: the field separator `$;` (nil for awk mode, a String or a Regexp)
    let p = match a.first() {
        Some(&p) if !p.is_nil() => p,
        _ => vm.gvar_id_get(crate::sym!("$;")),
    };
    let pat = if p.is_nil() {
        None
    } else if is_string(p) {
        Some(p)
    } else if super::regexp::is_regexp(p) {
        let spans = super::string_regexp::split_spans(vm, p, s, limit)?;
        let n = Some(spans.len());
        let mut spans = spans.into_iter();
        return split_result(vm, s, n, move |_| spans.next(), b);
    } else {
        Some(super::string::pattern_arg(vm, p)?)
    };
    broken_check(vm, s)?;
    let multi = super::string::multibyte(s).then(|| string::encoding(s));
    let mut sp = Splitter::new(pat.map(|p| vm.bytes(p)), limit, multi);
    // without a block, the pieces are counted (a scan) only when the most there can be would
    // make a collection due: then `reserve_objects` wants their number
    let most = string::len(s) as u64 + 2;
    let n = (b.is_none() && vm.heap.due_after(most)).then(|| sp.estimate(vm.bytes(s)));
    split_result(vm, s, n, move |vm| sp.next(vm.bytes(s)), b)
}

/// `split`'s ArgumentError for a receiver that is not valid in its encoding.
fn broken_check(vm: &mut Vm, s: Value) -> VmResult<()> {
    if string::code_range(s) != string::CodeRange::Broken {
        return Ok(());
    }
    let msg = match string::encoding(s) {
        string::Encoding::UsAscii => "invalid byte sequence in US-ASCII",
        _ => "invalid byte sequence in UTF-8",
    };
    Err(vm.arg_error(msg))
}

/// The pieces `(start, end)` of `s` that `next` finds, as an Array, or yielded to the block
/// (answering `s`). `n`, when known, is (about) how many there are: a split into that many
/// first collects the garbage they would pile onto.
fn split_result(
    vm: &mut Vm,
    s: Value,
    n: Option<usize>,
    mut next: impl FnMut(&Vm) -> Option<(usize, usize)>,
    b: Option<&Block>,
) -> VmResult {
    match b {
        Some(b) => {
            // a block that changes the receiver ends the split with RuntimeError (checked after
            // every piece, the last one too), as CRuby's str_mod_check
            let mut stamp: Option<super::string::ModStamp> = None;
            vm.yield_each(b, &mut |vm, _| {
                if let Some(st) = stamp {
                    super::string::mod_check(vm, s, st)?;
                }
                let Some((st, en)) = next(vm) else {
                    return Ok(None);
                };
                let piece = vm.substr(s, st, en - st);
                stamp = Some(super::string::mod_stamp(vm, s));
                Ok(Some(YieldArgs::one(piece)))
            })?;
            Ok(s)
        }
        None => {
            // (only `s` is held, rooted by its frame as the receiver)
            if let Some(n) = n {
                vm.reserve_objects(n + 1);
            }
            // the pieces go into a Rust vector first (allocation never collects, so they need
            // no rooting until the array holds them). Uncounted, room for 16: most splits are
            // short, and growing from nothing (a 32-byte block, then copies) left fluentd's
            // malloc heap 5 MB larger than one 128-byte block did.
            let mut out = Vec::with_capacity(n.unwrap_or(16));
            while let Some((st, en)) = next(vm) {
                out.push(vm.substr(s, st, en - st));
            }
            Ok(vm.ary_new(out))
        }
    }
}

/// The spans of the lines of `b` for separator `sep` (None: the whole string; empty:
/// paragraph mode, lines end after a run of newlines), each without its separator when
/// `chomp`.
fn line_spans(b: &[u8], sep: Option<&[u8]>, chomp: bool) -> Vec<Span> {
    let mut out = Vec::new();
    let mut st = 0;
    while let Some((span, next)) = next_line(b, st, sep, chomp) {
        out.push(span);
        st = next;
    }
    out
}

/// The line of `b` that starts at `st` (see `line_spans`): its span and where the line after
/// it starts; None at the end of `b`.
fn next_line(b: &[u8], st: usize, sep: Option<&[u8]>, chomp: bool) -> Option<(Span, usize)> {
    if st >= b.len() {
        return None;
    }
    let Some(sep) = sep else {
        return Some(((st, b.len() - st), b.len()));
    };
    if sep.is_empty() {
        return Some(next_paragraph(b, st, chomp));
    }
    let Some(k) = memchr::memmem::find(&b[st..], sep) else {
        return Some(((st, b.len() - st), b.len()));
    };
    let en = st + k + sep.len();
    let mut body = st + k;
    if chomp && sep == b"\n" && body > st && b[body - 1] == b'\r' {
        body -= 1;
    }
    Some((
        if chomp {
            (st, body - st)
        } else {
            (st, en - st)
        },
        en,
    ))
}

/// Paragraph mode (separator ""): the line at `st` (before the end of `b`) ends with a blank
/// line ("\n\n" or "\r\n\r\n"), which it keeps (without it when `chomp`); further newlines
/// before the next line are skipped.
fn next_paragraph(b: &[u8], st: usize, chomp: bool) -> (Span, usize) {
    let mut i = st;
    let found = loop {
        let Some(k) = memchr::memchr(b'\n', &b[i..]) else {
            break None;
        };
        let nl = i + k;
        if b.get(nl + 1) == Some(&b'\n') {
            break Some((nl, nl + 2));
        }
        if b.get(nl + 1) == Some(&b'\r') && b.get(nl + 2) == Some(&b'\n') {
            break Some((nl, nl + 3));
        }
        i = nl + 1;
    };
    let Some((nl, mut en)) = found else {
        return ((st, b.len() - st), b.len());
    };
    let body = if nl > st && b[nl - 1] == b'\r' {
        nl - 1
    } else {
        nl
    };
    let span = if chomp {
        (st, body - st)
    } else {
        (st, en - st)
    };
    loop {
        if b.get(en) == Some(&b'\n') {
            en += 1;
        } else if b.get(en) == Some(&b'\r') && b.get(en + 1) == Some(&b'\n') {
            en += 2;
        } else {
            break;
        }
    }
    (span, en)
}

/// The `chomp:` keyword of the line methods (String's and IO's); other keywords are errors.
pub(crate) fn chomp_kw(vm: &mut Vm, kw: Option<Value>) -> VmResult<bool> {
    match kw {
        Some(h) => {
            super::numeric::check_keywords(vm, h, &["chomp"])?;
            Ok(super::hash::get(vm, h, Value::symbol(intern("chomp")))?.truthy())
        }
        None => Ok(false),
    }
}

/// The separator and chomp flag of lines/each_line.
fn line_args(vm: &mut Vm, a: &[Value]) -> VmResult<(Option<Value>, bool)> {
    let (a, kw) = vm.split_keywords(a)?;
    let chomp = chomp_kw(vm, kw)?;
    if a.len() > 1 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let sep = match a.first() {
        Some(&v) if v.is_nil() => None,
        Some(&v) => {
            str_arg(vm, v)?;
            Some(v)
        }
        None => {
            let rs = vm.gvar_id_get(crate::sym!("$/"));
            if is_string(rs) { Some(rs) } else { None }
        }
    };
    Ok((sep, chomp))
}

/// str.lines(separator = $/, chomp: false) -> array
fn s_lines(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if b.is_some() {
        return s_each_line(vm, s, a, b);
    }
    let (sep, chomp) = line_args(vm, a)?;
    let spans = line_spans(vm.bytes(s), sep.map(|p| vm.bytes(p)), chomp);
    // (only `s` is held, rooted by its frame as the receiver)
    vm.reserve_objects(spans.len() + 1);
    // the pieces go into a Rust vector first (allocation never collects, so they need
    // no rooting until the array holds them)
    let mut out = Vec::with_capacity(spans.len());
    for (st, len) in spans {
        out.push(vm.substr(s, st, len));
    }
    Ok(vm.ary_new(out))
}

/// str.each_line(separator = $/, chomp: false) { |line| } -> str
fn s_each_line(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_line", a);
    };
    let (sep, chomp) = line_args(vm, a)?;
    let sep = sep.map(|p| vm.bytes(p).to_vec());
    // the lines come from a frozen copy of the receiver as it was (CRuby's rb_str_new_frozen):
    // a block that changes the receiver does not change them. Each step finds the next line,
    // so a long string's lines are not all listed first.
    let k = vm.c.string;
    let snap = string::frozen_subject(&mut vm.heap, k, s);
    let mut st = 0;
    super::array::rooted(vm, &[snap], |vm| {
        vm.yield_each(b, &mut |vm, _| {
            let b = string::bytes(&vm.heap, snap);
            let Some(((at, len), next)) = next_line(b, st, sep.as_deref(), chomp) else {
                return Ok(None);
            };
            st = next;
            Ok(Some(YieldArgs::one(vm.substr(snap, at, len))))
        })
    })?;
    Ok(s)
}

// ---- partition ----

/// str.partition(sep) -> [head, sep, tail]
fn s_partition(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if super::regexp::is_regexp(a[0]) {
        return super::string_regexp::partition(vm, s, a[0], false);
    }
    let sep = super::string::pattern_arg(vm, a[0])?;
    let (n, m) = (string::len(s), string::len(sep));
    let parts = match memchr::memmem::find(vm.bytes(s), vm.bytes(sep)) {
        Some(k) => {
            let head = vm.substr(s, 0, k);
            let tail = vm.substr(s, k + m, n - k - m);
            vec![head, a[0], tail]
        }
        None => {
            let whole = vm.str_dup(s);
            let (e1, e2) = (vm.str_new(b""), vm.str_new(b""));
            vec![whole, e1, e2]
        }
    };
    Ok(vm.ary_new(parts))
}

/// str.rpartition(sep) -> [head, sep, tail] around the last occurrence
fn s_rpartition(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if super::regexp::is_regexp(a[0]) {
        return super::string_regexp::partition(vm, s, a[0], true);
    }
    let sep = super::string::pattern_arg(vm, a[0])?;
    let (n, m) = (string::len(s), string::len(sep));
    let parts = match memchr::memmem::rfind(vm.bytes(s), vm.bytes(sep)) {
        Some(k) => {
            let head = vm.substr(s, 0, k);
            let tail = vm.substr(s, k + m, n - k - m);
            vec![head, a[0], tail]
        }
        None => {
            let (e1, e2) = (vm.str_new(b""), vm.str_new(b""));
            let whole = vm.str_dup(s);
            vec![e1, e2, whole]
        }
    };
    Ok(vm.ary_new(parts))
}

// ---- chomp, chop, strip, delete_prefix/suffix: a kept span, or None when unchanged ----

/// What chomp keeps (`sep`: None for the default `$/` behaviour, Some(None) for `chomp(nil)`).
fn chomp_span(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult<Option<Span>> {
    let sep = match a.first() {
        Some(&v) if v.is_nil() => return Ok(None),
        Some(&v) => Some(str_arg(vm, v)?),
        None => None,
    };
    // the receiver's bytes after the separator's conversion, which may run Ruby code
    let b = vm.bytes(s);
    let keep = match sep.map(|v| vm.bytes(v)) {
        None | Some(b"\n") => {
            if b.ends_with(b"\r\n") {
                b.len() - 2
            } else if b.ends_with(b"\n") || b.ends_with(b"\r") {
                b.len() - 1
            } else {
                b.len()
            }
        }
        Some(b"") => {
            let mut n = b.len();
            while n > 0 && b[n - 1] == b'\n' {
                n -= 1;
                if n > 0 && b[n - 1] == b'\r' {
                    n -= 1;
                }
            }
            n
        }
        Some(sep) => {
            if b.ends_with(sep) {
                b.len() - sep.len()
            } else {
                b.len()
            }
        }
    };
    Ok((keep != b.len()).then_some((0, keep)))
}

/// What chop keeps: all but the last character ("\r\n" counts as one).
fn chop_span(vm: &Vm, s: Value) -> Option<Span> {
    let b = string::bytes(&vm.heap, s);
    if b.is_empty() {
        return None;
    }
    if b.ends_with(b"\r\n") {
        return Some((0, b.len() - 2));
    }
    let last = if single_byte(s) {
        1
    } else {
        let offs = char_offsets(vm, s);
        b.len() - offs[offs.len() - 2]
    };
    Some((0, b.len() - last))
}

fn is_strip_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | 0)
}

/// What the strip family keeps (leading and trailing whitespace and NULs removed).
fn strip_span(vm: &Vm, s: Value, left: bool, right: bool) -> Option<Span> {
    let b = string::bytes(&vm.heap, s);
    let (mut st, mut en) = (0, b.len());
    if left {
        while st < en && is_strip_space(b[st]) {
            st += 1;
        }
    }
    if right {
        while en > st && is_strip_space(b[en - 1]) {
            en -= 1;
        }
    }
    (st != 0 || en != b.len()).then_some((st, en - st))
}

fn prefix_span(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult<Option<Span>> {
    let p = str_arg(vm, a[0])?;
    let p = string::bytes(&vm.heap, p);
    let b = string::bytes(&vm.heap, s);
    Ok((!p.is_empty() && b.starts_with(p)).then_some((p.len(), b.len() - p.len())))
}

fn suffix_span(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult<Option<Span>> {
    let p = str_arg(vm, a[0])?;
    let p = string::bytes(&vm.heap, p);
    let b = string::bytes(&vm.heap, s);
    Ok((!p.is_empty() && b.ends_with(p)).then_some((0, b.len() - p.len())))
}

/// str.chomp(separator = $/) -> new_str
fn s_chomp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let span = chomp_span(vm, s, a)?;
    // an unchanged string is still a "piece": the whole string through the subseq rule
    let span = span.or(Some((0, string::len(s))));
    Ok(piece_or_nil(vm, s, span))
}
fn s_chomp_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let span = chomp_span(vm, s, a)?;
    cut_bang(vm, s, span)
}
/// str.chop -> new_str
fn s_chop(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let span = chop_span(vm, s).or(Some((0, 0)));
    Ok(piece_or_nil(vm, s, span))
}
fn s_chop_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let span = chop_span(vm, s);
    cut_bang(vm, s, span)
}
/// str.strip -> new_str
fn s_strip(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let span = strip_span(vm, s, true, true).or(Some((0, string::len(s))));
    Ok(piece_or_nil(vm, s, span))
}
fn s_strip_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let span = strip_span(vm, s, true, true);
    cut_bang(vm, s, span)
}
/// str.lstrip -> new_str
fn s_lstrip(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let span = strip_span(vm, s, true, false).or(Some((0, string::len(s))));
    Ok(piece_or_nil(vm, s, span))
}
fn s_lstrip_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let span = strip_span(vm, s, true, false);
    cut_bang(vm, s, span)
}
/// str.rstrip -> new_str
fn s_rstrip(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let span = strip_span(vm, s, false, true).or(Some((0, string::len(s))));
    Ok(piece_or_nil(vm, s, span))
}
fn s_rstrip_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let span = strip_span(vm, s, false, true);
    cut_bang(vm, s, span)
}
/// str.delete_prefix(prefix) -> new_str
fn s_delete_prefix(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let span = prefix_span(vm, s, a)?;
    Ok(cut(vm, s, span))
}
fn s_delete_prefix_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let span = prefix_span(vm, s, a)?;
    cut_bang(vm, s, span)
}
/// str.delete_suffix(suffix) -> new_str
fn s_delete_suffix(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let span = suffix_span(vm, s, a)?;
    Ok(cut(vm, s, span))
}
fn s_delete_suffix_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let span = suffix_span(vm, s, a)?;
    cut_bang(vm, s, span)
}

#[cfg(test)]
mod tests {
    use super::line_spans;

    fn lines<'a>(s: &'a str, sep: Option<&str>, chomp: bool) -> Vec<&'a str> {
        line_spans(s.as_bytes(), sep.map(str::as_bytes), chomp)
            .into_iter()
            .map(|(a, n)| &s[a..a + n])
            .collect()
    }

    #[test]
    fn line_spans_follow_cruby() {
        assert_eq!(lines("a\nb\n", Some("\n"), false), ["a\n", "b\n"]);
        assert_eq!(lines("a\r\nb", Some("\n"), true), ["a", "b"]);
        assert_eq!(lines("a--b--", Some("--"), true), ["a", "b"]);
        assert_eq!(lines("p1\n\n\np2\n", Some(""), false), ["p1\n\n", "p2\n"]);
        assert_eq!(lines("p1\n\n\np2\n", Some(""), true), ["p1", "p2\n"]);
        assert_eq!(lines("\n\na\nb\n\n", Some(""), false), ["\n\n", "a\nb\n\n"]);
        assert_eq!(lines("a\r\n\r\nb", Some(""), false), ["a\r\n\r\n", "b"]);
        assert_eq!(lines("a\nb", Some("b"), true), ["a\n"]);
        assert_eq!(lines("whole\nthing", None, false), ["whole\nthing"]);
        assert!(lines("", Some("\n"), false).is_empty());
    }
}
