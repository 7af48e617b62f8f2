//! Encodings: the Encoding class with an object for each of CRuby's encodings
//! (object/encoding.rs) and its constants, String#encoding/force_encoding/b/valid_encoding?/
//! ascii_only?/scrub, and the compatibility rule of concatenation
//! (Encoding::CompatibilityError), as CRuby's encoding.c.
//!
//! A string's encoding and its cached code range live in its flags (object/string.rs); the code
//! range makes `ascii_only?` and character indexing of ASCII-only strings O(1) after one scan.

use super::object::is_string;
use super::string::{check_frozen, str_arg, str_arg_vec};
use crate::object::heap::{T_DATA, payload};
use crate::object::string::{self, CodeRange, Encoding};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};

/// An Encoding object's payload.
pub struct Enc(pub Encoding);

impl crate::object::heap::Payload for Enc {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const ENCODING: &[M] = &[
    ("name", e_name, 0, 0),
    ("to_s", e_name, 0, 0),
    ("inspect", e_inspect, 0, 0),
    ("names", e_names, 0, 0),
    ("ascii_compatible?", e_ascii_compatible, 0, 0),
    ("dummy?", e_dummy, 0, 0),
];

const ENCODING_SINGLETON: &[M] = &[
    ("find", e_find, 1, 1),
    ("list", e_list, 0, 0),
    ("aliases", e_aliases, 0, 0),
    ("name_list", e_name_list, 0, 0),
    ("default_external", e_default, 0, 0),
    ("default_external=", e_set_default_external, 1, 1),
    ("default_internal", e_default_internal, 0, 0),
    ("default_internal=", e_set_default_internal, 1, 1),
    ("compatible?", e_compatible, 2, 2),
];

pub const TABLE: &[M] = &[
    ("encoding", s_encoding, 0, 0),
    ("force_encoding", s_force_encoding, 1, 1),
    ("b", s_b, 0, 0),
    ("valid_encoding?", s_valid_encoding, 0, 0),
    ("ascii_only?", s_ascii_only, 0, 0),
    ("scrub", s_scrub, 0, 1),
    ("scrub!", s_scrub_bang, 0, 1),
];

/// The name of `e` ("UTF-8", "US-ASCII", "ASCII-8BIT").
pub(crate) fn enc_name(e: Encoding) -> &'static str {
    e.name()
}

/// The names `names` lists for `e` beyond its aliases: CRuby's special names of the default
/// encodings (`external` and `filesystem` are UTF-8's here, `locale` US-ASCII's as in the
/// oracle).
fn special_names(e: Encoding) -> &'static [&'static str] {
    match e {
        Encoding::Utf8 => &["external", "filesystem"],
        Encoding::UsAscii => &["locale"],
        _ => &[],
    }
}

pub fn init(vm: &mut Vm) {
    let object = vm.c.object;
    let k = vm.define_class("Encoding", object);
    // the Encoding objects are made at start-up only
    vm.class_data(k).instance_type = crate::object::heap::T_NONE;
    vm.c.encoding = k;
    vm.define_natives(k, ENCODING);
    vm.define_singleton_natives(k, ENCODING_SINGLETON);
    let error = vm.c.encoding_error;
    vm.c.compatibility_error = vm.define_class_under(k, "CompatibilityError", error);
    vm.encodings = vec![Value::NIL; crate::object::encoding::COUNT];
    for e in Encoding::all() {
        let obj = vm.heap.alloc_boxed(T_DATA, k, Box::new(Enc(e)));
        vm.freeze(obj);
        vm.keep(obj);
        vm.encodings[e.index()] = obj;
        if e.info().preloaded {
            vm.enc_loaded |= 1 << e.index();
        }
    }
    let n = Encoding::constants().count();
    let cd = vm.class_data(k);
    cd.consts.reserve(n);
    cd.const_index.reserve(n);
    for (name, e) in Encoding::constants() {
        let obj = vm.encodings[e.index()];
        vm.class_data(k)
            .const_set(crate::object::symbol::intern_static(name), obj);
    }
    let s = vm.c.string;
    vm.define_natives(s, TABLE);
}

/// The Encoding object of `e`.
pub fn encoding_object(vm: &Vm, e: Encoding) -> Value {
    vm.encodings[e.index()]
}

fn enc_of(v: Value) -> Encoding {
    payload::<Enc>(v).expect("an Encoding").0
}

