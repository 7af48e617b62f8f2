//! The options of String#encode (core/string_encode.rs) and what they do to each character:
//! `invalid:`/`undef:`/`replace:`, `fallback:` (a Hash, Proc, Method or anything with `[]`
//! giving an undefined character's replacement), `xml: :text`/`:attr` (entities, and `&#xHH;`
//! for an undefined character) and the newline decorators `universal_newline:`,
//! `crlf_newline:` and `cr_newline:`.

use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::VmResult;

#[derive(PartialEq, Clone, Copy)]
pub enum Xml {
    Text,
    Attr,
}

/// What to do with invalid bytes, undefined characters and newlines.
pub struct Opts {
    pub invalid: bool,
    pub undef: bool,
    /// The replacement (None: the destination's default, U+FFFD or "?").
    pub replace: Option<Vec<u8>>,
    pub fallback: Option<Value>,
    pub xml: Option<Xml>,
    /// "\r\n" and "\r" read as "\n".
    pub universal: bool,
    /// What "\n" is written as ("\r\n" or "\r"), when not itself.
    pub newline: Option<&'static [u8]>,
}

impl Opts {
    /// Whether the characters change even when no encoding does.
    pub fn decorates(&self) -> bool {
        self.invalid || self.xml.is_some() || self.universal || self.newline.is_some()
    }
}

pub fn options(vm: &mut Vm, kw: Option<Value>) -> VmResult<Opts> {
    let mut opts = Opts {
        invalid: false,
        undef: false,
        replace: None,
        fallback: None,
        xml: None,
        universal: false,
        newline: None,
    };
    let Some(h) = kw else {
        return Ok(opts);
    };
    let get = |vm: &mut Vm, k: &str| super::hash::get(vm, h, Value::symbol(intern(k)));
    let replace_sym = Value::symbol(intern("replace"));
    opts.invalid = get(vm, "invalid")? == replace_sym;
    opts.undef = get(vm, "undef")? == replace_sym;
    let r = get(vm, "replace")?;
    if !r.is_nil() {
        opts.replace = Some(super::string::str_arg_vec(vm, r)?);
    }
    let f = get(vm, "fallback")?;
    opts.fallback = (!f.is_nil()).then_some(f);
    let x = get(vm, "xml")?;
    if !x.is_nil() {
        opts.xml = Some(if x == Value::symbol(intern("text")) {
            Xml::Text
        } else if x == Value::symbol(intern("attr")) {
            Xml::Attr
        } else {
            let s = vm.to_s_string(x)?;
            return Err(vm.arg_error(&format!("unexpected value for xml option: {s}")));
        });
    }
    opts.universal = get(vm, "universal_newline")?.truthy();
    if get(vm, "crlf_newline")?.truthy() {
        opts.newline = Some(b"\r\n");
    } else if get(vm, "cr_newline")?.truthy() {
        opts.newline = Some(b"\r");
    }
    Ok(opts)
}

/// Writes the ASCII character at `bytes[i]` as the options have it; answers how many bytes it
/// took (2 for a "\r\n" read as one newline).
pub fn emit_ascii(out: &mut Vec<u8>, bytes: &[u8], i: usize, opts: &Opts) -> usize {
    let mut b = bytes[i];
    let mut n = 1;
    if opts.universal && b == b'\r' {
        b = b'\n';
        if bytes.get(i + 1) == Some(&b'\n') {
            n = 2;
        }
    }
    match (b, opts.xml) {
        (b'\n', _) if opts.newline.is_some() => {
            out.extend_from_slice(opts.newline.unwrap_or(b"\n"))
        }
        (b'&', Some(_)) => out.extend_from_slice(b"&amp;"),
        (b'<', Some(_)) => out.extend_from_slice(b"&lt;"),
        (b'>', Some(_)) => out.extend_from_slice(b"&gt;"),
        (b'"', Some(Xml::Attr)) => out.extend_from_slice(b"&quot;"),
        (b'\'', Some(Xml::Attr)) => out.extend_from_slice(b"&apos;"),
        _ => out.push(b),
    }
    n
}

/// Writes a character `dst` has no counterpart for (`piece`, its bytes in `src`; `code`, its
/// code point when it has one: a BINARY byte has none, so `xml:` does not apply to it) as `xml:`, `fallback:` or `undef:` have it; false when none
/// applies (the caller raises UndefinedConversionError).
pub fn emit_undefined(
    vm: &mut Vm,
    out: &mut Vec<u8>,
    piece: &[u8],
    code: Option<u32>,
    src: Encoding,
    dst: Encoding,
    opts: &Opts,
) -> VmResult<bool> {
    if let (Some(code), Some(_)) = (code, opts.xml) {
        out.extend_from_slice(format!("&#x{code:X};").as_bytes());
        return Ok(true);
    }
    if let Some(f) = opts.fallback {
        let c = vm.str_new(piece);
        string::set_encoding(c, src);
        let r = vm.funcall(f, intern("[]"), &[c], None)?;
        if r.is_nil() {
            return Ok(false);
        }
        let r = super::string::str_arg_vec(vm, r)?;
        if dst != Encoding::Utf8 && !r.is_ascii() {
            return Err(vm.arg_error("too big fallback string"));
        }
        out.extend_from_slice(&r);
        return Ok(true);
    }
    if opts.undef {
        let default: &[u8] = if dst == Encoding::Utf8 {
            "\u{FFFD}".as_bytes()
        } else {
            b"?"
        };
        out.extend_from_slice(opts.replace.as_deref().unwrap_or(default));
        return Ok(true);
    }
    Ok(false)
}
