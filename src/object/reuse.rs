//! A stack whose popped elements stay in place, to be overwritten field by field by the next
//! push: the VM's frame stack. A call pushes a 128-byte frame; built as a value, it is written
//! on the native stack and copied into its slot, and popping it drops its reference-counted
//! fields. Reusing the slot writes only the fields, and a field that already holds what the
//! new frame needs (the same method's code, at the same depth of a recursion) is not touched.

use std::ops::{Deref, DerefMut};

/// What an element does when it is popped but kept for reuse: let go of anything whose
/// lifetime others observe (a frame's block, whose sole ownership decides its recycling).
pub trait Retire {
    fn retire(&mut self);
}

/// A `Vec` whose elements past its length, up to `inited`, are still initialized: popped
/// elements, kept for `push_kept`. Reads see the live elements only (`Deref` to a slice).
pub struct ReuseStack<T: Retire> {
    v: Vec<T>,
    /// Elements `v.len()..inited` of `v`'s buffer are initialized (popped, not dropped).
    inited: usize,
}

impl<T: Retire> ReuseStack<T> {
    pub fn with_capacity(n: usize) -> Self {
        ReuseStack {
            v: Vec::with_capacity(n),
            inited: 0,
        }
    }

    /// Pushes `x` (as `push_with`).
    pub fn push(&mut self, x: T) {
        self.push_with(move || x);
    }

    /// Pushes the element `make` builds: in its slot when none is kept there, else assigned
    /// over the kept one (dropping it).
    #[inline(always)]
    pub fn push_with(&mut self, make: impl FnOnce() -> T) {
        match self.push_kept() {
            Some(slot) => *slot = make(),
            None => self.push_new(make),
        }
    }

    /// Counts the kept element above the live ones as pushed and answers it, for the caller
    /// to rewrite field by field into the element it pushes: None when no element is kept
    /// (then `push_new`). The element answered is a retired one (`Retire`), as it was left.
    #[inline(always)]
    pub fn push_kept(&mut self) -> Option<&mut T> {
        let n = self.v.len();
        if n < self.inited {
            // SAFETY: `n < inited <= capacity`, and elements `n..inited` of the buffer are
            // initialized (the invariant of `inited`), so counting element `n` makes the
            // length cover initialized elements only.
            unsafe { self.v.set_len(n + 1) };
            Some(&mut self.v[n])
        } else {
            None
        }
    }

    /// Pushes the element `make` builds, in its slot, when no element is kept there (after
    /// `push_kept` answered None).
    #[inline(always)]
    pub fn push_new(&mut self, make: impl FnOnce() -> T) {
        let n = self.v.len();
        if n < self.inited {
            // called without `push_kept`: the kept elements are dropped, not lost
            self.drop_kept();
        }
        // nothing is kept past the length: growing the buffer loses nothing
        crate::object::vstack::push_in_place(&mut self.v, make);
        self.inited = n + 1;
    }

    /// Drops the popped elements kept past the length.
    #[cold]
    #[inline(never)]
    fn drop_kept(&mut self) {
        let (n, top) = (self.v.len(), self.inited);
        // forgotten first: should a drop panic, the rest leak rather than drop twice
        self.inited = n;
        for i in n..top {
            // SAFETY: element `i` of the buffer is initialized (it was below `inited`), and is
            // dropped once: `inited` no longer covers it, and nothing else reads past the
            // length.
            unsafe { std::ptr::drop_in_place(self.v.as_mut_ptr().add(i)) };
        }
    }

    /// Pops the elements from `len` up, keeping them (retired) for reuse.
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        let n = self.v.len();
        if len >= n {
            return;
        }
        for x in &mut self.v[len..n] {
            x.retire();
        }
        // SAFETY: `len < n <= capacity`; elements `len..n` stay initialized and `inited`
        // (at least `n`) still covers them, so the invariant holds.
        unsafe { self.v.set_len(len) };
    }

    /// Pops the top element (kept for reuse), if any.
    #[inline(always)]
    pub fn pop(&mut self) {
        let n = self.v.len();
        if n == 0 {
            return;
        }
        self.v[n - 1].retire();
        // SAFETY: `n - 1 < n <= capacity`; element `n - 1` stays initialized and `inited`
        // (at least `n`) still covers it.
        unsafe { self.v.set_len(n - 1) };
    }
}

impl<T: Retire> Drop for ReuseStack<T> {
    fn drop(&mut self) {
        // SAFETY: elements `0..inited` are initialized (the live ones and the kept ones), and
        // `inited <= capacity`: the `Vec` drops all of them.
        unsafe { self.v.set_len(self.inited) };
    }
}

impl<T: Retire> Default for ReuseStack<T> {
    fn default() -> Self {
        ReuseStack::with_capacity(0)
    }
}

impl<T: Retire> Deref for ReuseStack<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.v
    }
}

impl<T: Retire> DerefMut for ReuseStack<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    struct E {
        id: u32,
        held: Option<Rc<()>>,
        retired: bool,
    }
    impl Retire for E {
        fn retire(&mut self) {
            self.held = None;
            self.retired = true;
        }
    }
    fn e(id: u32, held: &Rc<()>) -> E {
        E {
            id,
            held: Some(held.clone()),
            retired: false,
        }
    }

    #[test]
    fn popped_elements_are_reused_in_place_and_dropped_with_the_stack() {
        let r = Rc::new(());
        let mut s = ReuseStack::with_capacity(1);
        s.push(e(1, &r));
        s.push(e(2, &r));
        assert_eq!(Rc::strong_count(&r), 3);
        s.truncate(0);
        assert_eq!(s.len(), 0);
        // retired: their references are gone, the elements stay
        assert_eq!(Rc::strong_count(&r), 1);
        let x = s.push_kept().expect("a kept element");
        assert_eq!((x.id, x.retired), (1, true));
        x.id = 7;
        x.retired = false;
        assert_eq!((s.len(), s[0].id), (1, 7));
        s.push(e(8, &r));
        s.push(e(9, &r));
        assert_eq!(s.iter().map(|x| x.id).collect::<Vec<_>>(), [7, 8, 9]);
        s.pop();
        assert_eq!(s.len(), 2);
        drop(s);
        assert_eq!(Rc::strong_count(&r), 1);
    }
}
