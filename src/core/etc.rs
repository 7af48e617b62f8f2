//! The `etc` library (`require "etc"`, a C extension in CRuby): the user and group databases
//! (`Etc.getpwuid`/`getpwnam`/`getgrgid`/`getgrnam`, the sequential `getpwent`/`setpwent`/
//! `endpwent` and `passwd`/`group` iteration, `Etc::Passwd`/`Etc::Group` Structs with
//! CRuby's members and string encodings), `getlogin`, `uname`, `nprocessors` (the CPU
//! affinity mask, as CRuby counts it), `sysconfdir` (RbConfig's) and `systmpdir`
//! (`sysconf`, `confstr` and `IO#pathconf` are in etc_sysconf.rs). The C
//! library calls that need `unsafe` are in object/os.rs; the rest is nix's safe API.

use crate::object::os::{self, Db, DbEntry};
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use nix::unistd::{Gid, Group, Uid, User};
use std::os::unix::ffi::OsStrExt;
use std::sync::atomic::{AtomicBool, Ordering};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const ETC: &[M] = &[
    ("getlogin", etc_getlogin, 0, 0),
    ("getpwuid", etc_getpwuid, 0, 1),
    ("getpwnam", etc_getpwnam, 1, 1),
    ("getgrgid", etc_getgrgid, 0, 1),
    ("getgrnam", etc_getgrnam, 1, 1),
    ("passwd", etc_passwd, 0, 0),
    ("group", etc_group, 0, 0),
    ("getpwent", etc_getpwent, 0, 0),
    ("setpwent", etc_setpwent, 0, 0),
    ("endpwent", etc_endpwent, 0, 0),
    ("getgrent", etc_getgrent, 0, 0),
    ("setgrent", etc_setgrent, 0, 0),
    ("endgrent", etc_endgrent, 0, 0),
    ("uname", etc_uname, 0, 0),
    ("nprocessors", etc_nprocessors, 0, 0),
    ("sysconfdir", etc_sysconfdir, 0, 0),
    ("systmpdir", etc_systmpdir, 0, 0),
];

const PASSWD_CLASS: &[M] = &[("each", passwd_each, 0, 0)];
const GROUP_CLASS: &[M] = &[("each", group_each, 0, 0)];

/// The members of Etc::Passwd (Linux's struct passwd) and Etc::Group.
const PASSWD_MEMBERS: &[&str] = &["name", "passwd", "uid", "gid", "gecos", "dir", "shell"];
const GROUP_MEMBERS: &[&str] = &["name", "passwd", "gid", "mem"];

/// CRuby's etc 1.4.6 (Ruby 4.0).
const VERSION: &str = "1.4.6";

/// Whether a block iteration over each database is running (the C library has one cursor).
static PASSWD_BUSY: AtomicBool = AtomicBool::new(false);
static GROUP_BUSY: AtomicBool = AtomicBool::new(false);

/// Defines Etc: what `require "etc"` loads.
pub fn init(vm: &mut Vm) {
    let m = vm.define_module("Etc");
    vm.define_singleton_natives(m, ETC);
    let v = vm.str_from(VERSION);
    crate::object::heap::set_frozen(v);
    vm.const_set(m, intern("VERSION"), v);
    super::etc_sysconf::init(vm, m);
    let o = vm.c.object;
    let strukt = vm.class_data(o).const_get(intern("Struct"));
    for (name, members, table) in [
        ("Passwd", PASSWD_MEMBERS, PASSWD_CLASS),
        ("Group", GROUP_MEMBERS, GROUP_CLASS),
    ] {
        let fields: Vec<Value> = members.iter().map(|f| vm.sym(f)).collect();
        if let Some(s) = strukt
            && let Ok(k) = vm.funcall(s, intern("new"), &fields, None)
        {
            vm.const_set(m, intern(name), k);
            vm.define_singleton_natives(k, table);
            let e = vm.c.enumerable;
            let _ = vm.funcall(k, intern("extend"), &[e], None);
        }
    }
    vm.invalidate();
}

fn etc_class(vm: &mut Vm, name: &str) -> Value {
    let o = vm.c.object;
    let m = vm.class_data(o).const_get(intern("Etc")).unwrap_or(o);
    vm.class_data(m).const_get(intern(name)).unwrap_or(o)
}

/// A String in the given encoding (CRuby makes names locale strings and passwords binary).
fn enc_str(vm: &mut Vm, bytes: &[u8], enc: Encoding) -> Value {
    let s = vm.str_new(bytes);
    string::set_encoding(s, enc);
    s
}

