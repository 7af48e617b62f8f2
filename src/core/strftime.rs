//! `Time#strftime`: a pure formatter over a Time's broken-down fields, as CRuby's strftime.c.
//!
//! Conversions: `%Y %C %y %m %B %b %h %d %e %j %H %k %I %l %P %p %M %S %L %N %z %:z %::z %:::z
//! %Z %A %a %u %w %G %g %V %U %W %s %n %t %% %c %D %F %x %X %r %R %T %v` (and the ignored
//! locale modifiers `%E`/`%O`). Flags `-` (no padding; `%-z` of a UTC Time is `-0000`), `_`
//! (spaces), `0` (zeros), `^` (upcase), `#` (change case) and a decimal width, with CRuby's rules
//! for where each applies. An unknown conversion (`%+` among them, as in CRuby 4.0) is copied
//! literally, flags and all; a format ending inside a conversion (`"%"`, `"%-"`) is an error.

/// Why a format cannot be formatted.
#[derive(Debug, PartialEq, Eq)]
pub enum InvalidFormat {
    /// It ends inside a conversion (`"%"`, `"%-"`, `"%10"`): ArgumentError.
    Unterminated,
    /// A width of a gigabyte or more (CRuby gives up at 2**31 - 1 with ERANGE; rubra does not
    /// allocate such strings at all).
    TooLarge,
}

/// The largest width a conversion may ask for.
const MAX_WIDTH: i64 = (1 << 30) - 1;

/// `s` right-aligned in `width` columns, padded with `pad` (the standard library's formatting
/// widths stop at 65,535; CRuby's do not).
fn pad_left(s: &str, width: usize, pad: u8) -> String {
    let mut out = String::with_capacity(width.max(s.len()));
    for _ in s.len()..width {
        out.push(pad as char);
    }
    out.push_str(s);
    out
}

/// The fields a format reads.
pub struct Tm<'a> {
    pub year: i64,
    /// 1..=12
    pub mon: u8,
    pub mday: u8,
    pub hour: u8,
    pub min: u8,
    pub sec: u8,
    /// 0..=6, Sunday 0
    pub wday: u8,
    /// 1..=366
    pub yday: u16,
    pub nsec: u32,
    /// Seconds since the epoch (floor), for `%s`.
    pub epoch_sec: i64,
    pub utc_offset: i32,
    /// A UTC Time: `%z` is `+0000` and `%Z` is `UTC`.
    pub utc: bool,
    /// The zone abbreviation; None for fixed offsets (`%Z` prints nothing).
    pub zone: Option<&'a [u8]>,
    /// The part finer than a nanosecond, a fraction n/d in (0, 1) of a nanosecond (an exact
    /// Time's `frac`), for the digits of `%N` past the ninth.
    pub sub_ns: Option<(num_bigint::BigInt, num_bigint::BigInt)>,
}

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

const LEFT: u8 = 1;
const UPPER: u8 = 2;
const LOWER: u8 = 4;
const CHCASE: u8 = 8;

/// Formats `tm` by `fmt`.
/// Formats `tm` by `fmt`; Err when the format ends inside a conversion (CRuby raises
/// `ArgumentError: invalid format: FMT`).
pub fn strftime(fmt: &[u8], tm: &Tm) -> Result<Vec<u8>, InvalidFormat> {
    let mut out = Vec::with_capacity(fmt.len() + 16);
    format_into(&mut out, fmt, tm)?;
    Ok(out)
}

/// The state of one conversion: flags, padding character (0 = default) and width (-1 = none).
struct Spec {
    flags: u8,
    padding: u8,
    precision: i64,
}

