//! Regexp: the class, its objects and the matching entry points every pattern-taking method
//! uses (`search`, `match_at`). The engine is Oniguruma (engine.rs); MatchData is
//! matchdata.rs, the frame-local `$~` family backref.rs, the source syntax (literal escapes,
//! `inspect`, `to_s`, `escape`) source.rs, and the class's Ruby methods methods.rs.
//!
//! A Regexp is a boxed payload (`RegexpObj`): its source as a frozen String, its option bits,
//! its encoding (US-ASCII and not fixed for an ASCII-only source, else fixed UTF-8 or BINARY),
//! the named groups, an optional per-object timeout, and the compiled pattern per encoding it
//! was matched in (compiled on first use; the pattern's own encoding is compiled at creation,
//! which is where a bad pattern raises RegexpError).

pub mod backref;
pub mod engine;
pub mod matchdata;
pub mod methods;
pub mod onigmo;
pub mod source;
#[cfg(test)]
mod vectors;

use crate::object::heap::{Payload, T_DATA, T_STRING, payload, type_of};
use crate::object::string::{self, CodeRange, Encoding};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::VmResult;
pub use engine::Mode;
use engine::{Compiled, Enc, SearchError};
use std::cell::OnceCell;

/// The encoding of a Regexp.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum REnc {
    /// ASCII-only source, not fixed: matches strings of any ASCII-compatible encoding.
    Ascii,
    /// Fixed UTF-8 (non-ASCII source, `\u` escapes or `/u`).
    Utf8,
    /// Fixed BINARY (`/n` with high bytes, or a binary source string).
    Binary,
}

/// The payload of a Regexp object.
pub struct RegexpObj {
    /// The source as a frozen String (what `source` answers).
    pub source: Value,
    /// The source bytes, as given to the engine.
    pub src: Vec<u8>,
    /// Ruby option bits (engine::IGNORECASE ... NOENCODING).
    pub opts: u32,
    pub enc: REnc,
    /// Named groups in order: (name, group numbers).
    pub names: Vec<(String, Vec<usize>)>,
    /// Number of groups, without group 0.
    pub groups: usize,
    /// The per-object timeout in seconds (`Regexp.new(.., timeout:)`).
    pub timeout: Option<f64>,
    utf8: OnceCell<Compiled>,
    bin: OnceCell<Compiled>,
}

impl Payload for RegexpObj {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.source);
    }
    fn malloc_size(&self) -> usize {
        self.src.len() + 64
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// The Regexp payload of `v`, if it is a Regexp.
pub fn rx(v: Value) -> Option<&'static mut RegexpObj> {
    payload::<RegexpObj>(v)
}

/// Whether `v` is a Regexp.
pub fn is_regexp(v: Value) -> bool {
    type_of(v) == T_DATA && rx(v).is_some()
}

/// The encoding a pattern source has: BINARY for `/n` with high bytes or a binary source,
/// UTF-8 for non-ASCII sources, `\u` escapes, escaped UTF-8 characters in a UTF-8 source
/// (`\xE3\x81\x82`) or `/u`, else ASCII (not fixed). Escaped high bytes of a UTF-8 source
/// that make no character are CRuby's error.
fn source_encoding(
    src: &[u8],
    opts: u32,
    src_enc: Encoding,
    utf8_flag: bool,
) -> Result<REnc, &'static str> {
    let high = !src.is_ascii() || source::has_high_escape(src);
    if opts & engine::NOENCODING != 0 {
        return Ok(if high { REnc::Binary } else { REnc::Ascii });
    }
    if src_enc == Encoding::Binary && high {
        return Ok(REnc::Binary);
    }
    let escaped = src_enc == Encoding::Utf8 && source::escaped_multibyte(src)?;
    if utf8_flag || escaped || !src.is_ascii() || source::has_unicode_escape(src) {
        return Ok(REnc::Utf8);
    }
    Ok(REnc::Ascii)
}

