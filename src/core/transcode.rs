//! Transcoding one character at a time through Unicode, as CRuby's transcoders do: a source
//! encoding's bytes decode to code points (`decode`), which encode into the destination
//! (`encode`). Conversions between two encodings neither of which is UTF-8 run in two steps
//! (source to UTF-8 to destination), which only shows in the wording of an undefined
//! character's error (`Steps`).
//!
//! The mappings: UTF-8, UTF-16/32 and CESU-8 by hand; the single-byte encodings by the byte
//! tables generated from CRuby (object/encoding_table.rs); the CJK encodings and ISO-2022-JP
//! through encoding_rs (WHATWG's mappings), each character checked against the encoding's own
//! byte rules, so that what encoding_rs maps beyond an encoding (CP949's Hangul for EUC-KR,
//! say) is undefined as in CRuby.

use crate::object::encoding::{Encoding, Kind};

/// What the source bytes at a position are.
pub enum Unit {
    /// A character: its code point and its length in bytes.
    Char(u32, usize),
    /// Bytes with no Unicode counterpart (a BINARY byte, a byte a table leaves undefined).
    Undefined(usize),
    /// An invalid sequence of `len` bytes: cut off by the end of the input (`incomplete`),
    /// followed by a byte that cannot continue it (`followed`), or invalid in itself.
    Invalid {
        len: usize,
        incomplete: bool,
        followed: bool,
    },
}

/// Whether `e` can be converted from and to (CRuby has a converter for it).
pub fn convertible(e: Encoding) -> bool {
    match e.kind() {
        Kind::Binary | Kind::Ascii | Kind::Cesu8 => true,
        Kind::Utf16Be | Kind::Utf16Le | Kind::Utf32Be | Kind::Utf32Le => true,
        Kind::Utf8 => matches!(e.name(), "UTF-8" | "UTF8-MAC"),
        Kind::Single => e.info().bytes.is_some(),
        Kind::Dummy => matches!(e.name(), "UTF-16" | "UTF-32" | "ISO-2022-JP"),
        Kind::Sjis | Kind::EucJp | Kind::EucKr | Kind::Cp949 | Kind::Gbk | Kind::Gb18030 => true,
        Kind::Big5 => true,
        Kind::EucTw | Kind::Unsplit => false,
    }
}

/// The encoding_rs encoding of a CJK encoding (and ISO-2022-JP).
fn whatwg(e: Encoding) -> Option<&'static encoding_rs::Encoding> {
    Some(match e.kind() {
        Kind::Sjis => encoding_rs::SHIFT_JIS,
        Kind::EucJp => encoding_rs::EUC_JP,
        Kind::EucKr | Kind::Cp949 => match e.name() {
            "EUC-KR" | "CP949" => encoding_rs::EUC_KR,
            _ => encoding_rs::GBK,
        },
        Kind::Gbk => encoding_rs::GBK,
        Kind::Gb18030 => encoding_rs::GB18030,
        Kind::Big5 => encoding_rs::BIG5,
        Kind::Dummy if e.name() == "ISO-2022-JP" => encoding_rs::ISO_2022_JP,
        _ => return None,
    })
}

/// The byte order a UTF-16 or UTF-32 string (the dummy encodings) declares by its BOM: the
/// encoding to read the rest in and the BOM's length; None without a BOM.
pub fn bom(e: Encoding, b: &[u8]) -> Option<(Encoding, usize)> {
    match e {
        Encoding::Utf16 if b.starts_with(b"\xfe\xff") => Some((Encoding::Utf16Be, 2)),
        Encoding::Utf16 if b.starts_with(b"\xff\xfe") => Some((Encoding::Utf16Le, 2)),
        Encoding::Utf32 if b.starts_with(b"\x00\x00\xfe\xff") => Some((Encoding::Utf32Be, 4)),
        Encoding::Utf32 if b.starts_with(b"\xff\xfe\x00\x00") => Some((Encoding::Utf32Le, 4)),
        _ => None,
    }
}