impl Spec {
    /// CRuby's FMT: a number padded to the width (or the default width) with the padding.
    fn num(&self, out: &mut Vec<u8>, def_pad: u8, def_prec: i64, val: i64) {
        let prec = if self.flags & LEFT != 0 {
            1
        } else if self.precision <= 0 {
            def_prec
        } else {
            self.precision
        } as usize;
        let zero = self.padding == b'0' || (self.padding == 0 && def_pad == b'0');
        let s = if zero {
            if val < 0 {
                let digits = val.unsigned_abs().to_string();
                format!("-{}", pad_left(&digits, prec.saturating_sub(1), b'0'))
            } else {
                pad_left(&val.to_string(), prec, b'0')
            }
        } else {
            pad_left(&val.to_string(), prec, b' ')
        };
        out.extend_from_slice(s.as_bytes());
    }

    /// CRuby's FILL_PADDING before a text of `len` bytes.
    fn fill(&self, out: &mut Vec<u8>, len: usize) {
        if self.flags & LEFT == 0 && self.precision > len as i64 {
            let pad = if self.padding != 0 {
                self.padding
            } else {
                b' '
            };
            out.resize(out.len() + self.precision as usize - len, pad);
        }
    }

    /// A nested format (`%c`, `%F`, ...): case conversion, then left padding to the width.
    fn nested(&self, out: &mut Vec<u8>, fmt: &str, tm: &Tm) {
        let start = out.len();
        let _ = format_into(out, fmt.as_bytes(), tm);
        case_conv(&mut out[start..], self.flags);
        let len = out.len() - start;
        if self.precision > len as i64 {
            let pad = if self.padding != 0 {
                self.padding
            } else {
                b' '
            };
            let n = self.precision as usize - len;
            out.splice(start..start, std::iter::repeat_n(pad, n));
        }
    }
}

fn case_conv(s: &mut [u8], flags: u8) {
    match flags & (UPPER | LOWER) {
        UPPER => s.make_ascii_uppercase(),
        LOWER => s.make_ascii_lowercase(),
        _ => {}
    }
}

fn format_into(out: &mut Vec<u8>, fmt: &[u8], tm: &Tm) -> Result<(), InvalidFormat> {
    let mut i = 0;
    while i < fmt.len() {
        let Some(p) = memchr::memchr(b'%', &fmt[i..]) else {
            out.extend_from_slice(&fmt[i..]);
            break;
        };
        out.extend_from_slice(&fmt[i..i + p]);
        let sp = i + p;
        let mut f = sp;
        let mut sp_ = Spec {
            flags: 0,
            padding: 0,
            precision: -1,
        };
        let mut colons = 0usize;
        // the text to copy for string conversions (and unknown ones)
        let text: Option<Vec<u8>>;
        loop {
            f += 1;
            if f >= fmt.len() {
                return Err(InvalidFormat::Unterminated);
            }
            let c = fmt[f];
            match c {
                b'-' | b'^' | b'#' | b'_' => {
                    if sp_.precision > 0 {
                        text = unknown(&mut sp_, &fmt[sp..=f]);
                        break;
                    }
                    match c {
                        b'-' => {
                            sp_.flags |= LEFT;
                            sp_.padding = 0;
                            sp_.precision = 0;
                        }
                        b'^' => sp_.flags |= UPPER,
                        b'#' => sp_.flags |= CHCASE,
                        _ => sp_.padding = b' ',
                    }
                    continue;
                }
                b':' => {
                    let mut n = 1;
                    let mut ok = false;
                    while n <= 3 {
                        if f + n >= fmt.len() {
                            break;
                        }
                        if fmt[f + n] == b'z' {
                            ok = true;
                            break;
                        }
                        if fmt[f + n] != b':' {
                            break;
                        }
                        n += 1;
                    }
                    if !ok {
                        text = unknown(&mut sp_, &fmt[sp..=f]);
                        break;
                    }
                    colons = n;
                    f += n - 1;
                    continue;
                }
                b'0'..=b'9' => {
                    if c == b'0' {
                        sp_.padding = b'0';
                    }
                    let mut e = f;
                    while e < fmt.len() && fmt[e].is_ascii_digit() {
                        e += 1;
                    }
                    let digits = std::str::from_utf8(&fmt[f..e]).unwrap_or("0");
                    match digits.parse::<i64>() {
                        Ok(n) if n > MAX_WIDTH && n <= i32::MAX as i64 => {
                            return Err(InvalidFormat::TooLarge);
                        }
                        Ok(n) if n <= i32::MAX as i64 => sp_.precision = n,
                        _ => {
                            f = e - 1;
                            text = unknown(&mut sp_, &fmt[sp..=f]);
                            break;
                        }
                    }
                    f = e - 1;
                    continue;
                }
                b'E' | b'O' => {
                    let allowed: &[u8] = if c == b'E' {
                        b"cCxXyY"
                    } else {
                        b"deHkIlmMSuUVwWy"
                    };
                    if f + 1 < fmt.len() && allowed.contains(&fmt[f + 1]) {
                        continue;
                    }
                    text = unknown(&mut sp_, &fmt[sp..=f]);
                    break;
                }
                _ => {}
            }
            text = conversion(out, c, &mut sp_, colons, tm).or_else(|| {
                if is_known(c) {
                    None
                } else {
                    unknown(&mut sp_, &fmt[sp..=f])
                }
            });
            break;
        }
        if let Some(t) = text
            && !t.is_empty()
        {
            sp_.fill(out, t.len());
            let start = out.len();
            out.extend_from_slice(&t);
            case_conv(&mut out[start..], sp_.flags);
        }
        i = f + 1;
    }
    Ok(())
}

