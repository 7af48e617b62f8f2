//! File's path functions, which work on path strings without touching the file system (except
//! `expand_path` and `absolute_path`, which read the working directory and HOME): basename,
//! dirname, extname, split, join, expand_path, absolute_path, absolute_path?, path. Also the
//! File constants (SEPARATOR, FNM_*) and `path_arg`, the path-argument conversion the other file
//! modules share. Separators are '/' only, as CRuby on non-Windows systems.

use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const FILE_S: &[M] = &[
    ("basename", f_basename, 1, 2),
    ("dirname", f_dirname, 1, 2),
    ("extname", f_extname, 1, 1),
    ("split", f_split, 1, 1),
    ("join", f_join, 0, -1),
    ("expand_path", f_expand_path, 1, 2),
    ("absolute_path", f_absolute_path, 1, 2),
    ("absolute_path?", f_absolute_path_p, 1, 1),
    ("path", f_path, 1, 1),
];

/// File::FNM_* flags, as CRuby defines them on non-Windows systems.
pub const FNM_NOESCAPE: i64 = 1;
pub const FNM_PATHNAME: i64 = 2;
pub const FNM_DOTMATCH: i64 = 4;
pub const FNM_CASEFOLD: i64 = 8;
pub const FNM_EXTGLOB: i64 = 16;

/// Defines File (under IO, which must exist) with its constants and path functions, then the
/// query functions (file_stat) and FileTest.
pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let io = vm.class_data(o).const_get(intern("IO")).expect("IO");
    let file = vm.define_class("File", io);
    vm.define_singleton_natives(file, FILE_S);
    let sep = vm.str_from("/");
    let psep = vm.str_from(":");
    for (name, v) in [
        ("SEPARATOR", sep),
        ("Separator", sep),
        ("ALT_SEPARATOR", Value::NIL),
        ("PATH_SEPARATOR", psep),
        ("FNM_NOESCAPE", Value::fixnum(FNM_NOESCAPE)),
        ("FNM_PATHNAME", Value::fixnum(FNM_PATHNAME)),
        ("FNM_DOTMATCH", Value::fixnum(FNM_DOTMATCH)),
        ("FNM_CASEFOLD", Value::fixnum(FNM_CASEFOLD)),
        ("FNM_EXTGLOB", Value::fixnum(FNM_EXTGLOB)),
        ("FNM_SYSCASE", Value::fixnum(0)),
        ("FNM_SHORTNAME", Value::fixnum(0)),
    ] {
        vm.keep(v);
        // the FNM_ flags live in File::Constants (which IO includes), as CRuby's
        match vm.class_data(file).const_get(intern("Constants")) {
            Some(consts) if name.starts_with("FNM_") => {
                vm.class_data(consts).const_set(intern(name), v)
            }
            _ => vm.class_data(file).const_set(intern(name), v),
        }
    }
    vm.define_singleton_natives(
        file,
        &[("fnmatch", f_fnmatch, 2, 3), ("fnmatch?", f_fnmatch, 2, 3)],
    );
    crate::core::file_stat::init(vm, file);
}

/// File.fnmatch(pattern, path, flags = 0) -> true or false (core/dir/glob.rs `fnmatch_path`)
fn f_fnmatch(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let pat = crate::core::string::str_arg_vec(vm, a[0])?;
    let path = path_arg(vm, a[1])?;
    let flags = match a.get(2) {
        Some(&f) => crate::core::arg_int(vm, f)?,
        None => 0,
    };
    Ok(Value::bool(crate::core::dir::glob::fnmatch_path(
        &pat, &path, flags,
    )))
}

/// A path argument as bytes, as CRuby's rb_get_path: a String, or an object's `to_path`, or its
/// `to_str`; TypeError otherwise, ArgumentError when it contains a NUL byte.
pub fn path_arg(vm: &mut Vm, v: Value) -> VmResult<Vec<u8>> {
    path_conv(vm, v, "path name contains null byte")
}

/// `path_arg` with its own message for NUL bytes.
fn path_conv(vm: &mut Vm, v: Value, nul: &str) -> VmResult<Vec<u8>> {
    let mut v = v;
    let to_path = intern("to_path");
    if !crate::core::object::is_string(v) && v.is_heap() && vm.responds(v, to_path, true) {
        v = vm.funcall(v, to_path, &[], None)?;
    }
    let b = crate::core::string::str_arg_vec(vm, v)?;
    if b.contains(&0) {
        return Err(vm.arg_error(nul));
    }
    Ok(b)
}

