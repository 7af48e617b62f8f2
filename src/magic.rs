//! The magic comments at the top of a source file: `frozen_string_literal` (any leading
//! comment line) and the source encoding (`# encoding: NAME`, `# -*- coding: NAME -*-`,
//! `# vim: set fileencoding=NAME :`, on the first line, or on the second after a `#!` line),
//! which makes the encoding of the file's string literals and of `__ENCODING__`.

use crate::object::string::Encoding;

/// What a source's magic comments ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Magic {
    pub frozen_string_literal: bool,
    pub encoding: Encoding,
    /// The encoding comment named an encoding CRuby has and rubra does not: `encoding` is
    /// UTF-8 instead.
    pub lacked: Option<Lacked>,
}

/// An encoding comment naming an encoding rubra does not have: its line and the name as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lacked {
    pub line: u32,
    pub name: String,
}

/// An encoding comment naming no encoding CRuby accepts there (CRuby's ArgumentError).
#[derive(Debug, PartialEq, Eq)]
pub struct UnknownEncoding {
    pub line: u32,
}

/// The magic comments of `src`, whose encoding is `default` when it names none (UTF-8 for
/// files; an eval'd string's own encoding for `eval`).
pub fn scan(src: &str, default: Encoding) -> Result<Magic, UnknownEncoding> {
    let (encoding, lacked) = match encoding_comment(src) {
        None => (default, None),
        Some((line, name)) => match lookup(name) {
            Lookup::Rubra(e) => (e, None),
            Lookup::Unsupported => {
                let name = name.to_string();
                (Encoding::Utf8, Some(Lacked { line, name }))
            }
            Lookup::Unknown => return Err(UnknownEncoding { line }),
        },
    };
    Ok(Magic {
        frozen_string_literal: frozen_string_literal(src),
        encoding,
        lacked,
    })
}

/// The text of a source file's `bytes`. A file whose magic comment names an encoding other
/// than UTF-8 or US-ASCII (BINARY, or one rubra does not have) is read byte for byte: each byte
/// from 0x80 up becomes the character `parser::lexer::raw_byte_char` gives, and the lexer puts
/// the bytes back into its literals (`reads_raw_bytes`). Any other file is UTF-8 (an invalid
/// sequence reads as U+FFFD).
pub fn source_text(bytes: &[u8]) -> String {
    let head_len = bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .nth(1)
        .map_or(bytes.len(), |(i, _)| i);
    let head = String::from_utf8_lossy(&bytes[..head_len]);
    if !reads_raw_bytes(&head) {
        return String::from_utf8_lossy(bytes).into_owned();
    }
    bytes
        .iter()
        .map(|&b| match b {
            0x80.. => crate::lexer::raw_byte_char(b),
            _ => b as char,
        })
        .collect()
}

/// Whether `src` is read byte for byte (`source_text`): its encoding comment names BINARY or
/// an encoding rubra does not have.
pub fn reads_raw_bytes(src: &str) -> bool {
    matches!(
        encoding_comment(src).map(|(_, name)| lookup(name)),
        Some(Lookup::Rubra(Encoding::Binary) | Lookup::Unsupported)
    )
}

/// The offset in the file of offset `at` of its text (`source_text`): each character that
/// stands for a byte is 4 bytes of the text.
pub fn file_offset(src: &str, at: usize) -> usize {
    if !reads_raw_bytes(src) {
        return at;
    }
    let stand_ins = src[..at.min(src.len())]
        .chars()
        .filter(|&c| ('\u{10FF80}'..='\u{10FFFF}').contains(&c))
        .count();
    at - 3 * stand_ins
}

/// Whether the magic comment `# frozen_string_literal: true` is among the leading comments.
pub fn frozen_string_literal(src: &str) -> bool {
    for line in src.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if !t.starts_with('#') {
            break;
        }
        let body = t.trim_start_matches('#').trim().to_ascii_lowercase();
        let body = body
            .trim_start_matches("-*-")
            .trim_end_matches("-*-")
            .trim();
        if let Some(v) = body
            .strip_prefix("frozen_string_literal:")
            .or_else(|| body.strip_prefix("frozen-string-literal:"))
        {
            return v.trim() == "true";
        }
    }
    false
}