/// An unknown conversion: its text is copied as it is, without padding.
fn unknown(sp_: &mut Spec, text: &[u8]) -> Option<Vec<u8>> {
    *sp_ = Spec {
        flags: 0,
        padding: 0,
        precision: -1,
    };
    Some(text.to_vec())
}

fn is_known(c: u8) -> bool {
    b"%aAhbBcdHIjmMpPsSUwWxXyYzZntDerRTklvCVuGgLNF".contains(&c)
}

/// Performs conversion `c`. Numbers and nested formats are written to `out` (None); names are
/// returned for the caller to pad and case-convert.
fn conversion(out: &mut Vec<u8>, c: u8, s: &mut Spec, colons: usize, tm: &Tm) -> Option<Vec<u8>> {
    let hour12 = match tm.hour {
        0 => 12,
        h if h > 12 => h - 12,
        h => h,
    } as i64;
    let name = |s: &mut Spec, text: &str| {
        if s.flags & CHCASE != 0 {
            s.flags &= !(LOWER | CHCASE);
            s.flags |= UPPER;
        }
        Some(text.as_bytes().to_vec())
    };
    if c != b'z' && colons > 0 {
        return None;
    }
    match c {
        b'%' => return Some(b"%".to_vec()),
        b'n' => return Some(b"\n".to_vec()),
        b't' => return Some(b"\t".to_vec()),
        b'a' => return name(s, &DAYS[tm.wday as usize % 7][..3]),
        b'A' => return name(s, DAYS[tm.wday as usize % 7]),
        b'b' | b'h' => return name(s, &MONTHS[(tm.mon as usize + 11) % 12][..3]),
        b'B' => return name(s, MONTHS[(tm.mon as usize + 11) % 12]),
        b'p' | b'P' => {
            if (c == b'p' && s.flags & CHCASE != 0)
                || (c == b'P' && s.flags & (CHCASE | UPPER) == 0)
            {
                s.flags &= !(UPPER | CHCASE);
                s.flags |= LOWER;
            }
            return Some(if tm.hour < 12 { b"AM" } else { b"PM" }.to_vec());
        }
        b'Z' => {
            if s.flags & CHCASE != 0 {
                s.flags &= !(UPPER | CHCASE);
                s.flags |= LOWER;
            }
            if tm.utc {
                return Some(b"UTC".to_vec());
            }
            return Some(tm.zone.map(<[u8]>::to_vec).unwrap_or_default());
        }
        b'c' => s.nested(out, "%a %b %e %H:%M:%S %Y", tm),
        b'D' | b'x' => s.nested(out, "%m/%d/%y", tm),
        b'F' => s.nested(out, "%Y-%m-%d", tm),
        b'X' | b'T' => s.nested(out, "%H:%M:%S", tm),
        b'r' => s.nested(out, "%I:%M:%S %p", tm),
        b'R' => s.nested(out, "%H:%M", tm),
        b'v' => s.nested(out, "%e-%^b-%4Y", tm),
        b'd' => s.num(out, b'0', 2, tm.mday as i64),
        b'e' => s.num(out, b' ', 2, tm.mday as i64),
        b'H' => s.num(out, b'0', 2, tm.hour as i64),
        b'k' => s.num(out, b' ', 2, tm.hour as i64),
        b'I' => s.num(out, b'0', 2, hour12),
        b'l' => s.num(out, b' ', 2, hour12),
        b'j' => s.num(out, b'0', 3, tm.yday as i64),
        b'm' => s.num(out, b'0', 2, tm.mon as i64),
        b'M' => s.num(out, b'0', 2, tm.min as i64),
        b'S' => s.num(out, b'0', 2, tm.sec as i64),
        b's' => s.num(out, b'0', 1, tm.epoch_sec),
        b'u' => s.num(out, b'0', 1, if tm.wday == 0 { 7 } else { tm.wday as i64 }),
        b'w' => s.num(out, b'0', 1, tm.wday as i64),
        b'U' => s.num(out, b'0', 2, weeknumber(tm.yday, tm.wday, 0)),
        b'W' => s.num(out, b'0', 2, weeknumber(tm.yday, tm.wday, 1)),
        b'V' => s.num(out, b'0', 2, iso_week(tm)),
        b'y' => s.num(out, b'0', 2, tm.year.rem_euclid(100)),
        b'C' => s.num(out, b'0', 2, tm.year.div_euclid(100)),
        b'Y' => s.num(out, b'0', if tm.year >= 0 { 4 } else { 5 }, tm.year),
        b'G' | b'g' => {
            let w = iso_week(tm);
            let mut y = tm.year;
            if tm.mon == 12 && w == 1 {
                y += 1;
            } else if tm.mon == 1 && w >= 52 {
                y -= 1;
            }
            if c == b'G' {
                s.num(out, b'0', if y >= 0 { 4 } else { 5 }, y);
            } else {
                s.num(out, b'0', 2, y.rem_euclid(100));
            }
        }
        b'L' | b'N' => {
            let prec = if s.precision <= 0 {
                if c == b'L' { 3 } else { 9 }
            } else {
                s.precision as usize
            };
            let digits = format!("{:09}", tm.nsec);
            if prec <= 9 {
                out.extend_from_slice(&digits.as_bytes()[..prec]);
            } else {
                out.extend_from_slice(digits.as_bytes());
                match &tm.sub_ns {
                    Some((n, d)) if prec - 9 <= 4096 => {
                        let scale = num_traits::pow(num_bigint::BigInt::from(10), prec - 9);
                        let more = (n * scale / d).to_string();
                        out.resize(out.len() + prec - 9 - more.len(), b'0');
                        out.extend_from_slice(more.as_bytes());
                    }
                    _ => out.resize(out.len() + prec - 9, b'0'),
                }
            }
        }
        b'z' => zone_offset(out, s, colons, tm),
        _ => return None,
    }
    None
}