/// Marks `e` used (CRuby loads an encoding's library when it is first used; until then its
/// `inspect` says "(autoload)").
pub(crate) fn mark_loaded(vm: &mut Vm, e: Encoding) {
    vm.enc_loaded |= 1 << e.index();
}

/// An Encoding argument: an Encoding object or a name (ArgumentError "unknown encoding name").
pub(crate) fn enc_arg(vm: &mut Vm, v: Value) -> VmResult<Encoding> {
    if let Some(e) = payload::<Enc>(v) {
        let e = e.0;
        mark_loaded(vm, e);
        return Ok(e);
    }
    let name = String::from_utf8_lossy(&str_arg_vec(vm, v)?).into_owned();
    let found = Encoding::find(&name).or_else(|| {
        Encoding::all().find(|&e| {
            special_names(e)
                .iter()
                .any(|n| n.eq_ignore_ascii_case(&name))
        })
    });
    match found {
        Some(e) => {
            mark_loaded(vm, e);
            Ok(e)
        }
        None => Err(vm.arg_error(&format!("unknown encoding name - {name}"))),
    }
}

fn e_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.fstring(enc_of(s).name().as_bytes()))
}
fn e_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let e = enc_of(s);
    let text = match e {
        Encoding::Binary => "#<Encoding:BINARY (ASCII-8BIT)>".to_string(),
        e if e.is_dummy() => format!("#<Encoding:{} (dummy)>", e.name()),
        e if vm.enc_loaded & (1 << e.index()) == 0 => {
            format!("#<Encoding:{} (autoload)>", e.name())
        }
        e => format!("#<Encoding:{}>", e.name()),
    };
    Ok(vm.str_from(text))
}
fn e_names(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let e = enc_of(s);
    mark_loaded(vm, e);
    let info = e.info();
    let all = std::iter::once(&info.name)
        .chain(info.aliases)
        .chain(special_names(e));
    let items: Vec<Value> = all.map(|n| vm.str_from(n)).collect();
    Ok(vm.ary_new(items))
}
/// Encoding.aliases -> {alias => name}: every name of an encoding but its first
fn e_aliases(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    vm.stack.push(h);
    for (alias, name) in Encoding::aliases() {
        let (k, v) = (vm.str_from(alias), vm.str_from(name));
        vm.hash_aset(h, k, v)?;
    }
    vm.stack.pop();
    Ok(h)
}
/// Encoding.name_list -> every name and alias
fn e_name_list(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let items: Vec<Value> = Encoding::name_list()
        .iter()
        .map(|n| vm.str_from(n))
        .collect();
    Ok(vm.ary_new(items))
}
fn e_ascii_compatible(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let e = enc_of(s);
    mark_loaded(vm, e);
    Ok(Value::bool(e.ascii_compatible()))
}
fn e_dummy(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let e = enc_of(s);
    mark_loaded(vm, e);
    Ok(Value::bool(e.is_dummy()))
}
fn e_find(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let e = enc_arg(vm, a[0])?;
    Ok(encoding_object(vm, e))
}
fn e_list(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let items: Vec<Value> = Encoding::all().map(|e| encoding_object(vm, e)).collect();
    Ok(vm.ary_new(items))
}
fn e_default(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let e = if vm.external_binary {
        Encoding::Binary
    } else {
        Encoding::Utf8
    };
    Ok(encoding_object(vm, e))
}

