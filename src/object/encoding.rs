//! Encodings: `Encoding`, the index a String's header records (object/string.rs), and what
//! rubra knows of each of CRuby's 103 encodings: names, flags (encoding_table.rs, generated
//! from CRuby by tools/gen-encodings.rb) and how the bytes split into characters (`Kind`).
//!
//! Indexes 0, 1 and 2 are UTF-8, US-ASCII and BINARY (a new String's zeroed header bits read as
//! UTF-8); the others follow CRuby's order (`Encoding.list`), which `list_position` gives for
//! all of them.
//!
//! A character is found as CRuby's `rb_enc_mbclen` finds it: the encoding's precise length when
//! the bytes at hand start a valid character, else the encoding's minimum length (1, or 2 for
//! UTF-16, 4 for UTF-32), cut to what is left; such a character is "broken" and makes the
//! string's code range broken.

use super::encoding_table::{ALIASES, CONSTANTS, ENCODINGS, NAME_LIST};

/// A String's encoding: an index into rubra's encoding table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Encoding(u8);

/// How an encoding's bytes split into characters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// ASCII-8BIT: every byte a character, every byte valid.
    Binary,
    /// US-ASCII: bytes above 0x7f are invalid.
    Ascii,
    /// UTF-8 (and CRuby's UTF-8 variants).
    Utf8,
    /// CESU-8: UTF-8 with surrogate pairs as two 3-byte sequences and no 4-byte sequences.
    Cesu8,
    /// A single-byte encoding: every byte a character, every byte valid.
    Single,
    /// A dummy encoding (UTF-16, UTF-32, ISO-2022-JP, UTF-7, IBM037...): CRuby indexes its
    /// bytes one by one and finds them all valid.
    Dummy,
    Utf16Be,
    Utf16Le,
    Utf32Be,
    Utf32Le,
    /// Shift_JIS, Windows-31J and their variants.
    Sjis,
    /// EUC-JP and its variants.
    EucJp,
    /// EUC-KR, GB2312, GB12345: two bytes of 0xa1-0xfe.
    EucKr,
    Cp949,
    Gbk,
    Gb18030,
    EucTw,
    /// Big5 and its variants.
    Big5,
    /// Emacs-Mule and the stateless ISO-2022-JP encodings: rubra does not split their
    /// multibyte characters (each byte above 0x7f is a broken character).
    Unsplit,
}

/// One encoding's facts.
pub struct EncInfo {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub dummy: bool,
    pub ascii_compatible: bool,
    /// Whether CRuby has it loaded at start-up (else `inspect` says "(autoload)" until used).
    pub preloaded: bool,
    pub kind: Kind,
    /// The Unicode code point of each byte 0x80..=0xff (0xffff: undefined) of a single-byte
    /// encoding CRuby converts; None for the others.
    pub bytes: Option<&'static [u16; 128]>,
    /// A single-byte encoding's case mappings of its bytes above 0x7f, as CRuby's: each byte
    /// with a mapping, its upper case and its lower case.
    pub cases: &'static [(u8, &'static [u8], &'static [u8])],
}

/// The number of encodings.
pub const COUNT: usize = ENCODINGS.len();

#[allow(non_upper_case_globals)]
impl Encoding {
    pub const Utf8: Encoding = Encoding(0);
    pub const UsAscii: Encoding = Encoding(1);
    pub const Binary: Encoding = Encoding(2);
    pub const Utf16Be: Encoding = Encoding(3);
    pub const Utf16Le: Encoding = Encoding(4);
    pub const Utf32Be: Encoding = Encoding(5);
    pub const Utf32Le: Encoding = Encoding(6);
    pub const Utf16: Encoding = Encoding(7);
    pub const Utf32: Encoding = Encoding(8);

    /// The encoding at rubra's index `i` (UTF-8 for an index past the table).
    #[inline]
    pub fn from_index(i: u64) -> Encoding {
        if (i as usize) < COUNT {
            Encoding(i as u8)
        } else {
            Encoding::Utf8
        }
    }

    /// Rubra's index (what a String header records).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The position in CRuby's order (`Encoding.list`): rubra's first three are CRuby's
    /// BINARY, UTF-8, US-ASCII rotated.
    pub fn list_position(self) -> usize {
        match self.0 {
            0 => 1,
            1 => 2,
            2 => 0,
            i => i as usize,
        }
    }

    /// The encoding at position `p` of CRuby's order.
    pub fn at_list_position(p: usize) -> Encoding {
        match p {
            0 => Encoding::Binary,
            1 => Encoding::Utf8,
            2 => Encoding::UsAscii,
            p => Encoding::from_index(p as u64),
        }
    }

    /// Every encoding, in CRuby's order.
    pub fn all() -> impl Iterator<Item = Encoding> {
        (0..COUNT).map(Encoding::at_list_position)
    }