/// `%z`, `%:z`, `%::z`, `%:::z`, as strftime.c writes them.
fn zone_offset(out: &mut Vec<u8>, s: &Spec, colons: usize, tm: &Tm) {
    let mut off = if tm.utc { 0 } else { tm.utc_offset as i64 };
    // RFC 2822's "-0000" (no known local offset) for `%-z` of a UTC Time
    let sign = if off < 0 || (tm.utc && s.flags & LEFT != 0) {
        -1
    } else {
        1
    };
    off = off.abs();
    let p = s.precision;
    let precision = match colons {
        0 => {
            if p <= 5 {
                2
            } else {
                p - 3
            }
        }
        1 => {
            if p <= 6 {
                2
            } else {
                p - 4
            }
        }
        2 => {
            if p <= 9 {
                2
            } else {
                p - 7
            }
        }
        _ => {
            if off % 3600 == 0 {
                if p <= 3 { 2 } else { p - 1 }
            } else if off % 60 == 0 {
                if p <= 6 { 2 } else { p - 4 }
            } else if p <= 9 {
                2
            } else {
                p - 7
            }
        }
    } as usize;
    let hours = sign * (off / 3600);
    let sgn = if sign < 0 { '-' } else { '+' };
    let mut h = if s.padding == b' ' {
        // "%+*ld": right-aligned in precision + 1 columns, sign attached to the digits
        pad_left(&format!("{sgn}{}", hours.abs()), precision + 1, b' ')
    } else {
        // "%+.*ld": at least `precision` digits after the sign
        format!(
            "{sgn}{}",
            pad_left(&hours.abs().to_string(), precision, b'0')
        )
    };
    if sign < 0 && off < 3600 {
        // "-0" (the sign of a zero hour is lost by printf): put the minus back
        let mut b = h.into_bytes();
        let at = if s.padding == b' ' { b.len() - 2 } else { 0 };
        b[at] = b'-';
        h = String::from_utf8(b).unwrap_or_default();
    }
    out.extend_from_slice(h.as_bytes());
    let rest = off % 3600;
    if colons == 3 && rest == 0 {
        return;
    }
    if colons >= 1 {
        out.push(b':');
    }
    out.extend_from_slice(format!("{:02}", rest / 60).as_bytes());
    let secs = rest % 60;
    if colons == 3 && secs == 0 {
        return;
    }
    if colons >= 2 {
        out.extend_from_slice(format!(":{secs:02}").as_bytes());
    }
}

