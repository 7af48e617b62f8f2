//! The process operations that safe Rust cannot express: `fork` (Process.fork, Kernel#fork)
//! and the descriptor changes a spawned child makes between fork and exec (spawn's `:close`
//! and redirects of descriptors above 2). They live here because `src/object/` is the only
//! part of rubra allowed `unsafe` (ARCHITECTURE.md).

use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::Command;

/// Forks the process: `Ok(None)` in the child, `Ok(Some(pid))` in the parent.
///
/// The child goes on running the interpreter on this thread; the caller must end it with
/// `std::process::exit` (never by returning into a thread that no longer has a parent).
pub fn fork() -> std::io::Result<Option<i32>> {
    // SAFETY: fork(2) copies the address space and keeps only the calling thread. Nothing in
    // the copy can be touched by another thread afterwards (there are none in the child), so
    // no data race is possible there; a lock that another thread held at the moment of the
    // fork stays held in the child, which can only make the child wait for ever, never read
    // memory another thread is writing. glibc's fork takes and resets malloc's locks itself,
    // so the child may allocate. rubra's other threads (the `main` thread joining the
    // interpreter thread, a REPL's helper) hold no rubra state the child uses.
    match unsafe { nix::unistd::fork() } {
        Ok(nix::unistd::ForkResult::Child) => Ok(None),
        Ok(nix::unistd::ForkResult::Parent { child }) => Ok(Some(child.as_raw())),
        Err(e) => Err(std::io::Error::from_raw_os_error(e as i32)),
    }
}

