//! Loading Ruby files, as CRuby's load.c: `$LOAD_PATH` (`$:`, `$-I`), `$LOADED_FEATURES`
//! (`$"`), `require`, `require_relative`, `load(file, wrap = false)`, `autoload`/`autoload?`
//! (Kernel and Module), `__dir__`, and `LoadError#path`.
//!
//! - `require "x"`: a feature already in `$LOADED_FEATURES` (as "x.rb" bare, or under a load
//!   path directory) is not loaded again (false); else `x.rb` is searched on `$LOAD_PATH`
//!   (entries expanded against the working directory; "." is not in it by default), then in
//!   rubra's own libraries (those written in Ruby: `crate::stdlib::LIBRARIES`; in Rust:
//!   `BUNDLED`); an absolute, `./`, `../` or `~` path is not searched. A file is loaded once
//!   per absolute path (its realpath counts too), and its path is added to `$LOADED_FEATURES`
//!   when it has run; a file being loaded is not loaded again (a circular require answers
//!   false).
//! - `load "x.rb"`: no extension added; the load path first, then the working directory; always
//!   runs the file. `wrap` true runs it with self a clone of main extended by a new anonymous
//!   module that holds its constants and methods (a Module as `wrap` is that module).
//! - `autoload :X, "path"`: the table `Vm::autoloads` maps (module, name) to the path; the
//!   constant lookup (vm/scope.rs) calls `autoload_const` when a module lacks the constant.

use super::file::{expand, os_path, path_arg, show};
use crate::object::heap::*;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Cref, Unwind, VmResult};
use std::rc::Rc;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

/// One library rubra provides itself: `require name` is satisfied without a file. Its entry in
/// `$LOADED_FEATURES` is `name.ext` with no directory (as CRuby lists its built-in features).
pub struct Bundled {
    /// The feature name, without extension ("set", "pp", "strscan").
    pub name: &'static str,
    /// "rb" for a library CRuby writes in Ruby, "so" for a C extension (what `require "x.so"`
    /// and the `$LOADED_FEATURES` entry say).
    pub ext: &'static str,
    /// Provided at start-up (listed in `$LOADED_FEATURES` from the start, so `require` answers
    /// false), as CRuby 4.0 preloads it; otherwise the first `require` runs `init` and answers
    /// true.
    pub preloaded: bool,
    /// What a first `require` runs (defines the library's classes), if anything.
    pub init: Option<fn(&mut Vm) -> VmResult<()>>,
}

