//! Pattern source text: what a literal's source becomes, which escapes fix the encoding, and
//! the printed forms (`inspect`, `to_s`, `Regexp.escape`). Pure functions over bytes.

use super::engine::{self, Enc};

/// Walks `src` as Ruby reads a pattern: a backslash and the byte after it are one unit.
/// Calls `f(escaped, byte, index)`.
fn units(src: &[u8], mut f: impl FnMut(bool, u8, usize)) {
    let mut i = 0;
    while i < src.len() {
        if src[i] == b'\\' && i + 1 < src.len() {
            f(true, src[i + 1], i);
            i += 2;
        } else {
            f(false, src[i], i);
            i += 1;
        }
    }
}

/// A literal's source as `Regexp#source` shows it: `\/` stands for `/`.
/// Control escapes (`\cX`, `\C-X`) are written as the `\xHH` of their byte, as CRuby's
/// parser does.
pub fn literal_source(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        if c != b'\\' || i + 1 == raw.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let n = raw[i + 1];
        let ctrl = match n {
            b'c' => raw.get(i + 2).map(|&x| (x, 3)),
            b'C' if raw.get(i + 2) == Some(&b'-') => raw.get(i + 3).map(|&x| (x, 4)),
            _ => None,
        };
        if let Some((x, len)) = ctrl
            && x.is_ascii()
            && x != b'\\'
        {
            let byte = if x == b'?' { 0x7f } else { x & 0x9f };
            out.extend_from_slice(format!("\\x{byte:02X}").as_bytes());
            i += len;
            continue;
        }
        if n != b'/' {
            out.push(b'\\');
        }
        out.push(n);
        i += 2;
    }
    out
}

/// The source as error messages show it: invalid UTF-8 bytes as `\xHH`.
pub fn display(src: &[u8]) -> String {
    let mut out = String::new();
    for chunk in src.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// Whether the source has a `\u` escape (which makes the pattern UTF-8).
pub fn has_unicode_escape(src: &[u8]) -> bool {
    let mut found = false;
    units(src, |esc, c, _| found |= esc && c == b'u');
    found
}

/// Whether the source has an escaped byte (`\xHH`, octal) >= 0x80 (a binary pattern under `/n`).
pub fn has_high_escape(src: &[u8]) -> bool {
    let mut found = false;
    units(src, |esc, _, i| {
        found |= esc && escaped_byte(src, i).is_some_and(|(b, _)| b >= 0x80);
    });
    found
}

/// The byte a `\xH`, `\xHH` or octal (`\0`, `\0NN`, `\NNN`) escape at `i` stands for, and
/// the escape's length; None for any other escape (`\1` is a back reference).
fn escaped_byte(src: &[u8], i: usize) -> Option<(u8, usize)> {
    let digit = |j: usize, radix: u32| src.get(j).and_then(|&b| (b as char).to_digit(radix));
    match src.get(i + 1)? {
        b'x' => {
            let h = digit(i + 2, 16)?;
            Some(match digit(i + 3, 16) {
                Some(l) => ((h * 16 + l) as u8, 4),
                None => (h as u8, 3),
            })
        }
        b'0'..=b'7' => {
            let mut v = 0u32;
            let mut n = 0;
            while n < 3
                && let Some(d) = digit(i + 1 + n, 8)
            {
                v = v * 8 + d;
                n += 1;
            }
            (src[i + 1] == b'0' || n == 3).then_some(((v & 0xff) as u8, 1 + n))
        }
        _ => None,
    }
}

/// The escaped multibyte characters of a pattern whose source is UTF-8 (`\xE3\x81\x82`, the
/// bytes of `あ`): as CRuby's parser does, an escaped byte from 0x80 up starts a character
/// whose other bytes must be escaped too. Answers whether there were any (the pattern is then
/// fixed to UTF-8), or CRuby's complaint: a sequence that is no UTF-8 character, or one cut
/// short by the end of the escapes.
pub fn escaped_multibyte(src: &[u8]) -> Result<bool, &'static str> {
    let mut found = false;
    let mut i = 0;
    while i < src.len() {
        if src[i] != b'\\' || i + 1 == src.len() {
            i += 1;
            continue;
        }
        let Some((lead, len)) = escaped_byte(src, i) else {
            i += 2;
            continue;
        };
        i += len;
        if lead < 0x80 {
            continue;
        }
        // each byte read is checked as the prefix of a character, as CRuby's precise
        // character length is: invalid at once, or waiting for more escapes
        let mut ch = vec![lead];
        loop {
            match std::str::from_utf8(&ch) {
                Ok(_) => break,
                Err(e) if e.error_len().is_some() => return Err("invalid multibyte escape"),
                Err(_) => {}
            }
            let more = match src.get(i) {
                Some(b'\\') => escaped_byte(src, i),
                _ => None,
            };
            let Some((b, len)) = more else {
                return Err("too short escaped multibyte character");
            };
            ch.push(b);
            i += len;
        }
        found = true;
    }
    Ok(found)
}

/// Whether matching the pattern can need more than linear time in Oniguruma: it has a back
/// reference, a subexpression call, a conditional or an absent operator
/// (`Regexp.linear_time?`).
pub fn linear_time(src: &[u8]) -> bool {
    let mut linear = true;
    units(src, |esc, c, i| {
        if esc && (c.is_ascii_digit() && c != b'0' || c == b'k' || c == b'g') {
            linear = false;
        }
        if !esc
            && c == b'('
            && src.get(i + 1) == Some(&b'?')
            && matches!(src.get(i + 2), Some(b'~') | Some(b'('))
        {
            linear = false;
        }
    });
    linear
}

