//! String methods that change the receiver in place: `[]=`, insert, prepend, replace, clear,
//! concat with several arguments, setbyte, bytesplice, the case-changing bang forms, succ!,
//! reverse!, and sub!/gsub! (String patterns; Regexp comes with its issue). Every change goes
//! through `object::string::{modify, set_bytes, append}`, so a shared receiver is copied out
//! first (copy-on-write), and a frozen one raises FrozenError.

use super::object::is_string;
use super::string::{char_offsets, check_frozen, str_arg, str_arg_vec};
use crate::object::heap::{T_BIGNUM, T_RANGE, type_of};
use crate::object::string::{self, Encoding};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

pub const TABLE: &[M] = &[
    ("[]=", s_aset, 2, 3),
    ("insert", s_insert, 2, 2),
    ("prepend", s_prepend, 0, -1),
    ("replace", s_replace, 1, 1),
    ("initialize_copy", s_replace, 1, 1),
    ("clear", s_clear, 0, 0),
    ("concat", s_concat, 0, -1),
    ("append_as_bytes", s_append_as_bytes, 0, -1),
    ("setbyte", s_setbyte, 2, 2),
    ("bytesplice", s_bytesplice, 2, 5),
    ("upcase!", s_upcase_bang, 0, -1),
    ("downcase!", s_downcase_bang, 0, -1),
    ("capitalize!", s_capitalize_bang, 0, -1),
    ("swapcase!", s_swapcase_bang, 0, -1),
    ("upcase", s_upcase, 0, -1),
    ("downcase", s_downcase, 0, -1),
    ("capitalize", s_capitalize, 0, -1),
    ("swapcase", s_swapcase, 0, -1),
    ("succ!", s_succ_bang, 0, 0),
    ("next!", s_succ_bang, 0, 0),
    ("reverse!", s_reverse_bang, 0, 0),
];

/// RangeError "RANGE out of range" for a Range index past the string.
fn range_out_of_range(vm: &mut Vm, r: Value) -> crate::vm::frame::Unwind {
    let k = vm.c.range_error;
    match vm.inspect_str(r) {
        Ok(desc) => vm.raise_str(k, &format!("{desc} out of range")),
        Err(e) => e,
    }
}

fn out_of_string(vm: &mut Vm, i: i64) -> crate::vm::frame::Unwind {
    let k = vm.c.index_error;
    vm.raise_str(k, &format!("index {i} out of string"))
}

use super::string::single_byte;

/// The number of characters and a function from character index to byte offset.
fn offsets(vm: &Vm, s: Value) -> Vec<usize> {
    if single_byte(s) {
        (0..=string::len(s)).collect()
    } else {
        char_offsets(vm, s)
    }
}

/// Replaces bytes `st..st + len` of `s` with `with`.
fn splice(vm: &mut Vm, s: Value, st: usize, len: usize, with: &[u8]) {
    string::modify(&mut vm.heap, s, |b| {
        b.splice(st..st + len, with.iter().copied());
    });
}

/// str[index] = v / str[start, length] = v / str[range] = v / str[substring] = v
fn s_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let val = *a.last().expect("value");
    let with = str_arg_vec(vm, val)?;
    if is_string(val) {
        super::string_encoding::check_compatible(vm, s, val)?;
    }
    if super::regexp::is_regexp(a[0]) {
        let cap = if a.len() == 3 { Some(a[1]) } else { None };
        let Some((_, b, len)) = super::string_regexp::capture_span(vm, s, a[0], cap)? else {
            let k = vm.c.index_error;
            return Err(vm.raise_str(k, "regexp not matched"));
        };
        splice(vm, s, b, len, &with);
        return Ok(val);
    }
    let offs = offsets(vm, s);
    let n = offs.len() as i64 - 1;
    let (st, len) = if a.len() == 3 {
        let (st, len) = (super::arg_int(vm, a[0])?, super::arg_int(vm, a[1])?);
        if len < 0 {
            let k = vm.c.index_error;
            return Err(vm.raise_str(k, &format!("negative length {len}")));
        }
        let p = if st < 0 { st + n } else { st };
        if p < 0 || p > n {
            return Err(out_of_string(vm, st));
        }
        (p, len.min(n - p))
    } else if is_string(a[0]) {
        let needle = string::bytes(&vm.heap, a[0]);
        let Some(k) = memchr::memmem::find(string::bytes(&vm.heap, s), needle) else {
            let k = vm.c.index_error;
            return Err(vm.raise_str(k, "string not matched"));
        };
        let len = needle.len();
        splice(vm, s, k, len, &with);
        return Ok(val);
    } else if type_of(a[0]) == T_RANGE {
        match super::string_slice::range_span(vm, a[0], n)? {
            Some(span) => span,
            None => return Err(range_out_of_range(vm, a[0])),
        }
    } else {
        let i = super::arg_int(vm, a[0])?;
        let p = if i < 0 { i + n } else { i };
        if p < 0 || p >= n {
            return Err(out_of_string(vm, i));
        }
        (p, 1)
    };
    let (b, e) = (offs[st as usize], offs[(st + len) as usize]);
    splice(vm, s, b, e - b, &with);
    Ok(val)
}