/// Makes a Regexp of `src` with Ruby option bits `opts` (IGNORECASE | EXTENDED | MULTILINE,
/// plus NOENCODING for `/n`); `utf8_flag` is `/u`. On a bad pattern answers the message CRuby
/// puts in the RegexpError (or the SyntaxError of a literal): "<why>: /<src>/".
pub fn new_regexp(
    vm: &mut Vm,
    src: &[u8],
    opts: u32,
    src_enc: Encoding,
    utf8_flag: bool,
) -> Result<Value, String> {
    let enc = source_encoding(src, opts, src_enc, utf8_flag)
        .map_err(|why| format!("{why}: /{}/", source::display(src)))?;
    let mut opts = opts & (engine::IGNORECASE | engine::EXTENDED | engine::MULTILINE | 32);
    if enc != REnc::Ascii {
        opts |= engine::FIXEDENCODING;
    }
    if enc == REnc::Binary {
        opts |= engine::NOENCODING;
    }
    let engine_enc = if enc == REnc::Binary {
        Enc::Binary
    } else {
        Enc::Utf8
    };
    let valid = engine_enc == Enc::Binary || std::str::from_utf8(src).is_ok();
    let compiled = (if valid {
        engine::compile(src, opts, engine_enc)
    } else {
        Err("invalid multibyte character".to_string())
    })
    .map_err(|why| format!("{why}: /{}/", source::display(src)))?;
    let names = compiled.names();
    let groups = compiled.groups();
    let (utf8, bin) = (OnceCell::new(), OnceCell::new());
    let _ = match engine_enc {
        Enc::Utf8 => utf8.set(compiled),
        Enc::Binary => bin.set(compiled),
    };
    let source = match enc {
        REnc::Utf8 => vm.fstring_enc(src, Encoding::Utf8),
        REnc::Binary => vm.fstring_enc(src, Encoding::Binary),
        REnc::Ascii => vm.fstring_enc(src, Encoding::UsAscii),
    };
    let obj = RegexpObj {
        source,
        src: src.to_vec(),
        opts,
        enc,
        names,
        groups,
        timeout: None,
        utf8,
        bin,
    };
    let k = vm.c.regexp;
    Ok(vm.heap.alloc_boxed(T_DATA, k, Box::new(obj)))
}

/// `new_regexp`, raising RegexpError on a bad pattern.
pub fn regexp_or_raise(
    vm: &mut Vm,
    src: &[u8],
    opts: u32,
    src_enc: Encoding,
    utf8_flag: bool,
) -> VmResult {
    new_regexp(vm, src, opts, src_enc, utf8_flag).map_err(|m| {
        let k = vm.c.regexp_error;
        vm.raise_str(k, &m)
    })
}

/// The engine encoding to search `s` with under `re`, or the error CRuby raises.
fn search_encoding(vm: &mut Vm, re: &RegexpObj, s: Value) -> VmResult<Enc> {
    let senc = string::encoding(s);
    let cr = string::code_range(s);
    let ascii = cr == CodeRange::SevenBit;
    if senc != Encoding::Binary && cr == CodeRange::Broken {
        return Err(vm.arg_error(&format!("invalid byte sequence in {}", senc.name())));
    }
    let incompatible = |vm: &mut Vm, r: &str, st: &str| {
        let k = vm.c.compatibility_error;
        Err(vm.raise_str(
            k,
            &format!("incompatible encoding regexp match ({r} regexp with {st} string)"),
        ))
    };
    if re.opts & engine::NOENCODING != 0
        && re.enc == REnc::Ascii
        && !ascii
        && senc == Encoding::Utf8
    {
        vm.warn_here("historical binary regexp match /.../n against UTF-8 string");
    }
    let other = !matches!(senc, Encoding::Utf8 | Encoding::Binary | Encoding::UsAscii);
    if other && (!ascii || !senc.ascii_compatible()) {
        let r = match re.enc {
            REnc::Ascii => "US-ASCII",
            REnc::Utf8 => "UTF-8",
            REnc::Binary => "BINARY (ASCII-8BIT)",
        };
        return match re.enc {
            // an ASCII pattern reads a single-byte encoding's characters as bytes: the engine
            // has no tables of those encodings (so \w, \s and /i know ASCII letters only)
            REnc::Ascii if senc.ascii_compatible() && senc.single_byte() => Ok(Enc::Binary),
            REnc::Ascii if senc.ascii_compatible() => {
                let msg = format!(
                    "rubra matches regular expressions against {} strings only when they are ASCII",
                    senc.name()
                );
                Err(vm.raise_str(vm.c.not_implemented_error, &msg))
            }
            _ => incompatible(vm, r, senc.name()),
        };
    }
    match re.enc {
        REnc::Ascii if senc == Encoding::Binary && !ascii => Ok(Enc::Binary),
        REnc::Ascii => Ok(Enc::Utf8),
        REnc::Utf8 if senc == Encoding::Binary && !ascii => {
            incompatible(vm, "UTF-8", "BINARY (ASCII-8BIT)")
        }
        REnc::Utf8 => Ok(Enc::Utf8),
        REnc::Binary if senc != Encoding::Binary && !ascii => {
            incompatible(vm, "BINARY (ASCII-8BIT)", "UTF-8")
        }
        REnc::Binary => Ok(Enc::Binary),
    }
}