/// A String argument that must not contain NUL bytes (StringValueCStr).
pub fn cstr_arg(vm: &mut Vm, v: Value) -> VmResult<Vec<u8>> {
    let b = crate::core::string::str_arg_vec(vm, v)?;
    if b.contains(&0) {
        return Err(vm.arg_error("string contains null byte"));
    }
    Ok(b)
}

/// The path as text for error messages.
pub fn show(p: &[u8]) -> String {
    String::from_utf8_lossy(p).into_owned()
}

/// The path as a std path (bytes as they are: paths are byte strings on Unix).
pub fn os_path(p: &[u8]) -> &std::path::Path {
    use std::os::unix::ffi::OsStrExt;
    std::path::Path::new(std::ffi::OsStr::from_bytes(p))
}

fn is_sep(c: u8) -> bool {
    c == b'/'
}

/// The index of the last separator that is followed by something other than separators
/// (CRuby's strrdirsep).
fn last_sep(p: &[u8]) -> Option<usize> {
    let (mut i, mut last) = (0, None);
    while i < p.len() {
        if is_sep(p[i]) {
            let t = i;
            while i < p.len() && is_sep(p[i]) {
                i += 1;
            }
            if i >= p.len() {
                break;
            }
            last = Some(t);
        } else {
            i += 1;
        }
    }
    last
}

/// The length of `p` without its trailing separators (CRuby's chompdirsep).
fn chomp_len(p: &[u8]) -> usize {
    let mut n = p.len();
    while n > 0 && is_sep(p[n - 1]) {
        n -= 1;
    }
    n
}

/// The last component's start, its length without any extension, and its whole length
/// (ruby_enc_find_basename); a path of separators only yields (0, 1, -1): "/".
fn find_basename(p: &[u8]) -> (usize, usize, isize) {
    let start = p.iter().take_while(|&&c| is_sep(c)).count();
    if start == p.len() {
        return (start - 1, 1, -1);
    }
    let mut b = match last_sep(&p[start..]) {
        Some(i) => start + i,
        None => start,
    };
    while is_sep(p[b]) {
        b += 1;
    }
    let n = chomp_len(&p[b..]);
    let comp = &p[b..b + n];
    let lead = comp.iter().take_while(|&&c| c == b'.').count();
    let dot = (lead..n).rev().find(|&i| comp[i] == b'.');
    (b, dot.unwrap_or(n), n as isize)
}

/// How much of the component `p` (whose extension starts at `l0`) is left once `suffix` is
/// removed; 0 when it does not end with it (CRuby's rmext).
fn rmext(p: &[u8], l0: usize, suffix: &[u8]) -> usize {
    if suffix.is_empty() {
        return 0;
    }
    if suffix.len() == 2 && suffix[1] == b'*' {
        if suffix[0] == b'.' {
            return l0;
        }
        return p.iter().rposition(|&c| c == suffix[0]).unwrap_or(p.len());
    }
    if p.len() < suffix.len() {
        return p.len();
    }
    if p.ends_with(suffix) {
        return p.len() - suffix.len();
    }
    0
}

/// The basename of `p`, without `suffix` when it ends with it.
pub fn basename(p: &[u8], suffix: Option<&[u8]>) -> Vec<u8> {
    if p.is_empty() {
        return Vec::new();
    }
    let (b, base, all) = find_basename(p);
    let mut f = base;
    if all >= 0 {
        let n = all as usize;
        f = match suffix {
            None => n,
            Some(s) => match rmext(&p[b..b + n], base, s) {
                0 => n,
                f => f,
            },
        };
    }
    p[b..b + f].to_vec()
}

