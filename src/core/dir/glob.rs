//! Dir.glob's matcher: brace expansion, fnmatch for one path component (`*`, `?`, `[set]`,
//! backslash escapes, the leading-dot rule), and the directory walk, which follows CRuby's
//! glob_helper: a depth-first walk reading each directory once with its entries sorted, where a
//! match is reported before the walk descends below it, `**/` matches zero or more directories
//! (not hidden ones unless FNM_DOTMATCH, never through symbolic links), ".." is never matched by a
//! wildcard and "." only by a pattern starting with a dot (or with FNM_DOTMATCH).

use crate::core::file::{FNM_CASEFOLD, FNM_DOTMATCH, FNM_NOESCAPE, os_path};

/// One component of a pattern.
#[derive(Clone, Debug, PartialEq)]
enum Comp {
    /// A name without wildcards (escapes removed).
    Plain(Vec<u8>),
    /// A name with wildcards, matched with `fnmatch`.
    Magic(Vec<u8>),
    /// `**/`: any number of directories.
    Recursive,
}

/// A parsed pattern: absolute or not, its components, and whether it ended with a separator
/// (then only directories match, reported with a trailing "/").
struct Pattern {
    absolute: bool,
    comps: Vec<Comp>,
    dir_only: bool,
}

/// The patterns `{a,b}` braces stand for, in order (CRuby's ruby_brace_expand); unbalanced
/// braces are left as they are.
pub fn brace_expand(p: &[u8], flags: i64) -> Vec<Vec<u8>> {
    let escape = flags & FNM_NOESCAPE == 0;
    let (mut i, mut depth, mut open) = (0, 0, None);
    while i < p.len() {
        match p[i] {
            b'\\' if escape => i += 1,
            b'{' => {
                if depth == 0 {
                    open = Some(i);
                }
                depth += 1;
            }
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    let lb = open.expect("open brace");
                    let mut out = Vec::new();
                    for alt in split_alternatives(&p[lb + 1..i], escape) {
                        let mut s = p[..lb].to_vec();
                        s.extend_from_slice(alt);
                        s.extend_from_slice(&p[i + 1..]);
                        out.extend(brace_expand(&s, flags));
                    }
                    return out;
                }
            }
            _ => {}
        }
        i += 1;
    }
    vec![p.to_vec()]
}

/// The top-level comma-separated parts of a brace body.
fn split_alternatives(body: &[u8], escape: bool) -> Vec<&[u8]> {
    let (mut parts, mut start, mut depth, mut i) = (Vec::new(), 0, 0, 0);
    while i < body.len() {
        match body[i] {
            b'\\' if escape => i += 1,
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&body[start.min(body.len())..]);
    parts
}

fn has_magic(c: &[u8], flags: i64) -> bool {
    let escape = flags & FNM_NOESCAPE == 0;
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            b'*' | b'?' | b'[' => return true,
            b'\\' if escape => i += 1,
            _ => {}
        }
        i += 1;
    }
    flags & FNM_CASEFOLD != 0 && c.iter().any(|b| b.is_ascii_alphabetic())
}

fn unescape(c: &[u8], flags: i64) -> Vec<u8> {
    if flags & FNM_NOESCAPE != 0 {
        return c.to_vec();
    }
    let mut out = Vec::with_capacity(c.len());
    let mut i = 0;
    while i < c.len() {
        if c[i] == b'\\' && i + 1 < c.len() {
            i += 1;
        }
        out.push(c[i]);
        i += 1;
    }
    out
}

fn parse(p: &[u8], flags: i64) -> Pattern {
    let absolute = p.first() == Some(&b'/');
    let dir_only = p.len() > 1 && p.last() == Some(&b'/');
    let body = p.strip_prefix(b"/").unwrap_or(p);
    let body = body.strip_suffix(b"/").unwrap_or(body);
    let parts: Vec<&[u8]> = body.split(|&c| c == b'/').collect();
    let n = parts.len();
    let mut comps = Vec::with_capacity(n);
    for (i, c) in parts.into_iter().enumerate() {
        if c.is_empty() {
            // a repeated separator stays in the result ("a//b"), kept on a plain name before it
            if let Some(Comp::Plain(prev)) = comps.last_mut() {
                prev.push(b'/');
            }
            continue;
        }
        if c == b"**" && (i + 1 < n || dir_only) {
            if comps.last() != Some(&Comp::Recursive) {
                comps.push(Comp::Recursive);
            }
        } else if has_magic(c, flags) {
            comps.push(Comp::Magic(c.to_vec()));
        } else {
            comps.push(Comp::Plain(unescape(c, flags)));
        }
    }
    Pattern {
        absolute,
        comps,
        dir_only,
    }
}

