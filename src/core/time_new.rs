//! Time's constructors: `Time.now`, `Time.at`, `Time.new` (fields or the string form; through
//! `Time.allocate` and the private `initialize` when a subclass redefines `initialize`),
//! `Time.local`/`mktime`, `Time.utc`/`gm`, with CRuby's argument conversions and messages; local
//! wall clocks to instants (`:dst`/`:std` choose between the readings of a repeated one). The
//! zone arguments they share are parsed in time_num.rs.

use super::time::{NS, TZ_FIXED, TZ_LOCAL, TZ_UTC, new_time};
use super::time_exact::Exact;
use super::time_num::num_to_exact;
pub use super::time_num::zone_arg;
use crate::object::heap::*;
use crate::object::string;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::ToPrimitive;

pub fn init(vm: &mut Vm, k: Value) {
    vm.define_singleton_natives(
        k,
        &[
            ("now", s_now, 0, -1),
            ("at", s_at, 0, -1),
            ("new", s_new, 0, -1),
            ("utc", s_utc, 0, -1),
            ("gm", s_utc, 0, -1),
            ("local", s_local, 0, -1),
            ("mktime", s_local, 0, -1),
            ("allocate", s_allocate, 0, 0),
        ],
    );
    vm.define_private_natives(k, &[("initialize", t_initialize, 0, -1)]);
}

/// The `in:` keyword (None when absent or nil); ArgumentError for other keywords.
fn in_kw(
    vm: &mut Vm,
    opts: Option<Value>,
    extra: &[&str],
) -> VmResult<(Option<Value>, Vec<Value>)> {
    let Some(h) = opts else {
        return Ok((None, vec![Value::NIL; extra.len()]));
    };
    let mut known = vec!["in"];
    known.extend_from_slice(extra);
    super::numeric::check_keywords(vm, h, &known)?;
    let key = vm.sym("in");
    let z = super::hash::get(vm, h, key)?;
    let mut rest = vec![];
    for name in extra {
        let key = vm.sym(name);
        rest.push(super::hash::get(vm, h, key)?);
    }
    Ok(((!z.is_nil()).then_some(z), rest))
}

fn s_now(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, opts) = vm.split_keywords(a)?;
    if !a.is_empty() {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0)",
            a.len()
        )));
    }
    let (mode, off) = match in_kw(vm, opts, &[])?.0 {
        None => (TZ_LOCAL, 0),
        Some(z) => zone_arg(vm, z)?,
    };
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    Ok(new_time(
        vm,
        s,
        d.as_secs() as i64,
        d.subsec_nanos(),
        mode,
        off,
    ))
}

fn s_at(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, opts) = vm.split_keywords(a)?;
    if a.is_empty() || a.len() > 3 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 1..3)",
            a.len()
        )));
    }
    let zone = match in_kw(vm, opts, &[])?.0 {
        None => None,
        Some(z) => Some(zone_arg(vm, z)?),
    };
    let mut x;
    let mut like = None;
    if super::time::is_time(a[0]) && a.len() == 1 {
        let t = rtime(a[0]);
        x = super::time_exact::time_exact(t);
        like = Some((t.mode, t.utc_offset));
    } else {
        x = num_to_exact(vm, a[0], NS)?;
    }
    if a.len() >= 2 {
        let scale = match a.get(2) {
            None => 1000,
            Some(&u) => {
                let name = if u.is_symbol() {
                    crate::object::symbol::sym_name(u.as_symbol_id())
                } else {
                    ""
                };
                match name {
                    "millisecond" => 1_000_000,
                    "usec" | "microsecond" => 1000,
                    "nsec" | "nanosecond" => 1,
                    _ => {
                        let shown = vm.to_s_string(u)?;
                        return Err(vm.arg_error(&format!("unexpected unit: {shown}")));
                    }
                }
            }
        };
        x = x.add(&num_to_exact(vm, a[1], scale)?);
    }
    let (mode, off) = zone.or(like).unwrap_or((TZ_LOCAL, 0));
    super::time::new_time_exact(vm, s, &x, mode, off)
}

/// C's isspace in the "C" locale (Rust's is_ascii_whitespace leaves out \v).
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// A civil time: year, month, day, hour, minute, second (may be 60), nanoseconds.
struct Civil {
    year: i64,
    mon: i64,
    mday: i64,
    hour: i64,
    min: i64,
    sec: i64,
    /// The fraction of the second, in nanoseconds (exact).
    nsec: Exact,
    /// Which of two readings of a repeated local wall clock: DST (Some(true)), standard time
    /// (Some(false)), or CRuby's default, the later one (None).
    isdst: Option<bool>,
}