/// An Etc::Passwd for `u`, members in CRuby's order and encodings.
fn passwd_struct(vm: &mut Vm, u: &User) -> VmResult {
    let vals = [
        enc_str(vm, u.name.as_bytes(), Encoding::Utf8),
        enc_str(vm, u.passwd.as_bytes(), Encoding::Binary),
        vm.int(u.uid.as_raw() as i64),
        vm.int(u.gid.as_raw() as i64),
        enc_str(vm, u.gecos.as_bytes(), Encoding::Utf8),
        enc_str(vm, u.dir.as_os_str().as_bytes(), Encoding::Utf8),
        enc_str(vm, u.shell.as_os_str().as_bytes(), Encoding::Utf8),
    ];
    let k = etc_class(vm, "Passwd");
    vm.funcall(k, intern("new"), &vals, None)
}

/// An Etc::Group for `g`.
fn group_struct(vm: &mut Vm, g: &Group) -> VmResult {
    let mem: Vec<Value> = g
        .mem
        .iter()
        .map(|m| enc_str(vm, m.as_bytes(), Encoding::Utf8))
        .collect();
    let vals = [
        enc_str(vm, g.name.as_bytes(), Encoding::Utf8),
        enc_str(vm, g.passwd.as_bytes(), Encoding::Binary),
        vm.int(g.gid.as_raw() as i64),
        vm.ary_new(mem),
    ];
    let k = etc_class(vm, "Group");
    vm.funcall(k, intern("new"), &vals, None)
}

fn entry_value(vm: &mut Vm, e: Option<DbEntry>) -> VmResult {
    match e {
        Some(DbEntry::User(u)) => passwd_struct(vm, &u),
        Some(DbEntry::Group(g)) => group_struct(vm, &g),
        None => Ok(Value::NIL),
    }
}

/// A uid_t or gid_t argument as CRuby's NUM2UINT reads it: -1 wraps, beyond 32 bits is a
/// RangeError.
fn id_arg(vm: &mut Vm, v: Value) -> VmResult<(u32, i64)> {
    let n = crate::core::arg_int(vm, v)?;
    if n > u32::MAX as i64 {
        let msg = format!("integer {n} too big to convert to 'unsigned int'");
        return Err(vm.raise_str(vm.c.range_error, &msg));
    }
    if n < i32::MIN as i64 {
        let msg = format!("integer {n} too small to convert to 'unsigned int'");
        return Err(vm.raise_str(vm.c.range_error, &msg));
    }
    Ok((n as u32, n))
}

/// The database's error (an unreadable NSS source) as a SystemCallError.
fn db_error(vm: &mut Vm, e: nix::Error) -> crate::vm::frame::Unwind {
    super::errno::raise(vm, e as i32, None, "")
}

/// Etc.getlogin -> String or nil
fn etc_getlogin(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let name = os::login_name().or_else(|| super::env::getenv(vm, b"USER"));
    Ok(match name {
        Some(n) => enc_str(vm, &n, Encoding::Utf8),
        None => Value::NIL,
    })
}

/// Etc.getpwuid(uid = Process.uid) -> Etc::Passwd
fn etc_getpwuid(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (uid, shown) = match a.first() {
        Some(&v) => id_arg(vm, v)?,
        None => {
            let id = Uid::current().as_raw();
            (id, id as i64)
        }
    };
    match User::from_uid(Uid::from_raw(uid)).map_err(|e| db_error(vm, e))? {
        Some(u) => passwd_struct(vm, &u),
        None => Err(vm.arg_error(&format!("can't find user for {shown}"))),
    }
}

/// Etc.getpwnam(name) -> Etc::Passwd
fn etc_getpwnam(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = super::string::str_arg_vec(vm, a[0])?;
    let name_s = String::from_utf8_lossy(&name).into_owned();
    let found = if name.contains(&0) {
        None
    } else {
        User::from_name(&name_s).map_err(|e| db_error(vm, e))?
    };
    match found {
        Some(u) => passwd_struct(vm, &u),
        None => Err(vm.arg_error(&format!("can't find user for {name_s}"))),
    }
}

/// Etc.getgrgid(gid = Process.gid) -> Etc::Group
fn etc_getgrgid(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (gid, shown) = match a.first() {
        Some(&v) => id_arg(vm, v)?,
        None => {
            let id = Gid::current().as_raw();
            (id, id as i64)
        }
    };
    match Group::from_gid(Gid::from_raw(gid)).map_err(|e| db_error(vm, e))? {
        Some(g) => group_struct(vm, &g),
        None => Err(vm.arg_error(&format!("can't find group for {shown}"))),
    }
}

/// Etc.getgrnam(name) -> Etc::Group
fn etc_getgrnam(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = super::string::str_arg_vec(vm, a[0])?;
    let name_s = String::from_utf8_lossy(&name).into_owned();
    let found = if name.contains(&0) {
        None
    } else {
        Group::from_name(&name_s).map_err(|e| db_error(vm, e))?
    };
    match found {
        Some(g) => group_struct(vm, &g),
        None => Err(vm.arg_error(&format!("can't find group for {name_s}"))),
    }
}

