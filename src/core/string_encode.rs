//! String#encode and String#encode! between any two encodings CRuby converts (characters
//! through Unicode, core/transcode.rs), with the options of core/string_encode_opts.rs, and
//! the transcoding errors (Encoding::InvalidByteSequenceError, UndefinedConversionError,
//! ConverterNotFoundError) worded as CRuby's transcode.c words them. Other options are ignored.

use super::string::check_frozen;
use super::string_encode_opts::{
    Opts, Xml, emit_ascii, options, replacement, undefined_replacement,
};
use super::string_encoding::{enc_arg, enc_name, encoding_object};
use super::transcode::{self, Steps, Unit, quoted};
use crate::object::heap::{T_HASH, type_of};
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const TABLE: &[M] = &[("encode", s_encode, 0, 3), ("encode!", s_encode_bang, 0, 3)];

pub fn init(vm: &mut Vm) {
    let k = vm.c.encoding;
    let error = vm.c.encoding_error;
    let both: &[M] = &[
        ("source_encoding", e_source_encoding, 0, 0),
        ("destination_encoding", e_destination_encoding, 0, 0),
        ("source_encoding_name", e_source_encoding_name, 0, 0),
        (
            "destination_encoding_name",
            e_destination_encoding_name,
            0,
            0,
        ),
    ];
    let undefined = vm.define_class_under(k, "UndefinedConversionError", error);
    vm.define_natives(undefined, both);
    vm.define_natives(undefined, &[("error_char", e_error_bytes, 0, 0)]);
    let invalid = vm.define_class_under(k, "InvalidByteSequenceError", error);
    vm.define_natives(invalid, both);
    let readers: &[M] = &[
        ("error_bytes", e_error_bytes, 0, 0),
        ("readagain_bytes", e_readagain_bytes, 0, 0),
        ("incomplete_input?", e_incomplete_input, 0, 0),
    ];
    vm.define_natives(invalid, readers);
    vm.define_class_under(k, "ConverterNotFoundError", error);
    let s = vm.c.string;
    vm.define_natives(s, TABLE);
}

/// str.encode(dst = default_internal, src = str.encoding, **opts) -> a transcoded copy
fn s_encode(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (bytes, enc) = transcode(vm, s, a)?;
    let r = vm.str_new(&bytes);
    string::set_encoding(r, enc);
    Ok(r)
}

/// str.encode!(dst = default_internal, src = str.encoding, **opts) -> str, transcoded in place
fn s_encode_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let (bytes, enc) = transcode(vm, s, a)?;
    string::set_bytes(&mut vm.heap, s, bytes);
    string::set_encoding(s, enc);
    Ok(s)
}

/// The transcoded bytes of `s` and their encoding, for the arguments of `encode`.
fn transcode(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult<(Vec<u8>, Encoding)> {
    let (a, kw) = vm.split_keywords(a)?;
    let a: Vec<Value> = match a.split_last() {
        // an options hash passed positionally, as CRuby accepts it
        Some((&h, rest)) if kw.is_none() && !rest.is_empty() && type_of(h) == T_HASH => {
            return transcode_with(vm, s, rest, Some(h));
        }
        _ => a.to_vec(),
    };
    if a.len() > 2 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..2)",
            a.len()
        )));
    }
    transcode_with(vm, s, &a, kw)
}

fn transcode_with(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    kw: Option<Value>,
) -> VmResult<(Vec<u8>, Encoding)> {
    let own = string::encoding(s);
    let src = match a.get(1) {
        Some(&e) => lookup(vm, e)?,
        None => Ok(own),
    };
    let dst = match a.first() {
        Some(&e) => lookup(vm, e)?,
        None => Ok(vm.default_internal.unwrap_or(own)),
    };
    let (src, dst) = match (src, dst) {
        (Ok(src), Ok(dst)) => (src, dst),
        (src, dst) => {
            let name = |e: Result<Encoding, String>| e.map_or_else(|n| n, |e| enc_name(e).into());
            let msg = format!("code converter not found ({} to {})", name(src), name(dst));
            let k = error_class(vm, "ConverterNotFoundError");
            return Err(vm.raise_str(k, &msg));
        }
    };
    let mut opts = options(vm, kw)?;
    let bytes = vm.bytes(s).to_vec();
    if src == dst && !opts.decorates() {
        return Ok((bytes, dst));
    }
    if a.is_empty() && src != dst {
        // no destination given (so Encoding.default_internal's): invalid and undefined
        // characters are replaced (CRuby's str_transcode0 with argc 0)
        opts.invalid = true;
        opts.undef = true;
    }
    let out = convert(vm, &bytes, src, dst, &opts)?;
    Ok((out, dst))
}