/// The instant (floor seconds, ns) of a civil time in a zone, after CRuby's range checks.
fn civil_to_time(vm: &mut Vm, k: Value, c: &Civil, mode: u8, off: i32) -> VmResult {
    let err = |vm: &mut Vm, m: &str| Err(vm.arg_error(m));
    if !(1..=12).contains(&c.mon) {
        return err(vm, "mon out of range");
    }
    if c.mday < 1 {
        return err(vm, "mday out of range");
    }
    if c.hour > 24 {
        return err(vm, "hour out of range");
    }
    if c.min > 59 || (c.hour == 24 && c.min > 0) {
        return err(vm, "min out of range");
    }
    if c.sec > 60 || (c.hour == 24 && c.sec > 0) {
        return err(vm, "sec out of range");
    }
    if c.year.unsigned_abs() > i32::MAX as u64 - 1 {
        return Err(vm.raise_str(vm.c.range_error, "time out of range"));
    }
    let days = super::time::days_from_civil(c.year, c.mon as u32, 1) + c.mday - 1;
    let local = days * 86_400 + c.hour * 3600 + c.min * 60 + c.sec;
    let sec = match mode {
        TZ_UTC => local,
        TZ_FIXED => local - off as i64,
        _ => local_to_utc(local, c.isdst),
    };
    let x = Exact::Int(sec as i128 * NS).add(&c.nsec);
    super::time::new_time_exact(vm, k, &x, mode, off)
}

/// The instant whose local wall clock reads `local` (seconds as if UTC), by the zone's rules; a
/// time in a gap moves forward and an ambiguous one is the reading whose DST flag is `isdst`, or
/// the later instant (standard time) as CRuby's Time.local picks.
fn local_to_utc(local: i64, isdst: Option<bool>) -> i64 {
    let tz = super::time::with_local_tz(|tz| tz.clone());
    // far years read the zone's rules in the same day of a 400-year cycle jiff knows
    let folded = super::time::fold_400y(local);
    let shift = local - folded;
    let days = folded.div_euclid(86_400);
    let secs = folded.rem_euclid(86_400);
    let (y, m, d) = super::time::civil_from_days(days);
    let dt = jiff::civil::DateTime::new(
        y as i16,
        m as i8,
        d as i8,
        (secs / 3600) as i8,
        (secs / 60 % 60) as i8,
        (secs % 60) as i8,
        0,
    );
    let Ok(dt) = dt else {
        return local;
    };
    use jiff::tz::AmbiguousOffset::*;
    let off = match tz.to_ambiguous_timestamp(dt).offset() {
        Unambiguous { offset } => offset,
        // a wall clock skipped by a transition is read with the offset before it (so it
        // lands after the gap); one repeated by a transition is the later instant
        Gap { before, .. } => before,
        Fold { before, after } => match isdst {
            Some(want) => {
                let ts = super::time::jiff_ts(folded - before.seconds() as i64);
                let dst = tz.to_offset_info(ts).dst().is_dst();
                if dst == want { before } else { after }
            }
            None => after,
        },
    };
    folded - off.seconds() as i64 + shift
}

/// Integer(str) in base 10, strict (CRuby's `invalid value for Integer(): "x"`).
fn str_int(vm: &mut Vm, v: Value) -> VmResult<i64> {
    let b = string::bytes(&vm.heap, v);
    let text = String::from_utf8_lossy(b).into_owned();
    match super::numeric::parse_integer(text.trim(), 10).and_then(|n| i64::try_from(n).ok()) {
        Some(n) => Ok(n),
        None => {
            let shown = super::string::inspect_bytes(b);
            Err(vm.arg_error(&format!("invalid value for Integer(): {shown}")))
        }
    }
}

/// An integer field: Strings through Integer(), others through to_int.
fn int_field(vm: &mut Vm, v: Value) -> VmResult<i64> {
    if super::object::is_string(v) {
        return str_int(vm, v);
    }
    let i = super::array::to_int(vm, v)?;
    super::array::num2long(vm, i)
}

/// obj2ubits: a field that must fit `bits` unsigned bits ("argument out of range").
fn ubits(vm: &mut Vm, v: Value, bits: u32) -> VmResult<i64> {
    let n = int_field(vm, v)?;
    if n < 0 || n >= 1 << bits {
        return Err(vm.arg_error("argument out of range"));
    }
    Ok(n)
}

