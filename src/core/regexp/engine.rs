//! The regexp engine: Oniguruma (through the `onig` crate) with its Ruby syntax, the engine
//! CRuby's Onigmo descends from. This file owns everything rubra asks of it: compiling a Ruby
//! pattern for an encoding, searching a byte range, the names table, and the match timeout.
//!
//! Encodings: a pattern is compiled lazily per encoding it is matched in: UTF-8 (also used for
//! US-ASCII and for ASCII-only binary strings, whose bytes are the same) and single-byte ASCII
//! (binary strings with high bytes, and `/n` patterns with `\xHH` escapes).
//!
//! Timeout: Oniguruma can stop a match after a number of backtracking steps (its retry limit).
//! A search runs with a limit; when the limit is hit, the clock (and the interrupt flag) is
//! checked, and the search runs again with twice the limit. The work done is at most about
//! twice what the final run does, and a catastrophic pattern stops roughly at its deadline,
//! with `Regexp::TimeoutError`; Ctrl-C stops it with Interrupt at the next check.

use onig::{EncodedBytes, MatchParam, RegexOptions, Region, SearchOptions, Syntax};
use std::time::{Duration, Instant};

/// Ruby's option bits (`Regexp::IGNORECASE` ...), as CRuby numbers them.
pub const IGNORECASE: u32 = 1;
pub const EXTENDED: u32 = 2;
pub const MULTILINE: u32 = 4;
pub const FIXEDENCODING: u32 = 16;
pub const NOENCODING: u32 = 32;

/// The encodings a pattern can be compiled for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Enc {
    Utf8,
    Binary,
}

/// A compiled pattern for one encoding.
pub struct Compiled {
    re: onig::Regex,
}

/// Where a search looks for a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The first match at or after the start.
    Forward,
    /// The last match starting at or before the start.
    Backward,
    /// Only a match starting exactly at the start (StringScanner, `start_with?`).
    Anchored,
}

/// Why a search stopped without an answer.
pub enum SearchError {
    Timeout,
    Interrupt,
    /// An engine error (its message).
    Engine(String),
}

/// Compiles `src` (a Ruby pattern source) with Ruby option bits `opts` for `enc`. The error is
/// Oniguruma's message (CRuby adds ": /src/").
pub fn compile(src: &[u8], opts: u32, enc: Enc) -> Result<Compiled, String> {
    let mut o = RegexOptions::REGEX_OPTION_NONE;
    if opts & IGNORECASE != 0 {
        o |= RegexOptions::REGEX_OPTION_IGNORECASE;
    }
    if opts & EXTENDED != 0 {
        o |= RegexOptions::REGEX_OPTION_EXTEND;
    }
    if opts & MULTILINE != 0 {
        o |= RegexOptions::REGEX_OPTION_MULTILINE;
    }
    let src = super::onigmo::translate(src, opts).map_err(str::to_string)?;
    let pat = encoded(&src, enc);
    onig::Regex::with_options_and_encoding(pat, o, Syntax::ruby())
        .map(|re| Compiled { re })
        .map_err(|e| e.description().to_string())
}

fn encoded(bytes: &[u8], enc: Enc) -> EncodedBytes<'_> {
    match enc {
        Enc::Utf8 => EncodedBytes::from_parts(bytes, &raw mut onig_sys::OnigEncodingUTF8),
        Enc::Binary => EncodedBytes::ascii(bytes),
    }
}

thread_local! {
    /// The group offsets Oniguruma fills, kept from one search to the next so that its arrays
    /// are allocated once per thread rather than once per search.
    static REGION: std::cell::RefCell<Region> = std::cell::RefCell::new(Region::new());
}

/// The first retry limit; doubled at each rerun.
const FIRST_LIMIT: u64 = 1 << 22;

impl Compiled {
    /// Number of capture groups (without group 0).
    pub fn groups(&self) -> usize {
        self.re.captures_len()
    }

    /// The named groups in the order of their first group number: (name, group numbers).
    pub fn names(&self) -> Vec<(String, Vec<usize>)> {
        let mut out: Vec<(String, Vec<usize>)> = Vec::new();
        self.re.foreach_name(|name, groups| {
            out.push((
                name.to_string(),
                groups.iter().map(|&g| g as usize).collect(),
            ));
            true
        });
        out.sort_by_key(|(_, g)| g.first().copied().unwrap_or(0));
        out
    }

    /// Looks for a match in `hay` from byte `start` as `mode` says; on success fills `regs`
    /// with (begin, end) byte offsets of every group (-1 for a group that did not take part)
    /// and answers the match's start. `deadline` stops a run-away match; `interrupted` is
    /// polled between reruns.
    pub fn search(
        &self,
        hay: &[u8],
        enc: Enc,
        start: usize,
        mode: Mode,
        regs: &mut Vec<(i64, i64)>,
        deadline: Option<Instant>,
        interrupted: &dyn Fn() -> bool,
    ) -> Result<Option<usize>, SearchError> {
        REGION.with_borrow_mut(|region| {
            self.search_with(hay, enc, start, mode, regs, deadline, interrupted, region)
        })
    }

