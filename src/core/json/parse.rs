//! JSON.parse: a byte-level recursive-descent parser that builds rubra objects directly (no
//! intermediate tree), with the json gem's (2.18, CRuby 4.0) grammar extensions (`/* */` and
//! `//` comments, `NaN`/`Infinity` under `allow_nan`, trailing commas under
//! `allow_trailing_comma`), its nesting rule (an empty `[]`/`{}` does not count) and its
//! ParserError messages, cursor positions and snippets exactly.
//!
//! Objects are allocated as they are read; nothing here runs Ruby code unless `object_class` or
//! `array_class` is given, in which case each container is filled through `[]=`/`<<` while it is
//! kept on the VM stack, so a collection inside those calls sees it.

use super::{Json, json_error};
use crate::object::heap::{klass_of, set_frozen};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Unwind, VmResult};

/// The options of one parse.
pub struct Opts {
    pub symbolize_names: bool,
    pub freeze: bool,
    pub allow_nan: bool,
    pub allow_trailing_comma: bool,
    /// 0: no limit.
    pub max_nesting: usize,
    pub object_class: Option<Value>,
    pub array_class: Option<Value>,
}

impl Default for Opts {
    fn default() -> Self {
        Opts {
            symbolize_names: false,
            freeze: false,
            allow_nan: false,
            allow_trailing_comma: false,
            max_nesting: 100,
            object_class: None,
            array_class: None,
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
    opts: &'a Opts,
    /// Values of the containers being read (their elements, or keys and values in turn).
    stack: Vec<Value>,
    /// Decoded bytes of the string being read.
    buf: Vec<u8>,
}

/// Parses the whole `src` into one value.
pub fn parse(vm: &mut Vm, src: &[u8], opts: &Opts) -> VmResult {
    let mut p = Parser {
        s: src,
        i: 0,
        depth: 0,
        opts,
        stack: Vec::new(),
        buf: Vec::new(),
    };
    p.skip_ws(vm)?;
    let v = p.value(vm)?;
    let keep = vm.stack.len();
    vm.stack.push(v);
    let r = p.skip_ws(vm);
    vm.stack.truncate(keep);
    r?;
    if p.i < p.s.len() {
        return Err(p.error(vm, "unexpected token at end of stream", Snip::Quoted));
    }
    Ok(v)
}

/// Whether the error message shows the input at the cursor.
#[derive(Clone, Copy, PartialEq)]
enum Snip {
    None,
    /// The json gem's fragment (`raise_parse_error`, see `fragment`).
    Quoted,
}

/// What the json gem's `raise_parse_error` puts in a message for the input `rest` at the
/// cursor: `EOF` at the end; else the bytes up to the first NUL, space, tab, CR or LF (at most
/// 32), quoted, with a trailing multibyte character dropped whether or not it is complete (its
/// loop backs over continuation bytes and then one lead byte); and when the cursor is on one of
/// those stop bytes, the fragment is empty and C prints the rest of the input itself, unquoted,
/// up to its first NUL.
fn fragment(rest: &[u8]) -> Vec<u8> {
    if rest.is_empty() {
        return b"EOF".to_vec();
    }
    let window = &rest[..rest.len().min(32)];
    let len = window
        .iter()
        .position(|&b| matches!(b, 0 | b'\n' | b' ' | b'\t' | b'\r'))
        .unwrap_or(window.len());
    if len == 0 {
        let end = memchr::memchr(0, rest).unwrap_or(rest.len());
        return rest[..end].to_vec();
    }
    let mut l = len;
    while l > 0 && (0x80..0xc0).contains(&rest[l - 1]) {
        l -= 1;
    }
    if l > 0 && rest[l - 1] >= 0xc0 {
        l -= 1;
    }
    let mut out = Vec::with_capacity(l + 2);
    out.push(b'\'');
    out.extend_from_slice(&rest[..l]);
    out.push(b'\'');
    out
}

impl Parser<'_> {
    /// `msg` + the snippet + " at line L column C" (the json gem's counting: the column is the
    /// distance back to the last newline at or before the cursor, the line one more than the
    /// newlines before that).
    fn error(&self, vm: &mut Vm, msg: &str, snip: Snip) -> Unwind {
        self.error_at(vm, self.i, msg, snip)
    }

    fn error_at(&self, vm: &mut Vm, at: usize, msg: &str, snip: Snip) -> Unwind {
        let mut text = msg.as_bytes().to_vec();
        if snip == Snip::Quoted {
            text.push(b' ');
            text.extend_from_slice(&fragment(self.s.get(at..).unwrap_or(&[])));
        }
        let nl = (0..=at.min(self.s.len().saturating_sub(1)))
            .rev()
            .find(|&k| k <= at && k < self.s.len() && self.s[k] == b'\n');
        let (line, col) = match nl {
            Some(k) => (
                1 + self.s[..k].iter().filter(|&&b| b == b'\n').count(),
                at - k,
            ),
            None => (1, at + 1),
        };
        text.extend_from_slice(format!(" at line {line} column {col}").as_bytes());
        let k = vm.json().parser_error;
        json_error(vm, k, text)
    }

    fn skip_ws(&mut self, vm: &mut Vm) -> VmResult<()> {
        while self.i < self.s.len() {
            match self.s[self.i] {
                b' ' | b'\t' | b'\n' | b'\r' => self.i += 1,
                b'/' => self.comment(vm)?,
                _ => break,
            }
        }
        Ok(())
    }

    fn comment(&mut self, vm: &mut Vm) -> VmResult<()> {
        let start = self.i;
        match self.s.get(self.i + 1) {
            Some(b'*') => match memchr::memmem::find(&self.s[self.i + 2..], b"*/") {
                Some(k) => self.i += 2 + k + 2,
                None => {
                    return Err(self.error_at(
                        vm,
                        start,
                        "unterminated comment, expected closing '*/'",
                        Snip::None,
                    ));
                }
            },
            Some(b'/') => match memchr::memchr(b'\n', &self.s[self.i..]) {
                Some(k) => self.i += k + 1,
                None => self.i = self.s.len(),
            },
            _ => return Err(self.error(vm, "unexpected token", Snip::Quoted)),
        }
        Ok(())
    }

    fn value(&mut self, vm: &mut Vm) -> VmResult {
        // C's `peek` reads the string's terminating NUL at the end, so a NUL byte ends the
        // input here too
        let c = self.s.get(self.i).copied().unwrap_or(0);
        if c == 0 {
            return Err(self.error(vm, "unexpected end of input", Snip::None));
        }
        match c {
            b'"' => self.string(vm, false),
            b'[' => crate::vm::recursion::maybe_grow(vm.native_stack_left(), || self.array(vm)),
            b'{' => crate::vm::recursion::maybe_grow(vm.native_stack_left(), || self.object(vm)),
            b'0'..=b'9' => self.number(vm),
            b'-' if self.s.get(self.i + 1) == Some(&b'I') => self.word(vm, b"-Infinity", true),
            b'-' => self.number(vm),
            b'n' => self.word(vm, b"null", false),
            b't' => self.word(vm, b"true", false),
            b'f' => self.word(vm, b"false", false),
            b'N' => self.word(vm, b"NaN", true),
            b'I' => self.word(vm, b"Infinity", true),
            _ => Err(self.error(vm, "unexpected character:", Snip::Quoted)),
        }
    }

    /// A literal word: null, true, false, or (under allow_nan) NaN, Infinity, -Infinity.
    fn word(&mut self, vm: &mut Vm, w: &[u8], nan: bool) -> VmResult {
        if !self.s[self.i..].starts_with(w) || (nan && !self.opts.allow_nan) {
            return Err(self.error(vm, "unexpected token", Snip::Quoted));
        }
        self.i += w.len();
        Ok(match w {
            b"null" => Value::NIL,
            b"true" => Value::TRUE,
            b"false" => Value::FALSE,
            b"NaN" => vm.float(f64::NAN),
            b"Infinity" => vm.float(f64::INFINITY),
            _ => vm.float(f64::NEG_INFINITY),
        })
    }

    fn number(&mut self, vm: &mut Vm) -> VmResult {
        let s = self.s;
        let start = self.i;
        let mut i = start;
        if s[i] == b'-' {
            i += 1;
        }
        let int_start = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        let ndig = i - int_start;
        let bad = ndig == 0 || (s[int_start] == b'0' && ndig > 1);
        let mut float = false;
        let mut ok = !bad;
        if ok && s.get(i) == Some(&b'.') {
            float = true;
            i += 1;
            let f = i;
            while i < s.len() && s[i].is_ascii_digit() {
                i += 1;
            }
            ok = i > f;
        }
        if ok && matches!(s.get(i), Some(b'e' | b'E')) {
            float = true;
            i += 1;
            if matches!(s.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let f = i;
            while i < s.len() && s[i].is_ascii_digit() {
                i += 1;
            }
            ok = i > f;
        }
        if !ok {
            return Err(self.error(vm, "invalid number:", Snip::Quoted));
        }
        self.i = i;
        // the bytes are ASCII digits, signs, '.' and exponents only
        let text = std::str::from_utf8(&s[start..i]).unwrap_or("0");
        if float {
            return Ok(vm.float(text.parse::<f64>().unwrap_or(0.0)));
        }
        if ndig <= 18 {
            let mut n: i64 = 0;
            for &d in &s[int_start..i] {
                n = n * 10 + (d - b'0') as i64;
            }
            return Ok(vm.int(if int_start > start { -n } else { n }));
        }
        Ok(vm.bigint_from_str(text))
    }

    /// A string at the cursor (its opening quote): a frozen key (deduplicated, or a Symbol
    /// under symbolize_names) when `key`.
    fn string(&mut self, vm: &mut Vm, key: bool) -> VmResult {
        let s = self.s;
        let open = self.i;
        let mut i = open + 1;
        let mut escaped = false;
        // find the closing quote, checking for control characters
        loop {
            let Some(k) = s[i.min(s.len())..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            else {
                self.i = i.max(s.len());
                return Err(self.error(
                    vm,
                    "unexpected end of input, expected closing \"",
                    Snip::None,
                ));
            };
            i += k;
            match s[i] {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    i += 2;
                    if i >= s.len() {
                        self.i = i;
                        return Err(self.error(
                            vm,
                            "unexpected end of input, expected closing \"",
                            Snip::None,
                        ));
                    }
                }
                _ => {
                    self.i = i;
                    return Err(self.error(
                        vm,
                        "invalid ASCII control character in string:",
                        Snip::Quoted,
                    ));
                }
            }
        }
        let body = open + 1..i;
        self.i = i + 1;
        let bytes: &[u8] = if escaped {
            self.buf.clear();
            let mut buf = std::mem::take(&mut self.buf);
            let r = self.unescape(vm, body.clone(), &mut buf);
            self.buf = buf;
            r?;
            &self.buf
        } else {
            &s[body]
        };
        if key {
            if self.opts.symbolize_names {
                return Ok(Value::symbol(intern(&String::from_utf8_lossy(bytes))));
            }
            return Ok(vm.fstring(bytes));
        }
        let v = vm.str_new(bytes);
        if self.opts.freeze {
            set_frozen(v);
        }
        Ok(v)
    }

    /// Decodes the escapes of `s[range]` into `out`. Errors point where the json gem's
    /// `json_string_unescape` does: a bad escape or hex digit at its backslash, but a `\u` cut
    /// short by the string's end and a bad surrogate pair at `run`, the start of the literal
    /// run before the escape (for `\"` and `\/`, the escaped character itself, which C copies
    /// with the next run).
    fn unescape(
        &self,
        vm: &mut Vm,
        range: std::ops::Range<usize>,
        out: &mut Vec<u8>,
    ) -> VmResult<()> {
        let s = &self.s[..range.end];
        let mut i = range.start;
        let mut run = range.start;
        while i < range.end {
            let Some(k) = memchr::memchr(b'\\', &s[i..]) else {
                out.extend_from_slice(&s[i..]);
                break;
            };
            out.extend_from_slice(&s[i..i + k]);
            i += k;
            let c = s[i + 1];
            let simple = match c {
                b'"' => Some(b'"'),
                b'\\' => Some(b'\\'),
                b'/' => Some(b'/'),
                b'b' => Some(8),
                b'f' => Some(12),
                b'n' => Some(b'\n'),
                b'r' => Some(b'\r'),
                b't' => Some(b'\t'),
                _ => None,
            };
            if let Some(b) = simple {
                out.push(b);
                run = if matches!(c, b'"' | b'/') {
                    i + 1
                } else {
                    i + 2
                };
                i += 2;
                continue;
            }
            if c != b'u' {
                let msg = "invalid escape character in string:";
                return Err(self.error_at(vm, i, msg, Snip::Quoted));
            }
            let incomplete = "incomplete unicode character escape sequence at";
            if i + 6 > range.end {
                return Err(self.error_at(vm, run, incomplete, Snip::Quoted));
            }
            let Some(hi) = hex4(s, i + 2) else {
                return Err(self.error_at(vm, i, incomplete, Snip::Quoted));
            };
            let mut cp = hi;
            let mut len = 6;
            if (0xd800..0xdc00).contains(&hi) {
                let pair = i + 6;
                if pair + 6 > range.end || !s[pair..].starts_with(b"\\u") {
                    let msg = "incomplete surrogate pair at";
                    return Err(self.error_at(vm, run, msg, Snip::Quoted));
                }
                let Some(lo) = hex4(s, pair + 2) else {
                    return Err(self.error_at(vm, pair, incomplete, Snip::Quoted));
                };
                if !(0xdc00..0xe000).contains(&lo) {
                    let msg = "invalid surrogate pair at";
                    return Err(self.error_at(vm, run, msg, Snip::Quoted));
                }
                cp = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
                len = 12;
            }
            push_utf8(out, cp);
            i += len;
            run = i;
        }
        Ok(())
    }

    fn nest(&mut self, vm: &mut Vm) -> VmResult<()> {
        self.depth += 1;
        if self.opts.max_nesting != 0 && self.depth > self.opts.max_nesting {
            let msg = format!("nesting of {} is too deep", self.depth);
            let k = vm.json().nesting_error;
            return Err(json_error(vm, k, msg.into_bytes()));
        }
        Ok(())
    }

    fn array(&mut self, vm: &mut Vm) -> VmResult {
        self.i += 1;
        self.skip_ws(vm)?;
        if self.s.get(self.i) == Some(&b']') {
            self.i += 1;
            return self.make_array(vm, self.stack.len());
        }
        self.nest(vm)?;
        let base = self.stack.len();
        loop {
            let v = self.rooted(vm, base, |p, vm| p.value(vm))?;
            self.stack.push(v);
            self.rooted(vm, base, |p, vm| p.skip_ws(vm))?;
            match self.s.get(self.i) {
                Some(b',') => {
                    self.i += 1;
                    self.rooted(vm, base, |p, vm| p.skip_ws(vm))?;
                    if self.opts.allow_trailing_comma && self.s.get(self.i) == Some(&b']') {
                        self.i += 1;
                        break;
                    }
                }
                Some(b']') => {
                    self.i += 1;
                    break;
                }
                _ => {
                    let e = self.error(vm, "expected ',' or ']' after array value", Snip::None);
                    self.stack.truncate(base);
                    return Err(e);
                }
            }
        }
        self.depth -= 1;
        self.make_array(vm, base)
    }

    /// Runs `f`; on an error drops the values read since `base`.
    fn rooted<T>(
        &mut self,
        vm: &mut Vm,
        base: usize,
        f: impl FnOnce(&mut Self, &mut Vm) -> VmResult<T>,
    ) -> VmResult<T> {
        let r = f(self, vm);
        if r.is_err() {
            self.stack.truncate(base);
        }
        r
    }

    /// The array of the values read since `base`.
    fn make_array(&mut self, vm: &mut Vm, base: usize) -> VmResult {
        let items: Vec<Value> = self.stack.drain(base..).collect();
        let Some(k) = self.opts.array_class else {
            let a = vm.ary_new(items);
            if self.opts.freeze {
                set_frozen(a);
            }
            return Ok(a);
        };
        let keep = vm.stack.len();
        vm.stack.extend_from_slice(&self.stack);
        vm.stack.extend_from_slice(&items);
        let r = (|| {
            let a = vm.funcall(k, intern("new"), &[], None)?;
            vm.stack.push(a);
            for &v in &items {
                vm.funcall(a, intern("<<"), &[v], None)?;
            }
            Ok(a)
        })();
        vm.stack.truncate(keep);
        r
    }

    fn object(&mut self, vm: &mut Vm) -> VmResult {
        self.i += 1;
        self.skip_ws(vm)?;
        let base = self.stack.len();
        match self.s.get(self.i) {
            Some(b'}') => {
                self.i += 1;
                return self.make_object(vm, base);
            }
            Some(b'"') => {}
            None => {
                return Err(self.error(vm, "expected object key, got EOF", Snip::None));
            }
            Some(_) => return Err(self.error(vm, "expected object key, got", Snip::Quoted)),
        }
        self.nest(vm)?;
        loop {
            let k = self.rooted(vm, base, |p, vm| p.string(vm, true))?;
            self.stack.push(k);
            self.rooted(vm, base, |p, vm| p.skip_ws(vm))?;
            if self.s.get(self.i) != Some(&b':') {
                let e = self.error(vm, "expected ':' after object key", Snip::None);
                self.stack.truncate(base);
                return Err(e);
            }
            self.i += 1;
            self.rooted(vm, base, |p, vm| p.skip_ws(vm))?;
            let v = self.rooted(vm, base, |p, vm| p.value(vm))?;
            self.stack.push(v);
            self.rooted(vm, base, |p, vm| p.skip_ws(vm))?;
            match self.s.get(self.i) {
                Some(b',') => {
                    self.i += 1;
                    self.rooted(vm, base, |p, vm| p.skip_ws(vm))?;
                    match self.s.get(self.i) {
                        Some(b'"') => {}
                        Some(b'}') if self.opts.allow_trailing_comma => {
                            self.i += 1;
                            break;
                        }
                        None => {
                            let e = self.error(vm, "expected object key, got: EOF", Snip::None);
                            self.stack.truncate(base);
                            return Err(e);
                        }
                        Some(_) => {
                            let e = self.error(vm, "expected object key, got:", Snip::Quoted);
                            self.stack.truncate(base);
                            return Err(e);
                        }
                    }
                }
                Some(b'}') => {
                    self.i += 1;
                    break;
                }
                None => {
                    let e = self.error(
                        vm,
                        "expected ',' or '}' after object value, got: EOF",
                        Snip::None,
                    );
                    self.stack.truncate(base);
                    return Err(e);
                }
                Some(_) => {
                    let e = self.error(
                        vm,
                        "expected ',' or '}' after object value, got:",
                        Snip::Quoted,
                    );
                    self.stack.truncate(base);
                    return Err(e);
                }
            }
        }
        self.depth -= 1;
        self.make_object(vm, base)
    }

    /// The object of the keys and values read since `base`.
    fn make_object(&mut self, vm: &mut Vm, base: usize) -> VmResult {
        let items: Vec<Value> = self.stack.drain(base..).collect();
        let keep = vm.stack.len();
        if self.opts.object_class.is_some() {
            // Ruby code runs below: keep what is still being read reachable
            vm.stack.extend_from_slice(&self.stack);
            vm.stack.extend_from_slice(&items);
        }
        let r = (|| {
            let h = match self.opts.object_class {
                None => vm.hash_new(),
                Some(k) => vm.funcall(k, intern("new"), &[], None)?,
            };
            vm.stack.push(h);
            let plain = self.opts.object_class.is_none()
                || (crate::object::heap::type_of(h) == crate::object::heap::T_HASH
                    && klass_of(h) == vm.c.hash);
            for kv in items.chunks(2) {
                if plain {
                    vm.hash_aset(h, kv[0], kv[1])?;
                } else {
                    vm.funcall(h, intern("[]="), &[kv[0], kv[1]], None)?;
                }
            }
            if self.opts.freeze {
                set_frozen(h);
            }
            Ok(h)
        })();
        vm.stack.truncate(keep);
        r
    }
}

fn hex4(s: &[u8], at: usize) -> Option<u32> {
    let d = s.get(at..at + 4)?;
    let mut n = 0u32;
    for &c in d {
        n = n * 16 + (c as char).to_digit(16)?;
    }
    Some(n)
}

/// UTF-8 of a code point, surrogates included (a lone one is written as its three bytes, as
/// the json gem does).
fn push_utf8(out: &mut Vec<u8>, cp: u32) {
    if cp < 0x80 {
        out.push(cp as u8);
    } else if cp < 0x800 {
        out.extend_from_slice(&[0xc0 | (cp >> 6) as u8, 0x80 | (cp & 0x3f) as u8]);
    } else if cp < 0x10000 {
        out.extend_from_slice(&[
            0xe0 | (cp >> 12) as u8,
            0x80 | ((cp >> 6) & 0x3f) as u8,
            0x80 | (cp & 0x3f) as u8,
        ]);
    } else {
        out.extend_from_slice(&[
            0xf0 | (cp >> 18) as u8,
            0x80 | ((cp >> 12) & 0x3f) as u8,
            0x80 | ((cp >> 6) & 0x3f) as u8,
            0x80 | (cp & 0x3f) as u8,
        ]);
    }
}
