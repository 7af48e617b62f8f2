//! Time's Marshal form, as CRuby writes it: the private `Time#_dump` and `Time._load`, so
//! that `Marshal.dump(time)` is `Iu:\tTime` with CRuby's bytes and instance variables.
//!
//! The data String is 8 bytes, two little-endian 32-bit words of the UTC broken-down time:
//! `1<<31 | utc?<<30 | (year-1900)<<14 | (mon-1)<<10 | mday<<5 | hour` and
//! `min<<26 | sec<<20 | usec`. A year outside 1900..=1900+0xffff writes 0 (or 0xffff) in the
//! field and appends its distance from that end: a packed length (as Marshal's `w_long`) and
//! the little-endian bytes. The String carries, in this order, the Time's own `@` variables,
//! `nano_num`/`nano_den` (the part finer than a microsecond, in nanoseconds, when not zero),
//! `submicro` (its three digits as packed BCD, when the whole nanoseconds are not a multiple
//! of 1000), `offset` (unless UTC) and `zone` (the abbreviation, nil for a fixed offset).
//! Loading gives a UTC Time, or a fixed-offset Time with the written offset and zone name
//! (CRuby does the same: a local Time comes back as a fixed offset), or a local Time when the
//! offset is missing. A data word without the top bit is the old form (seconds, microseconds).

use crate::core::time::{self, NS, TZ_FIXED, TZ_LOCAL, TZ_UTC};
use crate::core::time_exact::Exact;
use crate::object::heap::*;
use crate::object::string::{self, Encoding};
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;
use num_traits::ToPrimitive;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const TIME_DUMP: &[M] = &[("_dump", t_dump, 0, 1)];
const TIME_LOAD: &[M] = &[("_load", s_load, 1, 1)];

/// The years the 16-bit field holds without an extension.
const YEAR_BASE: i64 = 1900;
const YEAR_TOP: i64 = 1900 + 0xffff;

pub fn init(vm: &mut Vm) {
    let k = vm.c.time;
    vm.define_private_natives(k, TIME_DUMP);
    let meta = vm.singleton_class(k);
    vm.define_private_natives(meta, TIME_LOAD);
}

/// The 8 data bytes (and the year extension) of the instant `sec` + `nsec` in UTC.
fn packed(sec: i64, nsec: u32, utc: bool) -> Vec<u8> {
    let days = sec.div_euclid(86_400);
    let secs = sec.rem_euclid(86_400);
    let (year, mon, mday) = time::civil_from_days(days);
    let (field, ext) = if year < YEAR_BASE {
        (0, YEAR_BASE - year)
    } else if year > YEAR_TOP {
        (0xffff, year - YEAR_TOP)
    } else {
        (year - YEAR_BASE, 0)
    };
    let p: u32 = 1 << 31
        | (utc as u32) << 30
        | (field as u32) << 14
        | (mon - 1) << 10
        | mday << 5
        | (secs / 3600) as u32;
    let s: u32 = ((secs / 60 % 60) as u32) << 26 | ((secs % 60) as u32) << 20 | (nsec / 1000);
    let mut out = Vec::with_capacity(12);
    out.extend_from_slice(&p.to_le_bytes());
    out.extend_from_slice(&s.to_le_bytes());
    if ext != 0 {
        let bytes: Vec<u8> = (ext as u64)
            .to_le_bytes()
            .into_iter()
            .take((64 - (ext as u64).leading_zeros()).div_ceil(8) as usize)
            .collect();
        super::dump::w_long(&mut out, bytes.len() as i64);
        out.extend_from_slice(&bytes);
    }
    out
}

/// Time#_dump(limit = -1) -> string (private): the data Marshal writes for a Time.
fn t_dump(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = rtime(s);
    let (sec, nsec, frac, mode, off) = (t.sec, t.nsec, t.frac, t.mode, t.utc_offset);
    let zone = (t.zone_len > 0).then(|| t.zone[..t.zone_len as usize].to_vec());
    let data = vm.str_new(&packed(sec, nsec, mode == TZ_UTC));
    string::set_encoding(data, Encoding::Binary);
    vm.stack.push(data);
    for id in vm.ivar_names(s) {
        if sym_name(id).starts_with('@') {
            let v = vm.ivar_get(s, id);
            vm.ivar_set(data, id, v)?;
        }
    }
    let sub = nsec % 1000;
    // the nanoseconds past the microsecond, with the part finer than a nanosecond
    let nano = match crate::core::rational::parts(frac).filter(|_| !frac.is_nil()) {
        Some((n, d)) => Some((BigInt::from(sub) * &d + n, d)),
        None if sub != 0 => Some((BigInt::from(sub), BigInt::from(1))),
        None => None,
    };
    if let Some((n, d)) = nano {
        let (n, d) = (vm.bigint(n), vm.bigint(d));
        vm.ivar_set(data, intern("nano_num"), n)?;
        vm.ivar_set(data, intern("nano_den"), d)?;
    }
    if sub != 0 {
        let digits = [sub / 100, sub / 10 % 10, sub % 10];
        let mut bcd = vec![(digits[0] << 4 | digits[1]) as u8, (digits[2] << 4) as u8];
        if bcd[1] == 0 {
            bcd.pop();
        }
        let v = vm.str_new(&bcd);
        string::set_encoding(v, Encoding::Binary);
        vm.ivar_set(data, intern("submicro"), v)?;
    }
    if mode != TZ_UTC {
        vm.ivar_set(data, intern("offset"), Value::fixnum(off as i64))?;
    }
    let z = match zone {
        Some(z) => {
            let v = vm.str_new(&z);
            string::set_encoding(v, Encoding::UsAscii);
            // one frozen string per zone name, as CRuby's, so a second Time links to it
            vm.fstring_of(v)
        }
        None => Value::NIL,
    };
    vm.ivar_set(data, intern("zone"), z)?;
    vm.stack.pop();
    Ok(data)
}