    pub fn info(self) -> &'static EncInfo {
        &ENCODINGS[self.list_position()]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn kind(self) -> Kind {
        self.info().kind
    }

    pub fn is_dummy(self) -> bool {
        self.info().dummy
    }

    /// (UTF-8, US-ASCII and BINARY answer without reading the table.)
    #[inline]
    pub fn ascii_compatible(self) -> bool {
        self.0 < 3 || self.info().ascii_compatible
    }

    /// The encoding named `name` (or one of its aliases), ignoring case.
    pub fn find(name: &str) -> Option<Encoding> {
        Encoding::all().find(|e| {
            let i = e.info();
            i.name.eq_ignore_ascii_case(name)
                || i.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
        })
    }

    /// `Encoding.name_list`: every name and alias, in CRuby's order.
    pub fn name_list() -> &'static [&'static str] {
        &NAME_LIST
    }

    /// `Encoding.aliases`: each alias (the special `locale`, `external` and `filesystem`
    /// included) and the name of its encoding, in CRuby's order.
    pub fn aliases() -> &'static [(&'static str, &'static str)] {
        &ALIASES
    }

    /// Every Encoding constant's name and encoding.
    pub fn constants() -> impl Iterator<Item = (&'static str, Encoding)> {
        CONSTANTS
            .iter()
            .map(|&(n, p)| (n, Encoding::at_list_position(p as usize)))
    }

    /// Whether every character is one byte (so character indexes are byte offsets).
    #[inline]
    pub fn single_byte(self) -> bool {
        if self.0 < 3 {
            return self != Encoding::Utf8;
        }
        matches!(
            self.kind(),
            Kind::Binary | Kind::Ascii | Kind::Single | Kind::Dummy | Kind::Unsplit
        )
    }

    /// Whether the encoding's characters are Unicode code points (`\u` escapes in `inspect`).
    pub fn is_unicode(self) -> bool {
        matches!(
            self.kind(),
            Kind::Utf8
                | Kind::Cesu8
                | Kind::Utf16Be
                | Kind::Utf16Le
                | Kind::Utf32Be
                | Kind::Utf32Le
        )
    }

    /// The fewest bytes a character takes.
    pub fn min_len(self) -> usize {
        match self.kind() {
            Kind::Utf16Be | Kind::Utf16Le => 2,
            Kind::Utf32Be | Kind::Utf32Le => 4,
            _ => 1,
        }
    }

    /// The length of the valid character at the start of `b`, or None when `b` does not start
    /// with one (an invalid or cut-off sequence). `b` is not empty.
    pub fn precise_len(self, b: &[u8]) -> Option<usize> {
        let &c0 = b.first()?;
        let need = |n: usize, ok: &dyn Fn(&[u8]) -> bool| -> Option<usize> {
            (b.len() >= n && ok(&b[..n])).then_some(n)
        };
        let within = |x: u8, lo: u8, hi: u8| (lo..=hi).contains(&x);
        match self.kind() {
            Kind::Binary | Kind::Single | Kind::Dummy => Some(1),
            Kind::Ascii | Kind::Unsplit => (c0 < 0x80).then_some(1),
            Kind::Utf8 => utf8_len(b),
            Kind::Cesu8 => cesu8_len(b),
            Kind::Utf16Be | Kind::Utf16Le => {
                let be = self.kind() == Kind::Utf16Be;
                let unit = |i: usize| {
                    let (x, y) = (b[i] as u16, b[i + 1] as u16);
                    if be { x << 8 | y } else { y << 8 | x }
                };
                if b.len() < 2 {
                    return None;
                }
                match unit(0) {
                    0xd800..=0xdbff if b.len() >= 4 && (0xdc00..=0xdfff).contains(&unit(2)) => {
                        Some(4)
                    }
                    0xd800..=0xdfff => None,
                    _ => Some(2),
                }
            }
            Kind::Utf32Be | Kind::Utf32Le => {
                if b.len() < 4 {
                    return None;
                }
                let w = [b[0], b[1], b[2], b[3]];
                let c = if self.kind() == Kind::Utf32Be {
                    u32::from_be_bytes(w)
                } else {
                    u32::from_le_bytes(w)
                };
                char::from_u32(c).map(|_| 4)
            }
            Kind::Sjis => match c0 {
                0x00..=0x7f | 0xa1..=0xdf => Some(1),
                0x81..=0x9f | 0xe0..=0xfc => {
                    need(2, &|s| within(s[1], 0x40, 0x7e) || within(s[1], 0x80, 0xfc))
                }
                _ => None,
            },
            Kind::EucJp => match c0 {
                0x00..=0x7f => Some(1),
                0x8e => need(2, &|s| within(s[1], 0xa1, 0xfe)),
                0x8f => need(3, &|s| within(s[1], 0xa1, 0xfe) && within(s[2], 0xa1, 0xfe)),
                0xa1..=0xfe => need(2, &|s| within(s[1], 0xa1, 0xfe)),
                _ => None,
            },
            Kind::EucKr => match c0 {
                0x00..=0x7f => Some(1),
                0xa1..=0xfe => need(2, &|s| within(s[1], 0xa1, 0xfe)),
                _ => None,
            },
            Kind::Cp949 => match c0 {
                0x00..=0x7f => Some(1),
                0x81..=0xfe => need(2, &|s| {
                    within(s[1], 0x41, 0x5a) || within(s[1], 0x61, 0x7a) || within(s[1], 0x81, 0xfe)
                }),
                _ => None,
            },
            Kind::Gbk => match c0 {
                0x00..=0x80 => Some(1),
                0x81..=0xfe => need(2, &|s| within(s[1], 0x40, 0x7e) || within(s[1], 0x80, 0xfe)),
                _ => None,
            },
            Kind::Gb18030 => match c0 {
                0x00..=0x80 => Some(1),
                0x81..=0xfe if b.len() >= 2 && within(b[1], 0x30, 0x39) => {
                    need(4, &|s| within(s[2], 0x81, 0xfe) && within(s[3], 0x30, 0x39))
                }
                0x81..=0xfe => need(2, &|s| within(s[1], 0x40, 0x7e) || within(s[1], 0x80, 0xfe)),
                _ => None,
            },
            Kind::EucTw => match c0 {
                0x00..=0x7f => Some(1),
                0x8e => need(4, &|s| {
                    within(s[1], 0xa1, 0xb0) && within(s[2], 0xa1, 0xfe) && within(s[3], 0xa1, 0xfe)
                }),
                0xa1..=0xfe => need(2, &|s| within(s[1], 0xa1, 0xfe)),
                _ => None,
            },
            Kind::Big5 => match c0 {
                0x00..=0x7f => Some(1),
                0x81..=0xfe => need(2, &|s| within(s[1], 0x40, 0x7e) || within(s[1], 0xa1, 0xfe)),
                _ => None,
            },
        }
    }

    /// Whether `b` (short of a valid character) is the start of one cut off: some continuation
    /// of it would be valid.
    pub fn incomplete(self, b: &[u8]) -> bool {
        if b.is_empty() || b.len() >= 4 || self.precise_len(b).is_some() {
            return false;
        }
        let fills: [&[u8]; 4] = [
            b"\xa1\xa1\xa1",
            b"\x40\x40\x40",
            b"\x30\x81\x30",
            b"\x00\xdc\x00",
        ];
        fills.iter().any(|f| {
            (1..=3).any(|k| {
                let mut probe = b.to_vec();
                probe.extend_from_slice(&f[..k]);
                self.precise_len(&probe).is_some_and(|n| n > b.len())
            })
        })
    }

    /// The length of the character at the start of `b` (not empty), valid or not
    /// (`rb_enc_mbclen`).
    #[inline(always)]
    pub fn char_len(self, b: &[u8]) -> usize {
        // UTF-8 inline: character loops over UTF-8 text are the common case
        if b[0] < 0x80 && self.0 < 3 {
            return 1;
        }
        if self == Encoding::Utf8 {
            return utf8_len(b).unwrap_or(1);
        }
        self.char_len_other(b)
    }

    #[inline(never)]
    fn char_len_other(self, b: &[u8]) -> usize {
        if self == Encoding::Utf8 {
            return utf8_len(b).unwrap_or(1);
        }
        if b[0] < 0x80 && self.ascii_compatible() {
            return 1;
        }
        self.precise_len(b)
            .unwrap_or_else(|| self.min_len().min(b.len()))
    }

    /// Whether `b` is a sequence of valid characters.
    pub fn valid(self, b: &[u8]) -> bool {
        match self.kind() {
            Kind::Binary | Kind::Single | Kind::Dummy => true,
            Kind::Utf8 => std::str::from_utf8(b).is_ok(),
            _ => {
                let mut i = 0;
                while i < b.len() {
                    match self.precise_len(&b[i..]) {
                        Some(n) => i += n,
                        None => return false,
                    }
                }
                true
            }
        }
    }

    /// The code point of the valid character `c` (CRuby's `mbc_to_code`): the Unicode scalar
    /// value in a Unicode encoding, else the character's bytes read as a big-endian number.
    pub fn codepoint(self, c: &[u8]) -> u32 {
        match self.kind() {
            Kind::Utf8 | Kind::Cesu8 => match std::str::from_utf8(c) {
                Ok(s) => s.chars().next().map_or(0, |ch| ch as u32),
                Err(_) => cesu8_codepoint(c),
            },
            Kind::Utf16Be | Kind::Utf16Le => {
                let be = self.kind() == Kind::Utf16Be;
                let units: Vec<u16> = c
                    .chunks(2)
                    .map(|p| {
                        if be {
                            u16::from_be_bytes([p[0], p[1]])
                        } else {
                            u16::from_le_bytes([p[0], p[1]])
                        }
                    })
                    .collect();
                char::decode_utf16(units)
                    .next()
                    .and_then(|r| r.ok())
                    .map_or(0, |ch| ch as u32)
            }
            Kind::Utf32Be => u32::from_be_bytes([c[0], c[1], c[2], c[3]]),
            Kind::Utf32Le => u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
            _ => c.iter().fold(0u32, |n, &x| (n << 8) | x as u32),
        }
    }
}