/// The one list of the libraries rubra satisfies itself. The preloaded ones are those CRuby 4.0
/// lists in `$LOADED_FEATURES` before a program starts (Set, Rational, Complex, Enumerator,
/// Fiber and Thread are core classes here). "pp": Kernel#pp is built in (core/pp.rs) and
/// requires the library on its first call, as CRuby's does. A library with an `init` function (`strscan`, whose
/// init defines StringScanner) is defined on its first `require`.
pub const BUNDLED: &[Bundled] = &[
    Bundled {
        name: "enumerator",
        ext: "so",
        preloaded: true,
        init: None,
    },
    Bundled {
        name: "thread",
        ext: "rb",
        preloaded: true,
        init: None,
    },
    Bundled {
        name: "fiber",
        ext: "so",
        preloaded: true,
        init: None,
    },
    Bundled {
        name: "rational",
        ext: "so",
        preloaded: true,
        init: None,
    },
    Bundled {
        name: "complex",
        ext: "so",
        preloaded: true,
        init: None,
    },
    Bundled {
        name: "ruby2_keywords",
        ext: "rb",
        preloaded: true,
        init: None,
    },
    Bundled {
        name: "set",
        ext: "rb",
        preloaded: true,
        init: None,
    },
    Bundled {
        name: "pp",
        ext: "rb",
        preloaded: false,
        init: Some(pp_init),
    },
    Bundled {
        name: "strscan",
        ext: "so",
        preloaded: false,
        init: Some(strscan_init),
    },
    Bundled {
        name: "json",
        ext: "rb",
        preloaded: false,
        init: Some(json_init),
    },
    Bundled {
        name: "stringio",
        ext: "so",
        preloaded: false,
        init: Some(stringio_init),
    },
    Bundled {
        name: "digest",
        ext: "so",
        preloaded: false,
        init: Some(digest_init),
    },
    Bundled {
        name: "digest/md5",
        ext: "so",
        preloaded: false,
        init: Some(digest_init),
    },
    Bundled {
        name: "digest/sha1",
        ext: "so",
        preloaded: false,
        init: Some(digest_init),
    },
    Bundled {
        name: "digest/sha2",
        ext: "rb",
        preloaded: false,
        init: Some(digest_init),
    },
    Bundled {
        name: "openssl",
        ext: "rb",
        preloaded: false,
        init: Some(openssl_init),
    },
    Bundled {
        name: "zlib",
        ext: "so",
        preloaded: false,
        init: Some(zlib_init),
    },
    Bundled {
        name: "securerandom",
        ext: "rb",
        preloaded: false,
        init: Some(securerandom_init),
    },
    Bundled {
        name: "bigdecimal",
        ext: "so",
        preloaded: false,
        init: Some(bigdecimal_init),
    },
    Bundled {
        name: "date",
        ext: "rb",
        preloaded: false,
        init: Some(super::date::init_date),
    },
    Bundled {
        name: "time",
        ext: "rb",
        preloaded: false,
        init: Some(super::date::init_time),
    },
    Bundled {
        name: "timeout",
        ext: "rb",
        preloaded: false,
        init: Some(super::timeout::init),
    },
    Bundled {
        name: "rbconfig",
        ext: "rb",
        preloaded: false,
        init: Some(super::rbconfig::init),
    },
    Bundled {
        name: "objspace",
        ext: "rb",
        preloaded: false,
        init: Some(super::objspace::init),
    },
    Bundled {
        name: "io/console",
        ext: "so",
        preloaded: false,
        init: Some(super::io_console::init),
    },
    Bundled {
        name: "etc",
        ext: "so",
        preloaded: false,
        init: Some(etc_init),
    },
];

/// `require "strscan"`: defines StringScanner (core/strscan.rs).
fn strscan_init(vm: &mut Vm) -> VmResult<()> {
    super::strscan::init(vm);
    Ok(())
}

/// `require "pp"`: Kernel#pretty_inspect and PP (core/pp.rs).
fn pp_init(vm: &mut Vm) -> VmResult<()> {
    super::pp::init(vm);
    Ok(())
}

/// `require "json"`: defines JSON (core/json/).
fn json_init(vm: &mut Vm) -> VmResult<()> {
    super::json::init(vm);
    Ok(())
}

/// `require "stringio"`: defines StringIO (core/stringio.rs).
fn stringio_init(vm: &mut Vm) -> VmResult<()> {
    super::stringio::init(vm);
    Ok(())
}

/// `require "digest"` (and "digest/md5", "digest/sha1", "digest/sha2"): Digest (core/digest.rs).
fn digest_init(vm: &mut Vm) -> VmResult<()> {
    super::digest::init(vm);
    Ok(())
}

/// `require "openssl"`: OpenSSL::Digest (core/digest.rs) and OpenSSL::BN (core/openssl_bn.rb),
/// the parts scripts use.
fn openssl_init(vm: &mut Vm) -> VmResult<()> {
    super::digest::init_openssl(vm);
    vm.eval_source(OPENSSL_BN_RB, "<internal:openssl/bn>")?;
    Ok(())
}

const OPENSSL_BN_RB: &str = include_str!("openssl_bn.rb");

/// `require "zlib"`: Zlib (core/zlib.rs).
fn zlib_init(vm: &mut Vm) -> VmResult<()> {
    super::zlib::init(vm);
    Ok(())
}

/// `require "etc"`: Etc (core/etc.rs).
fn etc_init(vm: &mut Vm) -> VmResult<()> {
    super::etc::init(vm);
    Ok(())
}

/// `require "securerandom"`: SecureRandom (core/securerandom.rs).
fn securerandom_init(vm: &mut Vm) -> VmResult<()> {
    super::securerandom::init(vm);
    Ok(())
}

/// `require "bigdecimal"`: BigDecimal (core/bigdecimal/).
fn bigdecimal_init(vm: &mut Vm) -> VmResult<()> {
    super::bigdecimal::init(vm);
    Ok(())
}