/// Whether the bracket expression at the start of `p` (after '[') matches `c`; returns the
/// rest of the pattern after ']', or None when it does not match or is unterminated.
fn bracket(p: &[u8], c: u8, flags: i64) -> Option<&[u8]> {
    let escape = flags & FNM_NOESCAPE == 0;
    let fold = |b: u8| {
        if flags & FNM_CASEFOLD != 0 {
            b.to_ascii_lowercase()
        } else {
            b
        }
    };
    let c = fold(c);
    let mut i = 0;
    let negate = matches!(p.first(), Some(b'!') | Some(b'^'));
    if negate {
        i += 1;
    }
    let mut ok = false;
    while i < p.len() && p[i] != b']' {
        if escape && p[i] == b'\\' && i + 1 < p.len() {
            i += 1;
        }
        let lo = p[i];
        i += 1;
        let mut hi = lo;
        if i + 1 < p.len() && p[i] == b'-' && p[i + 1] != b']' {
            i += 1;
            if escape && p[i] == b'\\' && i + 1 < p.len() {
                i += 1;
            }
            hi = p[i];
            i += 1;
        }
        if fold(lo) <= c && c <= fold(hi) {
            ok = true;
        }
    }
    if i >= p.len() || ok == negate {
        return None;
    }
    Some(&p[i + 1..])
}

/// fnmatch of one component (no separators involved): `*`, `?`, `[set]`, escapes; a leading
/// dot in `s` must be matched by a literal dot unless FNM_DOTMATCH.
pub fn fnmatch(p: &[u8], s: &[u8], flags: i64) -> bool {
    if s.first() == Some(&b'.') && flags & FNM_DOTMATCH == 0 {
        let lit = p.first() == Some(&b'.') || (flags & FNM_NOESCAPE == 0 && p.starts_with(b"\\."));
        if !lit {
            return false;
        }
    }
    let escape = flags & FNM_NOESCAPE == 0;
    let eq = |a: u8, b: u8| {
        if flags & FNM_CASEFOLD != 0 {
            a.eq_ignore_ascii_case(&b)
        } else {
            a == b
        }
    };
    let (mut p, mut s) = (p, s);
    let mut star: Option<(&[u8], &[u8])> = None;
    loop {
        let step = match p.first() {
            Some(b'*') => {
                while p.first() == Some(&b'*') {
                    p = &p[1..];
                }
                star = Some((p, s));
                continue;
            }
            Some(b'?') if !s.is_empty() => Some(&p[1..]),
            Some(b'[') if !s.is_empty() => bracket(&p[1..], s[0], flags),
            Some(b'\\') if escape && p.len() > 1 => {
                (!s.is_empty() && eq(p[1], s[0])).then(|| &p[2..])
            }
            Some(&c) if !s.is_empty() && eq(c, s[0]) => Some(&p[1..]),
            None if s.is_empty() => return true,
            _ => None,
        };
        match step {
            Some(rest) => {
                p = rest;
                s = &s[1..];
            }
            None => match star {
                Some((sp, ss)) if !ss.is_empty() => {
                    star = Some((sp, &ss[1..]));
                    p = sp;
                    s = &ss[1..];
                }
                _ => return false,
            },
        }
    }
}

/// File.fnmatch's matcher over a whole path: braces only with FNM_EXTGLOB; without
/// FNM_PATHNAME a wildcard also matches '/', with it the components match one by one and a
/// `**/` component matches zero or more directories (not hidden ones unless FNM_DOTMATCH).
pub fn fnmatch_path(p: &[u8], s: &[u8], flags: i64) -> bool {
    if flags & crate::core::file::FNM_EXTGLOB != 0 {
        let alts = brace_expand(p, flags);
        return alts
            .iter()
            .any(|a| fnmatch_path(a, s, flags & !crate::core::file::FNM_EXTGLOB));
    }
    if flags & crate::core::file::FNM_PATHNAME == 0 {
        return fnmatch(p, s, flags);
    }
    let pc: Vec<&[u8]> = p.split(|&c| c == b'/').collect();
    let sc: Vec<&[u8]> = s.split(|&c| c == b'/').collect();
    let mut failed = std::collections::HashSet::new();
    match_comps(&pc, &sc, 0, 0, flags, &mut failed)
}

/// Whether components `pc[pi..]` match `sc[si..]`. `failed` remembers the (pi, si) pairs known
/// not to match, so runs of `**/` stay polynomial (`"**/" * 30 + "b"` against 30 components
/// backtracked exponentially).
fn match_comps(
    pc: &[&[u8]],
    sc: &[&[u8]],
    pi: usize,
    si: usize,
    flags: i64,
    failed: &mut std::collections::HashSet<(usize, usize)>,
) -> bool {
    if failed.contains(&(pi, si)) {
        return false;
    }
    let ok = match pc.get(pi) {
        None => si == sc.len(),
        Some(&b"**") if pc.len() - pi > 1 => {
            let mut ok = false;
            for i in si..=sc.len() {
                if match_comps(pc, sc, pi + 1, i, flags, failed) {
                    ok = true;
                    break;
                }
                let hidden = sc.get(i).is_some_and(|c| c.first() == Some(&b'.'));
                if i == sc.len() || (hidden && flags & FNM_DOTMATCH == 0) {
                    break;
                }
            }
            ok
        }
        Some(p) => {
            si < sc.len()
                && fnmatch(p, sc[si], flags)
                && match_comps(pc, sc, pi + 1, si + 1, flags, failed)
        }
    };
    if !ok {
        failed.insert((pi, si));
    }
    ok
}