/// The length of the valid UTF-8 sequence at the start of `b`.
#[inline]
fn utf8_len(b: &[u8]) -> Option<usize> {
    let want = match b[0] {
        0x00..=0x7f => return Some(1),
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    (b.len() >= want && std::str::from_utf8(&b[..want]).is_ok()).then_some(want)
}

/// CESU-8: a UTF-8 sequence of at most three bytes, a 3-byte surrogate half included, or a
/// six-byte surrogate pair.
fn cesu8_len(b: &[u8]) -> Option<usize> {
    let tail = |x: u8| x & 0xc0 == 0x80;
    if b[0] == 0xed && b.len() >= 3 && (0xa0..=0xaf).contains(&b[1]) && tail(b[2]) {
        let pair = b.len() >= 6 && b[3] == 0xed && (0xb0..=0xbf).contains(&b[4]) && tail(b[5]);
        return pair.then_some(6);
    }
    match b[0] {
        0xf0..=0xff => None,
        _ => utf8_len(b),
    }
}

/// The code point of a CESU-8 surrogate pair.
fn cesu8_codepoint(c: &[u8]) -> u32 {
    if c.len() < 6 {
        return 0;
    }
    let half = |s: &[u8]| {
        ((s[0] as u32 & 0x0f) << 12) | ((s[1] as u32 & 0x3f) << 6) | (s[2] as u32 & 0x3f)
    };
    let (hi, lo) = (half(&c[..3]), half(&c[3..]));
    0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rubra_indexes_name_cruby_encodings() {
        assert_eq!(Encoding::Utf8.name(), "UTF-8");
        assert_eq!(Encoding::UsAscii.name(), "US-ASCII");
        assert_eq!(Encoding::Binary.name(), "ASCII-8BIT");
        assert_eq!(Encoding::Utf16Be.name(), "UTF-16BE");
        assert_eq!(Encoding::Utf16Le.name(), "UTF-16LE");
        assert_eq!(Encoding::Utf32Be.name(), "UTF-32BE");
        assert_eq!(Encoding::Utf32Le.name(), "UTF-32LE");
        assert_eq!(Encoding::Utf16.name(), "UTF-16");
        assert_eq!(Encoding::Utf32.name(), "UTF-32");
        assert_eq!(COUNT, 103);
        let names: Vec<&str> = Encoding::all().take(3).map(|e| e.name()).collect();
        assert_eq!(names, ["ASCII-8BIT", "UTF-8", "US-ASCII"]);
        assert_eq!(Encoding::find("binary"), Some(Encoding::Binary));
        assert_eq!(
            Encoding::find("sjis").map(|e| e.name()),
            Some("Windows-31J")
        );
    }

    #[test]
    fn characters_split_as_cruby_splits_them() {
        let sjis = Encoding::find("Shift_JIS").unwrap();
        assert_eq!(sjis.char_len(b"\x93\xfa"), 2);
        assert_eq!(sjis.char_len(b"\xb1"), 1);
        assert_eq!(sjis.char_len(b"\xff"), 1);
        assert!(!sjis.valid(b"\xff"));
        assert_eq!(sjis.codepoint(b"\x93\xfa"), 0x93fa);
        assert_eq!(Encoding::Utf16Le.char_len(b"a\x00"), 2);
        assert_eq!(Encoding::Utf16Le.char_len(b"\x3d\xd8\x00\xde"), 4);
        assert_eq!(Encoding::Utf16Le.char_len(b"c"), 1);
        assert!(!Encoding::Utf16Le.valid(b"\x00\xdc"));
        assert_eq!(Encoding::Utf16Be.codepoint(b"\xd8\x3d\xde\x00"), 0x1f600);
        assert_eq!(Encoding::Utf32Le.codepoint(b"\x00\xf6\x01\x00"), 0x1f600);
        let gb = Encoding::find("GB18030").unwrap();
        assert_eq!(gb.char_len(b"\x81\x30\x81\x30"), 4);
        assert!(!Encoding::UsAscii.valid("é".as_bytes()));
    }
}