const KERNEL: &[M] = &[
    ("require", k_require, 1, 1),
    ("require_relative", k_require_relative, 1, 1),
    ("load", k_load, 1, 2),
    ("autoload", k_autoload, 2, 2),
    ("autoload?", k_autoload_p, 1, 2),
    ("__dir__", k_dir, 0, 0),
];

const MODULE: &[M] = &[
    ("autoload", m_autoload, 2, 2),
    ("autoload?", m_autoload_p, 1, 2),
];

const LOAD_ERROR: &[M] = &[("path", le_path, 0, 0)];

/// The hidden instance variable holding a LoadError's path.
const IV_PATH: &str = "__path";

pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    vm.define_private_natives(k, KERNEL);
    let m = vm.c.module;
    vm.define_natives(m, MODULE);
    let le = vm.c.load_error;
    vm.define_natives(le, LOAD_ERROR);
    let path = vm.ary_new_capa(0);
    vm.gvar_id_set(crate::sym!("$LOAD_PATH"), path);
    super::load_resolve::init(vm, path);
    let mut features = Vec::new();
    for b in BUNDLED.iter().filter(|b| b.preloaded) {
        features.push(vm.str_from(format!("{}.{}", b.name, b.ext)));
    }
    let features = vm.ary_new(features);
    vm.gvar_id_set(crate::sym!("$LOADED_FEATURES"), features);
}

/// `$LOAD_PATH`'s entries, each made absolute against the working directory.
pub(super) fn load_path(vm: &mut Vm) -> VmResult<Vec<Vec<u8>>> {
    let lp = vm.gvar_id_get(crate::sym!("$LOAD_PATH"));
    if type_of(lp) != T_ARRAY {
        return Ok(Vec::new());
    }
    let entries = rarray(lp).vec.to_vec();
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        let p = path_arg(vm, e)?;
        out.push(expand(vm, &p, None, true)?);
    }
    Ok(out)
}

/// Appends directories to `$LOAD_PATH` (the `-I` flag and `RUBYLIB`), made absolute.
pub fn add_load_path(vm: &mut Vm, dirs: &[String]) -> VmResult<()> {
    let lp = vm.gvar_id_get(crate::sym!("$LOAD_PATH"));
    for d in dirs {
        let full = expand(vm, d.as_bytes(), None, true)?;
        let s = vm.str_new(&full);
        rarray(lp).vec.push(s);
    }
    Ok(())
}

/// The `$LOADED_FEATURES` entries as byte strings.
fn features(vm: &mut Vm) -> Vec<Vec<u8>> {
    let lf = vm.gvar_id_get(crate::sym!("$LOADED_FEATURES"));
    if type_of(lf) != T_ARRAY {
        return Vec::new();
    }
    let items = rarray(lf).vec.to_vec();
    items
        .into_iter()
        .filter(|&v| type_of(v) == T_STRING)
        .map(|v| vm.bytes(v).to_vec())
        .collect()
}

/// Whether `feature` (a relative name with its extension, "a/b.rb") is in `$LOADED_FEATURES`:
/// bare, or under one of the load path's directories.
fn feature_provided(vm: &mut Vm, feature: &[u8], dirs: &[Vec<u8>]) -> bool {
    features(vm).iter().any(|f| {
        f == feature
            || f.strip_suffix(feature).is_some_and(|dir| {
                dir.strip_suffix(b"/")
                    .is_some_and(|d| dirs.iter().any(|x| x == d))
            })
    })
}

/// Whether the file at the absolute `path` was loaded (its path or its realpath is listed).
fn file_provided(vm: &mut Vm, path: &[u8]) -> bool {
    let real = realpath(path);
    features(vm)
        .iter()
        .any(|f| f == path || real.as_deref() == Some(f.as_slice()))
}

fn realpath(path: &[u8]) -> Option<Vec<u8>> {
    use std::os::unix::ffi::OsStringExt;
    std::fs::canonicalize(os_path(path))
        .ok()
        .map(|p| p.into_os_string().into_vec())
}

pub(super) fn is_file(path: &[u8]) -> bool {
    os_path(path).is_file()
}

/// A path that is not searched on the load path: absolute, `./`, `../` or `~`.
pub(super) fn is_explicit(p: &[u8]) -> bool {
    p.starts_with(b"/")
        || p.starts_with(b"./")
        || p.starts_with(b"../")
        || p.starts_with(b"~")
        || p == b"."
        || p == b".."
}