/// `Time#xmlschema(digits)`: "YYYY-MM-DDTHH:MM:SS", `digits` digits of the fraction after a dot,
/// then "Z" for UTC or the offset as "+HH:MM" (its seconds dropped), appended to `out` (which
/// the caller reserved room in: `digits` can ask for gigabytes).
pub fn xmlschema(tm: &Tm, digits: usize, out: &mut Vec<u8>) {
    let y = if tm.year < 0 {
        format!("-{:04}", tm.year.unsigned_abs())
    } else {
        format!("{:04}", tm.year)
    };
    let mut s = format!(
        "{y}-{:02}-{:02}T{:02}:{:02}:{:02}",
        tm.mon, tm.mday, tm.hour, tm.min, tm.sec
    );
    if digits > 0 {
        let frac = format!("{:09}", tm.nsec);
        s.push('.');
        s.push_str(&frac[..digits.min(9)]);
    }
    out.extend_from_slice(s.as_bytes());
    out.extend(std::iter::repeat_n(b'0', digits.saturating_sub(9)));
    if tm.utc {
        out.push(b'Z');
    } else {
        let sign = if tm.utc_offset < 0 { '-' } else { '+' };
        let m = tm.utc_offset.unsigned_abs() / 60;
        out.extend_from_slice(format!("{sign}{:02}:{:02}", m / 60, m % 60).as_bytes());
    }
}

