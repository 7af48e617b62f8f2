//! Builders for pattern-matching syntax (`case/in`, `expr => pattern`, `expr in pattern`),
//! called from the grammar's pattern rules: they sort a written list of items into the array,
//! find or hash pattern it stands for and check the rules CRuby's parser checks (one splat in an
//! array pattern, a find pattern's two splats at its ends, `**rest` last in a hash pattern).

use super::build::{PResult, n, user_error};
use crate::ast::*;

/// One element of an array-like pattern list as written (short-lived, so not boxed).
#[allow(clippy::large_enum_variant)]
pub enum PItem {
    Pat(Pattern),
    /// `*name` or `*`
    Rest(Option<String>),
    /// A trailing comma (`in a,` / `[a,]`): an anonymous rest.
    Trailing,
}

/// One element of a hash pattern as written.
#[allow(clippy::large_enum_variant)]
pub enum PKw {
    Pair(String, Option<Pattern>),
    Rest(Option<String>),
    NoRest,
}

/// An array or find pattern from its written items (`konst` for `Const(..)`/`Const[..]`).
pub fn array_pattern(konst: Option<Node>, items: Vec<PItem>, line: u32) -> PResult<Pattern> {
    let konst = konst.map(Box::new);
    let rests = items
        .iter()
        .filter(|i| matches!(i, PItem::Rest(_) | PItem::Trailing))
        .count();
    if rests == 2
        && matches!(items.first(), Some(PItem::Rest(_)))
        && matches!(items.last(), Some(PItem::Rest(_)))
        && items.len() >= 3
    {
        let mut mid = Vec::new();
        let (mut pre, mut post) = (None, None);
        for (i, item) in items.into_iter().enumerate() {
            match item {
                PItem::Rest(r) if i == 0 => pre = r,
                PItem::Rest(r) => post = r,
                PItem::Pat(p) => mid.push(p),
                PItem::Trailing => {}
            }
        }
        return Ok(Pattern::Find {
            konst,
            pre,
            mid,
            post,
        });
    }
    if rests > 1 {
        return user_error(
            line,
            "unexpected multiple '*' rest patterns in an array pattern",
        );
    }
    let (mut pre, mut post, mut rest) = (Vec::new(), Vec::new(), None);
    for item in items {
        match item {
            PItem::Pat(p) if rest.is_none() => pre.push(p),
            PItem::Pat(p) => post.push(p),
            PItem::Rest(r) => rest = Some(r),
            PItem::Trailing => rest = Some(None),
        }
    }
    Ok(Pattern::Array {
        konst,
        pre,
        rest,
        post,
    })
}

/// A hash pattern from its written elements.
pub fn hash_pattern(konst: Option<Node>, items: Vec<PKw>, line: u32) -> PResult<Pattern> {
    let mut pairs: Vec<(String, Option<Pattern>)> = Vec::new();
    let mut rest = HashRest::Open;
    for item in items {
        if rest != HashRest::Open {
            return user_error(line, "unexpected pattern after a '**' rest pattern");
        }
        match item {
            PKw::Pair(k, p) => {
                if pairs.iter().any(|(q, _)| *q == k) {
                    return user_error(line, &format!("duplicated key name: {k}"));
                }
                if p.is_none() && !is_local_name(&k) {
                    return user_error(
                        line,
                        &format!("'{k}' is not allowed as a local variable name"),
                    );
                }
                pairs.push((k, p));
            }
            PKw::Rest(r) => rest = HashRest::Splat(r),
            PKw::NoRest => rest = HashRest::Nil,
        }
    }
    Ok(Pattern::Hash {
        konst: konst.map(Box::new),
        pairs,
        rest,
    })
}

fn is_local_name(k: &str) -> bool {
    let mut c = k.chars();
    matches!(c.next(), Some(ch) if ch == '_' || ch.is_lowercase() || !ch.is_ascii())
        && k.chars()
            .all(|ch| ch == '_' || ch.is_alphanumeric() || !ch.is_ascii())
}

/// The key of a `"string": pattern` pair: the string's literal text.
pub fn string_key(parts: Vec<StrPart>, line: u32) -> PResult<String> {
    let mut key = Vec::new();
    for p in parts {
        match p {
            StrPart::Lit(b) | StrPart::Utf8(b) => key.extend(b),
            StrPart::Code(_) => {
                return user_error(line, "symbol literal with interpolation is not allowed");
            }
        }
    }
    String::from_utf8(key).or_else(|_| user_error(line, "invalid symbol in a hash pattern"))
}

/// `case subject; in ...; [else ...] end`
// the grammar boxes clauses to keep lalrpop's symbol enum small (see `ast_sizes`)
#[allow(clippy::vec_box)]
pub fn case_in(
    subject: Node,
    clauses: Vec<Box<InClause>>,
    else_: Option<Vec<Node>>,
    line: u32,
) -> Node {
    n(
        NodeKind::CaseIn {
            subject: Box::new(subject),
            clauses: clauses.into_iter().map(|c| *c).collect(),
            else_: else_.map(|s| super::build::seq_opt(s).map(Box::new)),
        },
        line,
    )
}

/// `value => pattern` (raise) and `value in pattern`.
pub fn match_pattern(value: Node, pattern: Pattern, raise: bool, line: u32) -> Node {
    n(
        NodeKind::MatchPattern {
            value: Box::new(value),
            pattern: Box::new(pattern),
            raise,
        },
        line,
    )
}

/// `^name`: a pinned local (the compiler checks that it is one).
pub fn pin_local(name: String, line: u32) -> Node {
    n(NodeKind::PinLocal(name), line)
}