/// An encoding argument: the encoding, or the name rubra does not know (TypeError for what is
/// neither an Encoding nor a String).
fn lookup(vm: &mut Vm, v: Value) -> VmResult<Result<Encoding, String>> {
    match enc_arg(vm, v) {
        Ok(e) => Ok(Ok(e)),
        Err(_) if super::object::is_string(v) => {
            Ok(Err(String::from_utf8_lossy(vm.bytes(v)).into_owned()))
        }
        Err(e) => Err(e),
    }
}

fn error_class(vm: &mut Vm, name: &str) -> Value {
    let k = vm.c.encoding;
    vm.class_data(k)
        .const_get(intern(name))
        .unwrap_or(vm.c.encoding_error)
}

/// `bytes` (in `src`) converted to `dst` with no options (what an IO with an internal
/// encoding does to what it reads, and with an external one to what it writes): the
/// transcoding errors as `encode` raises them.
pub fn convert_plain(vm: &mut Vm, bytes: &[u8], src: Encoding, dst: Encoding) -> VmResult<Vec<u8>> {
    let opts = options(vm, None)?;
    convert(vm, bytes, src, dst, &opts)
}

/// The bytes of `bytes` (in `src`) re-encoded in `dst`.
fn convert(
    vm: &mut Vm,
    bytes: &[u8],
    src: Encoding,
    dst: Encoding,
    opts: &Opts,
) -> VmResult<Vec<u8>> {
    let relabel = src.ascii_compatible() && dst.ascii_compatible() && bytes.is_ascii();
    let converters = transcode::convertible(src) && transcode::convertible(dst);
    if src != dst && !relabel && !converters {
        let msg = format!(
            "code converter not found ({} to {})",
            src.name(),
            dst.name()
        );
        let k = error_class(vm, "ConverterNotFoundError");
        return Err(vm.raise_str(k, &msg));
    }
    // the stateful and composing encodings convert whole: to UTF-8 first, from UTF-8 last
    if src != dst && matches!(src.name(), "ISO-2022-JP" | "UTF8-MAC") {
        let utf8 = whole_to_utf8(vm, bytes, src)?;
        return convert(vm, &utf8, Encoding::Utf8, dst, opts);
    }
    if src != dst && matches!(dst.name(), "ISO-2022-JP" | "UTF8-MAC") {
        let utf8 = convert(vm, bytes, src, Encoding::Utf8, opts)?;
        return whole_from_utf8(vm, &utf8, src, dst);
    }
    let steps = Steps { src, dst };
    let mut out = Vec::with_capacity(bytes.len());
    // the byte-order dummies: a BOM read (and required) at the start, written first
    let (from, mut i) = match src {
        Encoding::Utf16 | Encoding::Utf32 if src != dst => match transcode::bom(src, bytes) {
            Some(found) => found,
            None if bytes.is_empty() => (src, 0),
            None => {
                let n = bytes.len().min(src_unit(src));
                let msg = format!("{} on {}", quoted(&bytes[..n]), src.name());
                let f = Failure::invalid(src, dst, &bytes[..n], None, false);
                return Err(conv_error(vm, "InvalidByteSequenceError", &msg, f));
            }
        },
        _ => (src, 0),
    };
    let to = match dst {
        Encoding::Utf16 if src != dst => {
            out.extend_from_slice(b"\xfe\xff");
            Encoding::Utf16Be
        }
        Encoding::Utf32 if src != dst => {
            out.extend_from_slice(b"\x00\x00\xfe\xff");
            Encoding::Utf32Be
        }
        _ => dst,
    };
    if opts.xml == Some(Xml::Attr) {
        put_text(vm, &mut out, b"\"", to)?;
    }
    // a same-encoding conversion that only decorates (xml:, newlines) copies every other byte
    // as it is, valid or not, as CRuby's does (only `invalid: :replace` alone scrubs)
    let decorate_only =
        src == dst && (opts.xml.is_some() || opts.universal || opts.newline.is_some());
    let mut ascii = Vec::with_capacity(8);
    while i < bytes.len() {
        let rest = &bytes[i..];
        if decorate_only && !(rest[0] < 0x80 && from.ascii_compatible()) {
            out.push(rest[0]);
            i += 1;
            continue;
        }
        match transcode::decode(from, rest) {
            Unit::Char(cp, n) if cp < 0x80 => {
                ascii.clear();
                let used = if from.ascii_compatible() {
                    emit_ascii(&mut ascii, bytes, i, opts)
                } else {
                    emit_ascii(&mut ascii, &[cp as u8], 0, opts);
                    n
                };
                for &b in &ascii {
                    transcode::encode(to, b as u32, &mut out);
                }
                i += used;
            }
            Unit::Char(cp, n) => {
                if !transcode::encode(to, cp, &mut out) {
                    let piece = &rest[..n];
                    match undefined_replacement(vm, piece, Some(cp), src, dst, opts)? {
                        Some(r) => put_text(vm, &mut out, &r, to)?,
                        None => {
                            let msg = steps.undefined(piece, Some(cp), false);
                            let f = Failure::undefined(&steps, piece, Some(cp), false);
                            return Err(conv_error(vm, "UndefinedConversionError", &msg, f));
                        }
                    }
                }
                i += n;
            }
            Unit::Undefined(n) => {
                let piece = &rest[..n];
                match undefined_replacement(vm, piece, None, src, dst, opts)? {
                    Some(r) => put_text(vm, &mut out, &r, to)?,
                    None => {
                        let msg = steps.undefined(piece, None, true);
                        let f = Failure::undefined(&steps, piece, None, true);
                        return Err(conv_error(vm, "UndefinedConversionError", &msg, f));
                    }
                }
                i += n;
            }
            Unit::Invalid {
                len,
                incomplete,
                followed,
            } => {
                if !opts.invalid {
                    let seq = &rest[..len];
                    let msg = if incomplete {
                        format!("incomplete {} on {}", quoted(seq), from.name())
                    } else if followed {
                        let next = &rest[len..len + 1];
                        format!(
                            "{} followed by {} on {}",
                            quoted(seq),
                            quoted(next),
                            from.name()
                        )
                    } else {
                        format!("{} on {}", quoted(seq), from.name())
                    };
                    let again = followed.then(|| &rest[len..len + 1]);
                    let to_step = if steps.two() { Encoding::Utf8 } else { dst };
                    let f = Failure::invalid(from, to_step, seq, again, incomplete);
                    return Err(conv_error(vm, "InvalidByteSequenceError", &msg, f));
                }
                let r = replacement(dst, opts);
                put_text(vm, &mut out, &r, to)?;
                i += len;
            }
        }
    }
    if opts.xml == Some(Xml::Attr) {
        put_text(vm, &mut out, b"\"", to)?;
    }
    Ok(out)
}

