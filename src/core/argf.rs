//! ARGF (also `$<`): the files named in ARGV read as one stream, and Kernel#gets/readline/
//! readlines, which read it. CRuby's io.c state machine: each ARGF object (the global one, or
//! one made by `ARGF.class.new(*paths)`) has its own argv; the first read takes the files off
//! it one by one ("-" is $stdin), or reads $stdin when it was empty; at the end of a file the
//! next one is opened; lines are counted across files (`lineno`, `$.`).
//!
//! In-place editing (`rubra -i[ext]`, `$-i`, `ARGF.inplace_mode=`): each file, once opened, is
//! renamed to its backup (the extension appended, or `*` in it replaced by the file's name) or
//! unlinked, a new file takes its name and `$stdout` writes into it until the next file.
//!
//! The state lives in hidden instance variables of the ARGF object (no `@`: invisible to
//! Ruby, and kept alive by the object): `next` is CRuby's next_p (1: open the next file on the
//! next read, 0: reading `file`, -1: reading $stdin), `init` whether a read has happened.

use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const ARGF_METHODS: &[M] = &[
    ("initialize", a_initialize, 0, -1),
    ("argv", a_argv, 0, 0),
    ("filename", a_filename, 0, 0),
    ("path", a_filename, 0, 0),
    ("file", a_file, 0, 0),
    ("to_io", a_file, 0, 0),
    ("lineno", a_lineno, 0, 0),
    ("lineno=", a_set_lineno, 1, 1),
    ("gets", a_gets, 0, -1),
    ("readline", a_readline, 0, -1),
    ("readlines", a_readlines, 0, -1),
    ("to_a", a_readlines, 0, -1),
    ("each_line", a_each_line, 0, -1),
    ("each", a_each_line, 0, -1),
    ("read", a_read, 0, 2),
    ("getc", a_getc, 0, 0),
    ("getbyte", a_getbyte, 0, 0),
    ("readchar", a_readchar, 0, 0),
    ("readbyte", a_readbyte, 0, 0),
    ("each_char", a_each_char, 0, 0),
    ("each_byte", a_each_byte, 0, 0),
    ("eof?", a_eof, 0, 0),
    ("eof", a_eof, 0, 0),
    ("skip", a_skip, 0, 0),
    ("close", a_close, 0, 0),
    ("closed?", a_closed, 0, 0),
    ("fileno", a_fileno, 0, 0),
    ("to_i", a_fileno, 0, 0),
    ("pos", a_pos, 0, 0),
    ("tell", a_pos, 0, 0),
    ("rewind", a_rewind, 0, 0),
    ("binmode", a_binmode, 0, 0),
    ("binmode?", a_binmode_p, 0, 0),
    ("external_encoding", a_external_encoding, 0, 0),
    ("inplace_mode", a_inplace_mode, 0, 0),
    ("inplace_mode=", a_set_inplace_mode, 1, 1),
    ("write", a_write, 0, -1),
    ("print", a_print, 0, -1),
    ("puts", a_puts, 0, -1),
    ("to_s", a_to_s, 0, 0),
    ("inspect", a_to_s, 0, 0),
];

const KERNEL: &[M] = &[
    ("gets", k_gets, 0, -1),
    ("readline", k_readline, 0, -1),
    ("readlines", k_readlines, 0, -1),
];

pub fn init(vm: &mut Vm) {
    let object = vm.c.object;
    // CRuby's ARGF.class is named so but is no constant
    let class = vm.new_class(object);
    vm.name_class(class, object, "ARGF.class");
    let e = vm.c.enumerable;
    vm.class_data(class).includes.push(e);
    vm.invalidate();
    vm.define_natives(class, ARGF_METHODS);
    let k = vm.c.kernel;
    vm.define_private_natives(k, KERNEL);
    let argf = vm.object_new(class);
    // the global ARGF's argv is ARGV, which the interpreter replaces (set_argv): read it then
    set(vm, argf, "filename", Value::NIL);
    vm.class_data(object).const_set(intern("ARGF"), argf);
    vm.gvar_id_set(crate::sym!("$<"), argf);
    let dash = vm.fstring(b"-");
    vm.gvar_id_set(crate::sym!("$FILENAME"), dash);
}

/// The global ARGF object.
fn global(vm: &Vm) -> Value {
    vm.gvar_id_get(crate::sym!("$<"))
}

