//! String#unicode_normalize, unicode_normalize! and unicode_normalized? (forms :nfc, :nfd,
//! :nfkc and :nfkd) on the unicode-normalization crate. As CRuby's: a BINARY string raises
//! Encoding::CompatibilityError, a broken UTF-8 one ArgumentError, and US-ASCII text is
//! already normalized in every form.

use crate::object::string::{self, CodeRange, Encoding};
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use unicode_normalization::UnicodeNormalization;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const TABLE: &[M] = &[
    ("unicode_normalize", s_unicode_normalize, 0, 1),
    ("unicode_normalize!", s_unicode_normalize_bang, 0, 1),
    ("unicode_normalized?", s_unicode_normalized_p, 0, 1),
];

pub fn init(vm: &mut Vm) {
    let s = vm.c.string;
    vm.define_natives(s, TABLE);
}

#[derive(Clone, Copy)]
enum Form {
    Nfc,
    Nfd,
    Nfkc,
    Nfkd,
}

/// The form argument (default :nfc); ArgumentError "Invalid normalization form x." else.
fn form_arg(vm: &mut Vm, a: &[Value]) -> VmResult<Form> {
    let Some(&f) = a.first() else {
        return Ok(Form::Nfc);
    };
    let name = if f.is_symbol() {
        sym_name(f.as_symbol_id()).to_string()
    } else {
        let s = vm.inspect(f)?;
        String::from_utf8_lossy(vm.bytes(s)).into_owned()
    };
    match name.as_str() {
        "nfc" => Ok(Form::Nfc),
        "nfd" => Ok(Form::Nfd),
        "nfkc" => Ok(Form::Nfkc),
        "nfkd" => Ok(Form::Nfkd),
        _ => Err(vm.arg_error(&format!("Invalid normalization form {name}."))),
    }
}

/// The receiver's text when it needs normalizing: None for US-ASCII (or 7-bit) text, which
/// every form leaves as it is; the errors CRuby raises for other encodings and broken bytes.
fn text(vm: &mut Vm, s: Value) -> VmResult<Option<String>> {
    match string::encoding(s) {
        Encoding::Binary => {
            let k = vm.c.compatibility_error;
            Err(vm.raise_str(k, "Unicode Normalization not appropriate for ASCII-8BIT"))
        }
        Encoding::UsAscii => Ok(None),
        Encoding::Utf8 => match string::code_range(s) {
            CodeRange::SevenBit => Ok(None),
            CodeRange::Broken => Err(vm.arg_error("invalid byte sequence in UTF-8")),
            _ => match std::str::from_utf8(vm.bytes(s)) {
                Ok(t) => Ok(Some(t.to_string())),
                Err(_) => Err(vm.arg_error("invalid byte sequence in UTF-8")),
            },
        },
        // UTF-16 and UTF-32: normalized as Unicode text, written back in the encoding
        e if e.is_unicode() => {
            let b = vm.bytes(s).to_vec();
            let mut t = String::with_capacity(b.len());
            let mut i = 0;
            while i < b.len() {
                match super::transcode::decode(e, &b[i..]) {
                    super::transcode::Unit::Char(cp, n) => {
                        t.extend(char::from_u32(cp));
                        i += n;
                    }
                    _ => {
                        return Err(vm.arg_error(&format!("invalid byte sequence in {}", e.name())));
                    }
                }
            }
            Ok(Some(t))
        }
        e if string::code_range(s) == CodeRange::SevenBit && e.ascii_compatible() => Ok(None),
        e => {
            let k = vm.c.compatibility_error;
            let msg = format!("Unicode Normalization not appropriate for {}", e.name());
            Err(vm.raise_str(k, &msg))
        }
    }
}

/// Normalized text `t` as the bytes of encoding `e` (a Unicode encoding).
fn encoded(t: &str, e: Encoding) -> Vec<u8> {
    if e == Encoding::Utf8 {
        return t.as_bytes().to_vec();
    }
    let mut out = Vec::with_capacity(t.len() * 2);
    for c in t.chars() {
        super::transcode::encode(e, c as u32, &mut out);
    }
    out
}

fn normalize(t: &str, f: Form) -> String {
    match f {
        Form::Nfc => t.nfc().collect(),
        Form::Nfd => t.nfd().collect(),
        Form::Nfkc => t.nfkc().collect(),
        Form::Nfkd => t.nfkd().collect(),
    }
}

/// str.unicode_normalize(form = :nfc) -> new_str
fn s_unicode_normalize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let f = form_arg(vm, a)?;
    let out = match text(vm, s)? {
        Some(t) => {
            let e = string::encoding(s);
            vm.str_new(&encoded(&normalize(&t, f), e))
        }
        None => vm.str_dup(s),
    };
    string::copy_encoding(out, s);
    Ok(out)
}

/// str.unicode_normalize!(form = :nfc) -> str
fn s_unicode_normalize_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    super::string::check_frozen(vm, s)?;
    let f = form_arg(vm, a)?;
    if let Some(t) = text(vm, s)? {
        let n = normalize(&t, f);
        if n != t {
            let e = string::encoding(s);
            string::set_bytes(&mut vm.heap, s, encoded(&n, e));
        }
    }
    Ok(s)
}

/// str.unicode_normalized?(form = :nfc) -> true or false
fn s_unicode_normalized_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let f = form_arg(vm, a)?;
    Ok(Value::bool(match text(vm, s)? {
        Some(t) => normalize(&t, f) == t,
        None => true,
    }))
}