/// LoadError "cannot load such file -- name" with `path` = name.
pub fn load_error(vm: &mut Vm, name: &[u8]) -> Unwind {
    let msg = format!("cannot load such file -- {}", show(name));
    let e = vm.exception_new(vm.c.load_error, &msg);
    let p = vm.str_new(name);
    let _ = vm.ivar_set(e, intern(IV_PATH), p);
    vm.set_backtrace_here(e);
    Unwind::Raise(e)
}

/// What a require name stands for: the extension it asks for.
#[derive(PartialEq, Clone, Copy)]
pub(super) enum Ext {
    /// No known extension: `name.rb`, else a bundled library.
    Any,
    Rb,
    /// `.so` (or `.o`, `.dll`, `.bundle`, `.dylib`): only a bundled library.
    So,
}

pub(super) fn split_ext(name: &[u8]) -> (&[u8], Ext) {
    if let Some(stem) = name.strip_suffix(b".rb") {
        return (stem, Ext::Rb);
    }
    for e in [&b".so"[..], b".o", b".dll", b".bundle", b".dylib"] {
        if let Some(stem) = name.strip_suffix(e) {
            return (stem, Ext::So);
        }
    }
    (name, Ext::Any)
}

/// `require name`: true when it loaded something now, false when it was loaded already.
pub fn require(vm: &mut Vm, name: &[u8]) -> VmResult {
    if name.is_empty() {
        return Err(load_error(vm, name));
    }
    let (stem, ext) = split_ext(name);
    let bundled = BUNDLED.iter().find(|b| {
        b.name.as_bytes() == stem && (ext == Ext::Any || (ext == Ext::So) == (b.ext == "so"))
    });
    if is_explicit(name) {
        if ext != Ext::So {
            let mut full = expand(vm, stem, None, true)?;
            full.extend_from_slice(b".rb");
            if is_file(&full) {
                return require_file(vm, &full);
            }
        }
        return Err(load_error(vm, name));
    }
    let dirs = load_path(vm)?;
    let feature = |ext: &str| {
        let mut f = stem.to_vec();
        f.push(b'.');
        f.extend_from_slice(ext.as_bytes());
        f
    };
    let rb = feature("rb");
    if ext != Ext::So && feature_provided(vm, &rb, &dirs) {
        return Ok(Value::FALSE);
    }
    if let Some(b) = bundled
        && feature_provided(vm, &feature(b.ext), &dirs)
    {
        return Ok(Value::FALSE);
    }
    if ext != Ext::So {
        for d in &dirs {
            let mut full = d.clone();
            if !full.ends_with(b"/") {
                full.push(b'/');
            }
            full.extend_from_slice(&rb);
            if is_file(&full) {
                return require_file(vm, &full);
            }
        }
    }
    if ext != Ext::So
        && let Some(lib) = crate::stdlib::find(stem)
    {
        return require_stdlib(vm, lib);
    }
    if let Some(b) = bundled {
        if let Some(init) = b.init {
            init(vm)?;
        }
        let entry = vm.str_new(&feature(b.ext));
        let lf = vm.gvar_id_get(crate::sym!("$LOADED_FEATURES"));
        if type_of(lf) == T_ARRAY {
            rarray(lf).vec.push(entry);
        }
        return Ok(Value::TRUE);
    }
    Err(load_error(vm, name))
}

/// Marks `key` as being loaded by the running thread; false when this thread loads it already
/// (a circular require). While another thread loads it, waits for that load to end first (as
/// CRuby's per-feature lock; the caller then looks whether it succeeded).
fn start_loading(vm: &mut Vm, key: &[u8]) -> VmResult<bool> {
    let me = crate::core::thread::sched::current_id(vm);
    loop {
        match vm.loading.iter().find(|(k, _)| k == key) {
            Some(&(_, owner)) if owner == me => return Ok(false),
            Some(_) => {
                let loading = |vm: &mut Vm| !vm.loading.iter().any(|(k, _)| k == key);
                super::thread::sched::wait_until(vm, loading)?;
            }
            None => break,
        }
    }
    vm.loading.push((key.to_vec(), me));
    Ok(true)
}

