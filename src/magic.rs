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
}

/// An encoding comment naming no encoding CRuby accepts there (CRuby's ArgumentError).
#[derive(Debug, PartialEq, Eq)]
pub struct UnknownEncoding {
    pub line: u32,
}

/// The magic comments of `src`, whose encoding is `default` when it names none (UTF-8 for
/// files; an eval'd string's own encoding for `eval`).
pub fn scan(src: &str, default: Encoding) -> Result<Magic, UnknownEncoding> {
    let encoding = match encoding_comment(src) {
        None => default,
        Some((line, name)) => lookup(name).ok_or(UnknownEncoding { line })?,
    };
    Ok(Magic {
        frozen_string_literal: frozen_string_literal(src),
        encoding,
    })
}

/// The text of a source file's `bytes`. A file whose magic comment names an encoding other
/// than UTF-8 or US-ASCII (BINARY, ISO-8859-1, EUC-JP...) is read byte for byte: each byte
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

/// A source file's text (`source_text`) and the SyntaxError its bytes make, as (line,
/// message) (`invalid_multibyte`): how the main script, a program on stdin and a required
/// file are read.
pub fn read_source(bytes: &[u8]) -> (String, Option<(u32, String)>) {
    let text = source_text(bytes);
    let error = invalid_multibyte(bytes, &text);
    (text, error)
}

/// The first invalid byte of a UTF-8 source that lies in its code (a literal, a name) rather
/// than in a comment or after `__END__`, as (line, message): CRuby refuses such a file with a
/// SyntaxError ("invalid multibyte character 0xFF" at that line), where `source_text` reads
/// the byte as U+FFFD. `text` is `source_text(bytes)`. A valid file, or one read byte for
/// byte, costs one UTF-8 check. Tokens are matched by line: a real U+FFFD in the code of a
/// line whose invalid byte is in its comment would be taken for that byte.
pub fn invalid_multibyte(bytes: &[u8], text: &str) -> Option<(u32, String)> {
    if std::str::from_utf8(bytes).is_ok() || reads_raw_bytes(text) {
        return None;
    }
    // the line of each invalid sequence (`source_text` put one U+FFFD for each, as
    // `String::from_utf8_lossy` does) and its first byte
    let mut bad = Vec::new();
    let mut line = 1;
    for chunk in bytes.utf8_chunks() {
        line += chunk.valid().bytes().filter(|&c| c == b'\n').count() as u32;
        if let Some(&b) = chunk.invalid().first() {
            bad.push((line, b));
        }
    }
    // the lexer skips comments and embedded documents and stops at `__END__`: a U+FFFD in one
    // of its tokens on such a line is in the code
    for tok in crate::lexer::Lexer::new(text, &[]) {
        let Ok((first, tok, last)) = tok else { break };
        // a string's content comes with the line it starts on
        let last = match &tok {
            crate::lexer::Tok::StrContent(b) | crate::lexer::Tok::StrContentU(b) => {
                last.max(first + b.iter().filter(|&&c| c == b'\n').count() as u32)
            }
            _ => last,
        };
        if holds_replacement(&tok)
            && let Some(&(line, b)) = bad.iter().find(|&&(l, _)| first <= l && l <= last)
        {
            return Some((line, format!("invalid multibyte character 0x{b:02X}")));
        }
    }
    None
}

/// Whether a token's text holds U+FFFD.
fn holds_replacement(tok: &crate::lexer::Tok) -> bool {
    use crate::lexer::Tok::*;
    match tok {
        StrContent(b) | StrContentU(b) => b.windows(3).any(|w| w == "\u{FFFD}".as_bytes()),
        Ident(s) | CmdIdent(s) | FnIdent(s) | Const(s) | CmdConst(s) | FnConst(s) | IVar(s)
        | CVar(s) | GVar(s) | Label(s) | MethName(s) | Sym(s) | RegexEnd(s) => {
            s.contains('\u{FFFD}')
        }
        _ => false,
    }
}