/// The directory part of `p`, `level` components up (CRuby's rb_file_dirname_n).
pub fn dirname(p: &[u8], level: usize) -> Vec<u8> {
    let root = p.iter().take_while(|&&c| is_sep(c)).count();
    let name = root.saturating_sub(1);
    let rest = &p[root..];
    let end = if level > rest.len().div_ceil(2) {
        root
    } else {
        match level {
            0 => p.len(),
            1 => last_sep(rest).map_or(root, |i| root + i),
            _ => {
                // the separator `level` runs from the end (a ring of the last `level` ones)
                let mut seps = vec![root; level];
                let (mut i, mut k) = (0, 0);
                while i < rest.len() {
                    if is_sep(rest[i]) {
                        let t = i;
                        while i < rest.len() && is_sep(rest[i]) {
                            i += 1;
                        }
                        if i >= rest.len() {
                            break;
                        }
                        seps[k] = root + t;
                        k = (k + 1) % level;
                    } else {
                        i += 1;
                    }
                }
                seps[k]
            }
        }
    };
    if end == name {
        return b".".to_vec();
    }
    p[name..end].to_vec()
}

/// The extension of the last component: "" for none and for dotfiles, "." for a trailing dot.
pub fn extname(p: &[u8]) -> Vec<u8> {
    let start = match last_sep(p) {
        None => 0,
        Some(i) => i + p[i..].iter().take_while(|&&c| is_sep(c)).count(),
    };
    let mut i = start;
    while i < p.len() && p[i] == b'.' {
        i += 1;
    }
    let mut e = None;
    while i < p.len() && !is_sep(p[i]) {
        if p[i] == b'.' {
            e = Some(i);
        }
        i += 1;
    }
    match e {
        None => Vec::new(),
        Some(e) if e == start => Vec::new(),
        Some(e) => p[e..i].to_vec(),
    }
}

/// Appends `part` to `out` with exactly one separator between them, as File.join does.
fn join_part(out: &mut Vec<u8>, part: &[u8], first: bool) {
    if !first {
        if part.first().is_some_and(|&c| is_sep(c)) {
            out.truncate(chomp_len(out));
        } else if !out.last().is_some_and(|&c| is_sep(c)) {
            out.push(b'/');
        }
    }
    out.extend_from_slice(part);
}

fn join_values(vm: &mut Vm, a: &[Value], seen: &mut Vec<Value>) -> VmResult<Vec<u8>> {
    let mut out = Vec::new();
    for (i, &v) in a.iter().enumerate() {
        let part = if type_of(v) == T_ARRAY {
            if seen.contains(&v) {
                return Err(vm.arg_error("recursive array"));
            }
            seen.push(v);
            let items = rarray(v).vec.to_vec();
            let r = join_values(vm, &items, seen)?;
            seen.pop();
            r
        } else {
            path_conv(vm, v, "string contains null byte")?
        };
        join_part(&mut out, &part, i == 0);
    }
    Ok(out)
}

/// The user's home directory: HOME, or this user's entry in /etc/passwd when it is unset
/// (CRuby's rb_default_home_dir).
pub fn home_dir(vm: &mut Vm) -> VmResult<Vec<u8>> {
    let h = match crate::core::env::getenv(vm, b"HOME") {
        Some(h) => h,
        None => {
            let uid = crate::core::file_stat::euid().to_string();
            match passwd_field(2, uid.as_bytes()) {
                Some(h) => h,
                None => return Err(vm.arg_error("couldn't find login name -- expanding '~'")),
            }
        }
    };
    if !h.starts_with(b"/") {
        return Err(vm.arg_error("non-absolute home"));
    }
    Ok(h)
}

/// The home directory (field 5) of the /etc/passwd entry whose field `key` is `value`.
fn passwd_field(key: usize, value: &[u8]) -> Option<Vec<u8>> {
    let passwd = std::fs::read("/etc/passwd").ok()?;
    passwd.split(|&c| c == b'\n').find_map(|line| {
        let f: Vec<&[u8]> = line.split(|&c| c == b':').collect();
        (f.len() >= 6 && f[key] == value).then(|| f[5].to_vec())
    })
}

/// The home directory of `user` from /etc/passwd.
pub fn user_home(vm: &mut Vm, user: &[u8]) -> VmResult<Vec<u8>> {
    match passwd_field(0, user) {
        Some(h) => Ok(h),
        None => {
            let msg = format!("user {} doesn't exist", show(user));
            Err(vm.arg_error(&msg))
        }
    }
}

/// The working directory as bytes.
pub fn cwd(vm: &mut Vm) -> VmResult<Vec<u8>> {
    use std::os::unix::ffi::OsStringExt;
    match std::env::current_dir() {
        Ok(d) => Ok(d.into_os_string().into_vec()),
        Err(e) => Err(crate::core::errno::raise_io(
            vm,
            &e,
            Some("rb_dir_getwd_ospath"),
            "",
        )),
    }
}