/// A directory's entries, sorted ("." and ".." are never matched by a wildcard, as in the
/// CRuby 4.0 reference).
fn read_sorted(dir: &[u8]) -> Vec<(Vec<u8>, bool)> {
    use std::os::unix::ffi::OsStrExt;
    let d = if dir.is_empty() { b".".as_slice() } else { dir };
    let Ok(rd) = std::fs::read_dir(os_path(d)) else {
        return Vec::new();
    };
    let mut v: Vec<(Vec<u8>, bool)> = Vec::new();
    for e in rd.flatten() {
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        v.push((e.file_name().as_bytes().to_vec(), is_dir));
    }
    v.sort();
    v
}

/// Joins a result path and a name.
fn child(path: &[u8], name: &[u8]) -> Vec<u8> {
    let mut c = path.to_vec();
    if !c.is_empty() && c != b"/" {
        c.push(b'/');
    }
    c.extend_from_slice(name);
    c
}

/// The walk state shared by one glob call.
struct Walk<'a> {
    base: &'a [u8],
    flags: i64,
    dir_only: bool,
    out: Vec<Vec<u8>>,
}

impl Walk<'_> {
    /// The file-system path of a result path.
    fn fs(&self, path: &[u8]) -> Vec<u8> {
        if self.base.is_empty() || path.starts_with(b"/") {
            path.to_vec()
        } else if path.is_empty() {
            self.base.to_vec()
        } else {
            child(self.base, path)
        }
    }

    /// Matches the remaining components `pats` (each a suffix of the pattern) at `path`.
    fn helper(&mut self, path: &[u8], pats: Vec<&[Comp]>, known_dir: bool) {
        let mut active: Vec<&[Comp]> = Vec::new();
        let mut recursive: Vec<&[Comp]> = Vec::new();
        let mut matched = false;
        for p in pats {
            let mut p = p;
            while p.first() == Some(&Comp::Recursive) {
                recursive.push(p);
                p = &p[1..];
            }
            if p.is_empty() {
                matched = true;
            } else {
                active.push(p);
            }
        }
        if matched {
            let fs = self.fs(path);
            let meta = std::fs::symlink_metadata(os_path(&fs));
            let is_dir = known_dir || std::fs::metadata(os_path(&fs)).is_ok_and(|m| m.is_dir());
            if meta.is_ok() && (!self.dir_only || is_dir) {
                let mut r = path.to_vec();
                if self.dir_only && !r.ends_with(b"/") {
                    r.push(b'/');
                }
                self.out.push(r);
            }
        }
        if active.is_empty() && recursive.is_empty() {
            return;
        }
        let magic = !recursive.is_empty() || active.iter().any(|p| matches!(p[0], Comp::Magic(_)));
        if !magic {
            // plain names only: no directory read, each name is tried as it is
            let mut names: Vec<&Vec<u8>> = Vec::new();
            for p in &active {
                if let Comp::Plain(n) = &p[0]
                    && !names.contains(&n)
                {
                    names.push(n);
                }
            }
            for n in names {
                let next: Vec<&[Comp]> = active
                    .iter()
                    .filter(|p| p[0] == Comp::Plain(n.clone()))
                    .map(|p| &p[1..])
                    .collect();
                let c = child(path, n);
                self.helper(&c, next, false);
            }
            return;
        }
        let fs = self.fs(path);
        for (name, is_dir) in read_sorted(&fs) {
            let hidden = name.first() == Some(&b'.');
            let mut next: Vec<&[Comp]> = Vec::new();
            if is_dir && (!hidden || self.flags & FNM_DOTMATCH != 0) {
                next.extend(recursive.iter().copied());
            }
            for p in &active {
                let ok = match &p[0] {
                    Comp::Plain(n) => *n == name,
                    Comp::Magic(m) => fnmatch(m, &name, self.flags),
                    Comp::Recursive => false,
                };
                if ok {
                    next.push(&p[1..]);
                }
            }
            if !next.is_empty() {
                let c = child(path, &name);
                self.helper(&c, next, is_dir);
            }
        }
    }
}

/// The paths matching `pattern` (relative to `base` when given), in CRuby's order.
pub fn glob(pattern: &[u8], flags: i64, base: Option<&[u8]>) -> Vec<Vec<u8>> {
    // FNM_CASEFOLD does not apply to globbing on a case-sensitive file system
    let flags = flags & !FNM_CASEFOLD;
    let mut out = Vec::new();
    for p in brace_expand(pattern, flags) {
        if p.is_empty() {
            continue;
        }
        let pat = parse(&p, flags);
        let mut w = Walk {
            base: base.unwrap_or(b""),
            flags,
            dir_only: pat.dir_only,
            out: Vec::new(),
        };
        let start: &[u8] = if pat.absolute { b"/" } else { b"" };
        if pat.comps.is_empty() {
            if pat.absolute {
                w.out.push(b"/".to_vec());
            }
        } else {
            w.helper(start, vec![&pat.comps[..]], true);
        }
        out.extend(w.out);
    }
    out
}
