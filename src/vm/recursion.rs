//! Recursion guards, as CRuby's `rb_exec_recursive` and `rb_exec_recursive_paired`: a native that
//! walks into its arguments (`hash`, `==`, `eql?`, `<=>`, `join`...) runs its step through
//! `exec_recursive`, which answers `None` when the same operation is already running on the
//! same object (or pair of objects), so self-referencing structures give CRuby's results
//! instead of looping. Every guarded step also checks the native stack: data nested deeper than
//! the stack can walk raises SystemStackError instead of overflowing it.

use super::Vm;
use super::frame::VmResult;
use crate::object::value::Value;

/// The operations guarded separately (an array being hashed may still be compared).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rec {
    Hash,
    Eq,
    Eql,
    Cmp,
    Join,
    Flatten,
    ToH,
    /// `__rubra_recursive` (Kernel), for the bundled Ruby libraries.
    Ruby,
}

/// Native stack that must stay free: below it, a guarded step raises SystemStackError.
const RED_ZONE: usize = 1 << 20;

impl Vm {
    /// Runs `f` unless `op` is already running on `(obj, other)` (pass `Value::UNDEF` as
    /// `other` for the unpaired form); `Ok(None)` means it was, and `f` did not run.
    pub fn exec_recursive<T>(
        &mut self,
        op: Rec,
        obj: Value,
        other: Value,
        f: impl FnOnce(&mut Vm) -> VmResult<T>,
    ) -> VmResult<Option<T>> {
        self.check_native_stack()?;
        if !self.recursion.insert((op, obj, other)) {
            return Ok(None);
        }
        let r = f(self);
        // steps nest, so this one's entry is the last (a panic cuts back in recover_from_panic)
        self.recursion.pop();
        r.map(Some)
    }

    /// SystemStackError when the native stack is nearly used up.
    #[inline]
    pub fn check_native_stack(&mut self) -> VmResult<()> {
        match self.native_stack_left() {
            Some(left) if left < RED_ZONE => {
                Err(self.raise_str(self.c.system_stack_error, "stack level too deep"))
            }
            _ => Ok(()),
        }
    }

    /// Bytes of native stack left below this call: `stacker` knows the thread's own stack (and
    /// those `stacker::grow` makes, which JSON's deep nesting may run on inside a fiber too);
    /// on the running fiber's own stack the floor is `Vm::stack_floor`.
    pub fn native_stack_left(&self) -> Option<usize> {
        let here = 0u8;
        let sp = std::hint::black_box(&here) as *const u8 as usize;
        let floor = self.stack_floor;
        if floor != 0 && sp > floor && sp - floor <= crate::object::coroutine::STACK_SIZE {
            return Some(sp - floor);
        }
        stacker::remaining_stack()
    }
}

impl Vm {
    /// Runs `f`, which parses and compiles `len` bytes of source (as deep a recursion as the
    /// source's nesting, which the compiler bounds): on the thread's own stack (sized for that
    /// nesting), or, in a fiber when the source is long enough to nest deeper than the fiber's
    /// stack holds, on a segment as large as the thread's. The code it made runs back on the
    /// fiber's stack: a fiber must not suspend on a `stacker` segment, whose limit `stacker`
    /// keeps per thread, not per fiber.
    pub(crate) fn with_parser_stack<R>(&mut self, len: usize, f: impl FnOnce(&mut Vm) -> R) -> R {
        if self.stack_floor == 0 || len <= 4096 {
            return f(self);
        }
        stacker::grow(1 << 30, || f(self))
    }
}

/// Runs `f` on the current native stack when `left` (`Vm::native_stack_left`) leaves room for
/// a step of a deep recursion (JSON's nesting), else on a fresh 1 MB segment (`stacker::grow`),
/// as `stacker::maybe_grow` does but knowing a fiber's stack too.
pub fn maybe_grow<R>(left: Option<usize>, f: impl FnOnce() -> R) -> R {
    match left {
        Some(n) if n >= 64 * 1024 => f(),
        _ => stacker::grow(1024 * 1024, f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_step_on_the_same_object_does_not_run() {
        let mut vm = Vm::new();
        let a = vm.ary_new_capa(0);
        let r = vm.exec_recursive(Rec::Hash, a, Value::UNDEF, |vm| {
            let inner = vm.exec_recursive(Rec::Hash, a, Value::UNDEF, |_| Ok(1))?;
            let other_op = vm.exec_recursive(Rec::Eq, a, Value::UNDEF, |_| Ok(2))?;
            Ok((inner, other_op))
        });
        assert!(matches!(r, Ok(Some((None, Some(2))))));
        assert!(vm.recursion.is_empty());
    }

    #[test]
    fn a_panic_inside_a_step_leaves_no_entry_after_recovery() {
        let mut vm = Vm::new();
        let d = vm.depths();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            vm.exec_recursive(Rec::Join, Value::NIL, Value::UNDEF, |_| -> VmResult<()> {
                panic!("inside a guarded step")
            })
        }));
        assert!(r.is_err());
        assert_eq!(vm.recursion.len(), 1);
        vm.recover_from_panic(d);
        assert_eq!(vm.recursion.len(), 0);
    }
}