/// What a failed conversion step leaves on its error for CRuby's readers
/// (`source_encoding`, `error_bytes`, `error_char`...).
struct Failure<'a> {
    src: Encoding,
    dst: Encoding,
    bytes: std::borrow::Cow<'a, [u8]>,
    /// The byte read past an invalid sequence, to be read again (`readagain_bytes`).
    again: Option<&'a [u8]>,
    incomplete: bool,
}

impl<'a> Failure<'a> {
    fn invalid(
        src: Encoding,
        dst: Encoding,
        bytes: &'a [u8],
        again: Option<&'a [u8]>,
        incomplete: bool,
    ) -> Failure<'a> {
        Failure {
            src,
            dst,
            bytes: bytes.into(),
            again,
            incomplete,
        }
    }

    /// The step of `steps` that found `piece` undefined: decoding the source (`first`) or
    /// encoding code point `cp` (the character then as UTF-8).
    fn undefined(steps: &Steps, piece: &'a [u8], cp: Option<u32>, first: bool) -> Failure<'a> {
        let (src, dst) = match (steps.two(), first) {
            (false, _) => (steps.src, steps.dst),
            (true, true) => (steps.src, Encoding::Utf8),
            (true, false) => (Encoding::Utf8, steps.dst),
        };
        let bytes = match cp.and_then(char::from_u32) {
            Some(c) if src == Encoding::Utf8 => c.to_string().into_bytes().into(),
            _ => piece.into(),
        };
        Failure {
            src,
            dst,
            bytes,
            again: None,
            incomplete: false,
        }
    }
}

/// Names of the hidden instance variables a conversion error keeps its step's facts in.
const IV_SRC: &str = "__source_encoding";
const IV_DST: &str = "__destination_encoding";
const IV_BYTES: &str = "__error_bytes";
const IV_AGAIN: &str = "__readagain_bytes";
const IV_INCOMPLETE: &str = "__incomplete_input";

/// Raises conversion error `class` with `msg` and the facts of `f`.
fn conv_error(vm: &mut Vm, class: &str, msg: &str, f: Failure) -> crate::vm::frame::Unwind {
    let k = error_class(vm, class);
    let u = vm.raise_str(k, msg);
    if let Some(e) = u.raised() {
        let (src, dst) = (encoding_object(vm, f.src), encoding_object(vm, f.dst));
        let bytes = vm.str_new(&f.bytes);
        // UndefinedConversionError#error_char is in the step's source encoding; the bytes of
        // an invalid sequence are BINARY
        let bytes_enc = if class == "UndefinedConversionError" {
            f.src
        } else {
            Encoding::Binary
        };
        string::set_encoding(bytes, bytes_enc);
        let again = match f.again {
            Some(b) => {
                let v = vm.str_new(b);
                string::set_encoding(v, Encoding::Binary);
                v
            }
            None => Value::NIL,
        };
        for (name, v) in [
            (IV_SRC, src),
            (IV_DST, dst),
            (IV_BYTES, bytes),
            (IV_AGAIN, again),
            (IV_INCOMPLETE, Value::bool(f.incomplete)),
        ] {
            let _ = vm.ivar_set(e, intern(name), v);
        }
    }
    u
}