/// Encoding.default_external = enc: UTF-8 or BINARY (ASCII-8BIT), what files opened without an
/// encoding then read as; rubra reads no other external encoding (NotImplementedError).
fn e_set_default_external(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a[0].is_nil() {
        return Err(vm.arg_error("default external can not be nil"));
    }
    let e = enc_arg(vm, a[0])?;
    if e == Encoding::UsAscii {
        let msg =
            "rubra reads files as UTF-8 or BINARY only (Encoding.default_external = US-ASCII)";
        return Err(vm.raise_str(vm.c.not_implemented_error, msg));
    }
    verbose_warning(vm, "setting Encoding.default_external");
    vm.external_binary = e == Encoding::Binary;
    if let Some(s) = crate::core::io::stream_of(vm.stdin) {
        s.mode.binary = vm.external_binary;
    }
    Ok(a[0])
}
/// Encoding.default_internal -> the encoding `String#encode` converts to without arguments, or nil
fn e_default_internal(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match vm.default_internal {
        Some(e) => encoding_object(vm, e),
        None => Value::NIL,
    })
}
/// Encoding.default_internal = enc or nil. IO reads are not transcoded to it: rubra's external
/// encodings (UTF-8, BINARY) are never transcoded from when it is UTF-8 or BINARY, the
/// internal encodings taken here; US-ASCII is NotImplementedError.
fn e_set_default_internal(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let e = if a[0].is_nil() {
        None
    } else {
        Some(enc_arg(vm, a[0])?)
    };
    if e == Some(Encoding::UsAscii) {
        let msg = "rubra does not transcode reads (Encoding.default_internal = US-ASCII)";
        return Err(vm.raise_str(vm.c.not_implemented_error, msg));
    }
    verbose_warning(vm, "setting Encoding.default_internal");
    vm.default_internal = e;
    Ok(a[0])
}
/// CRuby's rb_warning: a warning printed only when `$VERBOSE` is true.
fn verbose_warning(vm: &mut Vm, msg: &str) {
    if vm.gvar_id_get(crate::sym!("$VERBOSE")) == Value::TRUE {
        vm.warn_here(msg);
    }
}

/// `rubra -E ext[:int]` / `--encoding`: the default external encoding, UTF-8 (as without it)
/// or BINARY (ASCII-8BIT), which files opened without a binary mode and standard input then
/// read in; the internal one must be UTF-8 or absent. Err is the message for another name.
pub fn set_default_external(vm: &mut Vm, spec: &str) -> Result<(), String> {
    let (ext, int) = match spec.split_once(':') {
        Some((e, i)) => (e, Some(i)),
        None => (spec, None),
    };
    let utf8 = |n: &str| n.eq_ignore_ascii_case("utf-8") || n.eq_ignore_ascii_case("utf8");
    let binary = |n: &str| n.eq_ignore_ascii_case("binary") || n.eq_ignore_ascii_case("ascii-8bit");
    if let Some(i) = int.filter(|i| !i.is_empty() && !utf8(i)) {
        return Err(format!("unknown encoding name - {i} (RuntimeError)"));
    }
    if binary(ext) {
        vm.external_binary = true;
        if let Some(s) = crate::core::io::stream_of(vm.stdin) {
            s.mode.binary = true;
        }
    } else if !ext.is_empty() && !utf8(ext) {
        return Err(format!("unknown encoding name - {ext} (RuntimeError)"));
    }
    Ok(())
}
/// Encoding.compatible?(a, b) -> the encoding a concatenation would have, or nil
fn e_compatible(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (ea, eb) = (
        payload::<Enc>(a[0]).map(|e| e.0),
        payload::<Enc>(a[1]).map(|e| e.0),
    );
    for e in [ea, eb].into_iter().flatten() {
        mark_loaded(vm, e);
    }
    if let (Some(x), Some(y)) = (ea, eb) {
        // two encodings (rb_enc_compatible without strings): equal, or one of them US-ASCII
        // beside an ASCII-compatible one
        let r = if x == y {
            Some(x)
        } else if !x.ascii_compatible() || !y.ascii_compatible() {
            None
        } else if y == Encoding::UsAscii {
            Some(x)
        } else if x == Encoding::UsAscii {
            Some(y)
        } else {
            None
        };
        return Ok(r.map_or(Value::NIL, |e| encoding_object(vm, e)));
    }
    if !is_string(a[0]) || !is_string(a[1]) {
        return Ok(Value::NIL);
    }
    Ok(match compatible(a[0], a[1]) {
        Some(e) => encoding_object(vm, e),
        None => Value::NIL,
    })
}

/// The encoding of `a + b`, or None when they are incompatible (rb_enc_compatible for two
/// ASCII-compatible encodings): equal encodings, an empty side, or an ASCII-only side give the
/// other's encoding.
pub fn compatible(a: Value, b: Value) -> Option<Encoding> {
    let (fa, fb) = (string::EncFacts::of(a), string::EncFacts::of(b));
    if fa.enc == fb.enc || fb.len == 0 {
        return Some(fa.enc);
    }
    if fa.len == 0 {
        let keep = fa.enc.ascii_compatible() && fb.seven_bit();
        return Some(if keep { fa.enc } else { fb.enc });
    }
    if !fa.enc.ascii_compatible() || !fb.enc.ascii_compatible() {
        return None;
    }
    if fb.seven_bit() {
        return Some(fa.enc);
    }
    if fa.seven_bit() {
        return Some(fb.enc);
    }
    None
}