/// The source as `inspect` shows it between slashes: an unescaped `/` gets a backslash.
pub fn inspect_body(src: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(src.len() + 2);
    units(src, |esc, c, _| {
        if esc || c == b'/' {
            out.push(b'\\');
        }
        out.push(c);
    });
    out
}

/// The option letters of `opts` that are on ("mix" order).
fn option_letters(opts: u32) -> String {
    let mut s = String::new();
    for (bit, ch) in [
        (engine::MULTILINE, 'm'),
        (engine::IGNORECASE, 'i'),
        (engine::EXTENDED, 'x'),
    ] {
        if opts & bit != 0 {
            s.push(ch);
        }
    }
    s
}

fn option_bit(c: u8) -> u32 {
    match c {
        b'm' => engine::MULTILINE,
        b'i' => engine::IGNORECASE,
        b'x' => engine::EXTENDED,
        _ => 0,
    }
}

/// `Regexp#to_s`: `(?on-off:source)`, with a source that is itself one option group folded in
/// (`/(?i:a)/.to_s` is `(?i-mx:a)`), as CRuby does.
pub fn to_s(src: &[u8], opts: u32, enc: Enc) -> Vec<u8> {
    let mut options = opts & 7;
    let mut body: &[u8] = src;
    loop {
        let p = body;
        if p.len() < 4 || p[0] != b'(' || p[1] != b'?' {
            break;
        }
        let mut o = options;
        let mut i = 2;
        while i < p.len() && option_bit(p[i]) != 0 {
            o |= option_bit(p[i]);
            i += 1;
        }
        if i + 1 < p.len() && p[i] == b'-' {
            i += 1;
            while i < p.len() && option_bit(p[i]) != 0 {
                o &= !option_bit(p[i]);
                i += 1;
            }
        }
        if i < p.len() && p[i] == b')' {
            options = o;
            body = &p[i + 1..];
            continue;
        }
        if i < p.len() && p[i] == b':' && p[p.len() - 1] == b')' {
            let inner = &p[i + 1..p.len() - 1];
            if engine::compile(inner, o, enc).is_ok() {
                options = o;
                body = inner;
            }
        }
        break;
    }
    let mut out = b"(?".to_vec();
    out.extend_from_slice(option_letters(options).as_bytes());
    if options & 7 != 7 {
        out.push(b'-');
        out.extend_from_slice(option_letters(!options & 7).as_bytes());
    }
    out.push(b':');
    out.extend_from_slice(&inspect_body(body));
    out.push(b')');
    out
}

/// `Regexp.escape`: the bytes with every regexp metacharacter escaped.
pub fn escape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 4);
    for &c in s {
        match c {
            b'[' | b']' | b'{' | b'}' | b'(' | b')' | b'|' | b'-' | b'*' | b'.' | b'\\' | b'?'
            | b'+' | b'^' | b'$' | b'#' => {
                out.push(b'\\');
                out.push(c);
            }
            b' ' => out.extend_from_slice(b"\\ "),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            0x0c => out.extend_from_slice(b"\\f"),
            0x0b => out.extend_from_slice(b"\\v"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_source_unescapes_slash_only() {
        assert_eq!(literal_source(br"a\/b\d"), br"a/b\d".to_vec());
        assert_eq!(literal_source(br"a\\/"), br"a\\/".to_vec());
    }

    #[test]
    fn to_s_folds_one_group() {
        assert_eq!(to_s(b"(?i:a)", 0, Enc::Utf8), b"(?i-mx:a)".to_vec());
        assert_eq!(
            to_s(b"(?i-mx:a)b", 0, Enc::Utf8),
            b"(?-mix:(?i-mx:a)b)".to_vec()
        );
        assert_eq!(to_s(b"a", 4, Enc::Utf8), b"(?m-ix:a)".to_vec());
        assert_eq!(to_s(b"(?x:a)", 1, Enc::Utf8), b"(?ix-m:a)".to_vec());
    }

    #[test]
    fn escaped_multibyte_characters_must_be_whole_utf8() {
        assert_eq!(escaped_multibyte(br"a\xe3\x81\x82b"), Ok(true));
        assert_eq!(escaped_multibyte(br"\x41\x7f\1"), Ok(false));
        assert_eq!(escaped_multibyte(br"\343\201\202"), Ok(true));
        for bad in [
            &br"\xff"[..],
            br"\xe3\x41",
            br"\xc0\x80",
            br"\xed\xa0\x80",
            br"\377",
        ] {
            assert_eq!(escaped_multibyte(bad), Err("invalid multibyte escape"));
        }
        assert_eq!(
            escaped_multibyte(br"\xe3\x81\x82\xe3"),
            Err("too short escaped multibyte character")
        );
        assert_eq!(
            escaped_multibyte(br"\xe3\x81x"),
            Err("too short escaped multibyte character")
        );
    }

    #[test]
    fn escape_and_encoding_escapes() {
        assert_eq!(escape(b"a.b*c\n\t -#"), br"a\.b\*c\n\t\ \-\#".to_vec());
        assert!(has_unicode_escape(br"\u00e9"));
        assert!(!has_unicode_escape(br"\\u"));
        assert!(has_high_escape(br"\xff"));
        assert!(has_high_escape(br"\377"));
        assert!(!has_high_escape(br"\x7f"));
        assert!(!linear_time(br"(a)\1"));
        assert!(linear_time(br"(?<=a)b"));
    }
}