/// The unit at the start of `b` (not empty) in `src` (not a BOM-marked dummy: see `bom`).
pub fn decode(src: Encoding, b: &[u8]) -> Unit {
    let c0 = b[0];
    if c0 < 0x80 && src.ascii_compatible() {
        return Unit::Char(c0 as u32, 1);
    }
    match src.kind() {
        Kind::Binary => Unit::Undefined(1),
        Kind::Single => match src.info().bytes.map(|t| t[c0 as usize - 0x80]) {
            Some(0xffff) | None => Unit::Undefined(1),
            Some(cp) => Unit::Char(cp as u32, 1),
        },
        Kind::Utf8 | Kind::Cesu8 => match src.precise_len(b) {
            Some(n) => Unit::Char(src.codepoint(&b[..n]), n),
            None => utf8_invalid(b),
        },
        Kind::Utf16Be | Kind::Utf16Le | Kind::Utf32Be | Kind::Utf32Le => match src.precise_len(b) {
            Some(n) => Unit::Char(src.codepoint(&b[..n]), n),
            None => {
                let min = src.min_len();
                let surrogate_lead = matches!(src.kind(), Kind::Utf16Be | Kind::Utf16Le)
                    && b.len() >= 2
                    && (0xd8..=0xdb).contains(&if src.kind() == Kind::Utf16Be {
                        b[0]
                    } else {
                        b[1]
                    });
                if b.len() < min || (surrogate_lead && b.len() < 4) {
                    Unit::Invalid {
                        len: b.len(),
                        incomplete: true,
                        followed: false,
                    }
                } else if surrogate_lead {
                    Unit::Invalid {
                        len: 2,
                        incomplete: false,
                        followed: false,
                    }
                } else {
                    Unit::Invalid {
                        len: min,
                        incomplete: false,
                        followed: false,
                    }
                }
            }
        },
        _ => match src.precise_len(b) {
            Some(n) => {
                let decoder = whatwg(src).unwrap_or(encoding_rs::UTF_8);
                match decoder.decode_without_bom_handling_and_without_replacement(&b[..n]) {
                    _ if jis_proper(src) && jis_extension(src, &b[..n]) => Unit::Undefined(n),
                    Some(s) if s.chars().count() == 1 => {
                        let cp = s.chars().next().map_or(0, |c| c as u32);
                        let cp = match JIS_MS.iter().find(|p| p.1 == cp) {
                            Some(p) if jis_proper(src) => p.0,
                            _ => cp,
                        };
                        Unit::Char(cp, n)
                    }
                    _ => Unit::Undefined(n),
                }
            }
            None => {
                // a lead byte (one the rules would continue) cut off or wrongly continued
                let lead = src.incomplete(&b[..1]);
                match (lead, b.len()) {
                    (true, 1) => Unit::Invalid {
                        len: 1,
                        incomplete: true,
                        followed: false,
                    },
                    (true, _) => Unit::Invalid {
                        len: 1,
                        incomplete: false,
                        followed: true,
                    },
                    _ => Unit::Invalid {
                        len: 1,
                        incomplete: false,
                        followed: false,
                    },
                }
            }
        },
    }
}

/// CRuby's grouping of invalid UTF-8: the maximal prefix of a valid sequence, cut off by the
/// end (incomplete) or by a byte that cannot continue it (followed by), or a byte that starts
/// none.
fn utf8_invalid(b: &[u8]) -> Unit {
    let bad = match std::str::from_utf8(b) {
        Err(e) if e.valid_up_to() == 0 => e.error_len(),
        _ => Some(1),
    };
    let incomplete_lead = (0xc2..=0xf4).contains(&b[0]);
    match bad {
        None => Unit::Invalid {
            len: b.len(),
            incomplete: true,
            followed: false,
        },
        Some(n) => Unit::Invalid {
            len: n,
            incomplete: false,
            followed: incomplete_lead && n < b.len(),
        },
    }
}

