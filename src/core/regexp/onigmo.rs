//! Onigmo's syntax on Oniguruma. CRuby's engine, Onigmo, is a fork of Oniguruma, and the two
//! read a few constructs differently; this pre-pass rewrites a Ruby pattern so that Oniguruma
//! gives it CRuby's meaning, or rejects it with the RegexpError message CRuby gives:
//!
//! - `\y` and `\Y` are plain letters in Onigmo (Oniguruma: text-segment boundaries);
//! - `\u{41 42}` (one or several code points in braces) becomes `\x{41}\x{42}`, Oniguruma's
//!   spelling (its Ruby syntax reads only `\uHHHH`);
//! - `\x{41}` is "invalid hex escape" in Onigmo (Oniguruma accepts it);
//! - a look-behind may not contain a variable-length repeat in Onigmo ("invalid pattern in
//!   look-behind"; Oniguruma accepts `(?<=a+)`);
//! - `a{2,1}` is "upper is smaller than lower in repeat range" (Oniguruma accepts it);
//! - the option `u` of `(?u)`/`(?u:..)` is the default here and dropped; the character-set
//!   options `a` and `d` have no Oniguruma equivalent and are rejected by name.
//!
//! What remains different is listed in the README (Regexp): the absent operator `(?~X)` stops
//! where X would start, and a case-insensitive `\p{Lower}` does not match upper case.

use super::engine::EXTENDED;
use std::borrow::Cow;

#[derive(Clone, Copy, PartialEq)]
enum Group {
    LookBehind,
    Other,
}

