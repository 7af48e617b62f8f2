//! The pieces of `String#split` without a Regexp, one at a time (`Splitter`): CRuby's awk mode
//! (pattern nil or " "), chars mode ("") and string mode, and its limit (> 0 caps the pieces,
//! < 0 keeps trailing empty pieces, 0 drops them). The pieces are found as they are made, so a
//! split into a million pieces lists no spans first (a count of the pieces is a second run).

/// Where the next piece is looked for, and what the split knows of its source.
#[derive(Clone)]
pub struct Splitter {
    mode: Mode,
    /// The start of the next piece; `None` once the last piece was found.
    pos: Option<usize>,
    /// Pieces found so far (the limit counts them).
    found: usize,
    /// A positive limit (at most that many pieces), else `usize::MAX`.
    cap: usize,
    /// Limit 0: empty pieces are held back (counted here) until a non-empty one follows, so
    /// that trailing ones are dropped without being made.
    drop_trailing: bool,
    held_empty: usize,
    held: Option<(usize, usize)>,
    /// A limit other than 0: awk and chars mode end with an empty piece when the scan reaches
    /// the end (after trailing whitespace, or after the last character).
    keep_last: bool,
}

#[derive(Clone)]
enum Mode {
    Awk,
    /// Chars mode: UTF-8 characters (an invalid byte is one), else bytes.
    Chars {
        /// The source's encoding when its characters may be several bytes.
        multi: Option<crate::object::string::Encoding>,
    },
    /// A one-byte separator (found with memchr).
    Byte(u8),
    Str(Box<memchr::memmem::Finder<'static>>),
}

/// The whitespace of awk mode (CRuby's ascii_isspace).
fn ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

impl Splitter {
    /// A split of a source with pattern `pat` (None for awk mode); `utf8` when the source's
    /// characters are UTF-8 sequences (chars mode splits bytes otherwise).
    pub fn new(
        pat: Option<&[u8]>,
        limit: i64,
        multi: Option<crate::object::string::Encoding>,
    ) -> Splitter {
        let mode = match pat {
            None | Some(b" ") => Mode::Awk,
            Some(b"") => Mode::Chars { multi },
            Some(&[c]) => Mode::Byte(c),
            Some(p) => Mode::Str(Box::new(memchr::memmem::Finder::new(p).into_owned())),
        };
        Splitter {
            keep_last: limit != 0,
            mode,
            pos: Some(0),
            found: 0,
            cap: if limit > 0 {
                limit as usize
            } else {
                usize::MAX
            },
            drop_trailing: limit == 0,
            held_empty: 0,
            held: None,
        }
    }

    /// The next piece of `src` (the same bytes at every call) as `(start, end)`, or None.
    /// Empty pieces held back by limit 0 come as `(0, 0)`.
    #[inline]
    pub fn next(&mut self, src: &[u8]) -> Option<(usize, usize)> {
        if self.held.is_some() {
            if self.held_empty > 0 {
                self.held_empty -= 1;
                return Some((0, 0));
            }
            return self.held.take();
        }
        loop {
            let Some(piece) = self.raw(src) else {
                // trailing empty pieces are dropped
                self.held_empty = 0;
                return None;
            };
            if !self.drop_trailing {
                return Some(piece);
            }
            if piece.0 == piece.1 {
                self.held_empty += 1;
                continue;
            }
            if self.held_empty > 0 {
                self.held = Some(piece);
                self.held_empty -= 1;
                return Some((0, 0));
            }
            return Some(piece);
        }
    }

    /// At least the number of pieces left in `src` (for `Vm::reserve_objects`), and near it:
    /// `memchr`'s count of a one-byte separator (exact but for trailing empty pieces limit 0
    /// drops), else the pieces found by a copy of the split run to its end. A scan, no
    /// allocation.
    pub fn estimate(&self, src: &[u8]) -> usize {
        match (&self.mode, self.pos) {
            (Mode::Byte(c), Some(p)) => {
                let n = memchr::memchr_iter(*c, &src[p.min(src.len())..]).count() + 1;
                n.min(self.cap.saturating_sub(self.found))
            }
            _ => {
                let mut copy = self.clone();
                let mut n = 0;
                while copy.next(src).is_some() {
                    n += 1;
                }
                n
            }
        }
    }