/// Yields every entry of `db` from the first, closing the cursor however the block ends;
/// RuntimeError "parallel passwd iteration" inside another such iteration.
fn each_entry(vm: &mut Vm, db: Db, blk: &Block) -> VmResult<()> {
    let (busy, what) = match db {
        Db::Passwd => (&PASSWD_BUSY, "passwd"),
        Db::Group => (&GROUP_BUSY, "group"),
    };
    if busy.swap(true, Ordering::SeqCst) {
        let msg = format!("parallel {what} iteration");
        return Err(vm.raise_str(vm.c.runtime_error, &msg));
    }
    os::db_rewind(db);
    let r = (|| {
        while let Some(e) = os::db_next(db) {
            let v = entry_value(vm, Some(e))?;
            vm.yield_block(blk, &[v])?;
        }
        Ok(())
    })();
    os::db_end(db);
    busy.store(false, Ordering::SeqCst);
    r
}

/// Etc.passwd { |pw| } -> nil; Etc.passwd -> the next Etc::Passwd (getpwent) or nil
fn etc_passwd(vm: &mut Vm, _: Value, _: &[Value], blk: Option<&Block>) -> VmResult {
    match blk {
        Some(b) => each_entry(vm, Db::Passwd, b).map(|_| Value::NIL),
        None => entry_value(vm, os::db_next(Db::Passwd)),
    }
}

/// Etc.group { |gr| } -> nil; Etc.group -> the next Etc::Group (getgrent) or nil
fn etc_group(vm: &mut Vm, _: Value, _: &[Value], blk: Option<&Block>) -> VmResult {
    match blk {
        Some(b) => each_entry(vm, Db::Group, b).map(|_| Value::NIL),
        None => entry_value(vm, os::db_next(Db::Group)),
    }
}

/// Etc::Passwd.each { |pw| } -> Etc::Passwd
fn passwd_each(vm: &mut Vm, recv: Value, _: &[Value], blk: Option<&Block>) -> VmResult {
    let Some(b) = blk else {
        return super::array::enum_for(vm, recv, "each", &[]);
    };
    each_entry(vm, Db::Passwd, b)?;
    Ok(recv)
}

/// Etc::Group.each { |gr| } -> Etc::Group
fn group_each(vm: &mut Vm, recv: Value, _: &[Value], blk: Option<&Block>) -> VmResult {
    let Some(b) = blk else {
        return super::array::enum_for(vm, recv, "each", &[]);
    };
    each_entry(vm, Db::Group, b)?;
    Ok(recv)
}

/// Etc.getpwent -> Etc::Passwd or nil
fn etc_getpwent(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    entry_value(vm, os::db_next(Db::Passwd))
}

/// Etc.setpwent -> nil
fn etc_setpwent(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    os::db_rewind(Db::Passwd);
    Ok(Value::NIL)
}

/// Etc.endpwent -> nil
fn etc_endpwent(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    os::db_end(Db::Passwd);
    Ok(Value::NIL)
}

/// Etc.getgrent -> Etc::Group or nil
fn etc_getgrent(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    entry_value(vm, os::db_next(Db::Group))
}

/// Etc.setgrent -> nil
fn etc_setgrent(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    os::db_rewind(Db::Group);
    Ok(Value::NIL)
}

/// Etc.endgrent -> nil
fn etc_endgrent(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    os::db_end(Db::Group);
    Ok(Value::NIL)
}

/// Etc.uname -> {sysname:, nodename:, release:, version:, machine:} (binary Strings)
fn etc_uname(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let u = nix::sys::utsname::uname().map_err(|e| db_error(vm, e))?;
    let h = vm.hash_new();
    let fields = [
        ("sysname", u.sysname()),
        ("nodename", u.nodename()),
        ("release", u.release()),
        ("version", u.version()),
        ("machine", u.machine()),
    ];
    for (k, v) in fields {
        let key = vm.sym(k);
        let val = enc_str(vm, v.as_bytes(), Encoding::Binary);
        vm.hash_aset(h, key, val)?;
    }
    Ok(h)
}

/// Etc.nprocessors -> Integer: the CPUs this process may run on (its affinity mask), else the
/// online CPUs.
fn etc_nprocessors(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use nix::sched::{CpuSet, sched_getaffinity};
    let from_mask = sched_getaffinity(nix::unistd::Pid::from_raw(0))
        .ok()
        .map(|set| {
            (0..CpuSet::count())
                .filter(|&i| set.is_set(i).unwrap_or(false))
                .count()
        });
    let n = match from_mask {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    Ok(vm.int(n as i64))
}

/// Etc.sysconfdir -> String: RbConfig::CONFIG["sysconfdir"]
fn etc_sysconfdir(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let dir = format!("{}/etc", super::rbconfig::prefix());
    Ok(vm.str_from(dir))
}

/// Etc.systmpdir -> "/tmp"
fn etc_systmpdir(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_from("/tmp"))
}