/// The line and the encoding name of the encoding comment, if the file has one: the first
/// line, or the second when the first is a `#!` line, if it is a comment saying
/// `coding[:=] NAME` (any case, spaces allowed around the separator).
fn encoding_comment(src: &str) -> Option<(u32, &str)> {
    let mut lines = src.lines();
    let first = lines.next()?;
    let (line, text) = match first.starts_with("#!") {
        true => (2, lines.next()?),
        false => (1, first),
    };
    let comment = text.trim_start().strip_prefix('#')?;
    coding_name(comment).map(|name| (line, name))
}

/// The NAME after the first `coding` in `comment` that a `:` or `=` follows.
fn coding_name(comment: &str) -> Option<&str> {
    let lower = comment.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("coding") {
        let rest = comment[from + at + 6..].trim_start();
        if let Some(value) = rest.strip_prefix([':', '=']) {
            let value = value.trim_start();
            let end = value
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .unwrap_or(value.len());
            return Some(&value[..end]);
        }
        from += at + 6;
    }
    None
}

enum Lookup {
    Rubra(Encoding),
    Unsupported,
    Unknown,
}

/// What a magic comment's encoding name means, by CRuby 4.0's (Prism's) list of the names a
/// magic comment accepts: ASCII-compatible encodings only, and not `locale`/`external`.
fn lookup(name: &str) -> Lookup {
    let is = |names: &[&str]| names.iter().any(|n| n.eq_ignore_ascii_case(name));
    if is(&["UTF-8", "CP65001"]) {
        Lookup::Rubra(Encoding::Utf8)
    } else if is(&["US-ASCII", "ASCII", "ANSI_X3.4-1968", "646"]) {
        Lookup::Rubra(Encoding::UsAscii)
    } else if is(&["ASCII-8BIT", "BINARY"]) {
        Lookup::Rubra(Encoding::Binary)
    } else if is(CRUBY_ONLY) {
        Lookup::Unsupported
    } else {
        Lookup::Unknown
    }
}

