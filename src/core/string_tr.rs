//! Character-set methods: count, delete, squeeze, tr and tr_s (and their bang forms), with
//! CRuby's set syntax: ranges `a-z`, a leading `^` negates, `\` escapes, and several sets
//! intersect.

use super::object::str_of;
use super::string::{check_frozen, str_arg_vec};
use crate::object::string;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

pub const TABLE: &[M] = &[
    ("count", s_count, 0, -1),
    ("delete", s_delete, 0, -1),
    ("delete!", s_delete_bang, 0, -1),
    ("squeeze", s_squeeze, 0, -1),
    ("squeeze!", s_squeeze_bang, 0, -1),
    ("tr", s_tr, 2, 2),
    ("tr!", s_tr_bang, 2, 2),
    ("tr_s", s_tr_s, 2, 2),
    ("tr_s!", s_tr_s_bang, 2, 2),
];

/// One character-set argument: its characters in order (ranges expanded) and whether it is
/// negated.
struct CharSet {
    negated: bool,
    chars: Vec<char>,
}

impl CharSet {
    /// The first invalid range of `spec` (`c-a`), for tr's ArgumentError.
    fn bad_range(spec: &str) -> Option<String> {
        let src: Vec<char> = spec.chars().collect();
        let mut i = (src.len() > 1 && src[0] == '^') as usize;
        while i < src.len() {
            if src[i] == '\\' {
                i += 2;
                continue;
            }
            if i + 2 < src.len() && src[i + 1] == '-' {
                if src[i] > src[i + 2] {
                    return Some(format!("{}-{}", src[i], src[i + 2]));
                }
                i += 3;
            } else {
                i += 1;
            }
        }
        None
    }

    fn parse(spec: &str) -> CharSet {
        let src: Vec<char> = spec.chars().collect();
        let negated = src.len() > 1 && src[0] == '^';
        let mut i = negated as usize;
        let mut chars = Vec::new();
        while i < src.len() {
            let mut c = src[i];
            if c == '\\' && i + 1 < src.len() {
                i += 1;
                c = src[i];
            }
            if i + 2 < src.len() && src[i + 1] == '-' {
                let hi = src[i + 2];
                if c <= hi {
                    chars.extend((c as u32..=hi as u32).filter_map(char::from_u32));
                }
                i += 3;
            } else {
                chars.push(c);
                i += 1;
            }
        }
        CharSet { negated, chars }
    }
    fn contains(&self, c: char) -> bool {
        self.chars.contains(&c) != self.negated
    }
}