fn month_field(vm: &mut Vm, v: Value) -> VmResult<i64> {
    // a name ("jan", "Mar") or a String through Integer(); objects by to_str, then to_int
    let v = if v.is_fixnum() {
        v
    } else {
        super::string::implicit_str(vm, v)?.unwrap_or(v)
    };
    if super::object::is_string(v) {
        let b = string::bytes(&vm.heap, v);
        const NAMES: [&[u8]; 12] = [
            b"jan", b"feb", b"mar", b"apr", b"may", b"jun", b"jul", b"aug", b"sep", b"oct", b"nov",
            b"dec",
        ];
        if b.len() == 3
            && let Some(i) = NAMES.iter().position(|n| n.eq_ignore_ascii_case(b))
        {
            return Ok(i as i64 + 1);
        }
    }
    ubits(vm, v, 4)
}

/// Fills a Civil from positional fields (year, mon, mday, hour, min, sec); `usec` is the 7th
/// argument of Time.utc/local.
fn civil_from_args(vm: &mut Vm, a: &[Value], usec: Option<Value>) -> VmResult<Civil> {
    let get = |i: usize| a.get(i).copied().filter(|v| !v.is_nil());
    let year = if super::object::is_string(a[0]) {
        str_int(vm, a[0])?
    } else if a[0].is_nil() {
        return Err(vm.conversion_error(a[0], "Integer"));
    } else {
        int_field(vm, a[0])?
    };
    let mut c = Civil {
        year,
        mon: 1,
        mday: 1,
        hour: 0,
        min: 0,
        sec: 0,
        nsec: Exact::Int(0),
        isdst: None,
    };
    if let Some(v) = get(1) {
        c.mon = month_field(vm, v)?;
    }
    if let Some(v) = get(2) {
        c.mday = ubits(vm, v, 5)?;
    }
    if let Some(v) = get(3) {
        c.hour = ubits(vm, v, 5)?;
    }
    if let Some(v) = get(4) {
        c.min = ubits(vm, v, 6)?;
    }
    if let Some(v) = get(5) {
        if super::object::is_string(v) {
            c.sec = ubits(vm, v, 6)?;
        } else {
            let x = num_to_exact(vm, v, NS)?;
            let s = x.split_floor().0.div_floor(&BigInt::from(NS));
            let Some(s) = s.to_i64() else {
                let e = vm.c.range_error;
                return Err(vm.raise_str(e, "bignum too big to convert into 'long'"));
            };
            if !(0..64).contains(&s) {
                return Err(vm.arg_error("argument out of range"));
            }
            c.sec = s;
            c.nsec = x.sub(&Exact::Int(s as i128 * NS));
        }
    }
    if let Some(u) = usec.filter(|v| !v.is_nil()) {
        // the 7th argument replaces the fraction of `sec` (CRuby's usec2subsecx)
        c.nsec = if super::object::is_string(u) {
            Exact::Int(str_int(vm, u)? as i128 * 1000)
        } else {
            num_to_exact(vm, u, 1000)?
        };
        if c.nsec.compare(&Exact::Int(0)).is_lt() || c.nsec.compare(&Exact::Int(NS)).is_ge() {
            return Err(vm.arg_error("subsecx out of range"));
        }
    }
    Ok(c)
}

/// `Time.new`: allocate and `initialize`, as Class#new; straight to the Time when `initialize`
/// is Time's own (no subclass redefines it).
fn s_new(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let init = crate::object::symbol::intern("initialize");
    let time = vm.c.time;
    if vm.find_method(s, init) == vm.find_method(time, init) {
        let (a, opts) = vm.split_keywords(a)?;
        return build_new(vm, s, a, opts);
    }
    let kw = vm.split_keywords(a)?.1.is_some();
    let obj = allocate(vm, s);
    vm.stack.push(obj);
    let r = vm.funcall_maybe_kw(obj, init, a, b.cloned(), kw);
    vm.stack.pop();
    r.map(|_| obj)
}

/// `Time.allocate`: a Time not yet initialized (the epoch in UTC until `initialize` runs).
fn allocate(vm: &mut Vm, k: Value) -> Value {
    let t = new_time(vm, k, 0, 0, TZ_UTC, 0);
    rtime(t).uninit = UNINIT;
    t
}

/// `uninit` of an allocated Time that `initialize` has not filled in yet.
const UNINIT: u8 = 1;

fn s_allocate(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(allocate(vm, s))
}

/// `Time#initialize` (private): what Time.new makes, into an allocated Time.
fn t_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, opts) = vm.split_keywords(a)?;
    if rtime(s).uninit != UNINIT {
        return Err(vm.type_error("already initialized Time"));
    }
    let k = vm.real_class(s);
    let t = build_new(vm, k, a, opts)?;
    super::time::copy_fields(s, t);
    rtime(s).uninit = 0;
    Ok(Value::NIL)
}

