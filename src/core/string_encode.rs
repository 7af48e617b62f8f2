//! String#encode and String#encode! between the encodings rubra has (UTF-8, US-ASCII and
//! BINARY), with the options of core/string_encode_opts.rs, and the
//! transcoding errors (Encoding::InvalidByteSequenceError, UndefinedConversionError,
//! ConverterNotFoundError) worded as CRuby's transcode.c words them. Other options are ignored.

use super::string::check_frozen;
use super::string_encode_opts::{Opts, Xml, emit_ascii, emit_undefined, options};
use super::string_encoding::{enc_arg, enc_name};
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
    for name in [
        "UndefinedConversionError",
        "InvalidByteSequenceError",
        "ConverterNotFoundError",
    ] {
        vm.define_class_under(k, name, error);
    }
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

/// `bytes` as CRuby quotes them in a transcoding error: "\xE3\x81".
fn quoted(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in bytes {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out.push('"');
    out
}

/// The bytes of `bytes` (in `src`) re-encoded in `dst`.
fn convert(
    vm: &mut Vm,
    bytes: &[u8],
    src: Encoding,
    dst: Encoding,
    opts: &Opts,
) -> VmResult<Vec<u8>> {
    let default_repl: &[u8] = if dst == Encoding::Utf8 {
        "\u{FFFD}".as_bytes()
    } else {
        b"?"
    };
    let repl = opts
        .replace
        .clone()
        .unwrap_or_else(|| default_repl.to_vec());
    let mut out = Vec::with_capacity(bytes.len());
    if opts.xml == Some(Xml::Attr) {
        out.push(b'"');
    }
    // a same-encoding conversion that only decorates (xml:, newlines) copies every other byte
    // as it is, valid or not, as CRuby's does (only `invalid: :replace` alone scrubs)
    let decorate_only =
        src == dst && (opts.xml.is_some() || opts.universal || opts.newline.is_some());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            i += emit_ascii(&mut out, bytes, i, opts);
            continue;
        }
        if decorate_only {
            out.push(b);
            i += 1;
            continue;
        }
        match src {
            Encoding::Binary => {
                // every high byte is a character with no Unicode counterpart
                if dst == Encoding::Binary {
                    out.push(b);
                } else if !emit_undefined(vm, &mut out, &[b], None, src, dst, opts)? {
                    let msg = format!("{} from ASCII-8BIT to {}", quoted(&[b]), enc_name(dst));
                    let k = error_class(vm, "UndefinedConversionError");
                    return Err(vm.raise_str(k, &msg));
                }
                i += 1;
            }
            Encoding::UsAscii => {
                if !opts.invalid {
                    let msg = format!("{} on US-ASCII", quoted(&[b]));
                    let k = error_class(vm, "InvalidByteSequenceError");
                    return Err(vm.raise_str(k, &msg));
                }
                out.extend_from_slice(&repl);
                i += 1;
            }
            Encoding::Utf8 => {
                let rest = &bytes[i..];
                let valid = match std::str::from_utf8(rest) {
                    Ok(v) => v,
                    Err(e) => std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or(""),
                };
                if let Some(c) = valid.chars().next() {
                    let n = c.len_utf8();
                    if dst == Encoding::Utf8 {
                        out.extend_from_slice(&rest[..n]);
                    } else if !emit_undefined(
                        vm,
                        &mut out,
                        &rest[..n],
                        Some(c as u32),
                        src,
                        dst,
                        opts,
                    )? {
                        let msg = format!("U+{:04X} from UTF-8 to {}", c as u32, enc_name(dst));
                        let k = error_class(vm, "UndefinedConversionError");
                        return Err(vm.raise_str(k, &msg));
                    }
                    i += n;
                    continue;
                }
                let bad = match std::str::from_utf8(rest) {
                    Err(e) => e.error_len().unwrap_or(rest.len()),
                    Ok(_) => 1,
                };
                if !opts.invalid {
                    let seq = &rest[..bad];
                    let incomplete = (0xc2..=0xf4).contains(&seq[0]);
                    let msg = match rest.get(bad) {
                        _ if !incomplete => format!("{} on UTF-8", quoted(seq)),
                        None => format!("incomplete {} on UTF-8", quoted(seq)),
                        Some(&next) => {
                            format!("{} followed by {} on UTF-8", quoted(seq), quoted(&[next]))
                        }
                    };
                    let k = error_class(vm, "InvalidByteSequenceError");
                    return Err(vm.raise_str(k, &msg));
                }
                out.extend_from_slice(&repl);
                i += bad;
            }
        }
    }
    if opts.xml == Some(Xml::Attr) {
        out.push(b'"');
    }
    Ok(out)
}