/// `key` is no longer being loaded by the running thread.
fn end_loading(vm: &mut Vm, key: &[u8]) {
    let me = crate::core::thread::sched::current_id(vm);
    if let Some(i) = vm.loading.iter().rposition(|(k, o)| k == key && *o == me) {
        vm.loading.remove(i);
    }
}

/// Requires the file at the absolute path `full` (which exists).
fn require_file(vm: &mut Vm, full: &[u8]) -> VmResult {
    if file_provided(vm, full) {
        return Ok(Value::FALSE);
    }
    let key = realpath(full).unwrap_or_else(|| full.to_vec());
    if !start_loading(vm, &key)? {
        // a circular require: the file is running further up
        return Ok(Value::FALSE);
    }
    if file_provided(vm, full) {
        // another thread loaded it meanwhile
        end_loading(vm, &key);
        return Ok(Value::FALSE);
    }
    let r = run_file(vm, full, None);
    end_loading(vm, &key);
    r?;
    let entry = vm.str_new(full);
    let lf = vm.gvar_id_get(crate::sym!("$LOADED_FEATURES"));
    if type_of(lf) == T_ARRAY {
        rarray(lf).vec.push(entry);
    }
    Ok(Value::TRUE)
}

/// Requires a library written in Ruby (src/stdlib/): compiled and run the first time, under its
/// virtual path, which is then its `$LOADED_FEATURES` entry.
fn require_stdlib(vm: &mut Vm, lib: &'static crate::stdlib::RubyLib) -> VmResult {
    let path = crate::stdlib::path(lib);
    let key = path.as_bytes();
    if file_provided(vm, key) || !start_loading(vm, key)? {
        return Ok(Value::FALSE);
    }
    if file_provided(vm, key) {
        end_loading(vm, key);
        return Ok(Value::FALSE);
    }
    let r = vm.eval_source(lib.source, &path);
    end_loading(vm, key);
    r?;
    let entry = vm.str_from(path);
    let lf = vm.gvar_id_get(crate::sym!("$LOADED_FEATURES"));
    if type_of(lf) == T_ARRAY {
        rarray(lf).vec.push(entry);
    }
    Ok(Value::TRUE)
}

/// Reads and runs the file at `path` as a top-level program; `wrap` is the module of a wrapped
/// `load`.
fn run_file(vm: &mut Vm, path: &[u8], wrap: Option<Value>) -> VmResult {
    let (src, source_error) = match std::fs::read(os_path(path)) {
        Ok(b) => crate::magic::read_source(&b),
        Err(_) => return Err(load_error(vm, path)),
    };
    let file = show(path);
    if let Some((line, message)) = source_error {
        return Err(vm.syntax_error_at(&file, line, &message));
    }
    match wrap {
        None => vm.eval_source(&src, &file),
        Some(m) => {
            let main = vm.main;
            let me = vm.funcall(main, intern("clone"), &[], None)?;
            vm.funcall(me, intern("extend"), &[m], None)?;
            let cref = Rc::new(Cref::new(m, Some(vm.top_cref.clone())));
            vm.eval_source_in(&src, &file, me, cref)
        }
    }
}

/// `load path, wrap`: runs the file every time.
pub fn load(vm: &mut Vm, name: &[u8], wrap: Option<Value>) -> VmResult {
    let found = if is_explicit(name) {
        Some(expand(vm, name, None, true)?)
    } else {
        let mut hit = None;
        for d in load_path(vm)? {
            let mut full = d;
            if !full.ends_with(b"/") {
                full.push(b'/');
            }
            full.extend_from_slice(name);
            if is_file(&full) {
                hit = Some(full);
                break;
            }
        }
        hit.or_else(|| is_file(name).then(|| name.to_vec()))
    };
    let Some(path) = found.filter(|p| is_file(p)) else {
        return Err(load_error(vm, name));
    };
    run_file(vm, &path, wrap)?;
    Ok(Value::TRUE)
}

/// The file of the innermost Ruby frame below the running native.
fn caller_file(vm: &Vm) -> Option<Rc<str>> {
    let n = vm.frames.len();
    vm.frames[..n.saturating_sub(1)]
        .iter()
        .rev()
        .find_map(|f| f.code.as_ref().map(|c| c.file.clone()))
}

/// require(name) -> true or false
fn k_require(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = path_arg(vm, a[0])?;
    require(vm, &name)
}