/// The compiled pattern of `re` for `enc`, compiling it on first use.
fn compiled(vm: &mut Vm, re: &'static RegexpObj, enc: Enc) -> VmResult<&'static Compiled> {
    let cell = match enc {
        Enc::Utf8 => &re.utf8,
        Enc::Binary => &re.bin,
    };
    if let Some(c) = cell.get() {
        return Ok(c);
    }
    match engine::compile(&re.src, re.opts, enc) {
        Ok(c) => Ok(cell.get_or_init(|| c)),
        Err(why) => {
            let k = vm.c.regexp_error;
            let m = format!("{why}: /{}/", source::display(&re.src));
            Err(vm.raise_str(k, &m))
        }
    }
}

/// Group offsets of a match: (begin, end) in bytes per group, (-1, -1) for a group that did
/// not take part.
pub type Regs = Vec<(i64, i64)>;

/// Searches `s` (a String) with the Regexp `re` from byte `start` as `mode` says (forward to
/// the end, backward down to 0, or only at `start`). Answers the groups of the match. Does
/// not touch `$~`.
pub fn search(
    vm: &mut Vm,
    re: Value,
    s: Value,
    start: usize,
    mode: Mode,
) -> VmResult<Option<Regs>> {
    search_from(vm, re, s, 0, start, mode)
}

/// `search` on the part of `s` from byte `from` on, as if it were the whole subject (`\A`
/// and look-behind see nothing before it: StringScanner's scanning position); `start` counts
/// from `from`, and the offsets answered are offsets in `s`.
pub fn search_from(
    vm: &mut Vm,
    re: Value,
    s: Value,
    from: usize,
    start: usize,
    mode: Mode,
) -> VmResult<Option<Regs>> {
    let Some(r) = rx(re) else {
        return Err(vm.type_error("wrong argument type (expected Regexp)"));
    };
    let enc = search_encoding(vm, r, s)?;
    let c = compiled(vm, r, enc)?;
    let timeout = r.timeout.or(vm.regexp_timeout);
    let deadline = engine::deadline(timeout);
    let mut regs = Vec::new();
    let flag: &std::sync::atomic::AtomicBool = &vm.interrupt;
    let hay = &vm.bytes(s)[from.min(string::len(s))..];
    let r = c.search(
        hay,
        enc,
        start.min(hay.len()),
        mode,
        &mut regs,
        deadline,
        &|| flag.load(std::sync::atomic::Ordering::Relaxed),
    );
    match r {
        Ok(Some(_)) => {
            if from > 0 {
                for g in regs.iter_mut().filter(|g| g.0 >= 0) {
                    *g = (g.0 + from as i64, g.1 + from as i64);
                }
            }
            Ok(Some(regs))
        }
        Ok(None) => Ok(None),
        Err(SearchError::Timeout) => {
            let k = vm.c.regexp_timeout_error;
            Err(vm.raise_str(k, "regexp match timeout"))
        }
        Err(SearchError::Interrupt) => Err(vm.safepoint().err().unwrap_or_else(|| {
            let k = vm.c.interrupt;
            vm.raise_str(k, "")
        })),
        Err(SearchError::Engine(m)) => {
            let k = vm.c.regexp_error;
            Err(vm.raise_str(k, &m))
        }
    }
}

/// Matches `re` against `s` from byte `start` as `mode` says; sets the caller's `$~` when
/// `set_backref` and answers the MatchData, or nil (and `$~` nil).
pub fn match_at(
    vm: &mut Vm,
    re: Value,
    s: Value,
    start: usize,
    mode: Mode,
    set_backref: bool,
) -> VmResult {
    let m = match search(vm, re, s, start, mode)? {
        Some(regs) => matchdata::new_match(vm, re, s, regs),
        None => Value::NIL,
    };
    if set_backref {
        backref::set(vm, m);
    }
    Ok(m)
}

/// Whether `re` matches `v` (a String or Symbol; anything else does not match), leaving
/// `$~` alone: `match?`, and `grep` without a block.
pub fn match_p(vm: &mut Vm, re: Value, v: Value) -> VmResult<bool> {
    let s = if type_of(v) == T_STRING {
        v
    } else if v.is_symbol() {
        let n = crate::object::symbol::sym_name(v.as_symbol_id()).to_string();
        vm.str_from(n)
    } else {
        return Ok(false);
    };
    Ok(search(vm, re, s, 0, Mode::Forward)?.is_some())
}

/// A Regexp argument as a Regexp: a Regexp as it is, a String quoted into one (the pattern of
/// `sub`, `scan`, `index` given a string matches it literally).
pub fn pattern_regexp(vm: &mut Vm, v: Value) -> VmResult {
    if is_regexp(v) {
        return Ok(v);
    }
    let s = super::string::pattern_arg(vm, v)?;
    debug_assert_eq!(type_of(s), T_STRING);
    let quoted = source::escape(vm.bytes(s));
    let enc = string::encoding(s);
    regexp_or_raise(vm, &quoted, 0, enc, false)
}

/// A copy of a Regexp or MatchData (`dup`/`clone`; the caller copies ivars and the frozen
/// state), of class `klass`; None for other objects.
pub fn copy(vm: &mut Vm, v: Value, klass: Value) -> Option<Value> {
    if let Some(r) = rx(v) {
        let obj = RegexpObj {
            source: r.source,
            src: r.src.clone(),
            opts: r.opts,
            enc: r.enc,
            names: r.names.clone(),
            groups: r.groups,
            timeout: r.timeout,
            utf8: OnceCell::new(),
            bin: OnceCell::new(),
        };
        return Some(vm.heap.alloc_boxed(T_DATA, klass, Box::new(obj)));
    }
    let m = matchdata::md(v)?;
    let obj = matchdata::MatchObj {
        regexp: m.regexp,
        subject: m.subject,
        regs: m.regs.clone(),
    };
    Some(vm.heap.alloc_boxed(T_DATA, klass, Box::new(obj)))
}

pub fn init(vm: &mut Vm) {
    methods::init(vm);
    matchdata::init(vm);
}

/// The `NewRegexp` instruction: a Regexp of the interpolated source `src` with the operand's
/// options (see insn.rs); a bad pattern raises RegexpError. A `/o` literal's first Regexp is
/// kept in its cache Array and answered again.
pub fn literal_at_run_time(
    vm: &mut Vm,
    code: &crate::vm::code::Code,
    src: Value,
    a: u32,
) -> VmResult {
    let cell = (a & (1 << 8) != 0).then(|| code.consts[(a >> 9) as usize]);
    if let Some(cell) = cell
        && let Some(&re) = crate::object::heap::rarray(cell).vec.first()
    {
        return Ok(re);
    }
    let bytes = vm.bytes(src).to_vec();
    let enc = string::encoding(src);
    // an interpolated pattern's escaped bytes that make no UTF-8 character are CRuby's
    // ArgumentError (its dynamic-regexp preprocessing), not the RegexpError of Regexp.new
    if enc == Encoding::Utf8
        && a & engine::NOENCODING == 0
        && let Err(why) = source::escaped_multibyte(&bytes)
    {
        let k = vm.c.argument_error;
        return Err(vm.raise_str(k, why));
    }
    let re = regexp_or_raise(vm, &bytes, a & 0x7f, enc, a & (1 << 7) != 0)?;
    vm.freeze(re);
    if let Some(cell) = cell {
        crate::object::heap::rarray(cell).vec.push(re);
    }
    Ok(re)
}