/// Makes the child of `cmd` duplicate each `(source, target)` descriptor onto `target` and
/// then close each descriptor in `close`, after std has set up its stdin/stdout/stderr and
/// before exec. The sources are kept open (owned by the closure) until the command is dropped.
pub fn child_fds(cmd: &mut Command, dups: Vec<(OwnedFd, i32)>, close: Vec<i32>) {
    if dups.is_empty() && close.is_empty() {
        return;
    }
    let raw: Vec<(i32, i32)> = dups.iter().map(|(f, t)| (f.as_raw_fd(), *t)).collect();
    let hook = move || {
        let _keep = &dups;
        for &(from, to) in &raw {
            // SAFETY: dup2(2) is async-signal-safe and takes plain integers; `from` is open
            // (its OwnedFd lives in this closure) and a bad `to` only makes it fail.
            if unsafe { libc::dup2(from, to) } < 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
        for &fd in &close {
            // SAFETY: close(2) is async-signal-safe; the child owns its copy of every
            // descriptor, and closing one the program asked to close affects only the child.
            unsafe { libc::close(fd) };
        }
        Ok(())
    };
    // SAFETY: the closure runs in the forked child before exec and calls only dup2 and close,
    // which are async-signal-safe; it allocates nothing (the vectors were built before).
    unsafe { cmd.pre_exec(hook) };
}

/// The user database's and group database's sequential readers (getpwent/getgrent) keep one
/// cursor per process in the C library: this lock keeps two callers from moving it at once.
static DB_CURSOR: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Which database a cursor operation works on.
#[derive(Clone, Copy)]
pub enum Db {
    Passwd,
    Group,
}

/// One entry of the user or group database, read by the cursor (`Etc.getpwent`/`getgrent`).
pub enum DbEntry {
    User(nix::unistd::User),
    Group(nix::unistd::Group),
}

/// Moves `db`'s cursor back to the first entry (setpwent/setgrent).
pub fn db_rewind(db: Db) {
    let _g = DB_CURSOR.lock().unwrap_or_else(|e| e.into_inner());
    match db {
        // SAFETY: setpwent/setgrent take no arguments and only reset the C library's cursor,
        // which the lock keeps to one caller at a time.
        Db::Passwd => unsafe { libc::setpwent() },
        // SAFETY: as above.
        Db::Group => unsafe { libc::setgrent() },
    }
}

/// Closes `db`'s cursor (endpwent/endgrent).
pub fn db_end(db: Db) {
    let _g = DB_CURSOR.lock().unwrap_or_else(|e| e.into_inner());
    match db {
        // SAFETY: endpwent/endgrent take no arguments and only close the cursor (under the lock).
        Db::Passwd => unsafe { libc::endpwent() },
        // SAFETY: as above.
        Db::Group => unsafe { libc::endgrent() },
    }
}

/// The entry at `db`'s cursor, moving it on (getpwent/getgrent); None at the end.
pub fn db_next(db: Db) -> Option<DbEntry> {
    let _g = DB_CURSOR.lock().unwrap_or_else(|e| e.into_inner());
    match db {
        Db::Passwd => {
            // SAFETY: getpwent takes no arguments; it returns null or a pointer to a record in
            // the C library's static storage, valid until the next cursor call, which the lock
            // held here excludes while the record is copied out.
            let p = unsafe { libc::getpwent() };
            // SAFETY: `p` is non-null (checked by as_ref) and points at that valid record,
            // whose string fields are null or NUL-terminated strings (getpwent(3)).
            unsafe { p.as_ref() }.map(|pw| DbEntry::User(nix::unistd::User::from(pw)))
        }
        Db::Group => {
            // SAFETY: as for getpwent: a pointer to a static record kept valid by the lock.
            let p = unsafe { libc::getgrent() };
            // SAFETY: non-null and valid as above; gr_mem is a null-terminated array of
            // NUL-terminated strings (getgrent(3)).
            unsafe { p.as_ref() }.map(|gr| DbEntry::Group(nix::unistd::Group::from(gr)))
        }
    }
}

/// The login name of the user on the controlling terminal (getlogin), if there is one.
pub fn login_name() -> Option<Vec<u8>> {
    let _g = DB_CURSOR.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: getlogin takes no arguments and returns null or a NUL-terminated string in the
    // C library's static storage; the lock keeps the other callers of that storage (getlogin
    // and the cursor functions here) out while it is copied.
    let p = unsafe { libc::getlogin() };
    if p.is_null() {
        return None;
    }
    // SAFETY: `p` is non-null and points at the NUL-terminated name described above.
    Some(unsafe { std::ffi::CStr::from_ptr(p) }.to_bytes().to_vec())
}

/// sysconf(3) for any name: `Ok(Some(n))`, `Ok(None)` for a limit the system does not have, or
/// `Err(errno)` (EINVAL for a name it does not know).
pub fn sysconf(name: i32) -> Result<Option<i64>, i32> {
    nix::errno::Errno::clear();
    // SAFETY: sysconf takes a plain int and touches no memory of ours; an unknown name makes it
    // return -1 with errno set.
    let r = unsafe { libc::sysconf(name) };
    limit_result(r as i64)
}

/// fpathconf(3) on descriptor `fd` for any name, answered as `sysconf` answers.
pub fn fpathconf(fd: i32, name: i32) -> Result<Option<i64>, i32> {
    nix::errno::Errno::clear();
    // SAFETY: fpathconf takes two plain ints and touches no memory of ours; a bad descriptor or
    // name makes it return -1 with errno set.
    let r = unsafe { libc::fpathconf(fd, name) };
    limit_result(r as i64)
}

/// -1 with errno 0 means "no limit"; -1 with errno set is a failure.
fn limit_result(r: i64) -> Result<Option<i64>, i32> {
    if r != -1 {
        return Ok(Some(r));
    }
    match nix::errno::Errno::last_raw() {
        0 => Ok(None),
        e => Err(e),
    }
}

/// confstr(3) for any name: the string without its NUL, `Ok(None)` when the name has no value,
/// or `Err(errno)`.
pub fn confstr(name: i32) -> Result<Option<Vec<u8>>, i32> {
    nix::errno::Errno::clear();
    // SAFETY: with a null buffer and a length of 0, confstr writes nothing and returns the
    // size the value needs (0 for none or an error).
    let n = unsafe { libc::confstr(name, std::ptr::null_mut(), 0) };
    if n == 0 {
        return match nix::errno::Errno::last_raw() {
            0 => Ok(None),
            e => Err(e),
        };
    }
    let mut buf = vec![0u8; n];
    // SAFETY: `buf` has `n` writable bytes and confstr writes at most `n` (the value and its
    // NUL, truncated to fit).
    let m = unsafe { libc::confstr(name, buf.as_mut_ptr().cast(), n) };
    buf.truncate(m.min(n).saturating_sub(1));
    Ok(Some(buf))
}

/// libxcrypt's `struct crypt_data`: 32,768 bytes (CRYPT_DATA_SIZE), all char arrays.
const CRYPT_DATA_WORDS: usize = 32768 / 8;

#[link(name = "crypt")]
unsafe extern "C" {
    fn crypt_r(
        phrase: *const std::ffi::c_char,
        setting: *const std::ffi::c_char,
        data: *mut std::ffi::c_void,
    ) -> *mut std::ffi::c_char;
}

/// crypt(3) (`String#crypt`), through the system's libcrypt as CRuby's: the hash of `phrase`
/// under `setting` (a DES salt or a `$id$...` setting), or the errno when it fails. Neither
/// may contain a NUL byte (the caller has checked: they are C strings).
pub fn crypt(phrase: &[u8], setting: &[u8]) -> Result<Vec<u8>, i32> {
    let phrase = std::ffi::CString::new(phrase).map_err(|_| libc::EINVAL)?;
    let setting = std::ffi::CString::new(setting).map_err(|_| libc::EINVAL)?;
    // crypt_r's scratch state, zeroed as it asks before the first call
    let mut data = vec![0u64; CRYPT_DATA_WORDS];
    nix::errno::Errno::clear();
    // SAFETY: both strings are NUL-terminated and outlive the call; `data` is a zeroed, writable
    // buffer of the size of `struct crypt_data` (whose members are all char arrays, so any
    // alignment does). crypt_r keeps no pointer to any of them after returning.
    let out = unsafe { crypt_r(phrase.as_ptr(), setting.as_ptr(), data.as_mut_ptr().cast()) };
    if out.is_null() {
        return Err(nix::errno::Errno::last_raw());
    }
    // SAFETY: a non-null result points at a NUL-terminated string inside `data`, which is
    // still alive here; it is copied out before `data` is dropped.
    Ok(unsafe { std::ffi::CStr::from_ptr(out) }.to_bytes().to_vec())
}

/// Makes every thread allocate from glibc's main malloc arena (called by `main` before it
/// starts the interpreter thread).
///
/// A thread of its own gets a separate arena, which glibc grows one page-sized `mprotect` at a
/// time: booting the interpreter on its thread made about 100 `mprotect` calls. The main arena
/// grows by `brk` with 128 KiB of padding, a few calls in all. rubra's threads take turns
/// under one lock (core/thread), so they lose nothing by sharing the arena.
pub fn single_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt(3) takes no pointers and only sets a malloc parameter, under glibc's
    // own arena lock, so it is sound at any time (`main` calls it before any other thread).
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}