/// Appends code point `cp` encoded in `dst`; false when `dst` has no such character.
pub fn encode(dst: Encoding, cp: u32, out: &mut Vec<u8>) -> bool {
    if cp < 0x80 && dst.ascii_compatible() {
        out.push(cp as u8);
        return true;
    }
    let Some(ch) = char::from_u32(cp) else {
        return false;
    };
    match dst.kind() {
        Kind::Utf8 => {
            let mut buf = [0; 4];
            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            true
        }
        Kind::Cesu8 => {
            let mut units = [0u16; 2];
            for &u in ch.encode_utf16(&mut units).iter() {
                let c = u as u32;
                if c < 0x800 {
                    let mut buf = [0; 4];
                    let s = char::from_u32(c).map_or("", |x| x.encode_utf8(&mut buf));
                    out.extend_from_slice(s.as_bytes());
                } else {
                    out.push(0xe0 | (c >> 12) as u8);
                    out.push(0x80 | ((c >> 6) & 0x3f) as u8);
                    out.push(0x80 | (c & 0x3f) as u8);
                }
            }
            true
        }
        Kind::Ascii | Kind::Binary => false,
        Kind::Single => match dst.info().bytes {
            Some(t) => match t.iter().position(|&x| x as u32 == cp) {
                Some(i) => {
                    out.push(0x80 + i as u8);
                    true
                }
                None => false,
            },
            None => false,
        },
        Kind::Utf16Be | Kind::Utf16Le => {
            let mut units = [0u16; 2];
            for &u in ch.encode_utf16(&mut units).iter() {
                if dst.kind() == Kind::Utf16Be {
                    out.extend_from_slice(&u.to_be_bytes());
                } else {
                    out.extend_from_slice(&u.to_le_bytes());
                }
            }
            true
        }
        Kind::Utf32Be => {
            out.extend_from_slice(&cp.to_be_bytes());
            true
        }
        Kind::Utf32Le => {
            out.extend_from_slice(&cp.to_le_bytes());
            true
        }
        _ => {
            let Some(enc) = whatwg(dst) else {
                return false;
            };
            // WHATWG's encoder also writes YEN SIGN and OVERLINE as ASCII bytes (CRuby's
            // Japanese converters do not), and both sides of each JIS_MS pair
            let japanese = matches!(dst.kind(), Kind::Sjis | Kind::EucJp);
            if japanese && (cp == 0xa5 || cp == 0x203e) {
                return false;
            }
            let ch = if jis_proper(dst) {
                if JIS_MS.iter().any(|p| p.1 == cp) {
                    return false;
                }
                match JIS_MS.iter().find(|p| p.0 == cp) {
                    Some(p) => char::from_u32(p.1).unwrap_or(ch),
                    None => ch,
                }
            } else if japanese && JIS_MS.iter().any(|p| p.0 == cp) {
                return false;
            } else {
                ch
            };
            let mut buf = [0; 4];
            let text = ch.encode_utf8(&mut buf);
            let (bytes, _, unmappable) = enc.encode(text);
            if unmappable
                && matches!(dst.name(), "EUC-JP" | "eucJP-ms")
                && let Some(three) = jis_x0212().get(&ch)
            {
                out.extend_from_slice(three);
                return true;
            }
            if unmappable
                || dst.precise_len(&bytes) != Some(bytes.len())
                || (jis_proper(dst) && jis_extension(dst, &bytes))
                || !in_repertoire(dst, &bytes)
            {
                return false;
            }
            out.extend_from_slice(&bytes);
            true
        }
    }
}

/// The characters JIS X 0208 (CRuby's Shift_JIS and EUC-JP) and Microsoft's code page 932
/// (WHATWG's, so encoding_rs's; CRuby's Windows-31J, CP51932, eucJP-ms) map to different code
/// points: (JIS's, Microsoft's).
const JIS_MS: [(u32, u32); 6] = [
    (0x301c, 0xff5e),
    (0x2016, 0x2225),
    (0x2212, 0xff0d),
    (0xa2, 0xffe0),
    (0xa3, 0xffe1),
    (0xac, 0xffe2),
];

/// Whether `e` is plain JIS X 0208 (with JIS X 0212 in EUC-JP), without Microsoft's
/// characters.
fn jis_proper(e: Encoding) -> bool {
    matches!(e.name(), "Shift_JIS" | "EUC-JP")
}