/// The Time that `Time.new(*a, **opts)` makes, of class `s`.
fn build_new(vm: &mut Vm, s: Value, a: &[Value], opts: Option<Value>) -> VmResult {
    let (kw_zone, rest) = in_kw(vm, opts, &["precision"])?;
    if a.len() > 7 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..7)",
            a.len()
        )));
    }
    if a.len() == 7 && !a[6].is_nil() && kw_zone.is_some() {
        return Err(vm.arg_error("timezone argument given as positional and keyword arguments"));
    }
    let zone_v = a.get(6).copied().filter(|v| !v.is_nil()).or(kw_zone);
    let isdst = zone_v.and_then(dst_symbol);
    let (mode, off) = match zone_v {
        None => (TZ_LOCAL, 0),
        Some(_) if isdst.is_some() => (TZ_LOCAL, 0),
        Some(z) => zone_arg(vm, z)?,
    };
    if a.is_empty() {
        let d = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        return Ok(new_time(
            vm,
            s,
            d.as_secs() as i64,
            d.subsec_nanos(),
            mode,
            off,
        ));
    }
    if a.len() == 1 && super::object::is_string(a[0]) {
        let prec = match rest[0] {
            Value::NIL => 9,
            p => super::array::num2long(vm, p)?,
        };
        if let Some(r) = parse_time_string(vm, s, a[0], prec, (mode, off))? {
            return Ok(r);
        }
    }
    let mut c = civil_from_args(vm, a, None)?;
    c.isdst = isdst;
    civil_to_time(vm, s, &c, mode, off)
}

/// The zone arguments `:dst` and `:std` of Time.new: local time, choosing the DST or the
/// standard reading of a repeated wall clock.
fn dst_symbol(z: Value) -> Option<bool> {
    if !z.is_symbol() {
        return None;
    }
    match crate::object::symbol::sym_name(z.as_symbol_id()) {
        "dst" => Some(true),
        "std" => Some(false),
        _ => None,
    }
}

/// Time.utc / Time.local arguments: 1..=8 fields (year, mon, mday, hour, min, sec, usec) or the
/// ten of `Time#to_a` (sec, min, hour, mday, mon, year, wday, yday, isdst, zone).
fn utc_local(vm: &mut Vm, s: Value, a: &[Value], mode: u8) -> VmResult {
    let c = if a.len() == 10 {
        let f = [a[5], a[4], a[3], a[2], a[1], a[0]];
        let mut c = civil_from_args(vm, &f, None)?;
        c.isdst = Some(a[8].truthy());
        c
    } else if a.is_empty() || a.len() > 8 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 1..8)",
            a.len()
        )));
    } else {
        // the 7th argument is microseconds only when there are exactly 7 (with 8, CRuby reads
        // it as parsedate's zone and ignores it)
        let n = a.len().min(6);
        let usec = if a.len() == 7 { Some(a[6]) } else { None };
        civil_from_args(vm, &a[..n], usec)?
    };
    civil_to_time(vm, s, &c, mode, 0)
}

fn s_utc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    utc_local(vm, s, a, TZ_UTC)
}
fn s_local(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    utc_local(vm, s, a, TZ_LOCAL)
}