/// The pattern Oniguruma is given for the Ruby pattern `src` (options `opts`), or CRuby's
/// message for a pattern Onigmo rejects.
pub fn translate(src: &[u8], opts: u32) -> Result<Cow<'_, [u8]>, &'static str> {
    let mut out: Vec<u8> = Vec::with_capacity(src.len() + 8);
    let mut changed = false;
    let mut groups: Vec<Group> = Vec::new();
    let mut class = 0usize;
    let mut extended = opts & EXTENDED != 0;
    let mut i = 0;
    let in_lookbehind = |g: &[Group]| g.contains(&Group::LookBehind);
    while i < src.len() {
        let c = src[i];
        if c == b'\\' && i + 1 < src.len() {
            let n = src[i + 1];
            match n {
                b'x' if src.get(i + 2) == Some(&b'{') => return Err("invalid hex escape"),
                b'y' | b'Y' => {
                    out.push(n);
                    changed = true;
                    i += 2;
                    continue;
                }
                b'u' if src.get(i + 2) == Some(&b'{') => {
                    if let Some(close) = src[i + 3..].iter().position(|&b| b == b'}') {
                        let body = &src[i + 3..i + 3 + close];
                        let points: Vec<&[u8]> = body
                            .split(|b| b.is_ascii_whitespace())
                            .filter(|p| !p.is_empty())
                            .collect();
                        for p in points {
                            out.extend_from_slice(b"\\x{");
                            out.extend_from_slice(p);
                            out.push(b'}');
                        }
                        changed = true;
                        i += close + 4;
                        continue;
                    }
                }
                _ => {}
            }
            out.push(c);
            out.push(n);
            i += 2;
            continue;
        }
        if class > 0 {
            match c {
                b'[' => class += 1,
                b']' => class -= 1,
                _ => {}
            }
            out.push(c);
            i += 1;
            continue;
        }
        match c {
            b'#' if extended => {
                let end = src[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(src.len(), |k| i + k);
                out.extend_from_slice(&src[i..end]);
                i = end;
                continue;
            }
            b'[' => {
                class = 1;
                out.push(c);
                i += 1;
                if src.get(i) == Some(&b'^') {
                    out.push(b'^');
                    i += 1;
                }
                if src.get(i) == Some(&b']') {
                    out.push(b']');
                    i += 1;
                }
                continue;
            }
            b'(' if src.get(i + 1) == Some(&b'?') => {
                let rest = &src[i + 2..];
                if rest.starts_with(b"<=") || rest.starts_with(b"<!") {
                    groups.push(Group::LookBehind);
                    out.extend_from_slice(&src[i..i + 4]);
                    i += 4;
                    continue;
                }
                let n = rest.iter().take_while(|b| b"imxadu-".contains(b)).count();
                if n > 0 && matches!(rest.get(n), Some(b')') | Some(b':')) {
                    let letters = &rest[..n];
                    if letters.iter().any(|b| matches!(b, b'a' | b'd')) {
                        return Err("character set options (?a) and (?d) are not supported");
                    }
                    let on = letters.split(|&b| b == b'-').next().unwrap_or(&[]);
                    if letters.contains(&b'x') {
                        extended = on.contains(&b'x');
                    }
                    let kept: Vec<u8> = letters.iter().copied().filter(|&b| b != b'u').collect();
                    changed |= kept.len() != letters.len();
                    if rest[n] == b':' {
                        groups.push(Group::Other);
                    }
                    // `(?u)` alone says nothing here: it goes
                    if !(kept.is_empty() && rest[n] == b')') {
                        out.extend_from_slice(b"(?");
                        out.extend_from_slice(&kept);
                        out.push(rest[n]);
                    }
                    i += 2 + n + 1;
                    continue;
                }
                groups.push(Group::Other);
                out.extend_from_slice(b"(?");
                i += 2;
                continue;
            }
            b'(' => groups.push(Group::Other),
            b')' => {
                groups.pop();
            }
            b'*' | b'+' | b'?' if in_lookbehind(&groups) => {
                return Err("invalid pattern in look-behind");
            }
            b'{' => {
                if let Some((lo, hi)) = interval(&src[i + 1..]) {
                    if let (Some(lo), Some(hi)) = (lo, hi)
                        && hi < lo
                    {
                        return Err("upper is smaller than lower in repeat range");
                    }
                    if in_lookbehind(&groups) && lo != hi {
                        return Err("invalid pattern in look-behind");
                    }
                }
            }
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    Ok(if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(src)
    })
}

/// The bounds of an interval `{n}`, `{n,}`, `{,m}` or `{n,m}` starting after its `{` (None
/// when the text is not an interval, and then is a literal brace).
fn interval(b: &[u8]) -> Option<(Option<u64>, Option<u64>)> {
    let num = |b: &[u8]| -> (Option<u64>, usize) {
        let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
        (
            std::str::from_utf8(&b[..n])
                .ok()
                .and_then(|d| d.parse().ok()),
            n,
        )
    };
    let (lo, n1) = num(b);
    match b.get(n1) {
        Some(b'}') if lo.is_some() => Some((lo, lo)),
        Some(b',') => {
            let (hi, n2) = num(&b[n1 + 1..]);
            (b.get(n1 + 1 + n2) == Some(&b'}') && (lo.is_some() || hi.is_some()))
                .then_some((lo, hi))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(src: &str) -> Result<String, &'static str> {
        translate(src.as_bytes(), 0).map(|c| String::from_utf8(c.into_owned()).unwrap())
    }

    #[test]
    fn rewrites_what_onigmo_reads_differently() {
        assert_eq!(t(r"a\yb\Y"), Ok("aybY".into()));
        assert_eq!(t(r"\u{41 42}"), Ok(r"\x{41}\x{42}".into()));
        assert_eq!(t(r"(?u)\w(?mu:x)(?u:y)"), Ok(r"\w(?m:x)(?:y)".into()));
        assert_eq!(t(r"[\y]"), Ok("[y]".into()));
    }

    #[test]
    fn rejects_what_onigmo_rejects() {
        assert_eq!(t(r"\x{41}"), Err("invalid hex escape"));
        assert_eq!(t(r"(?<=a+)b"), Err("invalid pattern in look-behind"));
        assert_eq!(t(r"(?<!a{1,2})b"), Err("invalid pattern in look-behind"));
        assert_eq!(
            t("a{2,1}"),
            Err("upper is smaller than lower in repeat range")
        );
        assert!(t("(?a)x").is_err());
    }

    #[test]
    fn leaves_the_rest_alone() {
        for ok in [
            r"(?<=ab|c)d",
            r"(?<=a{2})b",
            r"(?<=a)b+",
            r"[]a]*",
            r"a{,2}",
            r"x{2}{3}",
            r"(?<n>.)\k<n>",
        ] {
            assert_eq!(t(ok).as_deref(), Ok(ok), "{ok}");
        }
    }
}