fn get(vm: &mut Vm, argf: Value, name: &str) -> Value {
    let v = vm.ivar_get(argf, intern(name));
    if v.is_undef() { Value::NIL } else { v }
}
fn set(vm: &mut Vm, argf: Value, name: &str, v: Value) {
    let _ = vm.ivar_set(argf, intern(name), v);
}
fn get_int(vm: &mut Vm, argf: Value, name: &str) -> i64 {
    get(vm, argf, name).fixnum_opt().unwrap_or(0)
}

/// The object's argv: its own array, or ARGV for the global ARGF.
fn argv(vm: &mut Vm, argf: Value) -> Value {
    let own = get(vm, argf, "argv");
    if !own.is_nil() {
        return own;
    }
    let object = vm.c.object;
    match vm.class_data(object).const_get(intern("ARGV")) {
        Some(a) if type_of(a) == T_ARRAY => a,
        _ => {
            let a = vm.ary_new_capa(0);
            set(vm, argf, "argv", a);
            a
        }
    }
}

/// The in-place extension (nil when not editing in place): `$-i` for the global ARGF.
fn inplace(vm: &mut Vm, argf: Value) -> Value {
    if argf == global(vm) {
        vm.gvar_id_get(crate::sym!("$-i"))
    } else {
        get(vm, argf, "inplace")
    }
}

fn set_filename(vm: &mut Vm, argf: Value, name: Value) {
    set(vm, argf, "filename", name);
    if argf == global(vm) {
        vm.gvar_id_set(crate::sym!("$FILENAME"), name);
    }
}

/// CRuby's next_argv: makes sure a file is open to read from; false when every file is done.
fn next_argv(vm: &mut Vm, argf: Value) -> VmResult<bool> {
    if get_int(vm, argf, "init") == 0 {
        set(vm, argf, "init", Value::fixnum(1));
        let av = argv(vm, argf);
        let next = if rarray(av).vec.is_empty() { -1 } else { 1 };
        set(vm, argf, "next", Value::fixnum(next));
    }
    match get_int(vm, argf, "next") {
        1 => {
            let av = argv(vm, argf);
            if rarray(av).vec.is_empty() {
                return Ok(false);
            }
            let name = rarray(av).vec.remove(0);
            let name = {
                let b = super::file::path_arg(vm, name)?;
                vm.str_new(&b)
            };
            set_filename(vm, argf, name);
            let file = if vm.bytes(name) == b"-" {
                vm.gvar_id_get(crate::sym!("$stdin"))
            } else {
                let f = super::io_file::open_for_reading(vm, name, false)?;
                let ext = inplace(vm, argf);
                if !ext.is_nil() {
                    start_inplace(vm, argf, name, ext)?;
                }
                f
            };
            set(vm, argf, "file", file);
            set(vm, argf, "next", Value::fixnum(0));
            Ok(true)
        }
        -1 => {
            let stdin = vm.gvar_id_get(crate::sym!("$stdin"));
            set(vm, argf, "file", stdin);
            let dash = vm.str_new(b"-");
            if get(vm, argf, "filename").is_nil() {
                set_filename(vm, argf, dash);
            }
            Ok(true)
        }
        _ => Ok(true),
    }
}

/// In-place editing of the file `name` just opened for reading: moves it to its backup (or
/// unlinks it), creates a new file in its place with its permissions and makes it `$stdout`.
fn start_inplace(vm: &mut Vm, argf: Value, name: Value, ext: Value) -> VmResult<()> {
    let path = vm.bytes(name).to_vec();
    let ext = if super::object::is_string(ext) {
        vm.bytes(ext).to_vec()
    } else {
        Vec::new()
    };
    let os = super::file::os_path(&path).to_path_buf();
    let perms = std::fs::metadata(&os).ok().map(|m| m.permissions());
    let moved = if ext.is_empty() {
        std::fs::remove_file(&os)
    } else {
        let backup = if ext.contains(&b'*') {
            let base = super::file::basename(&path, None);
            let mut dir = super::file::dirname(&path, 1);
            dir.push(b'/');
            let mut b = Vec::new();
            for &c in &ext {
                if c == b'*' {
                    b.extend_from_slice(&base);
                } else {
                    b.push(c);
                }
            }
            if b.contains(&b'/') {
                b
            } else {
                [dir, b].concat()
            }
        } else {
            [path.clone(), ext].concat()
        };
        std::fs::rename(&os, super::file::os_path(&backup))
    };
    if let Err(e) = moved {
        let p = super::file::show(&path);
        return Err(super::errno::raise_io(vm, &e, None, &p));
    }
    let file_class = vm.c.file;
    let w = vm.str_new(b"w");
    let out = vm.funcall(file_class, intern("open"), &[name, w], None)?;
    if let Some(p) = perms {
        let _ = std::fs::set_permissions(&os, p);
    }
    if get(vm, argf, "orig_stdout").is_nil() {
        let so = vm.gvar_id_get(crate::sym!("$stdout"));
        set(vm, argf, "orig_stdout", so);
    }
    set(vm, argf, "write_io", out);
    vm.gvar_id_set(crate::sym!("$stdout"), out);
    Ok(())
}

