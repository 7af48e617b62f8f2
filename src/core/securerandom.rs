//! SecureRandom (`require "securerandom"`): random strings and numbers from the operating
//! system's generator (getrandom(2) through the `getrandom` crate), with CRuby's formats:
//! `hex`, `random_bytes`/`bytes`/`gen_random` (binary), `base64`, `urlsafe_base64`, `uuid`
//! (version 4), `uuid_v4`, `uuid_v7` (Unix milliseconds first), `alphanumeric`, and
//! `random_number`/`rand` (a Float in [0, 1) for no, zero or a negative limit; an Integer
//! below an Integer limit; a Float below a Float limit; a member of a Range).

use super::digest::base64;
use crate::object::heap::{T_BIGNUM, T_RANGE, rrange, type_of};
use crate::object::string::{self, Encoding};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const FNS: &[M] = &[
    ("random_bytes", sr_random_bytes, 0, 1),
    ("bytes", sr_random_bytes, 1, 1),
    ("gen_random", sr_random_bytes, 1, 1),
    ("hex", sr_hex, 0, 1),
    ("base64", sr_base64, 0, 1),
    ("urlsafe_base64", sr_urlsafe_base64, 0, 2),
    ("uuid", sr_uuid, 0, 0),
    ("uuid_v4", sr_uuid, 0, 0),
    ("uuid_v7", sr_uuid_v7, 0, 0),
    ("alphanumeric", sr_alphanumeric, 0, 2),
    ("random_number", sr_random_number, 0, 1),
    ("rand", sr_random_number, 0, 1),
];

/// Defines SecureRandom: what `require "securerandom"` loads.
pub fn init(vm: &mut Vm) {
    let m = vm.define_module("SecureRandom");
    vm.define_singleton_natives(m, FNS);
    vm.invalidate();
}

/// `n` bytes from the OS generator.
fn fill(n: usize) -> Vec<u8> {
    let mut buf = vec![0u8; n];
    // getrandom(2) does not fail for a valid buffer; if it ever did, the zeros left would be
    // visibly non-random rather than a crash
    let _ = getrandom::fill(&mut buf);
    buf
}

fn u64_random() -> u64 {
    let b = fill(8);
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

/// A uniform integer in [0, n) (n > 0), by rejection.
fn below(n: u64) -> u64 {
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let r = u64_random();
        if r < zone {
            return r % n;
        }
    }
}

/// A Float in [0, 1) with 53 random bits.
fn unit_float() -> f64 {
    (u64_random() >> 11) as f64 / (1u64 << 53) as f64
}

/// The byte count argument (default 16); ArgumentError when negative.
fn size_arg(vm: &mut Vm, v: Option<Value>) -> VmResult<usize> {
    let n = match v {
        Some(v) if !v.is_nil() => crate::core::arg_int(vm, v)?,
        _ => 16,
    };
    if n < 0 {
        return Err(vm.arg_error("negative string size (or size too big)"));
    }
    Ok(n as usize)
}

/// SecureRandom.random_bytes(n = 16) -> binary string
fn sr_random_bytes(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = size_arg(vm, a.first().copied())?;
    let v = vm.str_from_vec(fill(n));
    string::set_encoding(v, Encoding::Binary);
    Ok(v)
}

/// SecureRandom.hex(n = 16) -> string of 2n hex digits
fn sr_hex(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = size_arg(vm, a.first().copied())?;
    let s: String = fill(n).iter().map(|b| format!("{b:02x}")).collect();
    let v = vm.str_from(s);
    string::set_encoding(v, Encoding::UsAscii);
    Ok(v)
}

/// SecureRandom.base64(n = 16) -> string
fn sr_base64(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = size_arg(vm, a.first().copied())?;
    let v = vm.str_from_vec(base64(&fill(n)));
    string::set_encoding(v, Encoding::UsAscii);
    Ok(v)
}

/// SecureRandom.urlsafe_base64(n = 16, padding = false) -> string
fn sr_urlsafe_base64(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = size_arg(vm, a.first().copied())?;
    let pad = a.get(1).is_some_and(|v| v.truthy());
    let mut s: Vec<u8> = base64(&fill(n))
        .into_iter()
        .map(|c| match c {
            b'+' => b'-',
            b'/' => b'_',
            c => c,
        })
        .collect();
    if !pad {
        while s.last() == Some(&b'=') {
            s.pop();
        }
    }
    let v = vm.str_from_vec(s);
    string::set_encoding(v, Encoding::UsAscii);
    Ok(v)
}