/// str.insert(index, other) -> str (a negative index inserts after that character)
fn s_insert(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let i = super::arg_int(vm, a[0])?;
    let with = str_arg_vec(vm, a[1])?;
    let offs = offsets(vm, s);
    let n = offs.len() as i64 - 1;
    let p = if i < 0 { i + n + 1 } else { i };
    if p < 0 || p > n {
        return Err(out_of_string(vm, i));
    }
    splice(vm, s, offs[p as usize], 0, &with);
    Ok(s)
}

/// str.prepend(*others) -> str
fn s_prepend(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let mut front = Vec::new();
    for &o in a {
        // each piece is copied into `front` at once, so `s.prepend(s)` and a `to_str` that
        // changes `s` see the bytes as they were when that argument was converted
        let o = str_arg(vm, o)?;
        front.extend_from_slice(vm.bytes(o));
    }
    splice(vm, s, 0, 0, &front);
    Ok(s)
}

/// str.replace(other) -> str with other's contents and encoding
fn s_replace(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let with = str_arg_vec(vm, a[0])?;
    string::set_bytes(&mut vm.heap, s, with);
    if is_string(a[0]) {
        string::set_encoding(s, string::encoding(a[0]));
    }
    Ok(s)
}

fn s_clear(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    string::set_bytes(&mut vm.heap, s, Vec::new());
    Ok(s)
}

/// str.concat(*objects) -> str (Integers append the character with that codepoint)
fn s_concat(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    if let [o] = a
        && is_string(*o)
    {
        // one String: appended straight from its bytes (also when it is `s` itself)
        let enc = super::string_encoding::check_compatible(vm, s, *o)?;
        string::set_encoding(s, enc);
        string::append_str(&mut vm.heap, s, *o);
        return Ok(s);
    }
    // the pieces are gathered first: `s.concat(s, s)` appends s twice as it was
    let mut more = Vec::new();
    for &o in a {
        if o.is_fixnum() {
            let bytes = codepoint_bytes(vm, s, o.as_fixnum())?;
            more.extend_from_slice(&bytes);
        } else {
            if is_string(o) {
                let enc = super::string_encoding::check_compatible(vm, s, o)?;
                string::set_encoding(s, enc);
            }
            let o = str_arg(vm, o)?;
            more.extend_from_slice(vm.bytes(o));
        }
    }
    string::append(&mut vm.heap, s, &more);
    Ok(s)
}

/// str.append_as_bytes(*objects) -> str: the bytes of Strings and the low byte of Integers,
/// appended without an encoding check or conversion
fn s_append_as_bytes(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let mut more = Vec::new();
    for &o in a {
        if o.is_fixnum() {
            more.push(o.as_fixnum() as u8);
        } else if is_string(o) {
            more.extend_from_slice(vm.bytes(o));
        } else if type_of(o) == T_BIGNUM {
            let low = vm.funcall(o, crate::sym!("&"), &[Value::fixnum(0xff)], None)?;
            more.push(low.as_fixnum() as u8);
        } else {
            let k = vm.real_class(o);
            let msg = format!(
                "wrong argument type {} (expected String or Integer)",
                vm.class_name(k)
            );
            return Err(vm.type_error(&msg));
        }
    }
    string::append(&mut vm.heap, s, &more);
    Ok(s)
}

/// The bytes `str << integer` appends: the codepoint in UTF-8, or the byte itself in a binary
/// or US-ASCII string (which a byte above 127 makes binary); RangeError as CRuby words it
/// otherwise.
pub fn codepoint_bytes(vm: &mut Vm, s: Value, c: i64) -> VmResult<CharBytes> {
    let k = vm.c.range_error;
    let mut buf = [0u8; 4];
    if string::encoding(s) != Encoding::Utf8 {
        if !(0..=255).contains(&c) {
            return Err(vm.raise_str(k, &format!("{c} out of char range")));
        }
        // a byte above ASCII makes a US-ASCII string binary, as CRuby's rb_str_concat
        if c > 127 && string::encoding(s) == Encoding::UsAscii {
            string::set_encoding(s, Encoding::Binary);
        }
        buf[0] = c as u8;
        return Ok(CharBytes { buf, len: 1 });
    }
    if !(0..=0x10ffff).contains(&c) {
        return Err(vm.raise_str(k, &format!("{c} out of char range")));
    }
    match char::from_u32(c as u32) {
        Some(ch) => {
            let len = ch.encode_utf8(&mut buf).len();
            Ok(CharBytes { buf, len })
        }
        None => Err(vm.raise_str(k, &format!("invalid codepoint 0x{c:X} in UTF-8"))),
    }
}

