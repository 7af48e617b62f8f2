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