/// CRuby's argf_close: closes the current file (not $stdin) and ends its in-place output.
fn close_current(vm: &mut Vm, argf: Value) -> VmResult<()> {
    let file = get(vm, argf, "file");
    let out = get(vm, argf, "write_io");
    if !out.is_nil() {
        set(vm, argf, "write_io", Value::NIL);
        let orig = get(vm, argf, "orig_stdout");
        vm.gvar_id_set(crate::sym!("$stdout"), orig);
        vm.funcall(out, intern("close"), &[], None)?;
    }
    if file.is_nil() || file == vm.gvar_id_get(crate::sym!("$stdin")) || file == vm.stdin {
        return Ok(());
    }
    if super::io::stream_of(file).is_some_and(|s| !s.is_closed()) {
        vm.funcall(file, intern("close"), &[], None)?;
    }
    Ok(())
}

/// Done with the current file: close it and open the next one on the next read (unless
/// reading $stdin, which has no next).
fn advance(vm: &mut Vm, argf: Value) -> VmResult<bool> {
    if get_int(vm, argf, "next") == -1 {
        return Ok(false);
    }
    close_current(vm, argf)?;
    set(vm, argf, "next", Value::fixnum(1));
    Ok(true)
}

/// One line (the arguments of IO#gets) from the stream, going on to the next file at the end
/// of one; counts it in lineno and `$.`.
fn getline(vm: &mut Vm, argf: Value, a: &[Value], kw: bool) -> VmResult {
    loop {
        if !next_argv(vm, argf)? {
            return Ok(Value::NIL);
        }
        let file = get(vm, argf, "file");
        let line = vm.funcall_maybe_kw(file, intern("gets"), a, None, kw)?;
        if line.is_nil() {
            if advance(vm, argf)? {
                continue;
            }
            return Ok(Value::NIL);
        }
        let n = get_int(vm, argf, "lineno") + 1;
        set(vm, argf, "lineno", Value::fixnum(n));
        vm.gvar_id_set(crate::sym!("$."), Value::fixnum(n));
        return Ok(line);
    }
}

/// ARGF.class.new(*paths): an ARGF of its own over `paths`
fn a_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let av = vm.ary_from_slice(a);
    set(vm, s, "argv", av);
    Ok(Value::NIL)
}
fn a_argv(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(argv(vm, s))
}
/// ARGF.filename -> the name of the file being read ("-" for standard input)
fn a_filename(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    next_argv(vm, s)?;
    let f = get(vm, s, "filename");
    Ok(if f.is_nil() { vm.str_new(b"-") } else { f })
}
/// ARGF.file -> the File (or $stdin) being read
fn a_file(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    next_argv(vm, s)?;
    Ok(get(vm, s, "file"))
}
fn a_lineno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(get_int(vm, s, "lineno")))
}
fn a_set_lineno(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    set(vm, s, "lineno", Value::fixnum(n));
    vm.gvar_id_set(crate::sym!("$."), Value::fixnum(n));
    Ok(a[0])
}
/// ARGF.gets(sep = $/, limit = nil, chomp: false) -> the next line or nil (sets $_)
fn a_gets(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let line = getline(vm, s, a, kw)?;
    vm.gvar_id_set(crate::sym!("$_"), line);
    Ok(line)
}
fn eof_error(vm: &mut Vm) -> crate::vm::frame::Unwind {
    let k = vm.c.eof_error;
    vm.raise_str(k, "end of file reached")
}
/// ARGF.readline(...) -> the next line; EOFError at the end
fn a_readline(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let line = getline(vm, s, a, kw)?;
    vm.gvar_id_set(crate::sym!("$_"), line);
    if line.is_nil() {
        return Err(eof_error(vm));
    }
    Ok(line)
}
/// ARGF.readlines(...) / to_a -> the remaining lines of every file
fn a_readlines(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    if zero_limit(vm, a, kw)? {
        return Err(vm.arg_error("invalid limit: 0 for readlines"));
    }
    let out = vm.ary_new_capa(0);
    let depth = vm.stack.len();
    vm.stack.push(out);
    let r = (|| loop {
        let line = getline(vm, s, a, kw)?;
        if line.is_nil() {
            return Ok(out);
        }
        rarray(out).vec.push(line);
    })();
    vm.stack.truncate(depth);
    r
}
/// ARGF.each_line(...) { |line| } -> ARGF (an Enumerator without a block)
fn a_each_line(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_line", a);
    };
    let kw = vm.take_kw();
    if zero_limit(vm, a, kw)? {
        return Err(vm.arg_error("invalid limit: 0 for each_line"));
    }
    loop {
        let line = getline(vm, s, a, kw)?;
        if line.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[line])?;
    }
}