    /// The next piece before limit 0 drops trailing empty ones (CRuby's rb_str_split_m: an
    /// empty string has no pieces; a limit other than 0 keeps an empty last piece after a
    /// trailing separator, whitespace or the last character).
    #[inline]
    fn raw(&mut self, src: &[u8]) -> Option<(usize, usize)> {
        let mut st = self.pos?;
        if src.is_empty() {
            self.pos = None;
            return None;
        }
        if self.cap == 1 {
            // limit 1: the whole string, leading whitespace too (CRuby returns it at once)
            self.pos = None;
            return Some((0, src.len()));
        }
        let mut skipped = false;
        if let Mode::Awk = self.mode {
            while st < src.len() && ws(src[st]) {
                st += 1;
                skipped = true;
            }
        }
        if st == src.len() && matches!(self.mode, Mode::Awk | Mode::Chars { .. }) {
            self.pos = None;
            // the last field of awk mode ends the scan itself: an empty piece follows only
            // trailing whitespace; chars mode's follows the last character
            let after = skipped || matches!(self.mode, Mode::Chars { .. });
            return (self.keep_last && after).then_some((st, st));
        }
        if self.found + 1 == self.cap {
            self.pos = None;
            self.found += 1;
            return Some((st, src.len()));
        }
        let (en, next) = match &self.mode {
            Mode::Awk => {
                let en = src[st..]
                    .iter()
                    .position(|&c| ws(c))
                    .map_or(src.len(), |k| st + k);
                (en, Some(en))
            }
            Mode::Chars { multi } => {
                let w = match multi {
                    Some(e) => e.char_len(&src[st..]),
                    None => 1,
                };
                (st + w, Some(st + w))
            }
            Mode::Byte(c) => match memchr::memchr(*c, &src[st..]) {
                Some(k) => (st + k, Some(st + k + 1)),
                None => (src.len(), None),
            },
            Mode::Str(f) => match f.find(&src[st..]) {
                Some(k) => (st + k, Some(st + k + f.needle().len())),
                None => (src.len(), None),
            },
        };
        self.pos = next;
        self.found += 1;
        Some((st, en))
    }
}

#[cfg(test)]
mod tests {
    use super::Splitter;

    fn pieces<'a>(s: &'a str, p: Option<&str>, limit: i64) -> Vec<&'a str> {
        let mut sp = Splitter::new(
            p.map(|p| p.as_bytes()),
            limit,
            Some(crate::object::string::Encoding::Utf8),
        );
        let mut out = Vec::new();
        while let Some((a, b)) = sp.next(s.as_bytes()) {
            out.push(if a == b { "" } else { &s[a..b] });
        }
        out
    }

    #[test]
    fn split_modes_follow_cruby() {
        assert_eq!(pieces(" a  b c ", None, 0), ["a", "b", "c"]);
        assert_eq!(pieces(" a  b c ", Some(" "), 2), ["a", "b c "]);
        assert_eq!(pieces(" a b ", Some(" "), -1), ["a", "b", ""]);
        assert_eq!(pieces("a\0 b", None, 0), ["a\0", "b"]);
        assert_eq!(pieces("a,b,,c,,", Some(","), 0), ["a", "b", "", "c"]);
        assert_eq!(
            pieces("a,b,,c,,", Some(","), -1),
            ["a", "b", "", "c", "", ""]
        );
        assert_eq!(pieces("a,,b,,", Some(","), 3), ["a", "", "b,,"]);
        assert_eq!(pieces(",,", Some(","), 0), Vec::<&str>::new());
        assert_eq!(pieces("a,b,c", Some(","), 2), ["a", "b,c"]);
        assert_eq!(pieces("xaaa", Some("aa"), 0), ["x", "a"]);
        assert_eq!(pieces("abc", Some(""), 0), ["a", "b", "c"]);
        assert_eq!(pieces("ab", Some(""), -1), ["a", "b", ""]);
        assert_eq!(pieces("éa", Some(""), 2), ["é", "a"]);
        assert_eq!(pieces("", Some(","), 0), Vec::<&str>::new());
        assert_eq!(pieces("", Some(""), -1), Vec::<&str>::new());
        assert_eq!(pieces("", Some(","), -1), Vec::<&str>::new());
        assert_eq!(pieces("   ", None, -1), [""]);
        assert_eq!(pieces("a b c", None, -1), ["a", "b", "c"]);
        assert_eq!(pieces(" a b ", None, 1), [" a b "]);
        assert_eq!(pieces("a   ", None, 2), ["a", ""]);
        assert_eq!(pieces("a b  ", None, 2), ["a", "b  "]);
        assert_eq!(pieces("ab", Some(""), 3), ["a", "b", ""]);
        assert_eq!(pieces("ab", Some(""), 2), ["a", "b"]);
        assert_eq!(pieces("a,", Some(","), 2), ["a", ""]);
        assert_eq!(pieces("a,b,", Some(","), 5), ["a", "b", ""]);
        assert_eq!(pieces("k:v:w", Some(":"), 2), ["k", "v:w"]);
    }
}
