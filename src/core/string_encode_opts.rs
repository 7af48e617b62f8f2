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

/// The replacement, as UTF-8 text, for a character `dst` has no counterpart for (`piece`, its
/// bytes in `src`; `code`, its code point when it has one: a BINARY byte has none, so `xml:`
/// does not apply to it), as `xml:`, `fallback:` or `undef:` have it; None when none applies
/// (the caller raises UndefinedConversionError).
pub fn undefined_replacement(
    vm: &mut Vm,
    piece: &[u8],
    code: Option<u32>,
    src: Encoding,
    dst: Encoding,
    opts: &Opts,
) -> VmResult<Option<Vec<u8>>> {
    if let (Some(code), Some(_)) = (code, opts.xml) {
        return Ok(Some(format!("&#x{code:X};").into_bytes()));
    }
    if let Some(f) = opts.fallback {
        let c = vm.str_new(piece);
        string::set_encoding(c, src);
        let r = vm.funcall(f, intern("[]"), &[c], None)?;
        if r.is_nil() {
            return Ok(None);
        }
        let r = super::string::str_arg_vec(vm, r)?;
        if !dst.is_unicode() && !r.is_ascii() {
            return Err(vm.arg_error("too big fallback string"));
        }
        return Ok(Some(r));
    }
    if opts.undef {
        return Ok(Some(replacement(dst, opts)));
    }
    Ok(None)
}

/// The replacement for an invalid or undefined character, as UTF-8 text: `replace:`, else
/// U+FFFD for a Unicode destination and "?" for the others.
pub fn replacement(dst: Encoding, opts: &Opts) -> Vec<u8> {
    match &opts.replace {
        Some(r) => r.clone(),
        None if dst.is_unicode() => "\u{FFFD}".as_bytes().to_vec(),
        None => b"?".to_vec(),
    }
}