fn format_differs(vm: &mut Vm) -> crate::vm::frame::Unwind {
    vm.type_error("marshaled time format differ")
}

/// An Integer (or Rational) variable of the data as an exact number, None when absent.
fn exact_ivar(vm: &Vm, data: Value, name: &str) -> Option<(BigInt, BigInt)> {
    let v = vm.ivar_get(data, intern(name));
    if v.is_fixnum() || type_of(v) == T_BIGNUM {
        Some((crate::core::integer::to_big(v), BigInt::from(1)))
    } else {
        crate::core::rational::parts(v)
    }
}

/// Time._load(string) -> time (private): the Time `Time#_dump` wrote.
fn s_load(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let data = a[0];
    if type_of(data) != T_STRING {
        let data = crate::core::string::str_arg(vm, data)?;
        return s_load(vm, k, &[data], None);
    }
    let b = vm.bytes(data).to_vec();
    if b.len() < 8 {
        return Err(format_differs(vm));
    }
    let p = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let s = u32::from_le_bytes([b[4], b[5], b[6], b[7]]);
    let t = if p & 1 << 31 == 0 {
        // the old form: seconds and microseconds, local time
        time::new_time(vm, k, p as i64, (s % 1_000_000) * 1000, TZ_LOCAL, 0)
    } else {
        let utc = p >> 30 & 1 == 1;
        let mut year = YEAR_BASE + (p >> 14 & 0xffff) as i64;
        let (mon, mday, hour) = ((p >> 10 & 0xf) + 1, p >> 5 & 0x1f, p & 0x1f);
        let (min, sec, usec) = (s >> 26 & 0x3f, s >> 20 & 0x3f, s & 0xfffff);
        if b.len() > 8 {
            let c = b[8] as i64;
            let n = if c > 5 { (c - 5) as usize } else { c as usize };
            let ext = b
                .get(9..9 + n)
                .filter(|_| n <= 8)
                .map(|x| x.iter().rev().fold(0i64, |acc, &d| acc << 8 | d as i64))
                .unwrap_or(0);
            if year == YEAR_BASE {
                year -= ext;
            } else if year == YEAR_TOP {
                year += ext;
            }
        }
        if mon > 12 || mday == 0 || hour > 23 || min > 59 || sec > 60 || usec >= 1_000_000 {
            return Err(format_differs(vm));
        }
        let days = time::days_from_civil(year, mon, mday);
        let secs = days as i128 * 86_400 + (hour * 3600 + min * 60 + sec) as i128;
        let mut x = Exact::Int(secs * NS + usec as i128 * 1000);
        if let Some((n, d)) = exact_ivar(vm, data, "nano_num") {
            let den = exact_ivar(vm, data, "nano_den").map_or(BigInt::from(1), |(n2, d2)| n2 / d2);
            if den != BigInt::from(0) {
                x = x.add(&Exact::rat(n, d * den));
            }
        } else {
            let sm = vm.ivar_get(data, intern("submicro"));
            if type_of(sm) == T_STRING {
                let d = vm.bytes(sm);
                let digit = |i: usize| -> u32 {
                    let byte = d.get(i / 2).copied().unwrap_or(0);
                    let v = if i.is_multiple_of(2) {
                        byte >> 4
                    } else {
                        byte & 0xf
                    };
                    if v > 9 { 0 } else { v as u32 }
                };
                let ns = digit(0) * 100 + digit(1) * 10 + digit(2);
                x = x.add(&Exact::Int(ns as i128));
            }
        }
        let offset = vm.ivar_get(data, intern("offset"));
        let (mode, off) = if utc {
            (TZ_UTC, 0)
        } else if offset.is_nil() {
            (TZ_LOCAL, 0)
        } else {
            let o = exact_ivar(vm, data, "offset")
                .and_then(|(n, d)| (n / d).to_i32())
                .filter(|o| o.abs() < 86_400);
            match o {
                Some(o) => (TZ_FIXED, o),
                None => return Err(vm.arg_error("utc_offset out of range")),
            }
        };
        let t = time::new_time_exact(vm, k, &x, mode, off)?;
        let zone = vm.ivar_get(data, intern("zone"));
        if mode == TZ_FIXED && type_of(zone) == T_STRING {
            let z = vm.bytes(zone).to_vec();
            let r = rtime(t);
            let n = z.len().min(r.zone.len());
            r.zone[..n].copy_from_slice(&z[..n]);
            r.zone_len = n as u8;
        }
        t
    };
    for id in vm.ivar_names(data) {
        if sym_name(id).starts_with('@') {
            let v = vm.ivar_get(data, id);
            vm.ivar_set(t, id, v)?;
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::packed;

    #[test]
    fn the_epoch_packs_as_cruby_packs_it() {
        assert_eq!(packed(0, 0, true), [0x20, 0x80, 0x11, 0xc0, 0, 0, 0, 0]);
        // 1850-01-01 UTC: year field 0 and an extension of 50
        let t = -3_786_825_600;
        assert_eq!(packed(t, 0, true), [0x20, 0, 0, 0xc0, 0, 0, 0, 0, 6, 50]);
    }
}
