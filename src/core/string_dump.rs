//! String#dump and String#undump: the ASCII-only quoted form of a string, and reading it back.

use super::string::utf8_char_len;
use crate::object::string::{self, Encoding};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

pub const TABLE: &[M] = &[("dump", s_dump, 0, 0), ("undump", s_undump, 0, 0)];

/// str.dump -> an ASCII-only quoted form that `undump` (or eval) reads back
fn s_dump(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = string::bytes(&vm.heap, s);
    let utf8 = string::encoding(s) == Encoding::Utf8;
    let mut out = String::from("\"");
    let mut i = 0;
    while i < b.len() {
        let n = if utf8 { utf8_char_len(&b[i..]) } else { 1 };
        if n > 1 {
            let c = std::str::from_utf8(&b[i..i + n])
                .ok()
                .and_then(|t| t.chars().next())
                .unwrap_or('\0') as u32;
            if c > 0xffff {
                out.push_str(&format!("\\u{{{c:X}}}"));
            } else {
                out.push_str(&format!("\\u{c:04X}"));
            }
        } else {
            let c = b[i];
            match c {
                b'"' => out.push_str("\\\""),
                b'\\' => out.push_str("\\\\"),
                b'\n' => out.push_str("\\n"),
                b'\t' => out.push_str("\\t"),
                b'\r' => out.push_str("\\r"),
                0x1b => out.push_str("\\e"),
                0x07 => out.push_str("\\a"),
                0x08 => out.push_str("\\b"),
                0x0b => out.push_str("\\v"),
                0x0c => out.push_str("\\f"),
                b'#' if matches!(b.get(i + 1), Some(b'{') | Some(b'$') | Some(b'@')) => {
                    out.push_str("\\#")
                }
                0x20..=0x7e => out.push(c as char),
                _ => out.push_str(&format!("\\x{c:02X}")),
            }
        }
        i += n;
    }
    out.push('"');
    let enc = string::encoding(s);
    if !enc.ascii_compatible() {
        // CRuby's rb_str_dump: what reads back as the same bytes in the same encoding
        out.push_str(&format!(".dup.force_encoding(\"{}\")", enc.name()));
    }
    Ok(vm.str_from(out))
}

/// str.undump -> the string `str` is the `dump` of (RuntimeError for anything else)
fn s_undump(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = string::bytes(&vm.heap, s).to_vec();
    match undump(&b) {
        Ok((bytes, enc)) => {
            let out = vm.str_from_vec(bytes);
            let enc = match enc {
                Some(name) => {
                    let n = vm.str_from(name);
                    super::string_encoding::enc_arg(vm, n)?
                }
                None => string::encoding(s),
            };
            string::set_encoding(out, enc);
            Ok(out)
        }
        Err(msg) => Err(vm.raise_str(vm.c.runtime_error, msg)),
    }
}

/// The bytes a dumped string stands for, and the encoding its `.force_encoding("...")` names.
fn undump(b: &[u8]) -> Result<(Vec<u8>, Option<String>), &'static str> {
    const FORM: &str =
        "invalid dumped string; not wrapped with '\"' nor '\"...\".force_encoding(\"...\")' form";
    if b.first() != Some(&b'"') {
        return Err(FORM);
    }
    let mut out = Vec::new();
    let mut i = 1;
    let mut unicode = false;
    loop {
        let Some(&c) = b.get(i) else {
            return Err("unterminated dumped string");
        };
        i += 1;
        match c {
            b'"' => break,
            b'\\' => {
                let Some(&e) = b.get(i) else {
                    return Err("invalid escape");
                };
                i += 1;
                match e {
                    b'n' => out.push(b'\n'),
                    b't' => out.push(b'\t'),
                    b'r' => out.push(b'\r'),
                    b'f' => out.push(0x0c),
                    b'v' => out.push(0x0b),
                    b'b' => out.push(0x08),
                    b'a' => out.push(0x07),
                    b'e' => out.push(0x1b),
                    b'"' | b'\\' | b'#' => out.push(e),
                    b'x' => {
                        let hex = b.get(i..i + 2).ok_or("invalid hex escape")?;
                        let v = std::str::from_utf8(hex)
                            .ok()
                            .and_then(|h| u8::from_str_radix(h, 16).ok())
                            .ok_or("invalid hex escape")?;
                        out.push(v);
                        i += 2;
                    }
                    b'u' => {
                        unicode = true;
                        let (digits, next) = if b.get(i) == Some(&b'{') {
                            let end = b[i..]
                                .iter()
                                .position(|&x| x == b'}')
                                .ok_or("unterminated Unicode escape")?;
                            (&b[i + 1..i + end], i + end + 1)
                        } else {
                            (b.get(i..i + 4).ok_or("invalid Unicode escape")?, i + 4)
                        };
                        for part in digits.split(|&x| x == b' ').filter(|p| !p.is_empty()) {
                            let ch = std::str::from_utf8(part)
                                .ok()
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .and_then(char::from_u32)
                                .ok_or("invalid Unicode escape")?;
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        }
                        i = next;
                    }
                    // an escape `dump` never writes stands for itself, backslash and all
                    _ => out.extend_from_slice(&[b'\\', e]),
                }
            }
            c if c >= 0x80 => return Err("non-ASCII character detected"),
            c => out.push(c),
        }
    }
    let rest = &b[i..];
    if rest.is_empty() {
        return Ok((out, None));
    }
    let name = rest
        .strip_prefix(b".force_encoding(\"")
        .and_then(|r| r.strip_suffix(b"\")"))
        .ok_or(FORM)?;
    if unicode {
        return Err("dumped string contained Unicode escape but used force_encoding");
    }
    Ok((out, Some(String::from_utf8_lossy(name).into_owned())))
}