fn error_iv(vm: &mut Vm, s: Value, name: &str) -> Value {
    let v = vm.ivar_get(s, intern(name));
    if v.is_undef() { Value::NIL } else { v }
}
fn e_source_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(error_iv(vm, s, IV_SRC))
}
fn e_destination_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(error_iv(vm, s, IV_DST))
}
/// The name of the step's encoding as its transcoder spells it ("WINDOWS-1252").
fn step_name(vm: &mut Vm, s: Value, iv: &str) -> VmResult {
    let e = error_iv(vm, s, iv);
    match crate::object::heap::payload::<super::string_encoding::Enc>(e) {
        Some(enc) => {
            let name = transcode::trans_name(enc.0).into_owned();
            Ok(vm.str_from(name))
        }
        None => Ok(Value::NIL),
    }
}
fn e_source_encoding_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    step_name(vm, s, IV_SRC)
}
fn e_destination_encoding_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    step_name(vm, s, IV_DST)
}
fn e_error_bytes(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(error_iv(vm, s, IV_BYTES))
}
fn e_readagain_bytes(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(error_iv(vm, s, IV_AGAIN))
}
fn e_incomplete_input(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(error_iv(vm, s, IV_INCOMPLETE).truthy()))
}

/// The bytes a BOM-less UTF-16 or UTF-32 string's error shows.
fn src_unit(e: Encoding) -> usize {
    if e == Encoding::Utf32 { 4 } else { 2 }
}

/// Appends UTF-8 text (a replacement) encoded in `to`; UndefinedConversionError for a
/// character `to` lacks.
fn put_text(vm: &mut Vm, out: &mut Vec<u8>, text: &[u8], to: Encoding) -> VmResult<()> {
    let s = String::from_utf8_lossy(text);
    for c in s.chars() {
        if !transcode::encode(to, c as u32, out) {
            let msg = format!("U+{:04X} from UTF-8 to {}", c as u32, to.name());
            let k = error_class(vm, "UndefinedConversionError");
            return Err(vm.raise_str(k, &msg));
        }
    }
    Ok(())
}

/// A whole ISO-2022-JP or UTF8-MAC string as UTF-8 (UTF8-MAC's decomposed characters
/// composed, NFC, as CRuby's converter does).
fn whole_to_utf8(vm: &mut Vm, bytes: &[u8], src: Encoding) -> VmResult<Vec<u8>> {
    if src.name() == "UTF8-MAC" {
        use unicode_normalization::UnicodeNormalization;
        let text = String::from_utf8_lossy(bytes);
        return Ok(text.nfc().collect::<String>().into_bytes());
    }
    match encoding_rs::ISO_2022_JP.decode_without_bom_handling_and_without_replacement(bytes) {
        Some(text) => Ok(text.into_owned().into_bytes()),
        None => {
            let msg = format!("{} on {}", quoted(bytes), src.name());
            let k = error_class(vm, "InvalidByteSequenceError");
            Err(vm.raise_str(k, &msg))
        }
    }
}

/// UTF-8 text as a whole ISO-2022-JP or UTF8-MAC string (decomposed as HFS+ stores names:
/// NFD but for the CJK compatibility ideographs and U+2000..U+2FFF).
fn whole_from_utf8(vm: &mut Vm, utf8: &[u8], src: Encoding, dst: Encoding) -> VmResult<Vec<u8>> {
    let text = String::from_utf8_lossy(utf8).into_owned();
    if dst.name() == "UTF8-MAC" {
        use unicode_normalization::UnicodeNormalization;
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            let keep = matches!(c as u32, 0x2000..=0x2fff | 0xf900..=0xfaff | 0x2f800..=0x2faff);
            if keep {
                out.push(c);
            } else {
                out.extend(std::iter::once(c).nfd());
            }
        }
        return Ok(out.into_bytes());
    }
    let enc = encoding_rs::ISO_2022_JP;
    for c in text.chars() {
        let mut buf = [0; 4];
        let (_, _, unmappable) = enc.encode(c.encode_utf8(&mut buf));
        if unmappable {
            let steps = Steps { src, dst };
            let msg = steps.undefined(c.encode_utf8(&mut buf).as_bytes(), Some(c as u32), false);
            let k = error_class(vm, "UndefinedConversionError");
            return Err(vm.raise_str(k, &msg));
        }
    }
    Ok(enc.encode(&text).0.into_owned())
}
