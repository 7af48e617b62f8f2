//! Rust panics that reach the native-call boundary (`Vm::invoke_native`): an interpreter bug
//! becomes a Ruby `fatal` exception whose message starts with "[BUG]", so the program's buffered
//! output is kept, `ensure` clauses run and the error is reported like any other uncaught
//! exception (exit status 1), instead of the process dying.
//!
//! The panic hook records the panic's message and location instead of printing them while a VM
//! lives on the panicking thread; other threads keep the previous hook. `RUBRA_BACKTRACE=1`
//! prints the Rust backtrace as well.

use std::cell::{Cell, RefCell};
use std::sync::Once;

thread_local! {
    /// VMs alive on this thread (the hook stays quiet while there is one).
    static VMS: Cell<u32> = const { Cell::new(0) };
    /// The last panic's "message (file:line)".
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the process-wide hook (once) and counts a VM on this thread.
pub fn enter_thread() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if VMS.with(|c| c.get()) == 0 {
                return prev(info);
            }
            let p = info.payload();
            let msg = if let Some(s) = p.downcast_ref::<&str>() {
                (*s).to_string()
            } else if let Some(s) = p.downcast_ref::<String>() {
                s.clone()
            } else {
                "panic".to_string()
            };
            let loc = info
                .location()
                .map(|l| format!(" ({}:{})", l.file(), l.line()))
                .unwrap_or_default();
            LAST.with(|l| *l.borrow_mut() = Some(format!("{msg}{loc}")));
            if std::env::var_os("RUBRA_BACKTRACE").is_some() {
                eprintln!("{}", std::backtrace::Backtrace::force_capture());
            }
        }));
    });
    VMS.with(|c| c.set(c.get() + 1));
}

/// A VM on this thread is gone.
pub fn leave_thread() {
    VMS.with(|c| c.set(c.get().saturating_sub(1)));
}

/// The message of the last panic caught on this thread, as a "[BUG]" line.
pub fn take_message() -> String {
    let m = LAST.with(|l| l.borrow_mut().take());
    format!(
        "[BUG] rubra: {}",
        m.unwrap_or_else(|| "unknown panic".to_string())
    )
}

/// The lengths of the VM's stacks at a native call, restored when a panic unwinds through it.
#[derive(Clone, Copy)]
pub struct Depths {
    frames: usize,
    ensure: usize,
    catch_tags: usize,
    inspecting: usize,
    recursion: usize,
}

impl super::Vm {
    pub(crate) fn depths(&self) -> Depths {
        Depths {
            frames: self.frames.len(),
            ensure: self.ensure_stack.len(),
            catch_tags: self.catch_tags.len(),
            inspecting: self.inspecting.len(),
            recursion: self.recursion.len(),
        }
    }

    /// After a panic unwound to a native call made at `d`: drops what the unwound Rust frames
    /// left on the VM's stacks and returns the `fatal` "[BUG]" exception to raise in its place.
    pub(crate) fn recover_from_panic(&mut self, d: Depths) -> super::frame::Unwind {
        // the backtrace is taken first: it shows where the panic happened
        let msg = take_message();
        let e = self.raise_str(self.c.fatal, &msg);
        self.truncate_frames(d.frames);
        self.ensure_stack.truncate(d.ensure);
        self.catch_tags.truncate(d.catch_tags);
        self.inspecting.truncate(d.inspecting);
        self.recursion.truncate(d.recursion);
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caught_panic_leaves_its_message() {
        enter_thread();
        let r = std::panic::catch_unwind(|| panic!("boom {}", 7));
        assert!(r.is_err());
        let m = take_message();
        assert!(
            m.starts_with("[BUG] rubra: boom 7 (src/vm/panic.rs:"),
            "{m}"
        );
        leave_thread();
    }
}