    fn search_with(
        &self,
        hay: &[u8],
        enc: Enc,
        start: usize,
        mode: Mode,
        regs: &mut Vec<(i64, i64)>,
        deadline: Option<Instant>,
        interrupted: &dyn Fn() -> bool,
        region: &mut Region,
    ) -> Result<Option<usize>, SearchError> {
        let mut limit = FIRST_LIMIT;
        loop {
            region.clear();
            let mut param = MatchParam::default();
            param.set_retry_limit_in_match(limit.min(u32::MAX as u64) as u32);
            let opts = SearchOptions::SEARCH_OPTION_NONE;
            let chars = encoded(hay, enc);
            let r = match mode {
                Mode::Forward => {
                    let end = hay.len();
                    self.re
                        .search_with_param(chars, start, end, opts, Some(&mut *region), param)
                }
                Mode::Backward => {
                    self.re
                        .search_with_param(chars, start, 0, opts, Some(&mut *region), param)
                }
                Mode::Anchored => self
                    .re
                    .match_with_param(chars, start, opts, Some(&mut *region), param)
                    .map(|r| r.map(|_| start)),
            };
            match r {
                Ok(Some(at)) => {
                    regs.clear();
                    for i in 0..region.len() {
                        regs.push(match region.pos(i) {
                            Some((b, e)) => (b as i64, e as i64),
                            None => (-1, -1),
                        });
                    }
                    return Ok(Some(at));
                }
                Ok(None) => return Ok(None),
                Err(e) if e.code() == onig_sys::ONIGERR_RETRY_LIMIT_IN_MATCH_OVER => {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        return Err(SearchError::Timeout);
                    }
                    if interrupted() {
                        return Err(SearchError::Interrupt);
                    }
                    limit = limit.saturating_mul(2);
                }
                Err(e) => return Err(SearchError::Engine(e.description().to_string())),
            }
        }
    }
}

/// The deadline for a match starting now under a timeout in seconds (None: no timeout).
pub fn deadline(timeout: Option<f64>) -> Option<Instant> {
    let t = timeout?;
    if t.is_nan() || t <= 0.0 || !t.is_finite() {
        return None;
    }
    Some(Instant::now() + Duration::from_secs_f64(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(src: &str, hay: &str) -> Option<(usize, Vec<(i64, i64)>)> {
        let c = compile(src.as_bytes(), 0, Enc::Utf8).unwrap();
        let mut regs = Vec::new();
        let r = c
            .search(
                hay.as_bytes(),
                Enc::Utf8,
                0,
                Mode::Forward,
                &mut regs,
                None,
                &|| false,
            )
            .ok()?;
        r.map(|at| (at, regs))
    }

    #[test]
    fn search_reports_groups() {
        let (at, regs) = find("l(l)(x)?", "hello").unwrap();
        assert_eq!(at, 2);
        assert_eq!(regs, vec![(2, 4), (3, 4), (-1, -1)]);
        assert!(find("z", "hello").is_none());
    }

    #[test]
    fn names_in_group_order() {
        let c = compile(b"(?<b>x)(?<a>y)(?<b>z)", 0, Enc::Utf8).unwrap();
        assert_eq!(
            c.names(),
            vec![("b".to_string(), vec![1, 3]), ("a".to_string(), vec![2])]
        );
    }

    #[test]
    fn bad_pattern_has_onigurumas_message() {
        let e = compile(b"(", 0, Enc::Utf8).err().unwrap();
        assert_eq!(e, "end pattern with unmatched parenthesis");
    }

    #[test]
    fn timeout_stops_catastrophic_backtracking() {
        let c = compile(b"(a*)*b", 0, Enc::Utf8).unwrap();
        let hay = "a".repeat(40);
        let mut regs = Vec::new();
        let t = Instant::now();
        let r = c.search(
            hay.as_bytes(),
            Enc::Utf8,
            0,
            Mode::Forward,
            &mut regs,
            deadline(Some(0.1)),
            &|| false,
        );
        assert!(t.elapsed() < Duration::from_secs(2));
        // Oniguruma may prove there is no match at once (the required "b" is absent), or
        // backtrack until the deadline: either way it must not hang.
        assert!(matches!(r, Ok(None) | Err(SearchError::Timeout)));
    }

    /// Garbled patterns (bytes from a fixed PRNG over regexp-heavy characters) never panic or
    /// hang: each either fails to compile or matches within its deadline.
    #[test]
    fn garbled_patterns_neither_panic_nor_hang() {
        const ALPHABET: &[u8] = b"()[]{}<>?*+|^$\\.-:!=~#,0123456789abkpxzAKRXQEGgh\'\"&@ \n";
        let mut x: u64 = 0x9e3779b97f4a7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let hay = "aab(a)[b]{1,2} \\k<a> xyz 123 \n\u{e9}";
        let mut compiled = 0;
        for _ in 0..5000 {
            let len = (next() % 12) as usize + 1;
            let pat: Vec<u8> = (0..len)
                .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
                .collect();
            let _ = super::super::source::to_s(&pat, 0, Enc::Utf8);
            let _ = super::super::source::literal_source(&pat);
            let Ok(c) = compile(&pat, (next() % 8) as u32, Enc::Utf8) else {
                continue;
            };
            compiled += 1;
            let mut regs = Vec::new();
            let start = (next() % hay.len() as u64) as usize;
            let start = (0..=start)
                .rev()
                .find(|&i| hay.is_char_boundary(i))
                .unwrap_or(0);
            for mode in [Mode::Forward, Mode::Backward, Mode::Anchored] {
                let _ = c.search(
                    hay.as_bytes(),
                    Enc::Utf8,
                    start,
                    mode,
                    &mut regs,
                    deadline(Some(0.5)),
                    &|| false,
                );
            }
        }
        assert!(compiled > 500, "only {compiled} patterns compiled");
    }
}
