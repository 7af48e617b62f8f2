//! Array#pack, String#unpack and String#unpack1 for the common directives, as CRuby's pack.c:
//! integers `C c S s L l Q q J j I i N n V v` (with `_ ! < >` for native size and byte order),
//! floats `D d F f E e G g`, strings `a A Z`, hex `H h`, `U` (UTF-8 characters), `w` (BER
//! compressed integers), `m` (base64; `m0` strict), `M` (quoted-printable), and positioning
//! `x X @`. Counts are a number or `*`; spaces between directives are ignored, `#` starts a
//! comment.

use super::object::{float_value, is_float};
use super::string::{str_arg, str_arg_vec};
use crate::object::heap::rarray;
use crate::object::string::{self, Encoding};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;

pub fn init(vm: &mut Vm) {
    let (a, s) = (vm.c.array, vm.c.string);
    vm.define_natives(a, &[("pack", a_pack, 1, 2)]);
    vm.define_natives(
        s,
        &[("unpack", s_unpack, 1, 2), ("unpack1", s_unpack1, 1, 2)],
    );
}

#[derive(Clone, Copy, PartialEq)]
enum Count {
    One,
    N(usize),
    Star,
}

/// One directive of a template.
struct Directive {
    kind: u8,
    count: Count,
    /// Byte order for integers: true for big-endian.
    big: bool,
    /// `_` or `!`: the platform's native size.
    native: bool,
}

impl Directive {
    /// How many items or units the directive covers: 1 without a count, its count, or `star`
    /// for `*`.
    fn times(&self, star: usize) -> usize {
        match self.count {
            Count::One => 1,
            Count::N(n) => n,
            Count::Star => star,
        }
    }
}

/// The next item to pack (ArgumentError "too few arguments" when there is none).
fn next_item(vm: &mut Vm, items: &[Value], next: &mut usize) -> VmResult<Value> {
    let Some(&v) = items.get(*next) else {
        return Err(too_few(vm));
    };
    *next += 1;
    Ok(v)
}

fn parse_template(vm: &mut Vm, t: &[u8]) -> VmResult<Vec<Directive>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let c = t[i];
        i += 1;
        if c.is_ascii_whitespace() {
            continue;
        }
        if c == b'#' {
            while i < t.len() && t[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let mut d = Directive {
            kind: c,
            count: Count::One,
            big: matches!(c, b'n' | b'N' | b'g' | b'G'),
            native: false,
        };
        while i < t.len() && matches!(t[i], b'_' | b'!' | b'<' | b'>') {
            if !b"sSiIlLqQjJ".contains(&c) {
                let msg = format!("'{}' allowed only after types sSiIlLqQjJ", t[i] as char);
                return Err(vm.arg_error(&msg));
            }
            match t[i] {
                b'<' => d.big = false,
                b'>' => d.big = true,
                _ => d.native = true,
            }
            i += 1;
        }
        if i < t.len() && t[i] == b'*' {
            d.count = Count::Star;
            i += 1;
        } else if i < t.len() && t[i].is_ascii_digit() {
            let mut n = 0usize;
            while i < t.len() && t[i].is_ascii_digit() {
                n = n.saturating_mul(10).saturating_add((t[i] - b'0') as usize);
                i += 1;
            }
            d.count = Count::N(n);
        }
        out.push(d);
    }
    Ok(out)
}

/// The size in bytes of an integer directive, or None for other directives.
fn int_size(d: &Directive) -> Option<usize> {
    Some(match d.kind {
        b'C' | b'c' => 1,
        b'S' | b's' | b'n' | b'v' => 2,
        b'L' | b'l' if d.native => 8,
        b'L' | b'l' | b'I' | b'i' | b'N' | b'V' => 4,
        b'Q' | b'q' | b'J' | b'j' => 8,
        _ => return None,
    })
}

fn signed(kind: u8) -> bool {
    kind.is_ascii_lowercase() && !matches!(kind, b'n' | b'v')
}

