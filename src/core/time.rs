//! Time: an instant with nanosecond resolution and a zone, embedded in one 80-byte slot
//! (object-model.md §6, CRuby's time.c after PR #7440).
//!
//! A Time is an `RTime` (object/heap.rs): floor seconds since the epoch, nanoseconds, the zone
//! mode (local, UTC or a fixed offset), the offset, the zone abbreviation inline and the
//! broken-down fields, which are computed when the Time is made. UTC and fixed offsets use the
//! civil <-> day-number arithmetic below and never touch the zone database; local time follows
//! `TZ` and the system database through `jiff` (looked up once per process, UTC without one).
//!
//! This file: the representation, zones, instance methods. Constructors are in time_new.rs,
//! exact numbers of seconds in time_num.rs and time_exact.rs (a part finer than a nanosecond, as
//! `Time.at(1.1)` or `Time.at(1/3r)` make, is kept exactly as a Rational in `RTime::frac`),
//! formats in strftime.rs. Limits: years must fit an i32; zone objects (`in: tz_object`) are not
//! supported.

use super::strftime::{Tm, strftime};
use super::time_exact::{Exact, subsec_parts, time_exact};
use super::time_num as num;
pub use super::time_num::{ns_to_f64, num_to_ns, num_to_scaled};
use crate::object::heap::*;
use crate::object::string;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::sync::OnceLock;

pub const TZ_LOCAL: u8 = 0;
pub const TZ_UTC: u8 = 1;
pub const TZ_FIXED: u8 = 2;
pub const NS: i128 = 1_000_000_000;

// ---- civil calendar (Howard Hinnant's algorithms) ----

/// Days since 1970-01-01 of the proleptic Gregorian date y-m-d (m 1..=12, d 1..=31).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (year, month, day) of a day number since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + (m <= 2) as i64, m, d)
}

pub fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// Fills the broken-down fields of `t` from its instant and `utc_offset`.
fn fill_fields(t: &mut RTime) {
    let local = t.sec + t.utc_offset as i64;
    let days = local.div_euclid(86_400);
    let secs = local.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    t.year = y as i32;
    t.mon = m as u8;
    t.mday = d as u8;
    t.hour = (secs / 3600) as u8;
    t.min = (secs / 60 % 60) as u8;
    t.sec_of_min = (secs % 60) as u8;
    t.wday = (days + 4).rem_euclid(7) as u8;
    t.yday = (days - days_from_civil(y, 1, 1) + 1) as u16;
}

// ---- zones ----

/// The process's local zone (TZ or /etc/localtime), looked up once; UTC when there is none.
pub fn system_tz() -> &'static jiff::tz::TimeZone {
    static TZ: OnceLock<jiff::tz::TimeZone> = OnceLock::new();
    TZ.get_or_init(|| jiff::tz::TimeZone::try_system().unwrap_or(jiff::tz::TimeZone::UTC))
}