/// The encoding of text `text` in encoding `enc` once String `s`, in another encoding, is
/// appended (rb_enc_check): `enc` when `s` is ASCII-only, `s`'s when `text` is, else
/// Encoding::CompatibilityError.
#[cold]
/// The encoding CRuby gives a symbol's or identifier's name: US-ASCII when it is ASCII, else
/// UTF-8 (rubra's names are UTF-8).
pub fn name_encoding(name: &str) -> Encoding {
    if name.is_ascii() {
        Encoding::UsAscii
    } else {
        Encoding::Utf8
    }
}

/// The encoding of text CRuby builds with `rb_sprintf` (`#<Foo:0x...>`): BINARY while it is
/// ASCII, UTF-8 once a non-ASCII name went into it.
pub fn sprintf_encoding(text: &str) -> Encoding {
    if text.is_ascii() {
        Encoding::Binary
    } else {
        Encoding::Utf8
    }
}

pub fn joined_encoding(vm: &mut Vm, enc: Encoding, text: &[u8], s: Value) -> VmResult<Encoding> {
    let f = string::EncFacts::of(s);
    if f.seven_bit() {
        Ok(enc)
    } else if text.is_ascii() {
        Ok(f.enc)
    } else {
        Err(incompatible(vm, enc, f.enc))
    }
}

/// The encoding of `a + b`, or Encoding::CompatibilityError as CRuby words it.
pub fn check_compatible(vm: &mut Vm, a: Value, b: Value) -> VmResult<Encoding> {
    match compatible(a, b) {
        Some(e) => Ok(e),
        None => Err(incompatible(vm, string::encoding(a), string::encoding(b))),
    }
}

/// Encoding::CompatibilityError for joining text of encodings `a` and `b`, worded as CRuby's.
pub fn incompatible(vm: &mut Vm, a: Encoding, b: Encoding) -> Unwind {
    let describe = |e: Encoding| match e {
        Encoding::Binary => "BINARY (ASCII-8BIT)".to_string(),
        e => e.name().to_string(),
    };
    let msg = format!(
        "incompatible character encodings: {} and {}",
        describe(a),
        describe(b)
    );
    let k = vm.c.compatibility_error;
    vm.raise_str(k, &msg)
}

fn s_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let e = string::encoding(s);
    mark_loaded(vm, e);
    Ok(encoding_object(vm, e))
}
/// str.force_encoding(enc) -> str, relabelled (the bytes are unchanged)
fn s_force_encoding(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let e = enc_arg(vm, a[0])?;
    check_frozen(vm, s)?;
    string::set_encoding(s, e);
    Ok(s)
}
/// str.b -> a copy labelled ASCII-8BIT
fn s_b(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let copy = vm.str_dup(s);
    string::set_encoding(copy, Encoding::Binary);
    Ok(copy)
}
fn s_valid_encoding(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(string::code_range(s) != CodeRange::Broken))
}
fn s_ascii_only(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(string::code_range(s) == CodeRange::SevenBit))
}