/// The low 64 bits (two's complement) of an Integer or Float argument.
fn int_bits(vm: &mut Vm, v: Value) -> VmResult<u64> {
    if v.is_fixnum() {
        return Ok(v.as_fixnum() as u64);
    }
    if is_float(v) {
        let f = float_value(v);
        if !f.is_finite() {
            let k = vm.c.float_domain_error;
            let msg = if f.is_nan() {
                "NaN".to_string()
            } else if f > 0.0 {
                "Infinity".to_string()
            } else {
                "-Infinity".to_string()
            };
            return Err(vm.raise_str(k, &msg));
        }
        return Ok(f.trunc() as i64 as u64);
    }
    if super::integer::is_int(v) {
        let b: BigInt = super::integer::to_big(v);
        let mut bytes = b.to_signed_bytes_le();
        let fill = if b.sign() == num_bigint::Sign::Minus {
            0xff
        } else {
            0
        };
        bytes.resize(8.max(bytes.len()), fill);
        let mut low = [0u8; 8];
        low.copy_from_slice(&bytes[..8]);
        return Ok(u64::from_le_bytes(low));
    }
    if v.is_nil() {
        return Err(vm.type_error("no implicit conversion of nil into Integer"));
    }
    Err(vm.conversion_error(v, "Integer"))
}