/// Whether a two-byte character is in the rows plain JIS lacks: NEC's row 13, the IBM and
/// NEC-selected IBM extensions and the user-defined rows.
fn jis_extension(e: Encoding, b: &[u8]) -> bool {
    if b.len() != 2 {
        return false;
    }
    match e.kind() {
        Kind::Sjis => b[0] == 0x87 || (0xed..=0xee).contains(&b[0]) || b[0] >= 0xf0,
        Kind::EucJp => b[0] == 0xad || b[0] >= 0xf5,
        _ => false,
    }
}

/// EUC-JP's three-byte characters (JIS X 0212, after 0x8f), by character: WHATWG's EUC-JP
/// decodes them but its encoder writes none, where CRuby's EUC-JP converter writes them (é is
/// 0x8f 0xab 0xb1). Built on first use from the decoder.
fn jis_x0212() -> &'static std::collections::HashMap<char, [u8; 3]> {
    static TABLE: std::sync::OnceLock<std::collections::HashMap<char, [u8; 3]>> =
        std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = std::collections::HashMap::new();
        for a in 0xa1..=0xfeu8 {
            for b in 0xa1..=0xfeu8 {
                let seq = [0x8f, a, b];
                let text =
                    encoding_rs::EUC_JP.decode_without_bom_handling_and_without_replacement(&seq);
                let mut chars = text.as_deref().unwrap_or("").chars();
                if let (Some(c), None) = (chars.next(), chars.next()) {
                    map.entry(c).or_insert(seq);
                }
            }
        }
        map
    })
}

/// Whether a character encoding_rs wrote is one `e` has: WHATWG's Big5 is Big5-HKSCS, whose
/// additions (lead bytes below 0xa1, the 0xc6a1..0xc8fe block, lead bytes above 0xf9) plain
/// Big5 and CP950 lack.
fn in_repertoire(e: Encoding, b: &[u8]) -> bool {
    if b.len() != 2 || !matches!(e.name(), "Big5" | "CP950") {
        return true;
    }
    let code = (b[0] as u16) << 8 | b[1] as u16;
    (0xa1..=0xf9).contains(&b[0]) && !(0xc6a1..=0xc8fe).contains(&code)
}

/// The steps of a conversion, as CRuby names them in an undefined character's error.
pub struct Steps {
    pub src: Encoding,
    pub dst: Encoding,
}

impl Steps {
    /// Whether the conversion goes through UTF-8 (neither end is UTF-8).
    pub fn two(&self) -> bool {
        self.src != Encoding::Utf8 && self.dst != Encoding::Utf8
    }

    /// The message of an UndefinedConversionError for `piece` (bytes in the step's source),
    /// which failed in the first step (decoding the source, `first`) or in the last (encoding
    /// the code point `cp`). CRuby names each step's encodings by its transcoder, whose names
    /// are upper case for the Windows and Mac code pages: a step naming one so is worded as a
    /// conversion of several steps.
    pub fn undefined(&self, piece: &[u8], cp: Option<u32>, first: bool) -> String {
        let step_src = if first || !self.two() {
            self.src
        } else {
            Encoding::Utf8
        };
        let step_dst = if first && self.two() {
            Encoding::Utf8
        } else {
            self.dst
        };
        let shown = match cp {
            Some(c) if step_src == Encoding::Utf8 => format!("U+{c:04X}"),
            _ => quoted(piece),
        };
        let (ts, td) = (trans_name(step_src), trans_name(step_dst));
        if !self.two() && ts == self.src.name() && td == self.dst.name() {
            return format!("{shown} from {ts} to {td}");
        }
        let mut msg = format!("{shown} to {td} in conversion from {}", self.src.name());
        if self.two() {
            msg.push_str(" to UTF-8");
        }
        msg.push_str(" to ");
        msg.push_str(&trans_name(self.dst));
        msg
    }
}

/// The name of `e`'s transcoder (to and from UTF-8): CRuby spells the Windows and Mac code
/// pages' in capitals.
pub(crate) fn trans_name(e: Encoding) -> std::borrow::Cow<'static, str> {
    let n = e.name();
    if e.kind() == Kind::Single && (n.starts_with("Windows-") || n.starts_with("mac")) {
        n.to_ascii_uppercase().into()
    } else {
        n.into()
    }
}

/// `bytes` as CRuby quotes them in a transcoding error: "\xE3\x81".
pub fn quoted(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in bytes {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out.push('"');
    out
}