/// `p` made absolute against `dir` (or the working directory), with "." and ".." resolved and
/// separators collapsed; `tilde` expands a leading "~" or "~user" (expand_path).
pub fn expand(vm: &mut Vm, p: &[u8], dir: Option<&[u8]>, tilde: bool) -> VmResult<Vec<u8>> {
    let mut full: Vec<u8>;
    if tilde && p.first() == Some(&b'~') {
        let end = p.iter().position(|&c| is_sep(c)).unwrap_or(p.len());
        let home = if end == 1 {
            home_dir(vm)?
        } else {
            user_home(vm, &p[1..end])?
        };
        full = home;
        full.push(b'/');
        full.extend_from_slice(&p[end..]);
    } else if p.first().is_some_and(|&c| is_sep(c)) {
        full = p.to_vec();
    } else {
        full = match dir {
            Some(d) => expand(vm, d, None, tilde)?,
            None => cwd(vm)?,
        };
        if !full.ends_with(b"/") {
            full.push(b'/');
        }
        full.extend_from_slice(p);
    }
    Ok(normalize(&full))
}

/// Resolves "." and ".." and collapses separators in an absolute path. The leading run of
/// separators is kept as it is ("//a" stays so), until a ".." removes the first component.
fn normalize(p: &[u8]) -> Vec<u8> {
    let mut root = p.iter().take_while(|&&c| is_sep(c)).count().max(1);
    let mut parts: Vec<&[u8]> = Vec::new();
    for c in p.split(|&c| is_sep(c)) {
        match c {
            b"" | b"." => {}
            b".." => {
                if parts.pop().is_some() && parts.is_empty() {
                    root = 1;
                }
            }
            _ => parts.push(c),
        }
    }
    let mut out = vec![b'/'; root];
    for (i, c) in parts.iter().enumerate() {
        if i > 0 {
            out.push(b'/');
        }
        out.extend_from_slice(c);
    }
    out
}

/// File.basename(path, suffix = nil) -> string
fn f_basename(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let suffix = match a.get(1) {
        Some(&s) => Some(cstr_arg(vm, s)?),
        None => None,
    };
    let p = path_arg(vm, a[0])?;
    let r = basename(&p, suffix.as_deref());
    Ok(vm.str_new(&r))
}

/// File.dirname(path, level = 1) -> string
fn f_dirname(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let level = match a.get(1) {
        Some(&n) => crate::core::arg_int(vm, n)?,
        None => 1,
    };
    let p = path_arg(vm, a[0])?;
    if level < 0 {
        let msg = format!("negative level: {level}");
        return Err(vm.arg_error(&msg));
    }
    let r = dirname(&p, level as usize);
    Ok(vm.str_new(&r))
}

/// File.extname(path) -> string
fn f_extname(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    let r = extname(&p);
    Ok(vm.str_new(&r))
}

/// File.split(path) -> [dirname, basename]
fn f_split(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    let d = vm.str_new(&dirname(&p, 1));
    let b = vm.str_new(&basename(&p, None));
    Ok(vm.ary_from_slice(&[d, b]))
}

/// File.join(*parts) -> string
fn f_join(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let r = join_values(vm, a, &mut Vec::new())?;
    Ok(vm.str_new(&r))
}

fn dir_arg(vm: &mut Vm, a: &[Value]) -> VmResult<Option<Vec<u8>>> {
    match a.get(1) {
        Some(&d) if !d.is_nil() => Ok(Some(path_arg(vm, d)?)),
        _ => Ok(None),
    }
}

/// File.expand_path(path, dir = nil) -> string
fn f_expand_path(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    let d = dir_arg(vm, a)?;
    let r = expand(vm, &p, d.as_deref(), true)?;
    Ok(vm.str_new(&r))
}

/// File.absolute_path(path, dir = nil) -> string ("~" is not expanded)
fn f_absolute_path(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    let d = dir_arg(vm, a)?;
    let r = expand(vm, &p, d.as_deref(), false)?;
    Ok(vm.str_new(&r))
}

/// File.absolute_path?(path) -> true or false
fn f_absolute_path_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    Ok(Value::bool(p.first() == Some(&b'/')))
}

/// File.path(path) -> string
fn f_path(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    Ok(vm.str_new(&p))
}