/// One character's bytes (at most 4), without a heap buffer: `str << integer` runs in loops.
pub struct CharBytes {
    buf: [u8; 4],
    len: usize,
}

impl std::ops::Deref for CharBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// str.setbyte(index, integer) -> integer
fn s_setbyte(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let i = super::arg_int(vm, a[0])?;
    let b = super::arg_int(vm, a[1])?;
    let n = string::len(s) as i64;
    let p = if i < 0 { i + n } else { i };
    if p < 0 || p >= n {
        return Err(out_of_string(vm, i));
    }
    string::modify_in_place(&mut vm.heap, s, |bytes| bytes[p as usize] = b as u8);
    Ok(a[1])
}

/// str.bytesplice(start, length, str) / (range, str) -> str (byte offsets)
fn s_bytesplice(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let n = string::len(s) as i64;
    let (st, len, with) = match a.len() {
        2 if type_of(a[0]) == T_RANGE => match super::string_slice::range_span(vm, a[0], n)? {
            Some((st, len)) => (st, len, a[1]),
            None => return Err(range_out_of_range(vm, a[0])),
        },
        3 => {
            let (st, len) = (super::arg_int(vm, a[0])?, super::arg_int(vm, a[1])?);
            let p = if st < 0 { st + n } else { st };
            if p < 0 || p > n {
                return Err(out_of_string(vm, st));
            }
            if len < 0 {
                let k = vm.c.index_error;
                return Err(vm.raise_str(k, &format!("negative length {len}")));
            }
            (p, len.min(n - p), a[2])
        }
        _ => return Err(vm.arg_error("wrong number of arguments (given 2, expected 3)")),
    };
    let with = str_arg_vec(vm, with)?;
    splice(vm, s, st as usize, len as usize, &with);
    Ok(s)
}

// ---- case mapping (full Unicode mappings; `:ascii` limits them to ASCII) ----

#[derive(Clone, Copy)]
enum Case {
    Up,
    Down,
    Capitalize,
    Swap,
}

fn mapped(vm: &mut Vm, s: Value, a: &[Value], case: Case) -> VmResult<Vec<u8>> {
    let ascii = match a.first() {
        Some(&o) if o.is_symbol() => {
            let name = crate::object::symbol::sym_name(o.as_symbol_id());
            match name {
                "ascii" => true,
                "turkic" | "lithuanian" | "fold" => false,
                _ => return Err(vm.arg_error(&format!("invalid option: :{name}"))),
            }
        }
        Some(&o) => {
            let desc = vm.inspect_str(o)?;
            return Err(vm.arg_error(&format!("invalid option: {desc}")));
        }
        None => false,
    };
    let b = string::bytes(&vm.heap, s);
    let enc = string::encoding(s);
    if !ascii
        && enc != Encoding::Utf8
        && let Some(out) = mapped_in(b, enc, case)
    {
        return Ok(out);
    }
    if ascii || single_byte(s) || std::str::from_utf8(b).is_err() {
        let mut out = b.to_vec();
        let mut first = true;
        for c in out.iter_mut() {
            *c = match case {
                Case::Up => c.to_ascii_uppercase(),
                Case::Down => c.to_ascii_lowercase(),
                Case::Swap if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
                Case::Swap => c.to_ascii_uppercase(),
                Case::Capitalize if first => c.to_ascii_uppercase(),
                Case::Capitalize => c.to_ascii_lowercase(),
            };
            first = false;
        }
        return Ok(out);
    }
    let t = std::str::from_utf8(b).expect("valid");
    Ok(map_text(t, case).into_bytes())
}