fn sets(vm: &mut Vm, a: &[Value], min: usize) -> VmResult<Vec<CharSet>> {
    if a.len() < min {
        let msg = format!(
            "wrong number of arguments (given {}, expected {min}+)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let mut out = Vec::new();
    for &v in a {
        let spec = String::from_utf8_lossy(&str_arg_vec(vm, v)?).into_owned();
        check_ranges(vm, &spec)?;
        out.push(CharSet::parse(&spec));
    }
    Ok(out)
}

/// ArgumentError for a set with a backward range (`c-a`).
fn check_ranges(vm: &mut Vm, spec: &str) -> VmResult<()> {
    match CharSet::bad_range(spec) {
        Some(r) => {
            let msg = format!("invalid range \"{r}\" in string transliteration");
            Err(vm.arg_error(&msg))
        }
        None => Ok(()),
    }
}

fn in_all(sets: &[CharSet], c: char) -> bool {
    sets.iter().all(|s| s.contains(c))
}

/// The intersection of some sets, with the answer for every ASCII character worked out once
/// (count, delete and squeeze then test a character with one lookup).
struct Matcher {
    ascii: [bool; 128],
    sets: Vec<CharSet>,
}

impl Matcher {
    fn new(sets: Vec<CharSet>) -> Matcher {
        let mut ascii = [false; 128];
        for (b, m) in ascii.iter_mut().enumerate() {
            *m = in_all(&sets, b as u8 as char);
        }
        Matcher { ascii, sets }
    }
    #[inline]
    fn matches(&self, c: char) -> bool {
        match self.ascii.get(c as usize) {
            Some(&m) => m,
            None => in_all(&self.sets, c),
        }
    }
}

/// A new string in `s`'s encoding.
fn new_like(vm: &mut Vm, s: Value, text: &str) -> Value {
    let r = vm.str_from(text);
    string::copy_encoding(r, s);
    r
}

/// Replaces the receiver's text by `text` for a bang form; nil when nothing changed.
fn bang(vm: &mut Vm, s: Value, text: String) -> VmResult {
    check_frozen(vm, s)?;
    if text.as_bytes() == string::bytes(&vm.heap, s) {
        return Ok(Value::NIL);
    }
    string::set_bytes(&mut vm.heap, s, text.into_bytes());
    Ok(s)
}

/// str.count(*selectors) -> integer
fn s_count(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = Matcher::new(sets(vm, a, 1)?);
    let bytes = string::bytes(&vm.heap, s);
    let n = if bytes.is_ascii() {
        bytes.iter().filter(|&&b| m.ascii[b as usize]).count()
    } else {
        String::from_utf8_lossy(bytes)
            .chars()
            .filter(|&c| m.matches(c))
            .count()
    };
    Ok(vm.int(n as i64))
}

fn deleted(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult<String> {
    let m = Matcher::new(sets(vm, a, 1)?);
    Ok(String::from_utf8_lossy(string::bytes(&vm.heap, s))
        .chars()
        .filter(|&c| !m.matches(c))
        .collect())
}
/// str.delete(*selectors) -> new_str
fn s_delete(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = deleted(vm, s, a)?;
    Ok(new_like(vm, s, &t))
}
fn s_delete_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = deleted(vm, s, a)?;
    bang(vm, s, t)
}

fn squeezed(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult<String> {
    let m = Matcher::new(sets(vm, a, 0)?);
    let mut out = String::new();
    let mut last = None;
    for c in String::from_utf8_lossy(string::bytes(&vm.heap, s)).chars() {
        if last == Some(c) && m.matches(c) {
            continue;
        }
        out.push(c);
        last = Some(c);
    }
    Ok(out)
}
/// str.squeeze(*selectors) -> new_str with runs of a character collapsed
fn s_squeeze(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = squeezed(vm, s, a)?;
    Ok(new_like(vm, s, &t))
}
fn s_squeeze_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = squeezed(vm, s, a)?;
    bang(vm, s, t)
}

/// tr: each character of the `from` set becomes the character at the same position of `to`
/// (its last character when `to` is shorter; deleted when `to` is empty). A negated `from`
/// maps everything outside it to the last character of `to`. `squeeze` (tr_s) collapses runs
/// of one translated character.
fn translated(vm: &mut Vm, s: Value, a: &[Value], squeeze: bool) -> VmResult<String> {
    let (from, to) = (
        String::from_utf8_lossy(&str_arg_vec(vm, a[0])?).into_owned(),
        String::from_utf8_lossy(&str_arg_vec(vm, a[1])?).into_owned(),
    );
    for spec in [&from, &to] {
        check_ranges(vm, spec)?;
    }
    let from = CharSet::parse(&from);
    let to = CharSet::parse(&to).chars;
    let mut out = String::new();
    let mut last: Option<char> = None;
    for c in str_of(vm, s).chars() {
        let mapped = if from.negated {
            (!from.chars.contains(&c)).then(|| to.last().copied())
        } else {
            from.chars
                .iter()
                .rposition(|&f| f == c)
                .map(|i| to.get(i).or(to.last()).copied())
        };
        match mapped {
            None => {
                out.push(c);
                last = None;
            }
            Some(None) => {}
            Some(Some(t)) => {
                if !(squeeze && last == Some(t)) {
                    out.push(t);
                }
                last = Some(t);
            }
        }
    }
    Ok(out)
}
/// str.tr(from, to) -> new_str
fn s_tr(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = translated(vm, s, a, false)?;
    Ok(new_like(vm, s, &t))
}
fn s_tr_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = translated(vm, s, a, false)?;
    bang(vm, s, t)
}
/// str.tr_s(from, to) -> new_str (translated, runs of a translated character squeezed)
fn s_tr_s(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = translated(vm, s, a, true)?;
    Ok(new_like(vm, s, &t))
}
fn s_tr_s_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = translated(vm, s, a, true)?;
    bang(vm, s, t)
}