fn uuid_text(mut b: Vec<u8>, version: u8) -> String {
    b[6] = (b[6] & 0x0f) | (version << 4);
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// SecureRandom.uuid -> "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx"
fn sr_uuid(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.str_from(uuid_text(fill(16), 4));
    string::set_encoding(v, Encoding::UsAscii);
    Ok(v)
}

/// SecureRandom.uuid_v7 -> a version 7 UUID (48-bit Unix milliseconds, then random bits)
fn sr_uuid_v7(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    let mut b = fill(16);
    b[..6].copy_from_slice(&ms.to_be_bytes()[2..]);
    let v = vm.str_from(uuid_text(b, 7));
    string::set_encoding(v, Encoding::UsAscii);
    Ok(v)
}

/// SecureRandom.alphanumeric(n = 16, chars: [A-Za-z0-9]) -> string
fn sr_alphanumeric(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let n = size_arg(vm, a.first().copied())?;
    let mut chars: Vec<Vec<u8>> = (b'A'..=b'Z')
        .chain(b'a'..=b'z')
        .chain(b'0'..=b'9')
        .map(|c| vec![c])
        .collect();
    if let Some(h) = kw {
        let k = vm.sym("chars");
        if let Some(i) = crate::core::hash::find(vm, h, k)? {
            let list = crate::core::hash::rh(h).entries[i].value;
            let Some(list) = crate::core::array::check_array(vm, list)? else {
                return Err(vm.type_error("no implicit conversion into Array"));
            };
            chars.clear();
            let items = crate::object::heap::rarray(list).vec.to_vec();
            for c in items {
                chars.push(super::string::str_arg_vec(vm, c)?);
            }
            if chars.is_empty() {
                return Err(vm.arg_error("empty character set"));
            }
        }
    }
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.extend_from_slice(&chars[below(chars.len() as u64) as usize]);
    }
    Ok(vm.str_from_vec(out))
}

/// SecureRandom.random_number(n = 0) -> number
fn sr_random_number(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(&n) = a.first() else {
        return Ok(vm.float(unit_float()));
    };
    if let Some(i) = n.fixnum_opt() {
        if i <= 0 {
            return Ok(vm.float(unit_float()));
        }
        return Ok(vm.int(below(i as u64) as i64));
    }
    if crate::core::object::is_float(n) {
        let f = crate::core::object::float_value(n);
        if f > 0.0 && f.is_finite() {
            return Ok(vm.float(unit_float() * f));
        }
        return Ok(vm.float(unit_float()));
    }
    if n.is_heap() && type_of(n) == T_BIGNUM {
        return big_below(vm, n);
    }
    if n.is_heap() && type_of(n) == T_RANGE {
        let r = rrange(n);
        let (lo, hi, excl) = (r.begin, r.end, r.excl);
        if let (Some(l), Some(h)) = (lo.fixnum_opt(), hi.fixnum_opt()) {
            let span = h - l + if excl { 0 } else { 1 };
            if span <= 0 {
                return Ok(Value::NIL);
            }
            return Ok(vm.int(l + below(span as u64) as i64));
        }
        let is_f = |v: Value| crate::core::object::is_float(v) || v.is_fixnum();
        if is_f(lo) && is_f(hi) {
            let num = |v: Value| {
                v.fixnum_opt()
                    .map(|i| i as f64)
                    .unwrap_or_else(|| crate::core::object::float_value(v))
            };
            let (l, h) = (num(lo), num(hi));
            if h < l || (excl && h == l) {
                return Ok(Value::NIL);
            }
            return Ok(vm.float(l + unit_float() * (h - l)));
        }
        return Err(vm.arg_error("invalid argument - range"));
    }
    if n.is_nil() {
        return Ok(vm.float(unit_float()));
    }
    let s = vm.inspect_str(n)?;
    Err(vm.arg_error(&format!("invalid argument - {s}")))
}

/// A uniform Integer in [0, big) for a Bignum limit (a negative one gives a Float).
fn big_below(vm: &mut Vm, n: Value) -> VmResult {
    use num_bigint::{BigInt, Sign};
    let Some(b) = crate::object::heap::payload::<crate::core::integer::Big>(n) else {
        return Ok(vm.float(unit_float()));
    };
    let limit = b.0.clone();
    if limit.sign() != Sign::Plus {
        return Ok(vm.float(unit_float()));
    }
    let bits = limit.bits();
    let bytes = bits.div_ceil(8) as usize;
    loop {
        let mut buf = fill(bytes);
        let extra = bytes as u64 * 8 - bits;
        if let Some(top) = buf.last_mut() {
            *top &= 0xffu8 >> extra;
        }
        let r = BigInt::from_bytes_le(Sign::Plus, &buf);
        if r < limit {
            return Ok(vm.bigint(r));
        }
    }
}