/// `t` case-mapped as Unicode has it.
fn map_text(t: &str, case: Case) -> String {
    match case {
        Case::Up => t.to_uppercase(),
        // character by character: CRuby has no final-sigma rule (Rust's `str::to_lowercase` does)
        Case::Down => t.chars().flat_map(char::to_lowercase).collect(),
        Case::Swap => t
            .chars()
            .flat_map(|c| -> Box<dyn Iterator<Item = char>> {
                if c.is_uppercase() {
                    Box::new(c.to_lowercase())
                } else {
                    Box::new(c.to_uppercase())
                }
            })
            .collect(),
        Case::Capitalize => {
            let mut chars = t.chars();
            match chars.next() {
                Some(c) => titlecase(c)
                    .chain(chars.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            }
        }
    }
}

/// The case mapping of `b` in an encoding other than UTF-8 that has its own: a single-byte
/// encoding's table (CRuby's, generated), or Unicode's for UTF-16 and UTF-32 (a character whose
/// mapping does not fit the encoding stays). None: ASCII only.
fn mapped_in(b: &[u8], enc: Encoding, case: Case) -> Option<Vec<u8>> {
    use crate::object::encoding::Kind;
    match enc.kind() {
        Kind::Single if !enc.info().cases.is_empty() => {
            let cases = enc.info().cases;
            let find = |c: u8| cases.iter().find(|e| e.0 == c);
            let up = |c: u8| match find(c) {
                Some(e) => e.1.to_vec(),
                None => vec![c.to_ascii_uppercase()],
            };
            let down = |c: u8| match find(c) {
                Some(e) => e.2.to_vec(),
                None => vec![c.to_ascii_lowercase()],
            };
            let mut out = Vec::with_capacity(b.len());
            for (i, &c) in b.iter().enumerate() {
                out.extend(match case {
                    Case::Up => up(c),
                    Case::Down => down(c),
                    Case::Swap if down(c) != [c] => down(c),
                    Case::Swap => up(c),
                    Case::Capitalize if i == 0 => up(c),
                    Case::Capitalize => down(c),
                });
            }
            Some(out)
        }
        Kind::Utf16Be | Kind::Utf16Le | Kind::Utf32Be | Kind::Utf32Le => {
            let mut t = String::with_capacity(b.len());
            let mut i = 0;
            while i < b.len() {
                match super::transcode::decode(enc, &b[i..]) {
                    super::transcode::Unit::Char(cp, n) => {
                        t.push(char::from_u32(cp)?);
                        i += n;
                    }
                    _ => return None,
                }
            }
            let mut out = Vec::with_capacity(b.len());
            for c in map_text(&t, case).chars() {
                super::transcode::encode(enc, c as u32, &mut out);
            }
            Some(out)
        }
        _ => None,
    }
}

/// The titlecase of `c` (differs from uppercase only for the digraphs).
fn titlecase(c: char) -> Box<dyn Iterator<Item = char>> {
    match c {
        'Ǆ' | 'ǅ' | 'ǆ' => Box::new(std::iter::once('ǅ')),
        'Ǉ' | 'ǈ' | 'ǉ' => Box::new(std::iter::once('ǈ')),
        'Ǌ' | 'ǋ' | 'ǌ' => Box::new(std::iter::once('ǋ')),
        'Ǳ' | 'ǲ' | 'ǳ' => Box::new(std::iter::once('ǲ')),
        'ß' => Box::new("Ss".chars()),
        c => Box::new(c.to_uppercase()),
    }
}

fn case_new(vm: &mut Vm, s: Value, a: &[Value], case: Case) -> VmResult {
    let out = mapped(vm, s, a, case)?;
    let r = vm.str_new(&out);
    string::copy_encoding(r, s);
    Ok(r)
}
fn case_bang(vm: &mut Vm, s: Value, a: &[Value], case: Case) -> VmResult {
    check_frozen(vm, s)?;
    let out = mapped(vm, s, a, case)?;
    if out == string::bytes(&vm.heap, s) {
        return Ok(Value::NIL);
    }
    string::set_bytes(&mut vm.heap, s, out);
    Ok(s)
}
fn s_upcase(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    case_new(vm, s, a, Case::Up)
}
fn s_downcase(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    case_new(vm, s, a, Case::Down)
}
fn s_capitalize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    case_new(vm, s, a, Case::Capitalize)
}
fn s_swapcase(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    case_new(vm, s, a, Case::Swap)
}
fn s_upcase_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    case_bang(vm, s, a, Case::Up)
}
fn s_downcase_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    case_bang(vm, s, a, Case::Down)
}
fn s_capitalize_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    case_bang(vm, s, a, Case::Capitalize)
}
fn s_swapcase_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    case_bang(vm, s, a, Case::Swap)
}

fn s_succ_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let next = crate::core::range::str_succ(string::bytes(&vm.heap, s));
    string::set_bytes(&mut vm.heap, s, next);
    Ok(s)
}

fn s_reverse_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let offs = offsets(vm, s);
    let b = string::bytes(&vm.heap, s);
    let mut out = Vec::with_capacity(b.len());
    for w in offs.windows(2).rev() {
        out.extend_from_slice(&b[w[0]..w[1]]);
    }
    string::set_bytes(&mut vm.heap, s, out);
    Ok(s)
}
