//! Rust panics that reach the dispatch loop (`Vm::execute_driven`) or another boundary (a
//! fiber's or thread's body, the interpreter's entry): an interpreter bug becomes a Ruby `fatal`
//! exception whose message starts with "[BUG]", so the program's buffered
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

/// The lengths of the VM's stacks where a panic is caught, restored when one unwinds to it.
#[derive(Clone, Copy)]
pub struct Depths {
    frames: usize,
    ensure: usize,
    catch_tags: usize,
    inspecting: usize,
    recursion: usize,
    /// `Vm::hidden_frame`, which a native's loop over a block sets around each step.
    hidden: usize,
}

impl super::Vm {
    pub(crate) fn depths(&self) -> Depths {
        Depths {
            frames: self.frames.len(),
            ensure: self.ensure_stack.len(),
            catch_tags: self.catch_tags.len(),
            inspecting: self.inspecting.len(),
            recursion: self.recursion.len(),
            hidden: self.hidden_frame,
        }
    }

    /// After a panic unwound to a boundary that took `d` (a fiber's or thread's body, the
    /// interpreter's entry): drops what the unwound Rust frames left on the VM's stacks and
    /// returns the `fatal` "[BUG]" exception to raise in its place.
    pub(crate) fn recover_from_panic(&mut self, d: Depths) -> super::frame::Unwind {
        // the backtrace is taken first: it shows where the panic happened
        let msg = take_message();
        let e = self.raise_str(self.c.fatal, &msg);
        self.truncate_frames(d.frames);
        self.ensure_stack.truncate(d.ensure);
        self.restore_guards(d);
        e
    }

    /// Cuts the catch tags, inspect guards and recursion entries back to `d` and restores
    /// `hidden_frame`: what natives set around their own work.
    fn restore_guards(&mut self, d: Depths) {
        self.catch_tags.truncate(d.catch_tags);
        self.inspecting.truncate(d.inspecting);
        self.recursion.truncate(d.recursion);
        self.hidden_frame = d.hidden;
    }

    /// After a panic unwound to the dispatch loop running the frames from `entry` (`d`: the
    /// stacks' lengths when it started): raises the `fatal` "[BUG]" exception where the loop's
    /// current frame made the call that panicked, and routes it as `tri!` does. Answers the
    /// frame and pc the loop resumes at, or the unwind for the loop's Rust caller.
    ///
    /// The loop's current frame is the last of those it entered itself (`Frame::inline`) above
    /// `entry`; what is above it (the native that panicked and frames it pushed) goes. Natives
    /// push the catch tags, inspect guards and recursion entries, and pop them before they
    /// return (a block loop's step sets `hidden_frame` and restores it), so while the loop runs
    /// those are as they were at `entry`. The ensure stack is the loop's own (nested loops
    /// catch their own panics), so it stays.
    #[cold]
    #[inline(never)]
    pub(crate) fn recover_in_loop(
        &mut self,
        entry: usize,
        d: Depths,
    ) -> Result<(usize, usize), super::frame::Unwind> {
        let msg = take_message();
        let mut fi = entry;
        while fi + 1 < self.frames.len() && self.frames[fi + 1].inline != super::frame::NOT_INLINE {
            fi += 1;
        }
        // a call from the frame saved its pc in it; else the panic was in the loop's own code
        let fault_pc = match self.frames.len() > fi + 1 {
            true => self.frames[fi].pc as usize,
            false => self.cur_pc,
        };
        // the backtrace is taken first: it shows where the panic happened
        let e = self.raise_str(self.c.fatal, &msg);
        self.truncate_frames(fi + 1);
        self.restore_guards(d);
        self.cur_pc = fault_pc;
        let Some(code) = self.frames[fi].code.clone() else {
            return Err(e);
        };
        self.route_unwind(entry, fi, &code, fault_pc, e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::value::Value;
    use crate::vm::{Vm, frame::Block, frame::VmResult};

    fn boom(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
        panic!("boom in a native")
    }

    /// A panic in a native becomes a `fatal` raised at the call, whichever way the call was
    /// made (the site's native word, a block's loop, a method entered inline, `send`): the
    /// frame's rescue and ensure clauses run and the program goes on.
    #[test]
    fn a_panicking_native_raises_fatal_where_it_was_called() {
        enter_thread();
        let mut vm = Vm::new();
        let object = vm.c.object;
        vm.define_natives(object, &[("__boom", boom, 0, 0)]);
        let src = r#"
          r = []
          2.times do
            begin
              __boom
            rescue Exception => e
              r << e.class << e.message.start_with?("[BUG] rubra: boom in a native")
            end
          end
          def m(r)
            [1].each { |x| r << x; send(:__boom) }
          ensure
            r << :ensured
          end
          begin
            m(r)
          rescue Exception => e
            r << e.class
          end
          r << :after
          r.inspect
        "#;
        let frames = vm.frames.len();
        let r = vm.eval_source(src, "t.rb");
        let s = match r {
            Ok(v) => vm.inspect_str(v).unwrap(),
            Err(u) => format!("{:?}", u.raised().map(|e| vm.inspect_str(e))),
        };
        assert_eq!(
            s,
            "\"[fatal, true, fatal, true, 1, :ensured, fatal, :after]\""
        );
        assert_eq!(vm.frames.len(), frames);
    }

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