/// Whether the line arguments `(sep, limit)` or `(limit)` give a limit of 0, which readlines
/// and each_line refuse (it would read empty lines for ever).
fn zero_limit(vm: &mut Vm, a: &[Value], kw: bool) -> VmResult<bool> {
    let pos = match (kw, a.split_last()) {
        (true, Some((_, rest))) => rest,
        _ => a,
    };
    let limit = match pos {
        [v] if v.is_fixnum() => Some(*v),
        [_, l] => Some(*l),
        _ => None,
    };
    match limit {
        Some(l) if !l.is_nil() => Ok(super::arg_int(vm, l)? == 0),
        _ => Ok(false),
    }
}
/// ARGF.read(length = nil, outbuf = nil) -> the rest of every file, or up to `length` bytes
/// across files (nil when every file was read already)
fn a_read(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let len = match a.first() {
        Some(&l) if !l.is_nil() => {
            let n = super::arg_int(vm, l)?;
            if n < 0 {
                let msg = format!("negative length {n} given");
                return Err(vm.arg_error(&msg));
            }
            Some(n as usize)
        }
        _ => None,
    };
    let mut buf: Option<Vec<u8>> = None;
    loop {
        let got = buf.as_ref().map_or(0, |b| b.len());
        if !next_argv(vm, s)? {
            break;
        }
        let file = get(vm, s, "file");
        let args = match len {
            Some(n) => vec![Value::fixnum((n - got) as i64)],
            None => Vec::new(),
        };
        let tmp = vm.funcall(file, intern("read"), &args, None)?;
        if !tmp.is_nil() {
            buf.get_or_insert_with(Vec::new)
                .extend_from_slice(vm.bytes(tmp));
        }
        let have = buf.as_ref().map_or(0, |b| b.len());
        if tmp.is_nil() || len.is_none() {
            if advance(vm, s)? {
                continue;
            }
            break;
        }
        if len.is_some_and(|n| have < n) {
            continue;
        }
        break;
    }
    // nothing read because every file was done already: nil, with or without a length
    let out = match buf {
        None => Value::NIL,
        Some(bytes) => {
            let v = vm.str_new(&bytes);
            if len.is_some() {
                string::set_encoding(v, string::Encoding::Binary);
            }
            v
        }
    };
    if let Some(&outbuf) = a.get(1)
        && !out.is_nil()
        && !outbuf.is_nil()
    {
        vm.funcall(outbuf, intern("replace"), &[out], None)?;
        return Ok(outbuf);
    }
    Ok(out)
}
/// Reads one unit with the IO method `meth` (getc, getbyte), going on across files.
fn read_unit(vm: &mut Vm, s: Value, meth: &str) -> VmResult {
    loop {
        if !next_argv(vm, s)? {
            return Ok(Value::NIL);
        }
        let file = get(vm, s, "file");
        let c = vm.funcall(file, intern(meth), &[], None)?;
        if c.is_nil() && advance(vm, s)? {
            continue;
        }
        return Ok(c);
    }
}
fn a_getc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    read_unit(vm, s, "getc")
}
fn a_getbyte(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    read_unit(vm, s, "getbyte")
}
fn a_readchar(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let c = read_unit(vm, s, "getc")?;
    if c.is_nil() {
        return Err(eof_error(vm));
    }
    Ok(c)
}
fn a_readbyte(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let c = read_unit(vm, s, "getbyte")?;
    if c.is_nil() {
        return Err(eof_error(vm));
    }
    Ok(c)
}
fn a_each_char(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_char", &[]);
    };
    loop {
        let c = read_unit(vm, s, "getc")?;
        if c.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[c])?;
    }
}
fn a_each_byte(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_byte", &[]);
    };
    loop {
        let c = read_unit(vm, s, "getbyte")?;
        if c.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[c])?;
    }
}
/// ARGF.eof? -> whether the current file is at its end (IOError once it is closed)
fn a_eof(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    next_argv(vm, s)?;
    let file = get(vm, s, "file");
    if file.is_nil() {
        return Ok(Value::TRUE);
    }
    vm.funcall(file, intern("eof?"), &[], None)
}
/// ARGF.skip -> ARGF: the next read starts on the next file
fn a_skip(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if get_int(vm, s, "init") != 0 && get_int(vm, s, "next") == 0 {
        close_current(vm, s)?;
        set(vm, s, "next", Value::fixnum(1));
    }
    Ok(s)
}
/// ARGF.close -> ARGF: closes the current file (the next read opens the next one) and
/// resets lineno
fn a_close(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    next_argv(vm, s)?;
    close_current(vm, s)?;
    if get_int(vm, s, "next") != -1 {
        set(vm, s, "next", Value::fixnum(1));
    }
    set(vm, s, "lineno", Value::fixnum(0));
    Ok(s)
}
fn a_closed(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    next_argv(vm, s)?;
    let file = get(vm, s, "file");
    if file.is_nil() {
        return Ok(Value::TRUE);
    }
    vm.funcall(file, intern("closed?"), &[], None)
}
/// Forwards a method to the current file (ArgumentError "no stream" without one).
fn forward(vm: &mut Vm, s: Value, meth: &str, a: &[Value]) -> VmResult {
    if !next_argv(vm, s)? || get(vm, s, "file").is_nil() {
        return Err(vm.arg_error("no stream"));
    }
    let file = get(vm, s, "file");
    vm.funcall(file, intern(meth), a, None)
}
fn a_fileno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    forward(vm, s, "fileno", &[])
}
fn a_pos(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    forward(vm, s, "pos", &[])
}
/// ARGF.rewind -> 0: back to the start of the current file (lineno goes back by its lines)
fn a_rewind(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let before = forward(vm, s, "lineno", &[])?.fixnum_opt().unwrap_or(0);
    let r = forward(vm, s, "rewind", &[])?;
    let n = get_int(vm, s, "lineno") - before;
    set(vm, s, "lineno", Value::fixnum(n));
    Ok(r)
}
fn a_binmode(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    set(vm, s, "binmode", Value::TRUE);
    if next_argv(vm, s)? && !get(vm, s, "file").is_nil() {
        let file = get(vm, s, "file");
        vm.funcall(file, intern("binmode"), &[], None)?;
    }
    Ok(s)
}
fn a_binmode_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(get(vm, s, "binmode").truthy()))
}
fn a_external_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let i = if get(vm, s, "binmode").truthy() {
        string::Encoding::Binary
    } else {
        string::Encoding::Utf8
    };
    Ok(super::string_encoding::encoding_object(vm, i))
}
/// ARGF.inplace_mode -> the backup extension when editing in place ("" without backup), or nil
fn a_inplace_mode(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(inplace(vm, s))
}
/// ARGF.inplace_mode = ext: edit the files in place from the next one on (nil: stop)
fn a_set_inplace_mode(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = if a[0].is_nil() {
        Value::NIL
    } else {
        let b = super::string::str_arg_vec(vm, a[0])?;
        vm.str_new(&b)
    };
    if s == global(vm) {
        vm.gvar_id_set(crate::sym!("$-i"), v);
    } else {
        set(vm, s, "inplace", v);
    }
    Ok(a[0])
}
/// The in-place output (IOError "not opened for writing" when not editing in place).
fn write_io(vm: &mut Vm, s: Value) -> VmResult {
    let out = get(vm, s, "write_io");
    if out.is_nil() {
        let k = vm.c.io_error;
        return Err(vm.raise_str(k, "not opened for writing"));
    }
    Ok(out)
}
fn a_write(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = write_io(vm, s)?;
    vm.funcall(out, intern("write"), a, None)
}
fn a_print(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = write_io(vm, s)?;
    vm.funcall(out, intern("print"), a, None)
}
fn a_puts(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = write_io(vm, s)?;
    vm.funcall(out, intern("puts"), a, None)
}
fn a_to_s(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_new(b"ARGF"))
}

/// gets(sep = $/, limit = nil, chomp: false) -> the next line of ARGF, or nil (sets $_)
fn k_gets(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let argf = global(vm);
    let kw = vm.take_kw();
    let line = getline(vm, argf, a, kw)?;
    vm.gvar_id_set(crate::sym!("$_"), line);
    Ok(line)
}
/// readline(...) -> the next line of ARGF; EOFError at the end
fn k_readline(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let argf = global(vm);
    a_readline(vm, argf, a, None)
}
/// readlines(sep = $/, limit = nil, chomp: false) -> every remaining line of ARGF
fn k_readlines(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let argf = global(vm);
    a_readlines(vm, argf, a, None)
}