fn too_few(vm: &mut Vm) -> crate::vm::frame::Unwind {
    vm.arg_error("too few arguments")
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64(src: &[u8], line: Option<usize>, out: &mut Vec<u8>) {
    let chunks: Vec<&[u8]> = match line {
        Some(n) => src.chunks(n.max(3) / 3 * 3).collect(),
        None => vec![src],
    };
    for chunk in chunks {
        for group in chunk.chunks(3) {
            let b = [
                group[0],
                *group.get(1).unwrap_or(&0),
                *group.get(2).unwrap_or(&0),
            ];
            let n = ((b[0] as u32) << 16) | ((b[1] as u32) << 8) | b[2] as u32;
            out.push(B64[(n >> 18) as usize & 63]);
            out.push(B64[(n >> 12) as usize & 63]);
            out.push(if group.len() > 1 {
                B64[(n >> 6) as usize & 63]
            } else {
                b'='
            });
            out.push(if group.len() > 2 {
                B64[n as usize & 63]
            } else {
                b'='
            });
        }
        if line.is_some() {
            out.push(b'\n');
        }
    }
}

fn unbase64(vm: &mut Vm, src: &[u8], strict: bool) -> VmResult<Vec<u8>> {
    let value = |c: u8| B64.iter().position(|&x| x == c).map(|p| p as u32);
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    let mut padding = 0;
    for &c in src {
        if c == b'=' {
            padding += 1;
            continue;
        }
        let Some(v) = value(c) else {
            if strict {
                return Err(vm.arg_error("invalid base64"));
            }
            continue;
        };
        if padding > 0 && strict {
            return Err(vm.arg_error("invalid base64"));
        }
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if strict && (!src.len().is_multiple_of(4) || bits >= 6) {
        return Err(vm.arg_error("invalid base64"));
    }
    Ok(out)
}

fn qp_encode(src: &[u8], max: usize, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut n = 0;
    let mut prev: Option<u8> = None;
    for &c in src {
        if c > 126 || (c < 32 && c != b'\n' && c != b'\t') || c == b'=' {
            out.extend_from_slice(&[b'=', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]]);
            n += 3;
            prev = None;
        } else if c == b'\n' {
            if matches!(prev, Some(b' ') | Some(b'\t')) {
                out.extend_from_slice(b"=\n");
            }
            out.push(b'\n');
            n = 0;
            prev = Some(c);
            continue;
        } else {
            out.push(c);
            n += 1;
            prev = Some(c);
        }
        if n > max {
            out.extend_from_slice(b"=\n");
            n = 0;
            prev = Some(b'\n');
        }
    }
    if n > 0 {
        out.extend_from_slice(b"=\n");
    }
}

fn qp_decode(src: &[u8]) -> Vec<u8> {
    let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() {
        if src[i] == b'=' {
            if src.get(i + 1) == Some(&b'\n') {
                i += 2;
                continue;
            }
            if src.get(i + 1) == Some(&b'\r') && src.get(i + 2) == Some(&b'\n') {
                i += 3;
                continue;
            }
            if let (Some(h), Some(l)) = (
                src.get(i + 1).and_then(|&c| hex(c)),
                src.get(i + 2).and_then(|&c| hex(c)),
            ) {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(src[i]);
        i += 1;
    }
    out
}

/// ary.pack(template, buffer: nil) -> string
fn a_pack(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let template = str_arg_vec(vm, a[0])?;
    let dirs = parse_template(vm, &template)?;
    let items: Vec<Value> = rarray(s).vec.to_vec();
    let mut next = 0;
    let mut out: Vec<u8> = Vec::new();
    let mut enc = Encoding::Binary;
    for (i, d) in dirs.iter().enumerate() {
        if let Some(size) = int_size(d) {
            let n = d.times(items.len().saturating_sub(next));
            for _ in 0..n {
                let v = next_item(vm, &items, &mut next)?;
                let bits = int_bits(vm, v)?.to_le_bytes();
                if d.big {
                    out.extend(bits[..size].iter().rev());
                } else {
                    out.extend_from_slice(&bits[..size]);
                }
            }
            continue;
        }
        match d.kind {
            b'D' | b'd' | b'F' | b'f' | b'E' | b'e' | b'G' | b'g' => {
                let n = d.times(items.len().saturating_sub(next));
                for _ in 0..n {
                    let v = next_item(vm, &items, &mut next)?;
                    let f = super::float::num2dbl(vm, v)?;
                    let bytes: Vec<u8> = match d.kind {
                        b'D' | b'd' | b'E' => f.to_le_bytes().to_vec(),
                        b'G' => f.to_be_bytes().to_vec(),
                        b'F' | b'f' | b'e' => (f as f32).to_le_bytes().to_vec(),
                        _ => (f as f32).to_be_bytes().to_vec(),
                    };
                    out.extend_from_slice(&bytes);
                }
            }
            b'a' | b'A' | b'Z' => {
                let v = next_item(vm, &items, &mut next)?;
                let bytes = str_arg(vm, v)?;
                let bytes = string::bytes(&vm.heap, bytes);
                let pad = if d.kind == b'A' { b' ' } else { 0 };
                match d.count {
                    Count::Star => {
                        out.extend_from_slice(bytes);
                        if d.kind == b'Z' {
                            out.push(0);
                        }
                    }
                    c => {
                        let n = if let Count::N(n) = c { n } else { 1 };
                        let take = bytes.len().min(n);
                        out.extend_from_slice(&bytes[..take]);
                        out.extend(std::iter::repeat_n(pad, n - take));
                    }
                }
            }
            b'H' | b'h' => {
                let v = next_item(vm, &items, &mut next)?;
                let digits = str_arg(vm, v)?;
                let digits = string::bytes(&vm.heap, digits);
                let n = d.times(digits.len());
                let nibble = |c: u8| -> u8 {
                    if c.is_ascii_alphabetic() {
                        ((c & 7) + 9) & 15
                    } else {
                        c & 15
                    }
                };
                let mut k = 0;
                while k < n {
                    let hi = digits.get(k).map_or(0, |&c| nibble(c));
                    let lo = if k + 1 < n {
                        digits.get(k + 1).map_or(0, |&c| nibble(c))
                    } else {
                        0
                    };
                    out.push(if d.kind == b'H' {
                        hi << 4 | lo
                    } else {
                        lo << 4 | hi
                    });
                    k += 2;
                }
            }
            b'U' => {
                if i == 0 {
                    enc = Encoding::Utf8;
                }
                let n = d.times(items.len().saturating_sub(next));
                for _ in 0..n {
                    let v = next_item(vm, &items, &mut next)?;
                    let cp = int_bits(vm, v)? as i64;
                    let Some(c) = u32::try_from(cp).ok().and_then(char::from_u32) else {
                        let k = vm.c.range_error;
                        return Err(vm.raise_str(k, "pack(U): value out of range"));
                    };
                    out.extend_from_slice(c.to_string().as_bytes());
                }
            }
            b'w' => {
                let n = d.times(items.len().saturating_sub(next));
                for _ in 0..n {
                    let v = next_item(vm, &items, &mut next)?;
                    if !super::integer::is_int(v) && !is_float(v) {
                        return Err(vm.conversion_error(v, "Integer"));
                    }
                    let b = if is_float(v) {
                        BigInt::from(float_value(v) as i64)
                    } else {
                        super::integer::to_big(v)
                    };
                    if b.sign() == num_bigint::Sign::Minus {
                        return Err(vm.arg_error("can't compress negative numbers"));
                    }
                    let mut groups = b.to_radix_le(128).1;
                    groups.reverse();
                    let last = groups.len() - 1;
                    for (j, g) in groups.iter().enumerate() {
                        out.push(if j < last { g | 0x80 } else { *g });
                    }
                }
            }
            b'm' => {
                let v = next_item(vm, &items, &mut next)?;
                let bytes = str_arg(vm, v)?;
                let bytes = string::bytes(&vm.heap, bytes);
                let line = match d.count {
                    Count::N(0) => None,
                    Count::N(n) if n >= 3 => Some(n),
                    _ => Some(45),
                };
                base64(bytes, line, &mut out);
                if i == 0 && dirs.len() == 1 {
                    enc = Encoding::UsAscii;
                }
            }
            b'M' => {
                let v = next_item(vm, &items, &mut next)?;
                let t = vm.to_s(v)?;
                let max = match d.count {
                    Count::N(n) if n > 1 => n,
                    _ => 72,
                };
                qp_encode(string::bytes(&vm.heap, t), max, &mut out);
                if i == 0 && dirs.len() == 1 {
                    enc = Encoding::UsAscii;
                }
            }
            b'x' => {
                let n = d.times(0);
                out.extend(std::iter::repeat_n(0, n));
            }
            b'X' => {
                let n = d.times(0);
                if n > out.len() {
                    return Err(vm.arg_error("X outside of string"));
                }
                out.truncate(out.len() - n);
            }
            b'@' => {
                let n = match d.count {
                    Count::N(n) => n,
                    _ => 1,
                };
                out.resize(n, 0);
            }
            other => {
                let msg = format!("unknown pack directive '{}' in '{}'", other as char, {
                    String::from_utf8_lossy(&template)
                });
                return Err(vm.arg_error(&msg));
            }
        }
    }
    if let Some(h) = kw {
        super::numeric::check_keywords(vm, h, &["buffer"])?;
        let buf = super::hash::get(
            vm,
            h,
            Value::symbol(crate::object::symbol::intern("buffer")),
        )?;
        if !buf.is_nil() {
            super::string::check_frozen(vm, buf)?;
            string::append(&mut vm.heap, buf, &out);
            return Ok(buf);
        }
    }
    let r = vm.str_new(&out);
    string::set_encoding(r, enc);
    Ok(r)
}

/// Unpacks `src` by `template`; `first` stops after the first value (unpack1).
fn unpack(vm: &mut Vm, s: Value, a: &[Value], first: bool) -> VmResult<Vec<Value>> {
    let (a, kw) = vm.split_keywords(a)?;
    let template = str_arg_vec(vm, a[0])?;
    let dirs = parse_template(vm, &template)?;
    let src = string::bytes(&vm.heap, s).to_vec();
    let mut pos = 0usize;
    if let Some(h) = kw {
        super::numeric::check_keywords(vm, h, &["offset"])?;
        let off = super::hash::get(
            vm,
            h,
            Value::symbol(crate::object::symbol::intern("offset")),
        )?;
        if !off.is_nil() {
            let o = super::arg_int(vm, off)?;
            if o < 0 || o as usize > src.len() {
                return Err(vm.arg_error("offset outside of string"));
            }
            pos = o as usize;
        }
    }
    let mut out = Vec::new();
    for d in &dirs {
        if first && !out.is_empty() {
            break;
        }
        if let Some(size) = int_size(d) {
            let n = d.times((src.len() - pos) / size);
            for _ in 0..n {
                if pos + size > src.len() {
                    if d.count != Count::Star {
                        out.push(Value::NIL);
                    }
                    continue;
                }
                let mut bytes = [0u8; 8];
                let piece = &src[pos..pos + size];
                if d.big {
                    for (k, &b) in piece.iter().rev().enumerate() {
                        bytes[k] = b;
                    }
                } else {
                    bytes[..size].copy_from_slice(piece);
                }
                pos += size;
                let raw = u64::from_le_bytes(bytes);
                let v = if signed(d.kind) {
                    let shift = 64 - size * 8;
                    vm.int(((raw << shift) as i64) >> shift)
                } else if raw > i64::MAX as u64 {
                    vm.bigint(BigInt::from(raw))
                } else {
                    vm.int(raw as i64)
                };
                out.push(v);
            }
            continue;
        }
        match d.kind {
            b'D' | b'd' | b'F' | b'f' | b'E' | b'e' | b'G' | b'g' => {
                let size = if matches!(d.kind, b'D' | b'd' | b'E' | b'G') {
                    8
                } else {
                    4
                };
                let n = d.times((src.len() - pos) / size);
                for _ in 0..n {
                    if pos + size > src.len() {
                        out.push(Value::NIL);
                        continue;
                    }
                    let p = &src[pos..pos + size];
                    pos += size;
                    let f = match (size, d.kind) {
                        (8, b'G') => f64::from_be_bytes(p.try_into().expect("8")),
                        (8, _) => f64::from_le_bytes(p.try_into().expect("8")),
                        (_, b'g') => f32::from_be_bytes(p.try_into().expect("4")) as f64,
                        _ => f32::from_le_bytes(p.try_into().expect("4")) as f64,
                    };
                    out.push(vm.float(f));
                }
            }
            b'a' | b'A' | b'Z' => {
                let rest = &src[pos..];
                let n = match d.count {
                    Count::One => 1.min(rest.len()),
                    Count::N(n) => n.min(rest.len()),
                    Count::Star => rest.len(),
                };
                let mut piece = &rest[..n];
                let mut consumed = n;
                if d.kind == b'Z' {
                    if let Some(z) = piece.iter().position(|&b| b == 0) {
                        piece = &piece[..z];
                        if d.count == Count::Star {
                            consumed = z + 1;
                        }
                    }
                } else if d.kind == b'A' {
                    let end = piece
                        .iter()
                        .rposition(|&b| b != b' ' && b != 0)
                        .map_or(0, |k| k + 1);
                    piece = &piece[..end];
                }
                let v = vm.str_new(piece);
                string::set_encoding(v, Encoding::Binary);
                out.push(v);
                pos += consumed;
            }
            b'H' | b'h' => {
                let rest = &src[pos..];
                let n = d.times(rest.len() * 2).min(rest.len() * 2);
                let mut hex = String::with_capacity(n);
                for k in 0..n {
                    let b = rest[k / 2];
                    let nib = if (k % 2 == 0) == (d.kind == b'H') {
                        b >> 4
                    } else {
                        b & 15
                    };
                    hex.push(char::from_digit(nib as u32, 16).expect("nibble"));
                }
                pos += n.div_ceil(2);
                let v = vm.str_from(hex);
                string::set_encoding(v, Encoding::UsAscii);
                out.push(v);
            }
            b'U' => {
                let mut n = match d.count {
                    Count::One => 1,
                    Count::N(n) => n,
                    Count::Star => usize::MAX,
                };
                while n > 0 && pos < src.len() {
                    let len = super::string::utf8_char_len(&src[pos..]);
                    let Some(c) = std::str::from_utf8(&src[pos..pos + len])
                        .ok()
                        .and_then(|t| t.chars().next())
                        .filter(|_| len > 1 || src[pos] < 0x80)
                    else {
                        return Err(vm.arg_error("malformed UTF-8 character"));
                    };
                    out.push(Value::fixnum(c as i64));
                    pos += len;
                    n -= 1;
                }
            }
            b'w' => {
                let mut n = match d.count {
                    Count::One => 1,
                    Count::N(n) => n,
                    Count::Star => usize::MAX,
                };
                while n > 0 && pos < src.len() {
                    let mut acc = BigInt::from(0);
                    while pos < src.len() {
                        let b = src[pos];
                        pos += 1;
                        acc = acc * 128 + (b & 0x7f);
                        if b & 0x80 == 0 {
                            break;
                        }
                    }
                    out.push(vm.bigint(acc));
                    n -= 1;
                }
            }
            b'm' => {
                let strict = d.count == Count::N(0);
                let bytes = unbase64(vm, &src[pos..], strict)?;
                pos = src.len();
                let v = vm.str_new(&bytes);
                string::set_encoding(v, Encoding::Binary);
                out.push(v);
            }
            b'M' => {
                let bytes = qp_decode(&src[pos..]);
                pos = src.len();
                let v = vm.str_new(&bytes);
                string::set_encoding(v, Encoding::Binary);
                out.push(v);
            }
            b'x' => {
                let n = d.times(src.len() - pos);
                if pos + n > src.len() {
                    return Err(vm.arg_error("x outside of string"));
                }
                pos += n;
            }
            b'X' => {
                let n = d.times(0);
                if n > pos {
                    return Err(vm.arg_error("X outside of string"));
                }
                pos -= n;
            }
            b'@' => {
                let n = match d.count {
                    Count::N(n) => n,
                    _ => 0,
                };
                if n > src.len() {
                    return Err(vm.arg_error("@ outside of string"));
                }
                pos = n;
            }
            other => {
                let msg = format!(
                    "unknown unpack directive '{}' in '{}'",
                    other as char,
                    String::from_utf8_lossy(&template)
                );
                return Err(vm.arg_error(&msg));
            }
        }
    }
    Ok(out)
}

/// str.unpack(template, offset: 0) -> array
fn s_unpack(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let items = unpack(vm, s, a, false)?;
    Ok(vm.ary_new(items))
}

/// str.unpack1(template, offset: 0) -> the first value
fn s_unpack1(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let items = unpack(vm, s, a, true)?;
    Ok(items.first().copied().unwrap_or(Value::NIL))
}
