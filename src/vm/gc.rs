//! The collector's roots: everything the VM can reach without going through another object.

use super::Vm;
use super::frame::mark_cref;
use crate::object::value::Value;

impl Vm {
    /// Whether a safepoint has work: a collection is due, or an interrupt was requested.
    #[inline]
    pub(crate) fn safepoint_due(&self) -> bool {
        self.heap.should_collect() || self.interrupt.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The work of a safepoint (calls, backward jumps, block calls): collect when the heap is
    /// over its threshold; raise Interrupt when one was requested (Ctrl-C in the REPL).
    #[cold]
    pub(crate) fn safepoint(&mut self) -> super::frame::VmResult<()> {
        if self.heap.should_collect() && self.heap.worth_collecting() {
            self.collect_garbage();
        }
        if self
            .interrupt
            .swap(false, std::sync::atomic::Ordering::Relaxed)
        {
            // a Timeout.timeout deadline (core/timeout/), trapped signals, the end of a thread's
            // time slice (core/thread/sched.rs), else Ctrl-C
            let timer = crate::core::timeout::timer_fired(self);
            let slice = crate::core::thread::sched::slice_fired(self);
            let trapped = crate::core::signal::run_traps(self).inspect_err(|_| {
                if timer {
                    crate::core::timeout::refire(self);
                }
            })?;
            if timer && let Some(u) = crate::core::timeout::expired(self)? {
                return Err(u);
            }
            if slice || (timer && self.threads.active()) {
                crate::core::thread::sched::preempt(self)?;
            }
            if trapped
                || timer
                || slice
                || !self
                    .ctrl_c
                    .swap(false, std::sync::atomic::Ordering::Relaxed)
            {
                // (a flag without its cause was consumed with an earlier interrupt)
                return Ok(());
            }
            let object = self.c.object;
            let k = self
                .class_data(object)
                .const_get(crate::object::symbol::intern("Interrupt"))
                .unwrap_or(self.c.standard_error);
            return Err(self.raise_str(k, "Interrupt"));
        }
        Ok(())
    }

    /// For a native about to make `n` objects at once (the pieces of `split`) that holds no
    /// object the collector cannot see: when those allocations would make a collection due,
    /// collects first, so that the new objects reuse the garbage's slots instead of piling onto
    /// it (allocation itself never collects, and the next safepoint comes only after the
    /// native). The `n` objects are counted as survivors of that collection, so the next one
    /// does not come as soon as they are made.
    pub(crate) fn reserve_objects(&mut self, n: usize) {
        if self.heap.due_after(n as u64) && self.heap.worth_collecting() {
            self.collect_garbage();
            self.heap.expect_survivors(n as u64);
        }
    }

    /// Runs a full mark-and-sweep collection now (at a safepoint).
    pub fn collect_garbage(&mut self) {
        // a spare environment is unreachable: the collection frees it like any other
        self.spare_env = None;
        let heap = std::mem::take(&mut self.heap);
        let mut heap = heap;
        // the weak tables are pruned, not marked (core/weakmap.rs)
        let mut weak = std::mem::take(&mut self.weak_maps);
        let prune = |s: &crate::object::heap::Survivors| {
            crate::core::weakmap::prune(&mut weak, s);
        };
        heap.collect_weak(
            |m| {
                m.mark_all(&self.kept);
                m.mark_all(&self.at_exit);
                m.mark(self.main);
                m.mark(self.exit_trap);
                for v in self.timeouts.values() {
                    m.mark(v);
                }
                for v in self.threads.values() {
                    m.mark(v);
                }
                for t in &self.traps {
                    m.mark(t.handler);
                }
                for v in self.globals.values() {
                    m.mark(*v);
                }
                for cmds in self.global_traces.values() {
                    m.mark_all(cmds);
                }
                for &(owner, path) in self.autoloads.values() {
                    m.mark(owner);
                    m.mark(path);
                }
                for (k, iv) in &self.generic_ivars {
                    m.mark(*k);
                    for p in iv {
                        m.mark(p.1);
                    }
                }
                for e in &self.methods {
                    m.mark(e.owner);
                    match &e.body {
                        super::MethodBody::Proc(p) => m.mark(*p),
                        super::MethodBody::Code(_, cref) => mark_cref(cref, m),
                        _ => {}
                    }
                }
                for code in &self.codes {
                    m.mark_all(&code.consts);
                }
                self.eval_codes.retain(|w| match w.upgrade() {
                    Some(code) => {
                        m.mark_all(&code.consts);
                        true
                    }
                    None => false,
                });
                let core: Vec<Value> = self.core_values();
                m.mark_all(&core);
                self.mark_contexts(m);
            },
            prune,
        );
        self.weak_maps = weak;
        self.heap = heap;
    }

    fn core_values(&self) -> Vec<Value> {
        let c = &self.c;
        vec![
            c.basic_object,
            c.object,
            c.module,
            c.class,
            c.kernel,
            c.comparable,
            c.enumerable,
            c.nil,
            c.true_,
            c.false_,
            c.integer,
            c.float,
            c.string,
            c.symbol,
            c.array,
            c.hash,
            c.range,
            c.proc_,
            c.method,
        ]
    }
}