/// `Time.new("2024-01-02 03:04:05.5 +09:00")`. None when the string is only a year (the caller
/// then reads it as the year field).
fn parse_time_string(
    vm: &mut Vm,
    k: Value,
    sv: Value,
    prec: i64,
    zone: (u8, i32),
) -> VmResult<Option<Value>> {
    let b = string::bytes(&vm.heap, sv).to_vec();
    let end = b.len();
    let mut p = 0;
    if b.first().is_some_and(|c| is_space(*c)) || b.last().is_some_and(|c| is_space(*c)) {
        let shown = super::string::inspect_bytes(&b);
        return Err(vm.arg_error(&format!("can't parse: {shown}")));
    }
    if p < end && (b[p] == b'-' || b[p] == b'+') {
        p += 1;
    }
    let ds = p;
    while p < end && b[p].is_ascii_digit() {
        p += 1;
    }
    let nd = p - ds;
    if nd == 0 {
        let shown = super::string::inspect_bytes(&b);
        return Err(vm.arg_error(&format!("can't parse: {shown}")));
    }
    if nd < 4 {
        let shown = String::from_utf8_lossy(&b[ds..p]).into_owned();
        return Err(vm.arg_error(&format!("year must be 4 or more digits: {shown}")));
    }
    if p == end {
        return Ok(None);
    }
    let year: i64 = match std::str::from_utf8(&b[..p])
        .ok()
        .and_then(|s| s.parse().ok())
    {
        Some(y) => y,
        None => return Err(vm.raise_str(vm.c.range_error, "time out of range")),
    };
    let mut c = Civil {
        year,
        mon: 1,
        mday: 1,
        hour: -1,
        min: 0,
        sec: 0,
        nsec: Exact::Int(0),
        isdst: None,
    };
    // two digits after b[p - 1] ... as CRuby's two_digits
    let two = |vm: &mut Vm, p: &mut usize, name: &str, bits: u32| -> VmResult<i64> {
        let s = *p + 1;
        let len = end.saturating_sub(s);
        let ok = len >= 2
            && b[s].is_ascii_digit()
            && b[s + 1].is_ascii_digit()
            && !(len > 2 && b[s + 2].is_ascii_digit());
        if !ok {
            let mut m = format!("two digits {name} is expected");
            if b[*p] == b'-' || b[*p] == b':' {
                m.push_str(&format!(" after '{}'", b[*p] as char));
            }
            let n = if len > 10 { 10 } else { len } + 1;
            let shown = String::from_utf8_lossy(&b[*p..(*p + n).min(end)]).into_owned();
            m.push_str(&format!(": {shown}"));
            return Err(vm.arg_error(&m));
        }
        let v = ((b[s] - b'0') * 10 + (b[s + 1] - b'0')) as i64;
        *p = s + 2;
        if v >= 1 << bits {
            return Err(vm.arg_error(&format!("{name} out of range")));
        }
        Ok(v)
    };
    let peek = |p: usize, c: u8| p < end && b[p] == c;
    'date: {
        if !peek(p, b'-') {
            break 'date;
        }
        c.mon = two(vm, &mut p, "mon", 4)?;
        if !peek(p, b'-') {
            break 'date;
        }
        c.mday = two(vm, &mut p, "mday", 5)?;
        if !peek(p, b' ') && !peek(p, b'T') {
            break 'date;
        }
        let tp = p + 1;
        if !(p + 1 < end && b[p + 1].is_ascii_digit()) {
            break 'date;
        }
        c.hour = two(vm, &mut p, "hour", 5)?;
        for (name, next) in [("hour", "min"), ("min", "sec")] {
            if peek(p, b'.') {
                let shown = String::from_utf8_lossy(&b[tp..p + 1]).into_owned();
                return Err(vm.arg_error(&format!("fraction {name} is not supported: {shown}")));
            }
            if !peek(p, b':') {
                let shown = String::from_utf8_lossy(&b[tp..(p + 1).min(end)]).into_owned();
                return Err(vm.arg_error(&format!("missing {next} part: {shown}")));
            }
            let v = two(vm, &mut p, next, 6)?;
            if next == "min" {
                c.min = v;
            } else {
                c.sec = v;
            }
        }
        if peek(p, b'.') {
            p += 1;
            let mut n = 0;
            while (n as i64) < prec && p + n < end && b[p + n].is_ascii_digit() {
                n += 1;
            }
            if n == 0 {
                let cl = if p < end { 1 } else { 0 };
                let shown = String::from_utf8_lossy(&b[tp..p + cl]).into_owned();
                return Err(vm.arg_error(&format!("subsecond expected after dot: {shown}")));
            }
            let digits = &b[p..p + n.min(9)];
            let mut ns: i128 = 0;
            for &d in digits {
                ns = ns * 10 + (d - b'0') as i128;
            }
            for _ in digits.len()..9 {
                ns *= 10;
            }
            c.nsec = Exact::Int(ns);
            while p < end && b[p].is_ascii_digit() {
                p += 1;
            }
        }
    }
    while p < end && is_space(b[p]) {
        p += 1;
    }
    let zs = p;
    while p < end && !is_space(b[p]) {
        p += 1;
    }
    let ze = p;
    while p < end && is_space(b[p]) {
        p += 1;
    }
    if p < end {
        let shown = String::from_utf8_lossy(&b[p..]).into_owned();
        return Err(vm.arg_error(&format!("can't parse at: {shown}")));
    }
    let (mode, off) = if ze > zs {
        let z = vm.str_new(&b[zs..ze]);
        zone_arg(vm, z)?
    } else if c.hour == -1 {
        return Err(vm.arg_error("no time information"));
    } else {
        zone
    };
    c.hour = c.hour.max(0);
    civil_to_time(vm, k, &c, mode, off).map(Some)
}