/// Week of the year, the first week starting on Sunday (0) or Monday (1).
fn weeknumber(yday: u16, wday: u8, first: u8) -> i64 {
    let mut wday = wday as i64;
    if first == 1 {
        wday = if wday == 0 { 6 } else { wday - 1 };
    }
    ((yday as i64 - 1 + 7 - wday) / 7).max(0)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// ISO 8601 week number (strftime.c's iso8601wknum).
fn iso_week(tm: &Tm) -> i64 {
    iso_week_of(tm.year, tm.mon, tm.mday, tm.wday as i64, tm.yday as i64 - 1)
}

fn iso_week_of(year: i64, mon: u8, mday: u8, wday: i64, yday0: i64) -> i64 {
    let mut week = {
        let wd = if wday == 0 { 6 } else { wday - 1 };
        ((yday0 + 7 - wd) / 7).max(0)
    };
    let mut jan1 = wday - (yday0 % 7);
    if jan1 < 0 {
        jan1 += 7;
    }
    match jan1 {
        1 => {}
        2..=4 => week += 1,
        _ => {
            if week == 0 {
                let ly = year - 1;
                let dec31_wday = if jan1 == 0 { 6 } else { jan1 - 1 };
                week = iso_week_of(ly, 12, 31, dec31_wday, 364 + is_leap(ly) as i64);
            }
        }
    }
    if mon == 12 {
        let md = mday as i64;
        if (wday == 1 && (29..=31).contains(&md))
            || (wday == 2 && (md == 30 || md == 31))
            || (wday == 3 && md == 31)
        {
            week = 1;
        }
    }
    week
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tm() -> Tm<'static> {
        // 2024-01-02 03:04:05.123456789 +09:00, a Tuesday
        Tm {
            year: 2024,
            mon: 1,
            mday: 2,
            hour: 3,
            min: 4,
            sec: 5,
            wday: 2,
            yday: 2,
            nsec: 123_456_789,
            epoch_sec: 1_704_132_245,
            sub_ns: None,
            utc_offset: 9 * 3600,
            utc: false,
            zone: Some(b"JST"),
        }
    }

    fn f(fmt: &str) -> String {
        String::from_utf8(strftime(fmt.as_bytes(), &tm()).unwrap()).unwrap()
    }

    #[test]
    fn conversions() {
        assert_eq!(f("%Y-%m-%d %H:%M:%S"), "2024-01-02 03:04:05");
        assert_eq!(f("%a %A %b %B %h"), "Tue Tuesday Jan January Jan");
        assert_eq!(f("%e|%k|%l|%I|%p|%P"), " 2| 3| 3|03|AM|am");
        assert_eq!(f("%L %N %3N %12N"), "123 123456789 123 123456789000");
        assert_eq!(f("%z %:z %::z %:::z %Z"), "+0900 +09:00 +09:00:00 +09 JST");
        assert_eq!(f("%j %u %w %U %W %V %G %g"), "002 2 2 00 01 01 2024 24");
        assert_eq!(f("%s %C %y %%"), "1704132245 20 24 %");
        assert_eq!(f("%c"), "Tue Jan  2 03:04:05 2024");
        assert_eq!(f("%v|%+"), " 2-JAN-2024|%+");
    }

    #[test]
    fn flags_and_widths() {
        assert_eq!(f("%-d|%_m|%05d|%10Y|%-10Y"), "2| 1|00002|0000002024|2024");
        assert_eq!(
            f("%^a|%#b|%#p|%^B|%10A|%-10A"),
            "TUE|JAN|am|JANUARY|   Tuesday|Tuesday"
        );
        assert_eq!(f("%#Z|%10z|%_10z|%-z"), "jst|+000000900|      +900|+0900");
        assert_eq!(f("%10F|%^c"), "2024-01-02|TUE JAN  2 03:04:05 2024");
        assert_eq!(f("%Q|%5q|%5-d|%:y"), "%Q|%5q|%5-d|%:y");
        assert_eq!(f("%-_5d|%0_5d|%_05d|%5%"), "2|    2|00002|    %");
        assert!(strftime(b"abc%", &tm()).is_err());
        assert!(strftime(b"%-", &tm()).is_err());
    }

    #[test]
    fn widths_beyond_the_standard_formatters() {
        // the standard library's widths stop at 65,535: these must not panic
        assert_eq!(f("%70000Y").len(), 70000);
        assert_eq!(f("%070000d").len(), 70000);
        assert_eq!(f("%_70000z").len(), 70000);
        // a width overflowing an int prints the conversion as it is; 2**31 - 1 is ERANGE in
        // CRuby, and anything from a gigabyte up is refused here
        assert_eq!(f("%10000000000Y"), "%10000000000Y");
        assert_eq!(
            strftime(b"%2147483647Y", &tm()),
            Err(InvalidFormat::TooLarge)
        );
        assert_eq!(
            strftime(b"%1073741824d", &tm()),
            Err(InvalidFormat::TooLarge)
        );
    }
}