/// The bytes of `s` with each maximal invalid UTF-8 subsequence replaced by `repl` (or by what
/// the block returns for it).
fn scrubbed(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult<Option<Vec<u8>>> {
    if string::code_range(s) != CodeRange::Broken {
        return Ok(None);
    }
    let repl: Option<Vec<u8>> = match a.first() {
        Some(&r) if !r.is_nil() => Some(str_arg_vec(vm, r)?),
        _ => None,
    };
    let enc = string::encoding(s);
    let mut default = Vec::new();
    if enc.is_unicode() {
        crate::core::transcode::encode(enc, 0xfffd, &mut default);
    } else {
        default.push(b'?');
    }
    let src = string::bytes(&vm.heap, s).to_vec();
    let mut out = Vec::with_capacity(src.len());
    if enc != Encoding::Utf8 {
        // each invalid character (CRuby's rb_enc_str_scrub): one byte, or the encoding's
        // unit, or a sequence cut off by the end
        let mut i = 0;
        while i < src.len() {
            if let Some(n) = enc.precise_len(&src[i..]) {
                out.extend_from_slice(&src[i..i + n]);
                i += n;
                continue;
            }
            let cut_off = enc.incomplete(&src[i..]);
            let n = if cut_off {
                src.len() - i
            } else {
                enc.min_len().min(src.len() - i)
            };
            let invalid = &src[i..i + n];
            match (&repl, b) {
                (Some(r), _) => out.extend_from_slice(r),
                (None, Some(b)) => {
                    let piece = vm.str_new(invalid);
                    string::set_encoding(piece, enc);
                    let r = vm.yield_block(b, &[piece])?;
                    let r = str_arg(vm, r)?;
                    out.extend_from_slice(vm.bytes(r));
                }
                (None, None) => out.extend_from_slice(&default),
            }
            i += n;
        }
        return Ok(Some(out));
    }
    let mut rest = &src[..];
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                out.extend_from_slice(valid.as_bytes());
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                out.extend_from_slice(&rest[..good]);
                let bad = e.error_len().unwrap_or(rest.len() - good);
                let invalid = &rest[good..good + bad];
                match (&repl, b) {
                    (Some(r), _) => out.extend_from_slice(r),
                    (None, Some(b)) => {
                        let piece = vm.str_new(invalid);
                        string::set_encoding(piece, string::encoding(s));
                        let r = vm.yield_block(b, &[piece])?;
                        let r = str_arg(vm, r)?;
                        out.extend_from_slice(vm.bytes(r));
                    }
                    (None, None) => out.extend_from_slice(&default),
                }
                rest = &rest[good + bad..];
            }
        }
    }
    Ok(Some(out))
}
/// str.scrub(repl = "\uFFFD") { |bytes| } -> new_str with invalid bytes replaced
fn s_scrub(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let out = match scrubbed(vm, s, a, b)? {
        Some(out) => out,
        None => string::bytes(&vm.heap, s).to_vec(),
    };
    let r = vm.str_new(&out);
    string::copy_encoding(r, s);
    Ok(r)
}
fn s_scrub_bang(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    if let Some(out) = scrubbed(vm, s, a, b)? {
        string::set_bytes(&mut vm.heap, s, out);
    }
    Ok(s)
}

/// What `join` has built so far: the bytes, and their encoding by CRuby's rules (the first
/// piece's, kept while later pieces are 7-bit, given up for the first non-ASCII piece's while
/// the result is still 7-bit; two non-ASCII pieces of different encodings are incompatible).
pub struct Joined {
    bytes: Vec<u8>,
    enc: Option<Encoding>,
    seven_bit: bool,
}

impl Joined {
    /// Nothing joined yet after `prefix` (bytes with no say in the encoding: CRuby's
    /// `rb_str_buf_new2("[")` before the first element's `rb_enc_copy`).
    pub fn new(prefix: &[u8]) -> Joined {
        Joined {
            bytes: prefix.to_vec(),
            enc: None,
            seven_bit: prefix.is_ascii(),
        }
    }

    /// Appends ASCII punctuation (`", "`, `"]"`) without a say in the encoding.
    pub fn push_raw(&mut self, ascii: &[u8]) {
        debug_assert!(ascii.is_ascii());
        self.bytes.extend_from_slice(ascii);
    }

    /// The String joined: US-ASCII when no piece gave an encoding.
    pub fn finish(self, vm: &mut Vm) -> Value {
        let r = vm.str_new(&self.bytes);
        string::set_encoding(r, self.enc.unwrap_or(Encoding::UsAscii));
        r
    }

    pub fn add(&mut self, vm: &mut Vm, piece: &[u8], enc: Encoding) -> VmResult<()> {
        let piece_7bit = piece.is_ascii();
        match self.enc {
            None => {
                self.enc = Some(enc);
                self.seven_bit = piece_7bit;
            }
            Some(e) if e == enc || piece_7bit => {}
            Some(_) if self.seven_bit => {
                self.enc = Some(enc);
                self.seven_bit = false;
            }
            Some(e) => return Err(super::string_encoding::incompatible(vm, e, enc)),
        }
        self.seven_bit &= piece_7bit;
        self.bytes.extend_from_slice(piece);
        Ok(())
    }

    /// Adds the String `v`.
    pub fn add_str(&mut self, vm: &mut Vm, v: Value) -> VmResult<()> {
        let bytes = string::bytes(&vm.heap, v).to_vec();
        self.add(vm, &bytes, string::encoding(v))
    }
}