thread_local! {
    /// The local zone after the program set `ENV["TZ"]` (core/env.rs); per interpreter thread.
    static LOCAL_TZ: std::cell::RefCell<Option<jiff::tz::TimeZone>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` with the local zone: the one `ENV["TZ"]` set, else the process's.
pub fn with_local_tz<R>(f: impl FnOnce(&jiff::tz::TimeZone) -> R) -> R {
    LOCAL_TZ.with(|z| match &*z.borrow() {
        Some(tz) => f(tz),
        None => f(system_tz()),
    })
}

/// Forgets a zone `ENV["TZ"]` set (a new interpreter on this thread).
pub fn clear_local_tz() {
    LOCAL_TZ.with(|z| *z.borrow_mut() = None);
}

/// `ENV["TZ"] = value` (None: deleted): the zone a TZ value names, as the C library reads it:
/// a zone file path after an optional ':', an IANA name, or a POSIX rule; UTC otherwise.
pub fn set_local_tz(value: Option<&str>) {
    use jiff::tz::TimeZone;
    let tz = match value {
        None => TimeZone::try_system().unwrap_or(TimeZone::UTC),
        Some(v) => {
            let v = v.strip_prefix(':').unwrap_or(v);
            let file = (v.starts_with('/'))
                .then(|| std::fs::read(v).ok())
                .flatten()
                .and_then(|data| TimeZone::tzif(v, &data).ok());
            file.or_else(|| TimeZone::get(v).ok())
                .or_else(|| TimeZone::posix(v).ok())
                .unwrap_or(TimeZone::UTC)
        }
    };
    LOCAL_TZ.with(|z| *z.borrow_mut() = Some(tz));
}

/// Seconds in 400 Gregorian years, after which the calendar (and a zone's yearly rules) repeat.
pub const CYCLE_400Y: i64 = 146_097 * 86_400;

/// `sec` moved by whole 400-year cycles into years 1..=9999 when it is outside jiff's range
/// (years -9999..=9999), so far times follow the zone's rules for the same calendar day (as
/// CRuby's 64-bit localtime does); an offset found there applies to `sec` itself.
pub fn fold_400y(sec: i64) -> i64 {
    const LO: i64 = -62_135_596_800; // 0001-01-01
    const HI: i64 = 253_402_300_799; // 9999-12-31 23:59:59
    if (LO..=HI).contains(&sec) {
        return sec;
    }
    let k = if sec > HI {
        (sec - HI).div_euclid(CYCLE_400Y) + 1
    } else {
        -((LO - sec).div_euclid(CYCLE_400Y) + 1)
    };
    sec - k * CYCLE_400Y
}

/// jiff's instant for `sec` (folded into jiff's years by 400-year cycles).
pub(super) fn jiff_ts(sec: i64) -> jiff::Timestamp {
    jiff::Timestamp::from_second(fold_400y(sec)).unwrap_or(jiff::Timestamp::UNIX_EPOCH)
}

/// Sets the zone of `t` (mode, offset, abbreviation, dst) and its broken-down fields.
fn set_zone(t: &mut RTime, mode: u8, fixed_off: i32) {
    t.mode = mode;
    t.isdst = 0;
    match mode {
        TZ_UTC => {
            t.utc_offset = 0;
            t.zone_len = 3;
            t.zone[..3].copy_from_slice(b"UTC");
        }
        TZ_FIXED => {
            t.utc_offset = fixed_off;
            t.zone_len = 0;
        }
        _ => {
            with_local_tz(|tz| {
                let info = tz.to_offset_info(jiff_ts(t.sec));
                t.utc_offset = info.offset().seconds();
                t.isdst = info.dst().is_dst() as u8;
                let abbr = info.abbreviation().as_bytes();
                let n = abbr.len().min(t.zone.len());
                t.zone[..n].copy_from_slice(&abbr[..n]);
                t.zone_len = n as u8;
            });
        }
    }
    fill_fields(t);
}

/// A new Time of class `klass` at `sec` + `nsec` ns in the given zone mode.
pub fn new_time(vm: &mut Vm, klass: Value, sec: i64, nsec: u32, mode: u8, off: i32) -> Value {
    let mut t = RTime {
        basic: RBasic::new(T_TIME, klass),
        sec,
        nsec,
        frac: Value::NIL,
        utc_offset: 0,
        mode,
        isdst: 0,
        zone_len: 0,
        uninit: 0,
        zone: [0; 8],
        year: 0,
        mon: 0,
        mday: 0,
        hour: 0,
        min: 0,
        sec_of_min: 0,
        wday: 0,
        yday: 0,
    };
    set_zone(&mut t, mode, off);
    vm.heap.alloc(t)
}

/// A Time (of class Time, as CRuby's arithmetic and rounding make) at the exact instant `x`
/// (nanoseconds since the epoch), in the zone of `like`.
pub fn time_like(vm: &mut Vm, like: Value, x: &Exact) -> VmResult {
    let t = rtime(like);
    let (k, mode, off) = (vm.c.time, t.mode, t.utc_offset);
    let (zone, zone_len) = (t.zone, t.zone_len);
    let r = new_time_exact(vm, k, x, mode, off)?;
    if mode == TZ_FIXED {
        // a fixed offset keeps its zone name (one Marshal.load gives), as CRuby's TZMODE_COPY
        let n = rtime(r);
        n.zone = zone;
        n.zone_len = zone_len;
    }
    Ok(r)
}

/// A new Time of class `klass` at the exact instant `x` (nanoseconds since the epoch): the
/// whole nanoseconds in the slot, a finer rest as a Rational in `frac`.
pub fn new_time_exact(vm: &mut Vm, klass: Value, x: &Exact, mode: u8, off: i32) -> VmResult {
    let (whole, rest) = match x {
        Exact::Int(ns) => (*ns, None),
        _ => {
            let (q, r) = x.split_floor();
            match q.to_i128() {
                Some(q) => (q, r),
                None => return Err(vm.raise_str(vm.c.range_error, "time out of range")),
            }
        }
    };
    let (sec, nsec) = split_ns(vm, whole)?;
    let frac = match rest {
        Some((n, d)) => super::rational::new_rational_raw(vm, n, d),
        None => Value::NIL,
    };
    let t = new_time(vm, klass, sec, nsec, mode, off);
    rtime(t).frac = frac;
    Ok(t)
}

/// (floor seconds, nanoseconds) of a nanosecond count; RangeError past an i64 of seconds or an
/// i32 year.
pub fn split_ns(vm: &mut Vm, ns: i128) -> VmResult<(i64, u32)> {
    let sec = ns.div_euclid(NS);
    // years up to about ±2**31 (i32 broken-down year)
    const LIMIT: i128 = 67_768_036_191_676_799;
    if !(-LIMIT..=LIMIT).contains(&sec) {
        return Err(vm.raise_str(vm.c.range_error, "time out of range"));
    }
    Ok((sec as i64, ns.rem_euclid(NS) as u32))
}

pub fn total_ns(t: &RTime) -> i128 {
    t.sec as i128 * NS + t.nsec as i128
}

pub fn is_time(v: Value) -> bool {
    type_of(v) == T_TIME
}

pub(super) fn tobj(v: Value) -> &'static mut RTime {
    rtime(v)
}

/// The strftime view of a Time.
fn tm_of(t: &RTime) -> Tm<'_> {
    Tm {
        year: t.year as i64,
        mon: t.mon,
        mday: t.mday,
        hour: t.hour,
        min: t.min,
        sec: t.sec_of_min,
        wday: t.wday,
        yday: t.yday,
        nsec: t.nsec,
        epoch_sec: t.sec,
        utc_offset: t.utc_offset,
        utc: t.mode == TZ_UTC,
        zone: (t.zone_len > 0).then(|| &t.zone[..t.zone_len as usize]),
        sub_ns: (!t.frac.is_nil())
            .then(|| super::rational::parts(t.frac))
            .flatten(),
    }
}

/// Formats a Time with a strftime format.
pub fn format(t: &RTime, fmt: &str) -> Vec<u8> {
    strftime(fmt.as_bytes(), &tm_of(t)).unwrap_or_default()
}

// ---- instance methods ----

/// Wraps a Time method so that a Time made by `allocate` and not initialized raises CRuby's
/// TypeError "uninitialized Time" instead of reading the epoch.
macro_rules! init_only {
    ($f:path) => {{
        fn guarded(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
            if rtime(s).uninit != 0 {
                return Err(vm.type_error("uninitialized Time"));
            }
            $f(vm, s, a, b)
        }
        guarded as crate::vm::NativeFn
    }};
}

const TIME: &[(&str, crate::vm::NativeFn, i16, i16)] = &[
    ("year", init_only!(t_year), 0, 0),
    ("month", init_only!(t_mon), 0, 0),
    ("mon", init_only!(t_mon), 0, 0),
    ("day", init_only!(t_mday), 0, 0),
    ("mday", init_only!(t_mday), 0, 0),
    ("hour", init_only!(t_hour), 0, 0),
    ("min", init_only!(t_min), 0, 0),
    ("sec", init_only!(t_sec), 0, 0),
    ("wday", init_only!(t_wday), 0, 0),
    ("yday", init_only!(t_yday), 0, 0),
    ("usec", init_only!(t_usec), 0, 0),
    ("tv_usec", init_only!(t_usec), 0, 0),
    ("nsec", init_only!(t_nsec), 0, 0),
    ("tv_nsec", init_only!(t_nsec), 0, 0),
    ("subsec", init_only!(t_subsec), 0, 0),
    ("to_i", init_only!(t_to_i), 0, 0),
    ("tv_sec", init_only!(t_to_i), 0, 0),
    ("to_f", init_only!(t_to_f), 0, 0),
    ("to_r", init_only!(t_to_r), 0, 0),
    ("zone", init_only!(t_zone), 0, 0),
    ("utc_offset", init_only!(t_utc_offset), 0, 0),
    ("gmt_offset", init_only!(t_utc_offset), 0, 0),
    ("gmtoff", init_only!(t_utc_offset), 0, 0),
    ("utc?", init_only!(t_utc_p), 0, 0),
    ("gmt?", init_only!(t_utc_p), 0, 0),
    ("dst?", init_only!(t_dst_p), 0, 0),
    ("isdst", init_only!(t_dst_p), 0, 0),
    ("sunday?", init_only!(t_sunday), 0, 0),
    ("monday?", init_only!(t_monday), 0, 0),
    ("tuesday?", init_only!(t_tuesday), 0, 0),
    ("wednesday?", init_only!(t_wednesday), 0, 0),
    ("thursday?", init_only!(t_thursday), 0, 0),
    ("friday?", init_only!(t_friday), 0, 0),
    ("saturday?", init_only!(t_saturday), 0, 0),
    ("+", init_only!(num::t_plus), 1, 1),
    ("-", init_only!(num::t_minus), 1, 1),
    ("<=>", init_only!(num::t_cmp), 1, 1),
    ("eql?", init_only!(num::t_eql), 1, 1),
    ("hash", init_only!(num::t_hash), 0, 0),
    ("to_s", init_only!(t_to_s), 0, 0),
    ("inspect", init_only!(t_inspect), 0, 0),
    ("to_a", init_only!(t_to_a), 0, 0),
    ("strftime", init_only!(t_strftime), 1, 1),
    ("xmlschema", init_only!(t_xmlschema), 0, 1),
    ("iso8601", init_only!(t_xmlschema), 0, 1),
    ("ctime", init_only!(t_ctime), 0, 0),
    ("asctime", init_only!(t_ctime), 0, 0),
    ("deconstruct_keys", init_only!(t_deconstruct_keys), 1, 1),
    ("round", init_only!(num::t_round), 0, 1),
    ("floor", init_only!(num::t_floor), 0, 1),
    ("ceil", init_only!(num::t_ceil), 0, 1),
    ("utc", init_only!(t_utc), 0, 0),
    ("gmtime", init_only!(t_utc), 0, 0),
    ("getutc", init_only!(t_getutc), 0, 0),
    ("getgm", init_only!(t_getutc), 0, 0),
    ("localtime", init_only!(t_localtime), 0, 1),
    ("getlocal", init_only!(t_getlocal), 0, 1),
    ("initialize_copy", t_init_copy, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let k = vm.define_class("Time", o);
    vm.c.time = k;
    let cmp = vm.c.comparable;
    vm.class_data(k).includes.push(cmp);
    vm.invalidate();
    vm.define_natives(k, TIME);
    super::time_new::init(vm, k);
}

pub(super) fn int(v: i64) -> VmResult {
    Ok(Value::fixnum(v))
}

fn t_year(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).year as i64)
}
fn t_mon(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).mon as i64)
}
fn t_mday(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).mday as i64)
}
fn t_hour(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).hour as i64)
}
fn t_min(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).min as i64)
}
fn t_sec(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).sec_of_min as i64)
}
fn t_wday(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).wday as i64)
}
fn t_yday(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).yday as i64)
}
fn t_usec(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).nsec as i64 / 1000)
}
fn t_nsec(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).nsec as i64)
}
fn t_subsec(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = tobj(s);
    if t.nsec == 0 && t.frac.is_nil() {
        return int(0);
    }
    let (n, d) = subsec_parts(t);
    super::rational::new_rational(vm, n, d)
}
fn t_to_i(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(tobj(s).sec))
}
fn t_to_f(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(time_exact(tobj(s)).to_f64_over(NS)))
}
fn t_to_r(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (n, d) = time_exact(tobj(s)).parts();
    super::rational::new_rational(vm, n, d * BigInt::from(NS))
}
fn t_zone(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = tobj(s);
    if t.zone_len == 0 {
        return Ok(Value::NIL);
    }
    let z = t.zone[..t.zone_len as usize].to_vec();
    let v = vm.str_new(&z);
    string::set_encoding(v, string::Encoding::UsAscii);
    Ok(v)
}
fn t_utc_offset(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    int(tobj(s).utc_offset as i64)
}
fn t_utc_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(tobj(s).mode == TZ_UTC))
}
fn t_dst_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(tobj(s).isdst != 0))
}
macro_rules! weekday {
    ($($name:ident = $n:expr),*) => {$(
        fn $name(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
            Ok(Value::bool(tobj(s).wday == $n))
        }
    )*};
}
weekday!(
    t_sunday = 0,
    t_monday = 1,
    t_tuesday = 2,
    t_wednesday = 3,
    t_thursday = 4,
    t_friday = 5,
    t_saturday = 6
);

fn t_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = tobj(s);
    let f = if t.mode == TZ_UTC {
        "%Y-%m-%d %H:%M:%S UTC"
    } else {
        "%Y-%m-%d %H:%M:%S %z"
    };
    let b = format(t, f);
    let v = vm.str_new(&b);
    string::set_encoding(v, string::Encoding::UsAscii);
    Ok(v)
}

/// CRuby's Time#inspect: to_s with the fraction of the second (trailing zeros dropped) and the
/// offset's seconds when it has any.
pub fn inspect_bytes(t: &RTime) -> Vec<u8> {
    let mut b = format(t, "%Y-%m-%d %H:%M:%S");
    if !t.frac.is_nil() {
        // not a whole number of nanoseconds: the fraction of the second as a Rational
        let (n, d) = subsec_parts(t);
        b.extend_from_slice(format!(" {n}/{d}").as_bytes());
    } else if t.nsec != 0 {
        let frac = format!("{:09}", t.nsec);
        b.push(b'.');
        b.extend_from_slice(frac.trim_end_matches('0').as_bytes());
    }
    if t.mode == TZ_UTC {
        b.extend_from_slice(b" UTC");
    } else {
        let off = t.utc_offset;
        let sign = if off < 0 { '-' } else { '+' };
        let a = off.unsigned_abs();
        b.extend_from_slice(format!(" {sign}{:02}{:02}", a / 3600, a / 60 % 60).as_bytes());
        if !a.is_multiple_of(60) {
            b.extend_from_slice(format!("{:02}", a % 60).as_bytes());
        }
    }
    b
}

fn t_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = inspect_bytes(tobj(s));
    let v = vm.str_new(&b);
    string::set_encoding(v, string::Encoding::UsAscii);
    Ok(v)
}

fn t_to_a(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let t = tobj(s);
    let zone = t_zone(vm, s, a, b)?;
    let v = vec![
        Value::fixnum(t.sec_of_min as i64),
        Value::fixnum(t.min as i64),
        Value::fixnum(t.hour as i64),
        Value::fixnum(t.mday as i64),
        Value::fixnum(t.mon as i64),
        Value::fixnum(t.year as i64),
        Value::fixnum(t.wday as i64),
        Value::fixnum(t.yday as i64),
        Value::bool(t.isdst != 0),
        zone,
    ];
    Ok(vm.ary_new(v))
}

/// A US-ASCII String of formatted bytes.
fn ascii_str(vm: &mut Vm, b: &[u8]) -> Value {
    let v = vm.str_new(b);
    string::set_encoding(v, string::Encoding::UsAscii);
    v
}

/// `xmlschema(fraction_digits = 0)` / `iso8601`: "2024-03-05T14:07:09.123Z" (built in since 3.4).
fn t_xmlschema(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let digits = match a.first() {
        None => 0,
        Some(&v) => super::array::num2long(vm, v)?.max(0) as usize,
    };
    // a huge digit count is NoMemoryError, as CRuby's string allocation fails
    let mut b = super::try_with_capacity(vm, digits.saturating_add(40))?;
    super::strftime::xmlschema(&tm_of(tobj(s)), digits, &mut b);
    Ok(ascii_str(vm, &b))
}

fn t_ctime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = format(tobj(s), "%a %b %e %H:%M:%S %Y");
    Ok(ascii_str(vm, &b))
}

/// `deconstruct_keys(keys)`: a Hash of the named fields (all of them for nil), for pattern
/// matching.
fn t_deconstruct_keys(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    const KEYS: [&str; 11] = [
        "year", "month", "day", "yday", "wday", "hour", "min", "sec", "subsec", "dst", "zone",
    ];
    let wanted: Vec<&str> = if a[0].is_nil() {
        KEYS.to_vec()
    } else if type_of(a[0]) == T_ARRAY {
        rarray(a[0])
            .vec
            .iter()
            .filter(|k| k.is_symbol())
            .map(|k| crate::object::symbol::sym_name(k.as_symbol_id()))
            .filter_map(|n| KEYS.iter().copied().find(|k| *k == n))
            .collect()
    } else {
        let k = vm.real_class(a[0]);
        let name = vm.class_name(k);
        return Err(vm.type_error(&format!(
            "wrong argument type {name} (expected Array or nil)"
        )));
    };
    let t = tobj(s);
    let mut pairs = Vec::with_capacity(wanted.len());
    for key in wanted {
        let v = match key {
            "year" => Value::fixnum(t.year as i64),
            "month" => Value::fixnum(t.mon as i64),
            "day" => Value::fixnum(t.mday as i64),
            "yday" => Value::fixnum(t.yday as i64),
            "wday" => Value::fixnum(t.wday as i64),
            "hour" => Value::fixnum(t.hour as i64),
            "min" => Value::fixnum(t.min as i64),
            "sec" => Value::fixnum(t.sec_of_min as i64),
            "subsec" => t_subsec(vm, s, &[], b)?,
            "dst" => Value::bool(t.isdst != 0),
            _ => t_zone(vm, s, &[], b)?,
        };
        pairs.push((vm.sym(key), v));
    }
    let h = vm.hash_new();
    for (k, v) in pairs {
        super::hash::raw_insert(vm, h, k, v)?;
    }
    Ok(h)
}

fn t_strftime(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let f = match super::string::implicit_str(vm, a[0])? {
        Some(f) => f,
        None => return Err(vm.conversion_error(a[0], "String")),
    };
    let fmt = string::bytes(&vm.heap, f).to_vec();
    if fmt.is_empty() {
        let v = vm.str_new(b"");
        string::set_encoding(v, string::encoding(f));
        return Ok(v);
    }
    match strftime(&fmt, &tm_of(tobj(s))) {
        Ok(out) => {
            let v = vm.str_new(&out);
            string::set_encoding(v, string::encoding(f));
            Ok(v)
        }
        Err(e) => {
            let shown = String::from_utf8_lossy(&fmt).into_owned();
            Err(match e {
                super::strftime::InvalidFormat::TooLarge => {
                    crate::core::errno::raise(vm, libc::ERANGE, None, &shown)
                }
                super::strftime::InvalidFormat::Unterminated => {
                    vm.arg_error(&format!("invalid format: {shown}"))
                }
            })
        }
    }
}

/// Changes the zone of `s` in place (FrozenError when frozen and the zone would change).
fn rezone(vm: &mut Vm, s: Value, mode: u8, off: i32) -> VmResult {
    let t = tobj(s);
    // as CRuby: `utc` of a UTC Time and `localtime` (no zone) of a local one change nothing
    if vm.is_frozen(s) && !(t.mode == mode && mode != TZ_FIXED) {
        return Err(vm.frozen_error(s));
    }
    set_zone(t, mode, off);
    Ok(s)
}

fn t_utc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rezone(vm, s, TZ_UTC, 0)
}
fn t_getutc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (k, x) = (vm.real_class(s), time_exact(tobj(s)));
    new_time_exact(vm, k, &x, TZ_UTC, 0)
}
fn t_localtime(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (mode, off) = match a.first() {
        None | Some(&Value::NIL) => (TZ_LOCAL, 0),
        Some(&z) => num::zone_arg(vm, z)?,
    };
    if a.first().is_some_and(|z| !z.is_nil()) && vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    rezone(vm, s, mode, off)
}
fn t_getlocal(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (mode, off) = match a.first() {
        None | Some(&Value::NIL) => (TZ_LOCAL, 0),
        Some(&z) => num::zone_arg(vm, z)?,
    };
    let (k, x) = (vm.real_class(s), time_exact(tobj(s)));
    new_time_exact(vm, k, &x, mode, off)
}
fn t_init_copy(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !is_time(a[0]) {
        return Err(vm.type_error("initialize_copy should take same class object"));
    }
    if rtime(a[0]).uninit != 0 {
        return Err(vm.type_error("uninitialized Time"));
    }
    copy_fields(s, a[0]);
    rtime(s).uninit = 0;
    Ok(s)
}

/// Copies the Time data of `from` into `to` (both T_TIME); used by dup/clone.
pub fn copy_fields(to: Value, from: Value) {
    let (f, t) = (tobj(from), tobj(to));
    t.sec = f.sec;
    t.nsec = f.nsec;
    t.frac = f.frac;
    t.utc_offset = f.utc_offset;
    t.mode = f.mode;
    t.isdst = f.isdst;
    t.zone_len = f.zone_len;
    t.zone = f.zone;
    fill_fields(t);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Objects allocated by `expr` per pool (40, 80, 160, 320, 640), in total, and the malloc
    /// bytes it added, read through GC.stat / GC.stat_heap (object-model.md §6).
    fn now_allocs(expr: &str) -> Vec<i64> {
        let src = format!(
            r#"{}
x = {expr}
m = 0
r = allocs {{
  m = GC.stat(:malloc_increase_bytes)
  x = {expr}
  m = GC.stat(:malloc_increase_bytes) - m
}}
r + [m, x.year > 2000 ? 1 : 0]
"#,
            crate::core::string_vectors::PRELUDE
        );
        let mut i = crate::interp::Interpreter::new();
        let v = i.eval(&src, "time_now.rb").expect("runs");
        rarray(v).vec.iter().map(|x| x.as_fixnum()).collect()
    }

    #[test]
    fn time_now_is_one_80_byte_slot_and_no_malloc() {
        assert_eq!(now_allocs("Time.now"), [0, 1, 0, 0, 0, 1, 0, 1]);
        // a fixed offset is still one slot; the zone string and keyword Hash are the caller's
        let r = now_allocs("Time.now(in: \"+09:00\")");
        assert_eq!(r[1], 1, "{r:?}");
        assert_eq!(r[6], 0, "{r:?}");
    }

    #[test]
    fn civil_round_trips() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        for d in (-800_000..800_000).step_by(997) {
            let (y, m, dd) = civil_from_days(d);
            assert_eq!(days_from_civil(y, m, dd), d);
        }
    }
}