/// The other names CRuby 4.0 accepts in a magic comment (from `Encoding.name_list`, each tried
/// in the oracle): encodings rubra does not have.
const CRUBY_ONLY: &[&str] = &[
    "UTF8-MAC",
    "EUC-JP",
    "Windows-31J",
    "Big5",
    "Big5-HKSCS",
    "Big5-UAO",
    "CESU-8",
    "CP949",
    "Emacs-Mule",
    "EUC-KR",
    "EUC-TW",
    "GB18030",
    "GBK",
    "ISO-8859-1",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-9",
    "ISO-8859-10",
    "ISO-8859-11",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "Shift_JIS",
    "Windows-1250",
    "Windows-1251",
    "Windows-1252",
    "Windows-1253",
    "Windows-1254",
    "Windows-1257",
    "IBM437",
    "CP437",
    "IBM720",
    "CP720",
    "IBM737",
    "CP737",
    "IBM775",
    "CP775",
    "CP850",
    "IBM850",
    "IBM852",
    "CP852",
    "IBM855",
    "CP855",
    "IBM857",
    "CP857",
    "IBM860",
    "CP860",
    "IBM861",
    "CP861",
    "IBM862",
    "CP862",
    "IBM863",
    "CP863",
    "IBM864",
    "CP864",
    "IBM865",
    "CP865",
    "IBM866",
    "CP866",
    "IBM869",
    "CP869",
    "Windows-1258",
    "CP1258",
    "GB1988",
    "macCentEuro",
    "macCroatian",
    "macCyrillic",
    "macGreek",
    "macIceland",
    "macRoman",
    "macRomania",
    "macThai",
    "macTurkish",
    "macUkraine",
    "CP950",
    "Big5-HKSCS:2008",
    "CP951",
    "stateless-ISO-2022-JP",
    "eucJP",
    "eucJP-ms",
    "euc-jp-ms",
    "CP51932",
    "EUC-JIS-2004",
    "EUC-JISX0213",
    "eucKR",
    "eucTW",
    "GB2312",
    "EUC-CN",
    "eucCN",
    "GB12345",
    "CP936",
    "ISO8859-1",
    "ISO8859-2",
    "ISO8859-3",
    "ISO8859-4",
    "ISO8859-5",
    "ISO8859-6",
    "Windows-1256",
    "CP1256",
    "ISO8859-7",
    "ISO8859-8",
    "Windows-1255",
    "CP1255",
    "ISO8859-9",
    "ISO8859-10",
    "ISO8859-11",
    "TIS-620",
    "Windows-874",
    "CP874",
    "ISO8859-13",
    "ISO8859-14",
    "ISO8859-15",
    "ISO8859-16",
    "CP878",
    "MacJapanese",
    "MacJapan",
    "UTF-8-MAC",
    "UTF-8-HFS",
    "CP932",
    "csWindows31J",
    "SJIS",
    "PCK",
    "CP1250",
    "CP1251",
    "CP1252",
    "CP1253",
    "CP1254",
    "CP1257",
    "UTF8-DoCoMo",
    "SJIS-DoCoMo",
    "UTF8-KDDI",
    "SJIS-KDDI",
    "stateless-ISO-2022-JP-KDDI",
    "UTF8-SoftBank",
    "SJIS-SoftBank",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(src: &str) -> Result<Encoding, UnknownEncoding> {
        scan(src, Encoding::Utf8).map(|m| m.encoding)
    }

    #[test]
    fn encoding_comment_forms() {
        assert_eq!(enc("# encoding: binary\n"), Ok(Encoding::Binary));
        assert_eq!(enc("# -*- coding: US-ASCII -*-\n"), Ok(Encoding::UsAscii));
        assert_eq!(
            enc("# -*- mode: ruby; coding: ascii-8bit -*-\n"),
            Ok(Encoding::Binary)
        );
        assert_eq!(
            enc("#!/usr/bin/ruby\n# vim: set fileencoding=ascii :\n"),
            Ok(Encoding::UsAscii)
        );
        assert_eq!(enc("  #coding=us-ascii\n"), Ok(Encoding::UsAscii));
        assert_eq!(enc("# coding : binary\n"), Ok(Encoding::Binary));
        // only the first line, or the second after a shebang
        assert_eq!(enc("\n# encoding: binary\n"), Ok(Encoding::Utf8));
        assert_eq!(enc("# hi\n# encoding: binary\n"), Ok(Encoding::Utf8));
        assert_eq!(enc("p 1 # encoding: binary\n"), Ok(Encoding::Utf8));
        assert_eq!(enc("# no coding here\n"), Ok(Encoding::Utf8));
        assert_eq!(
            scan("", Encoding::Binary).map(|m| m.encoding),
            Ok(Encoding::Binary)
        );
    }

    #[test]
    fn encoding_names() {
        assert_eq!(enc("# encoding: foo\n"), Err(UnknownEncoding { line: 1 }));
        assert_eq!(
            enc("# encoding: utf-16le\n"),
            Err(UnknownEncoding { line: 1 })
        );
        assert_eq!(
            enc("# encoding: locale\n"),
            Err(UnknownEncoding { line: 1 })
        );
        let m = scan("#!ruby\n# -*- coding: euc-jp -*-\n", Encoding::Binary);
        let lacked = Lacked {
            line: 2,
            name: "euc-jp".into(),
        };
        assert_eq!(
            m.map(|m| (m.encoding, m.lacked)),
            Ok((Encoding::Utf8, Some(lacked)))
        );
    }

    #[test]
    fn raw_byte_sources() {
        let bin = b"# encoding: binary\np \"\xff\xc3\xa9\"\n__END__\n";
        let text = source_text(bin);
        assert_eq!(text.chars().filter(|c| *c as u32 >= 0x10FF80).count(), 3);
        assert!(reads_raw_bytes(&text));
        let end = text.find("__END__").unwrap_or(0);
        assert_eq!(file_offset(&text, end), 27);
        // a UTF-8 file keeps its characters, and an invalid byte reads as U+FFFD
        assert_eq!(source_text("p \"é\"".as_bytes()), "p \"é\"");
        assert_eq!(source_text(b"p \"\xff\""), "p \"\u{FFFD}\"");
        assert!(!reads_raw_bytes("# encoding: us-ascii\n"));
        assert!(reads_raw_bytes("# -*- coding: iso-8859-1 -*-\n"));
    }

    #[test]
    fn frozen_string_literal_comments() {
        assert!(frozen_string_literal(
            "# frozen_string_literal: true\nputs 1"
        ));
        assert!(frozen_string_literal(
            "#!/usr/bin/env ruby\n# -*- frozen_string_literal: true -*-\n"
        ));
        assert!(!frozen_string_literal(
            "puts 1\n# frozen_string_literal: true"
        ));
        assert!(!frozen_string_literal("# frozen_string_literal: false"));
    }
}