/// require_relative(name) -> true or false: `name` relative to the real directory of the
/// requiring file
fn k_require_relative(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = path_arg(vm, a[0])?;
    let file = caller_file(vm).unwrap_or_else(|| Rc::from(""));
    if let Some(rest) = file.strip_prefix(crate::stdlib::DIR) {
        // inside a bundled library: a sibling in the virtual directory
        let dir = super::file::dirname(rest.as_bytes(), 1);
        let mut p = crate::stdlib::DIR.as_bytes().to_vec();
        p.extend_from_slice(dir.strip_suffix(b"/").unwrap_or(&dir));
        p.push(b'/');
        p.extend_from_slice(split_ext(&name).0);
        p.extend_from_slice(b".rb");
        return match crate::stdlib::find_path(&p) {
            Some(lib) => require_stdlib(vm, lib),
            None => Err(load_error(vm, &p)),
        };
    }
    let Some(real) = realpath(file.as_bytes()) else {
        let k = vm.c.load_error;
        return Err(vm.raise_str(k, "cannot infer basepath"));
    };
    let dir = super::file::dirname(&real, 1);
    let full = expand(vm, &name, Some(&dir), false)?;
    let (stem, ext) = split_ext(&full);
    if ext != Ext::So {
        let mut rb = stem.to_vec();
        rb.extend_from_slice(b".rb");
        if is_file(&rb) {
            return require_file(vm, &rb);
        }
    }
    Err(load_error(vm, &full))
}

/// load(filename, wrap = false) -> true: runs the file (wrap: true or a Module runs it under
/// that module)
fn k_load(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = path_arg(vm, a[0])?;
    let wrap = match a.get(1) {
        Some(&m) if matches!(type_of(m), T_MODULE) => Some(m),
        Some(&w) if w.truthy() => Some(vm.new_class_raw(Value::NIL, true)),
        _ => None,
    };
    load(vm, &name, wrap)
}

/// The key of the autoload table for (module, name).
fn key(m: Value, name: u32) -> (u64, u32) {
    (m.bits(), name)
}

/// Registers `name` in `m` to be loaded from `path` (Module#autoload).
fn register(vm: &mut Vm, m: Value, name: Value, path: Value) -> VmResult {
    let id = match name {
        n if n.is_symbol() => n.as_symbol_id(),
        n if super::object::is_string(n) => {
            let s = super::object::str_of(vm, n);
            intern(&s)
        }
        n => {
            let s = vm.inspect_str(n)?;
            return Err(vm.type_error(&format!("{s} is not a symbol nor a string")));
        }
    };
    let text = sym_name(id);
    if !text.starts_with(|c: char| c.is_ascii_uppercase()) {
        let msg = format!("autoload must be constant name: {text}");
        return Err(vm.name_error(&msg, m, id));
    }
    let p = path_arg(vm, path)?;
    if p.is_empty() {
        return Err(vm.arg_error("empty feature name"));
    }
    if vm.class_data(m).const_get(id).is_none() {
        let s = vm.str_new(&p);
        vm.freeze(s);
        vm.autoloads.insert(key(m, id), (m, s));
        crate::object::class::bump_const_serial();
    }
    Ok(Value::NIL)
}

/// The path registered for `name` in `m` (or, unless `inherit` is false, its ancestors).
fn registered(vm: &mut Vm, m: Value, name: Value, inherit: bool) -> VmResult {
    let id = match name {
        n if n.is_symbol() => n.as_symbol_id(),
        n => {
            let s = super::string::str_arg_vec(vm, n)?;
            intern(&String::from_utf8_lossy(&s))
        }
    };
    let owners = if inherit { vm.ancestors(m) } else { vec![m] };
    for o in owners {
        if let Some(&(_, p)) = vm.autoloads.get(&key(o, id)) {
            return Ok(p);
        }
    }
    Ok(Value::NIL)
}

/// Module#autoload(name, path) -> nil
fn m_autoload(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    register(vm, s, a[0], a[1])
}
/// Module#autoload?(name, inherit = true) -> path or nil
fn m_autoload_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let inherit = a.get(1).is_none_or(|v| v.truthy());
    registered(vm, s, a[0], inherit)
}

