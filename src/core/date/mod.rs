//! The `date` and `time` libraries, defined on their first `require` (core/load.rs `BUNDLED`).
//!
//! `date`: Date and DateTime (date.rb: the Julian/Gregorian calendar, arithmetic, comparison,
//! formats; parse.rb: `Date._parse`/`_strptime`/`_iso8601` and the constructors on them), with
//! `strftime` on Time's formatter (core/strftime.rs) through the native `Date.__strftime` below.
//! `time`: `Time.parse`, `Time.strptime`, `Time.iso8601`/`xmlschema`, `Time.rfc2822`,
//! `Time.httpdate` and the instance formats (time.rb), on date's parsers.

use crate::core::strftime::{InvalidFormat, Tm, strftime};
use crate::object::string;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

const DATE_RB: &str = include_str!("date.rb");
const PARSE_RB: &str = include_str!("parse.rb");
const TIME_RB: &str = include_str!("time.rb");

/// `require "date"`: defines Date and DateTime.
pub fn init_date(vm: &mut Vm) -> VmResult<()> {
    let o = vm.c.object;
    let k = vm.define_class("Date", o);
    vm.define_singleton_natives(k, &[("__strftime", date_strftime, 13, 13)]);
    vm.invalidate();
    vm.eval_source(DATE_RB, "<internal:date>")?;
    vm.eval_source(PARSE_RB, "<internal:date/parse>")?;
    Ok(())
}

/// `require "time"`: Time's parsers and formats (after `date`, which they use).
pub fn init_time(vm: &mut Vm) -> VmResult<()> {
    // as CRuby's time.rb: through `require`, so that "date.rb" is a loaded feature after it
    crate::core::load::require(vm, b"date")?;
    vm.eval_source(TIME_RB, "<internal:time>")?;
    Ok(())
}

/// Date.__strftime(fmt, year, mon, mday, hour, min, sec, wday, yday, nsec, epoch_sec, offset,
/// zone) -> String: Time's formatter over a Date's fields (`%Z` is the zone string "+09:00").
fn date_strftime(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let f = match crate::core::string::implicit_str(vm, a[0])? {
        Some(f) => f,
        None => return Err(vm.conversion_error(a[0], "String")),
    };
    let fmt = string::bytes(&vm.heap, f).to_vec();
    let mut n = [0i64; 11];
    for (i, slot) in n.iter_mut().enumerate() {
        *slot = crate::core::array::num2long(vm, a[i + 1])?;
    }
    let zone = match crate::core::string::implicit_str(vm, a[12])? {
        Some(z) => string::bytes(&vm.heap, z).to_vec(),
        None => Vec::new(),
    };
    let tm = Tm {
        year: n[0],
        mon: n[1] as u8,
        mday: n[2] as u8,
        hour: n[3] as u8,
        min: n[4] as u8,
        sec: n[5] as u8,
        wday: n[6] as u8,
        yday: n[7] as u16,
        nsec: n[8] as u32,
        epoch_sec: n[9],
        utc_offset: n[10] as i32,
        utc: false,
        zone: Some(&zone),
        sub_ns: None,
    };
    match strftime(&fmt, &tm) {
        Ok(out) => {
            let v = vm.str_new(&out);
            string::set_encoding(v, string::encoding(f));
            Ok(v)
        }
        Err(InvalidFormat::TooLarge) => {
            let shown = String::from_utf8_lossy(&fmt).into_owned();
            Err(crate::core::errno::raise(vm, libc::ERANGE, None, &shown))
        }
        Err(InvalidFormat::Unterminated) => {
            let shown = String::from_utf8_lossy(&fmt).into_owned();
            Err(vm.arg_error(&format!("invalid format: {shown}")))
        }
    }
}