/// Whether `src` is read byte for byte (`source_text`): its encoding comment names an
/// encoding other than UTF-8 and US-ASCII, whose literals keep the file's bytes.
pub fn reads_raw_bytes(src: &str) -> bool {
    encoding_comment(src)
        .and_then(|(_, name)| lookup(name))
        .is_some_and(|e| e != Encoding::Utf8 && e != Encoding::UsAscii)
}

/// The offset in the file `bytes` of offset `at` of its text (`source_text`): where `DATA`
/// starts, just after an `__END__` line. The text has the file's lines, whatever stands for a
/// raw byte or an invalid sequence within them, so the offset is found by lines (and the rest
/// of `at`'s line, which is ASCII: `__END__` at the end of a file without a newline).
pub fn file_offset(bytes: &[u8], src: &str, at: usize) -> usize {
    let at = at.min(src.len());
    let text_line = src[..at].rfind('\n').map_or(0, |i| i + 1);
    let lines = src.as_bytes()[..text_line]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    let file_line = match lines {
        0 => 0,
        n => memchr::memchr_iter(b'\n', bytes)
            .nth(n - 1)
            .map_or(bytes.len(), |i| i + 1),
    };
    (file_line + at - text_line).min(bytes.len())
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

/// The encoding a magic comment's name means: CRuby 4.0 (Prism) accepts the names and aliases
/// of the ASCII-compatible encodings that are not dummies (each tried in the oracle), and not
/// `locale`/`external`/`filesystem`.
fn lookup(name: &str) -> Option<Encoding> {
    Encoding::find(name).filter(|e| e.ascii_compatible() && !e.is_dummy())
}

#[cfg(test)]
mod tests {
    #[test]
    fn invalid_bytes_in_code_are_syntax_errors() {
        let check = |b: &[u8]| invalid_multibyte(b, &source_text(b));
        let msg = |line: u32, b: u8| Some((line, format!("invalid multibyte character 0x{b:02X}")));
        assert_eq!(check(b"p 1\np \"a\xffb\"\n"), msg(2, 0xFF));
        assert_eq!(check(b"x = 1\np :\"a\xfeb\"\n"), msg(2, 0xFE));
        assert_eq!(check(b"p /a\xffb/\n"), msg(1, 0xFF));
        assert_eq!(check(b"p 1\np <<E\na\xe3\x81b\nE\n"), msg(3, 0xE3));
        // comments, embedded documents and the data after __END__ may hold any bytes
        assert_eq!(check(b"p 1 # \xff\np 2\n"), None);
        assert_eq!(check(b"p \"x\" # \xff\n"), None);
        assert_eq!(check(b"p \"a\n\xff\"\n"), msg(2, 0xFF));
        assert_eq!(check(b"p 1\n=begin\n\xff\n=end\np 2\n"), None);
        assert_eq!(check(b"p 1\n__END__\n\xff\xfe\n"), None);
        // a valid file, and a BINARY one
        assert_eq!(check("p \"\u{fffd}\"".as_bytes()), None);
        assert_eq!(check(b"# encoding: binary\np \"\xff\"\n"), None);
    }

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
        assert_eq!(
            m.map(|m| m.encoding),
            Encoding::find("EUC-JP")
                .ok_or(())
                .map_err(|_| { UnknownEncoding { line: 0 } })
        );
    }

    #[test]
    fn raw_byte_sources() {
        let bin = b"# encoding: binary\np \"\xff\xc3\xa9\"\n__END__\n";
        let text = source_text(bin);
        assert_eq!(text.chars().filter(|c| *c as u32 >= 0x10FF80).count(), 3);
        assert!(reads_raw_bytes(&text));
        let end = text.find("__END__").unwrap_or(0);
        assert_eq!(file_offset(bin, &text, end), 27);
        assert_eq!(file_offset(bin, &text, end + 8), bin.len());
        // invalid sequences before `__END__` (U+FFFD, three bytes each, in the text)
        let bad = b"# \xff\xfe\np 1\n__END__\nd\n";
        let text = source_text(bad);
        let data = text.find("__END__").unwrap_or(0) + 8;
        assert_eq!(&bad[file_offset(bad, &text, data)..], b"d\n");
        assert_eq!(file_offset(b"__END__", "__END__", 7), 7);
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