/// The module Kernel#autoload works on: the caller's lexical class (Object at the top).
/// The class Kernel#autoload registers in: the caller's scope's class, its real class when that
/// is a singleton class (an `instance_eval` block's), as CRuby's `rb_class_real(cbase)`.
fn cref_class(vm: &Vm) -> Value {
    let n = vm.frames.len();
    if n >= 2 {
        let k = vm.frames[n - 2].cref.klass;
        if k.is_heap() {
            let mut k = k;
            while vm.class_data(k).is_singleton {
                k = vm.class_data(k).superclass;
            }
            return k;
        }
    }
    vm.c.object
}
/// Kernel#autoload(name, path) -> nil, in the caller's class
fn k_autoload(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = cref_class(vm);
    register(vm, m, a[0], a[1])
}
/// Kernel#autoload?(name, inherit = true) -> path or nil
fn k_autoload_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = cref_class(vm);
    let inherit = a.get(1).is_none_or(|v| v.truthy());
    registered(vm, m, a[0], inherit)
}

/// The names registered for autoload in `m`, in registration order (`Module#constants`).
pub fn autoload_names(vm: &Vm, m: Value) -> impl Iterator<Item = u32> + '_ {
    vm.autoloads
        .iter()
        .filter(move |(_, (owner, _))| *owner == m)
        .map(|(k, _)| k.1)
}

/// Whether `name` is registered for autoload in `m` (for `const_defined?`).
pub fn is_autoload(vm: &Vm, m: Value, name: u32) -> bool {
    vm.autoloads.contains_key(&key(m, name))
}

/// The constant lookup found no `name` in `m`: when it is registered for autoload there,
/// requires its file (through Kernel#require, so a program's `require` sees it) and answers
/// the constant's value, or None when nothing is registered. The registration is dropped while
/// the file loads and stays dropped when it loaded; it is put back when the require failed.
pub fn autoload_const(vm: &mut Vm, m: Value, name: u32) -> VmResult<Option<Value>> {
    let Some((owner, path)) = vm.autoloads.shift_remove(&key(m, name)) else {
        return Ok(None);
    };
    let main = vm.main;
    if let Err(e) = vm.funcall(main, intern("require"), &[path], None) {
        vm.autoloads.insert(key(m, name), (owner, path));
        crate::object::class::bump_const_serial();
        return Err(e);
    }
    Ok(vm.class_data(m).const_get(name))
}

/// __dir__ -> the real directory of the current file (nil when it is not a file)
fn k_dir(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let file = caller_file(vm).unwrap_or_else(|| Rc::from(""));
    if file.as_ref() == "-e" || file.as_ref() == "-" || file.is_empty() {
        return Ok(Value::NIL);
    }
    Ok(match realpath(file.as_bytes()) {
        Some(real) => {
            let d = super::file::dirname(&real, 1);
            vm.str_new(&d)
        }
        // a file name that is not a file (eval's): its dirname, as CRuby
        None => {
            let d = super::file::dirname(file.as_bytes(), 1);
            vm.str_new(&d)
        }
    })
}

/// LoadError#path -> the feature that could not be loaded, or nil
fn le_path(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = vm.ivar_get(s, intern(IV_PATH));
    Ok(if p.is_undef() { Value::NIL } else { p })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_split_off() {
        assert!(split_ext(b"a/b.rb") == (&b"a/b"[..], Ext::Rb));
        assert!(split_ext(b"strscan.so") == (&b"strscan"[..], Ext::So));
        assert!(split_ext(b"x.y") == (&b"x.y"[..], Ext::Any));
    }

    #[test]
    fn explicit_paths_are_not_searched() {
        for p in ["/a", "./a", "../a", "~/a", "."] {
            assert!(is_explicit(p.as_bytes()), "{p}");
        }
        assert!(!is_explicit(b"a/b"));
        assert!(!is_explicit(b".a"));
    }

    #[test]
    fn ruby_libraries_are_not_bundled_too() {
        for l in crate::stdlib::LIBRARIES {
            assert!(BUNDLED.iter().all(|b| b.name != l.name), "{}", l.name);
        }
    }

    #[test]
    fn bundled_names_are_unique() {
        for (i, b) in BUNDLED.iter().enumerate() {
            assert!(
                BUNDLED[i + 1..].iter().all(|o| o.name != b.name),
                "{}",
                b.name
            );
            assert!(b.ext == "rb" || b.ext == "so");
        }
    }
}
