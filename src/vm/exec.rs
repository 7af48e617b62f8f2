//! The dispatch loop: runs the instructions of the frame on top of the frame stack.
//!
//! The loop keeps `pc`, the frame's stack base and its enclosing scopes' environment in locals. Each arm is short;
//! anything longer lives in a helper (calls in call.rs, object building in core/). A failing
//! instruction produces an `Unwind`, which `handle` routes to the innermost rescue/ensure handler
//! covering the faulting pc, or returns to the caller. This is the one file allowed to grow past
//! the usual size limit, as the match over every instruction.

use super::Vm;
use super::call::Entered;
use super::code::{ATTR_WRITER, Code, HandlerKind, NO_ATTR};
use super::frame::*;
use super::insn::Insn;
use super::opt;
/// Bits of `FAST_PREDICATES` (vm/mod.rs).
const PRED_NIL_P: usize = 0;
const PRED_NOT: usize = 1;
use crate::object::heap::{EnvRef, T_ARRAY, T_HASH, T_OBJECT, rarray, type_of};
use crate::object::string::{self, Encoding};
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use std::rc::Rc;

impl Vm {
    #[inline]
    fn env_at(env: Option<EnvRef>, level: u32) -> EnvRef {
        let mut e = env.expect("environment");
        for _ in 0..level {
            e = e.get().parent.expect("outer environment");
        }
        e
    }

    /// Routes an unwind raised at `fault_pc` to a handler of this frame: returns the pc to
    /// continue at, or the unwind to propagate.
    fn handle(
        &mut self,
        code: &Code,
        fi: usize,
        fault_pc: usize,
        u: Unwind,
    ) -> Result<usize, Unwind> {
        let pc = fault_pc as u32;
        for h in &code.handlers {
            if h.start <= pc && pc < h.end {
                let take = match (&h.kind, u.kind()) {
                    (HandlerKind::Rescue, UnwindKind::Raise(_)) => true,
                    (HandlerKind::Ensure, UnwindKind::Exit(_)) => false,
                    (HandlerKind::Ensure, _) => true,
                    _ => false,
                };
                if !take {
                    continue;
                }
                let saved = self.frame_local(fi, h.sp_slot);
                let base = self.frames[fi].base as usize;
                if saved.is_fixnum() {
                    self.stack.truncate(base + saved.as_fixnum() as usize);
                }
                match (h.kind, u.raised()) {
                    (HandlerKind::Rescue, Some(exc)) => {
                        self.stack.push(exc);
                        self.gvar_id_set(crate::sym!("$!"), exc);
                    }
                    (_, raised) => {
                        // an ensure clause run by a propagating exception sees it as `$!`
                        if let Some(exc) = raised {
                            self.gvar_id_set(crate::sym!("$!"), exc);
                        }
                        self.stack.push(Value::NIL);
                        self.ensure_stack.push(Some(u));
                    }
                }
                return Ok(h.target as usize);
            }
        }
        let f = &self.frames[fi];
        match *u.kind() {
            // every code object ends with `Leave`: continue there with the value on the stack
            UnwindKind::Return(id, v) if id == f.id => {
                self.stack.push(v);
                Ok(code.insns.len() - 1)
            }
            UnwindKind::Break(tag, v) if f.kind == FrameKind::Lambda && tag == f.tag => {
                self.stack.push(v);
                Ok(code.insns.len() - 1)
            }
            _ => Err(u),
        }
    }

    /// Routes an unwind raised at `fault_pc` of frame `fi`: to a handler of that frame, else,
    /// leaving frames the dispatch loop entered inline (above `entry`), to a handler of a caller.
    /// Returns the frame and pc to continue at, or the unwind for `entry`'s Rust caller.
    /// Cold: the dispatch loop keeps its registers for the paths that do not unwind.
    #[cold]
    #[inline(never)]
    pub(super) fn route_unwind(
        &mut self,
        entry: usize,
        mut fi: usize,
        code: &Code,
        fault_pc: usize,
        u: Unwind,
    ) -> Result<(usize, usize), Unwind> {
        let mut u = match self.handle(code, fi, fault_pc, u) {
            Ok(pc) => return Ok((fi, pc)),
            Err(u) => u,
        };
        while fi > entry {
            // `break` from the literal block of the call that entered this frame ends that
            // call with its value
            if let UnwindKind::Break(t, v) = *u.kind()
                && t != 0
                && self.frames[fi].call_tag == t
            {
                let out = self.leave_inline(v);
                fi -= 1;
                if let Some(v) = out {
                    self.stack.push(v);
                }
                return Ok((fi, self.frames[fi].pc as usize + 1));
            }
            self.leave_inline(Value::NIL);
            fi -= 1;
            let code = self.frames[fi].code.clone().expect("code frame");
            let fault_pc = self.frames[fi].pc as usize;
            self.cur_pc = fault_pc;
            u = match self.handle(&code, fi, fault_pc, u) {
                Ok(pc) => return Ok((fi, pc)),
                Err(u) => u,
            };
        }
        Err(u)
    }

    /// Runs the top frame from its saved pc until it returns. Simple Ruby-to-Ruby calls run in
    /// this same loop (`enter_inline`): `fi` is then the running frame, above `entry`.
    pub(crate) fn execute(&mut self) -> VmResult {
        self.execute_driven(None)
    }

    /// `execute`, with a native's loop over the top frame's block (`Vm::yield_each`): when that
    /// frame leaves, `drive` answers whether it runs again (restarted in place, see
    /// `Vm::restart_block_frame`) or the loop ends.
    ///
    /// A Rust panic in anything the loop runs (an interpreter bug) is caught here, not at every
    /// native call (that cost a fifth of a native call): it becomes a `fatal` "[BUG]" exception
    /// raised where the loop's frame made the call (`Vm::recover_in_loop`), and the loop goes on
    /// to that frame's handlers.
    pub(crate) fn execute_driven(
        &mut self,
        mut drive: Option<&mut super::yield_each::Drive>,
    ) -> VmResult {
        // a fiber's native stack is smaller than the thread's, which MAX_DEPTH frames fit
        if self.stack_floor != 0 {
            self.check_native_stack()?;
        }
        let entry = self.frames.len() - 1;
        let depths = self.depths();
        let mut resume = None;
        loop {
            let run =
                std::panic::AssertUnwindSafe(|| self.dispatch(entry, resume, drive.as_deref_mut()));
            match std::panic::catch_unwind(run) {
                Ok(r) => return r,
                Err(_) => match self.recover_in_loop(entry, depths) {
                    Ok(to) => resume = Some(to),
                    Err(u) => return Err(u),
                },
            }
        }
    }

    /// The dispatch loop of `execute_driven` for the frames from `entry`: from the top frame's
    /// saved pc, or from frame and pc `resume` (where a caught panic's exception is handled).
    fn dispatch(
        &mut self,
        entry: usize,
        resume: Option<(usize, usize)>,
        mut drive: Option<&mut super::yield_each::Drive>,
    ) -> VmResult {
        let (mut fi, mut pc) = match resume {
            Some(at) => at,
            None => (entry, self.frames[entry].pc as usize),
        };
        let mut code: Rc<Code> = self.frames[fi].code.clone().expect("code frame");
        let mut base = self.frames[fi].base as usize;
        let mut env = self.frames[fi].outer;
        let mut self_ = self.frames[fi].self_;
        self.stack.reserve(code.max_stack as usize);

        // Switches the loop's registers to frame `fi`.
        macro_rules! reload {
            () => {{
                let f = &self.frames[fi];
                code = f.code.clone().expect("code frame");
                base = f.base as usize;
                env = f.outer;
                self_ = f.self_;
            }};
        }
        // Switches the loop's registers to frame `fi`, just entered: with the room its
        // instructions push into (`push_fast`). Frames below keep the room they had.
        macro_rules! enter {
            () => {{
                reload!();
                self.stack.reserve(code.max_stack as usize);
            }};
        }
        macro_rules! tri {
            ($e:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(u) => match self.route_unwind(entry, fi, &code, pc - 1, u) {
                        Ok((to_fi, new_pc)) => {
                            if to_fi != fi {
                                fi = to_fi;
                                reload!();
                            }
                            pc = new_pc;
                            continue;
                        }
                        Err(u) => return Err(u),
                    },
                }
            };
        }
        // Runs `$body` with the method, receiver and argument count of call site `$site` when
        // its cache holds for the receiver below the arguments (same class, same method state)
        // and one more frame fits: the site's `native` or `iseq` word may then be used at once.
        macro_rules! site_hit {
            ($site:expr, |$m:ident, $recv:ident, $argc:ident| $body:block) => {{
                let $argc = $site.argc as usize;
                let $recv = self.stack.at(self.stack.len() - $argc - 1);
                let c = $site.cache.get();
                if c.klass == self.class_of($recv).bits()
                    && c.serial == self.serial
                    && self.frames.len() < super::MAX_DEPTH
                {
                    let $m = c.method;
                    $body
                }
            }};
        }
        macro_rules! pop {
            () => {
                self.stack.pop_fast()
            };
        }
        macro_rules! top {
            () => {
                self.stack.top()
            };
        }
        // Hands the result `v` of a fast operator to the instruction at `next`: a conditional
        // jump or a local store consumes it directly (skipping a push, a dispatch and a pop),
        // anything else finds it pushed. The bytecode is unchanged.
        macro_rules! feed {
            ($v:expr, $next:expr) => {{
                let v: Value = $v;
                let next: usize = $next;
                match code.insns[next] {
                    Insn::JumpUnless(t) => {
                        pc = if v.truthy() { next + 1 } else { t as usize };
                    }
                    Insn::JumpIf(t) => {
                        if v.truthy() {
                            if (t as usize) < next && self.safepoint_due() {
                                self.cur_pc = pc - 1;
                                tri!(self.safepoint());
                            }
                            pc = t as usize;
                        } else {
                            pc = next + 1;
                        }
                    }
                    Insn::SetLocalPop(i) => {
                        self.stack.set_at(base + i as usize, v);
                        pc = next + 1;
                    }
                    _ => {
                        self.stack.push_fast(v);
                        pc = next;
                    }
                }
            }};
        }
        macro_rules! binop {
            ($cs:expr, $fast:expr) => {{
                let n = self.stack.len();
                let (a, b) = (self.stack.at(n - 2), self.stack.at(n - 1));
                let fast: Option<Value> = if self.ops_redefined {
                    None
                } else {
                    $fast(self, a, b)
                };
                match fast {
                    Some(v) => {
                        self.stack.drop_fast(2);
                        feed!(v, pc);
                    }
                    None => {
                        self.cur_pc = pc - 1;
                        let v = tri!(self.op_send(&code, $cs));
                        self.stack.push_fast(v);
                    }
                }
            }};
        }
        // A superinstruction over `get_local a; <b>; opt_<op>` (see `Insn::OptPlusLocalInt`):
        // `$b` is the second operand, `$int` computes from two fixnums' i64 values.
        macro_rules! fused {
            ($a:expr, $b:expr, $int:expr) => {{
                let a: Value = self.stack.at(base + $a as usize);
                let b: Value = $b;
                if a.is_fixnum() && b.is_fixnum() && !self.ops_redefined {
                    let v: Value = $int(self, a.as_fixnum(), b.as_fixnum());
                    feed!(v, pc + 2);
                } else {
                    self.stack.push_fast(a);
                }
            }};
        }

        // `fused!` for `get_local a; get_local b; opt_mult`: a product of two fixnums that
        // overflows, and every other pair of operands but two Floats, take the slow path.
        macro_rules! fused_mult {
            ($a:expr, $b:expr) => {{
                let a: Value = self.stack.at(base + $a as usize);
                let b: Value = self.stack.at(base + $b as usize);
                let v = if self.ops_redefined {
                    None
                } else if a.is_fixnum() && b.is_fixnum() {
                    a.as_fixnum()
                        .checked_mul(b.as_fixnum())
                        .map(|r| self.int(r))
                } else if a.is_flonum() && b.is_flonum() {
                    Some(self.float(a.as_flonum() * b.as_flonum()))
                } else {
                    None
                };
                match v {
                    Some(v) => feed!(v, pc + 2),
                    None => self.stack.push_fast(a),
                }
            }};
        }

        loop {
            let insn = code.insns[pc];
            pc += 1;
            match insn {
                Insn::PushNil => self.stack.push_fast(Value::NIL),
                Insn::PushTrue => self.stack.push_fast(Value::TRUE),
                Insn::PushFalse => self.stack.push_fast(Value::FALSE),
                Insn::PushSelf => self.stack.push_fast(self_),
                Insn::PushInt(n) => self.stack.push_fast(Value::fixnum(n as i64)),
                Insn::PushConst(i) => self.stack.push_fast(code.consts[i as usize]),
                Insn::Pop => {
                    pop!();
                }
                Insn::Dup => {
                    let v = top!();
                    self.stack.push_fast(v);
                }
                Insn::Dup2 => self.stack.dup2_fast(),
                Insn::Swap => {
                    let n = self.stack.len();
                    self.stack.swap(n - 1, n - 2);
                }
                Insn::TopN(k) => {
                    let v = self.stack.at(self.stack.len() - 1 - k as usize);
                    self.stack.push_fast(v);
                }
                Insn::SetN(k) => {
                    let n = self.stack.len();
                    self.stack.set_at(n - 1 - k as usize, self.stack.at(n - 1));
                }
                // `a[i] op= v` duplicates the receiver and one index
                Insn::DupN(2) => self.stack.dup2_fast(),
                Insn::DupN(k) => {
                    let n = self.stack.len();
                    self.stack.extend_from_within(n - k as usize..);
                }
                Insn::PopN(k) => {
                    let n = self.stack.len();
                    self.stack.truncate(n - k as usize);
                }
                Insn::GetLocal(i) => self.stack.push_fast(self.stack.at(base + i as usize)),
                Insn::GetLocal2(a, b) => {
                    self.stack.push_fast(self.stack.at(base + a as usize));
                    self.stack.push_fast(self.stack.at(base + b as usize));
                    pc += 1;
                }
                Insn::OptMultLocals(a, b) => fused_mult!(a, b),
                Insn::GetLocalIvar(a, i) => {
                    self.stack.push_fast(self.stack.at(base + a as usize));
                    let v = self.ivar_get_cached(self_, &code.ivar_sites[i as usize]);
                    self.stack.push_fast(v);
                    pc += 1;
                }
                Insn::GetIvarLocal(a, i) => {
                    let v = self.ivar_get_cached(self_, &code.ivar_sites[i as usize]);
                    self.stack.push_fast(v);
                    self.stack.push_fast(self.stack.at(base + a as usize));
                    pc += 1;
                }
                Insn::SetLocal(i) => self.stack.set_at(base + i as usize, top!()),
                Insn::SetLocalPop(i) => {
                    let v = pop!();
                    self.stack.set_at(base + i as usize, v);
                }
                Insn::GetEnv(x) => {
                    let e = Self::env_at(env, x >> 16);
                    let v = self.env_get(e, (x & 0xffff) as usize);
                    self.stack.push_fast(v);
                }
                Insn::GetEnv2(a, x) => {
                    let a = a as u32;
                    let e = Self::env_at(env, a >> 12);
                    let v = self.env_get(e, (a & 0xfff) as usize);
                    self.stack.push_fast(v);
                    let e = Self::env_at(env, x >> 16);
                    let v = self.env_get(e, (x & 0xffff) as usize);
                    self.stack.push_fast(v);
                    pc += 1;
                }
                Insn::SetEnv(x) => {
                    let e = Self::env_at(env, x >> 16);
                    let v = top!();
                    self.env_set(e, (x & 0xffff) as usize, v);
                }
                Insn::SetEnvPop(x) => {
                    let e = Self::env_at(env, x >> 16);
                    let v = pop!();
                    self.env_set(e, (x & 0xffff) as usize, v);
                }
                Insn::GetIvar(i) => {
                    let v = self.ivar_get_cached(self_, &code.ivar_sites[i as usize]);
                    self.stack.push_fast(v);
                }
                Insn::OptPlus(cs) => binop!(cs, |vm: &mut Vm, a: Value, b: Value| {
                    if a.is_fixnum() && b.is_fixnum() {
                        Some(vm.int(a.as_fixnum() + b.as_fixnum()))
                    } else if a.is_flonum() && b.is_flonum() {
                        Some(vm.float(a.as_flonum() + b.as_flonum()))
                    } else {
                        opt::mixed_floats(a, b).map(|(x, y)| vm.float(x + y))
                    }
                }),
                Insn::OptMinus(cs) => binop!(cs, |vm: &mut Vm, a: Value, b: Value| {
                    if a.is_fixnum() && b.is_fixnum() {
                        Some(vm.int(a.as_fixnum() - b.as_fixnum()))
                    } else if a.is_flonum() && b.is_flonum() {
                        Some(vm.float(a.as_flonum() - b.as_flonum()))
                    } else {
                        opt::mixed_floats(a, b).map(|(x, y)| vm.float(x - y))
                    }
                }),
                Insn::OptMult(cs) => binop!(cs, |vm: &mut Vm, a: Value, b: Value| {
                    if a.is_fixnum() && b.is_fixnum() {
                        a.as_fixnum().checked_mul(b.as_fixnum()).map(|r| vm.int(r))
                    } else if a.is_flonum() && b.is_flonum() {
                        Some(vm.float(a.as_flonum() * b.as_flonum()))
                    } else {
                        opt::mixed_floats(a, b).map(|(x, y)| vm.float(x * y))
                    }
                }),
                Insn::OptLt(cs) => binop!(cs, |_: &mut Vm, a: Value, b: Value| fast_cmp(a, b)
                    .map(|o| Value::bool(o.is_lt()))),
                Insn::OptLe(cs) => binop!(cs, |_: &mut Vm, a: Value, b: Value| fast_cmp(a, b)
                    .map(|o| Value::bool(o.is_le()))),
                Insn::OptGt(cs) => binop!(cs, |_: &mut Vm, a: Value, b: Value| fast_cmp(a, b)
                    .map(|o| Value::bool(o.is_gt()))),
                Insn::OptGe(cs) => binop!(cs, |_: &mut Vm, a: Value, b: Value| fast_cmp(a, b)
                    .map(|o| Value::bool(o.is_ge()))),
                Insn::OptEq(cs) => binop!(cs, |_: &mut Vm, a: Value, b: Value| opt::eq(a, b)
                    .map(Value::bool)),
                Insn::OptNeq(cs) => binop!(cs, opt::neq),
                Insn::OptDiv(cs) => binop!(cs, opt::div),
                Insn::OptMod(cs) => binop!(cs, opt::modulo),
                Insn::OptAnd(cs) => binop!(cs, opt::and),
                Insn::OptOr(cs) => binop!(cs, opt::or),
                Insn::OptXor(cs) => binop!(cs, opt::xor),
                Insn::OptLtLt(cs) => binop!(cs, opt::shl),
                Insn::OptGtGt(cs) => binop!(cs, opt::shr),
                // Integer, Float, Symbol, nil, true and false: `===` is their `==`
                Insn::OptEqq(cs) => binop!(cs, |_: &mut Vm, a: Value, b: Value| opt::eq(a, b)
                    .map(Value::bool)),
                Insn::OptAref(_)
                    if !self.ops_redefined && {
                        let h = self.stack.at(self.stack.len() - 2);
                        type_of(h) == T_HASH && self.class_of(h) == self.c.hash
                    } =>
                {
                    self.cur_pc = pc - 1;
                    let n = self.stack.len();
                    let v = tri!(self.hash_aref(self.stack.at(n - 2), self.stack.at(n - 1)));
                    self.stack.truncate(n - 2);
                    feed!(v, pc);
                }
                Insn::OptAref(cs) => binop!(cs, |vm: &mut Vm, a: Value, b: Value| {
                    if type_of(a) == T_ARRAY && b.is_fixnum() && vm.class_of(a) == vm.c.array {
                        let i = b.as_fixnum();
                        if i >= 0 {
                            return Some(
                                crate::object::slotvec::element::<T_ARRAY>(a, i as usize)
                                    .unwrap_or(Value::NIL),
                            );
                        }
                        let v = &rarray(a).vec;
                        let i = if i < 0 { i + v.len() as i64 } else { i };
                        Some(if i >= 0 && (i as usize) < v.len() {
                            v[i as usize]
                        } else {
                            Value::NIL
                        })
                    } else {
                        None
                    }
                }),
                // `!` is BasicObject's for every object until a program defines one
                Insn::OptNot(cs) => {
                    let v = top!();
                    if self.predicate_intact(PRED_NOT) {
                        pop!();
                        feed!(Value::bool(!v.truthy()), pc);
                    } else {
                        self.cur_pc = pc - 1;
                        let r = tri!(self.op_send(&code, cs));
                        self.stack.push_fast(r);
                    }
                }
                Insn::OptSize(cs) | Insn::OptEmptyP(cs) => {
                    let n = self.stack.len();
                    match opt::len_query(
                        self,
                        self.stack.at(n - 1),
                        matches!(insn, Insn::OptSize(_)),
                    ) {
                        Some(r) => self.stack.set_at(n - 1, r),
                        None => {
                            self.cur_pc = pc - 1;
                            let r = tri!(self.op_send(&code, cs));
                            self.stack.push_fast(r);
                        }
                    }
                }
                Insn::OptSucc(cs) => {
                    let n = self.stack.len();
                    let v = self.stack.at(n - 1);
                    if v.is_fixnum() && !self.ops_redefined {
                        // (a fixnum's successor fits an i64; `int` makes a Bignum past the
                        // fixnum range)
                        let r = self.int(v.as_fixnum() + 1);
                        self.stack.set_at(n - 1, r);
                    } else {
                        self.cur_pc = pc - 1;
                        let r = tri!(self.op_send(&code, cs));
                        self.stack.push_fast(r);
                    }
                }
                // `nil?` is Kernel's (NilClass's for nil) for everything but instances of
                // BasicObject subclasses, which are T_OBJECT and take the send
                Insn::OptNilP(cs) => {
                    let v = top!();
                    if self.predicate_intact(PRED_NIL_P) && type_of(v) != T_OBJECT {
                        pop!();
                        feed!(Value::bool(v.is_nil()), pc);
                    } else {
                        self.cur_pc = pc - 1;
                        let r = tri!(self.op_send(&code, cs));
                        self.stack.push_fast(r);
                    }
                }
                Insn::OptPlusLocalInt(a, k) => {
                    fused!(a, Value::fixnum(k as i64), |vm: &mut Vm, x: i64, y: i64| vm
                        .int(x + y))
                }
                Insn::OptPlusLocals(a, b) => {
                    fused!(
                        a,
                        self.stack.at(base + b as usize),
                        |vm: &mut Vm, x: i64, y: i64| vm.int(x + y)
                    )
                }
                Insn::OptMinusLocalInt(a, k) => {
                    fused!(a, Value::fixnum(k as i64), |vm: &mut Vm, x: i64, y: i64| vm
                        .int(x - y))
                }
                Insn::OptMinusLocals(a, b) => {
                    fused!(
                        a,
                        self.stack.at(base + b as usize),
                        |vm: &mut Vm, x: i64, y: i64| vm.int(x - y)
                    )
                }
                Insn::OptLtLocalInt(a, k) => {
                    fused!(a, Value::fixnum(k as i64), |_: &mut Vm, x: i64, y: i64| {
                        Value::bool(x < y)
                    })
                }
                Insn::OptLtLocals(a, b) => {
                    fused!(
                        a,
                        self.stack.at(base + b as usize),
                        |_: &mut Vm, x: i64, y: i64| { Value::bool(x < y) }
                    )
                }
                Insn::OptLeLocalInt(a, k) => {
                    fused!(a, Value::fixnum(k as i64), |_: &mut Vm, x: i64, y: i64| {
                        Value::bool(x <= y)
                    })
                }
                Insn::OptLeLocals(a, b) => {
                    fused!(
                        a,
                        self.stack.at(base + b as usize),
                        |_: &mut Vm, x: i64, y: i64| { Value::bool(x <= y) }
                    )
                }
                Insn::OptGtLocalInt(a, k) => {
                    fused!(a, Value::fixnum(k as i64), |_: &mut Vm, x: i64, y: i64| {
                        Value::bool(x > y)
                    })
                }
                Insn::OptGtLocals(a, b) => {
                    fused!(
                        a,
                        self.stack.at(base + b as usize),
                        |_: &mut Vm, x: i64, y: i64| { Value::bool(x > y) }
                    )
                }
                Insn::OptGeLocalInt(a, k) => {
                    fused!(a, Value::fixnum(k as i64), |_: &mut Vm, x: i64, y: i64| {
                        Value::bool(x >= y)
                    })
                }
                Insn::OptGeLocals(a, b) => {
                    fused!(
                        a,
                        self.stack.at(base + b as usize),
                        |_: &mut Vm, x: i64, y: i64| { Value::bool(x >= y) }
                    )
                }
                Insn::OptEqLocalInt(a, k) => {
                    fused!(a, Value::fixnum(k as i64), |_: &mut Vm, x: i64, y: i64| {
                        Value::bool(x == y)
                    })
                }
                Insn::OptEqLocals(a, b) => {
                    fused!(
                        a,
                        self.stack.at(base + b as usize),
                        |_: &mut Vm, x: i64, y: i64| { Value::bool(x == y) }
                    )
                }
                Insn::Jump(t) => {
                    if (t as usize) < pc && self.safepoint_due() {
                        self.cur_pc = pc - 1;
                        tri!(self.safepoint());
                    }
                    pc = t as usize;
                }
                Insn::JumpIf(t) => {
                    if pop!().truthy() {
                        if (t as usize) < pc && self.safepoint_due() {
                            self.cur_pc = pc - 1;
                            tri!(self.safepoint());
                        }
                        pc = t as usize;
                    }
                }
                Insn::JumpUnless(t) => {
                    if !pop!().truthy() {
                        pc = t as usize;
                    }
                }
                Insn::JumpIfNil(t) => {
                    if top!().is_nil() {
                        pc = t as usize;
                    }
                }
                Insn::SaveSp(slot) => {
                    let h = Value::fixnum((self.stack.len() - base) as i64);
                    self.stack.set_at(base + slot as usize, h);
                }
                Insn::IsUndef(slot) => {
                    let v = self.stack.at(base + slot as usize);
                    self.stack.push_fast(Value::bool(v.is_undef()));
                }
                // the arms below may call out (to natives, Ruby code, the collector) or raise:
                // each first leaves its pc where backtraces read the running frame's (see
                // `Vm::cur_pc`); the arms above do so only on their slow paths
                Insn::PushStr(i) => {
                    self.cur_pc = pc - 1;
                    let lit = &code.strings[i as usize];
                    let s = self.str_new(&lit.bytes);
                    string::set_literal_flags(s, lit.flags);
                    self.stack.push_fast(s);
                }
                Insn::Interp(e, n) => {
                    self.cur_pc = pc - 1;
                    let e = Encoding::from_index(e as u64);
                    let v = tri!(self.interpolate(n as usize, e));
                    self.stack.push_fast(v);
                }
                Insn::NewRegexp(a) => {
                    self.cur_pc = pc - 1;
                    let src = self.stack.pop_fast();
                    let re = tri!(crate::core::regexp::literal_at_run_time(
                        self, &code, src, a
                    ));
                    self.stack.push_fast(re);
                }
                Insn::GetNamedCapture(name) => {
                    self.cur_pc = pc - 1;
                    let v = crate::core::regexp::backref::named(self, name);
                    self.stack.push_fast(v);
                }
                Insn::InternSym(n) => {
                    self.cur_pc = pc - 1;
                    let s = tri!(self.interpolate(n as usize, Encoding::Utf8));
                    let name = String::from_utf8_lossy(string::bytes(&self.heap, s)).into_owned();
                    self.stack.push_fast(Value::symbol(intern(&name)));
                }
                Insn::NewArray(n) => {
                    self.cur_pc = pc - 1;
                    let at = self.stack.len() - n as usize;
                    let k = self.c.array;
                    let a = self.heap.alloc_array(k, &self.stack[at..], 0);
                    self.stack.truncate(at);
                    self.stack.push_fast(a);
                }
                Insn::NewHash(n) => {
                    self.cur_pc = pc - 1;
                    let h = self.hash_new();
                    let at = self.stack.len() - 2 * n as usize;
                    self.stack.push_fast(h);
                    for i in 0..n as usize {
                        let (k, v) = (self.stack.at(at + 2 * i), self.stack.at(at + 2 * i + 1));
                        tri!(self.hash_aset(h, k, v));
                    }
                    self.stack.truncate(at);
                    self.stack.push_fast(h);
                }
                Insn::MergeHash => {
                    self.cur_pc = pc - 1;
                    let other = top!();
                    let h = self.stack.at(self.stack.len() - 2);
                    tri!(self.hash_merge_into(h, other));
                    pop!();
                }
                Insn::NewRange(excl) => {
                    self.cur_pc = pc - 1;
                    let hi = pop!();
                    let lo = pop!();
                    let r = tri!(self.make_range(lo, hi, excl != 0));
                    self.stack.push_fast(r);
                }
                Insn::ConcatSplat => {
                    self.cur_pc = pc - 1;
                    let x = top!();
                    let items = tri!(self.splat_to_vec(x));
                    pop!();
                    let a = top!();
                    rarray(a).vec.extend(items);
                }
                Insn::ArrayPush => {
                    self.cur_pc = pc - 1;
                    let x = pop!();
                    rarray(top!()).vec.push(x);
                }
                Insn::SplatArray => {
                    self.cur_pc = pc - 1;
                    let x = top!();
                    let items = tri!(self.splat_to_vec(x));
                    let a = self.ary_new(items);
                    pop!();
                    self.stack.push_fast(a);
                }
                Insn::ExpandArray(spec) => {
                    self.cur_pc = pc - 1;
                    let v = top!();
                    let items = tri!(self.to_ary_for_masgn(v));
                    pop!();
                    self.expand_array(&items, spec);
                }
                Insn::SetIvar(i) => {
                    self.cur_pc = pc - 1;
                    let v = top!();
                    tri!(self.ivar_set_cached(self_, &code.ivar_sites[i as usize], v));
                }
                Insn::SetIvarLocal(a, i) => {
                    let v = self.stack.at(base + a as usize);
                    if self.ivar_set_hit(self_, &code.ivar_sites[i as usize].cache, v) {
                        pc += 1;
                    } else {
                        // the set_ivar_pop after this one does the rest
                        self.stack.push_fast(v);
                    }
                }
                Insn::SetIvarPop(i) => {
                    self.cur_pc = pc - 1;
                    // the value stays on the stack (rooted) while the setter may raise
                    let v = top!();
                    tri!(self.ivar_set_cached(self_, &code.ivar_sites[i as usize], v));
                    pop!();
                }
                Insn::GetGlobal(id) => {
                    self.cur_pc = pc - 1;
                    let v = self.global_get(id);
                    self.stack.push_fast(v);
                }
                Insn::SetGlobal(id) => {
                    self.cur_pc = pc - 1;
                    let v = top!();
                    tri!(self.global_set(id, v));
                }
                Insn::GetCvar(id) => {
                    self.cur_pc = pc - 1;
                    let v = tri!(self.cvar_get(fi, id));
                    self.stack.push_fast(v);
                }
                Insn::SetCvar(id) => {
                    self.cur_pc = pc - 1;
                    let v = top!();
                    tri!(self.cvar_set(fi, id, v));
                }
                Insn::GetConst(i) => {
                    self.cur_pc = pc - 1;
                    let v = tri!(self.const_lookup_cached(fi, &code.const_sites[i as usize]));
                    self.stack.push_fast(v);
                }
                Insn::GetConstFrom(i) => {
                    self.cur_pc = pc - 1;
                    let scope = top!();
                    let v = tri!(self.const_get_from_cached(scope, &code.const_sites[i as usize]));
                    pop!();
                    self.stack.push_fast(v);
                }
                Insn::GetConstTop(id) => {
                    self.cur_pc = pc - 1;
                    let o = self.c.object;
                    let v = tri!(self.const_get_from(o, id));
                    self.stack.push_fast(v);
                }
                Insn::SetConst(id) => {
                    self.cur_pc = pc - 1;
                    let v = top!();
                    let k = self.frames[fi].cref.klass;
                    let line = code.lines[pc - 1];
                    self.const_assign(k, id, v, &code.file, line);
                    tri!(self.notify_added(k, "const_added", id));
                }
                Insn::SetConstFrom(id) => {
                    self.cur_pc = pc - 1;
                    let v = pop!();
                    let scope = pop!();
                    let line = code.lines[pc - 1];
                    tri!(self.check_namespace(scope));
                    self.const_assign(scope, id, v, &code.file, line);
                    self.stack.push_fast(v);
                    tri!(self.notify_added(scope, "const_added", id));
                }
                Insn::Send(cs)
                | Insn::SendSelf(cs)
                | Insn::SendLocal(_, cs)
                | Insn::SendConst(_, cs) => {
                    // a fused push: the send it stands before runs here, as its own pc
                    match insn {
                        Insn::SendSelf(_) => {
                            self.stack.push_fast(self_);
                            pc += 1;
                        }
                        Insn::SendLocal(a, _) => {
                            self.stack.push_fast(self.stack.at(base + a as usize));
                            pc += 1;
                        }
                        Insn::SendConst(k, _) => {
                            self.cur_pc = pc - 1;
                            let site = &code.const_sites[k as usize];
                            let v = tri!(self.const_lookup_cached(fi, site));
                            self.stack.push_fast(v);
                            pc += 1;
                        }
                        _ => {}
                    }
                    self.cur_pc = pc - 1;
                    let site = &code.call_sites[cs as usize];
                    // an attribute reader or writer this site called before: the variable
                    // read or set here, with no call
                    let attr = site.fast.get();
                    if attr != NO_ATTR {
                        if attr & ATTR_WRITER == 0 {
                            let recv = top!();
                            let c = site.cache.get();
                            if c.klass == self.class_of(recv).bits() && c.serial == self.serial {
                                let v = self.ivar_get_with(recv, attr, &site.attr);
                                let v = if v.is_undef() { Value::NIL } else { v };
                                let n = self.stack.len();
                                if site.discard {
                                    self.stack.truncate(n - 1);
                                } else {
                                    self.stack.set_at(n - 1, v);
                                }
                                continue;
                            }
                        } else if tri!(self.attr_write(site, attr)) {
                            continue;
                        }
                    }
                    if self.safepoint_due() {
                        tri!(self.safepoint());
                    }
                    let discard = site.discard;
                    // a native this site called before: called at once
                    if let Some(f) = site.native.get() {
                        site_hit!(site, |m, _recv, argc| {
                            let v = tri!(self.call_site_native(f, m, argc));
                            if !discard {
                                self.stack.push_fast(v);
                            }
                            continue;
                        });
                    }
                    // a Ruby method this site entered before: entered at once
                    if let Some(q) = site.iseq.get() {
                        site_hit!(site, |m, recv, _argc| {
                            let tag = if site.block.is_some() {
                                self.next_id()
                            } else {
                                0
                            };
                            pc = self.enter_cached(fi, site, q, m, recv, tag);
                            fi += 1;
                            enter!();
                            continue;
                        });
                    }
                    let (lit, tag) = match site.block {
                        Some(bi) => (Some(bi), self.next_id()),
                        None => (None, 0),
                    };
                    let spread = self.spread_splat(site);
                    let v = match self.enter_inline(fi, &code, cs, lit, tag, spread) {
                        Some(Entered::Frame(start)) => {
                            fi += 1;
                            enter!();
                            pc = start;
                            continue;
                        }
                        Some(Entered::Returned(r)) => match r {
                            Err(unw)
                                if let UnwindKind::Break(t, v) = *unw.kind()
                                    && tag != 0
                                    && t == tag =>
                            {
                                Ok(v)
                            }
                            r => r,
                        },
                        None => match lit {
                            Some(bi) => {
                                let b = self.make_block(fi, &code.children[bi as usize], tag);
                                match self.send_site_spread(&code, cs, Some(b), spread) {
                                    Err(unw)
                                        if let UnwindKind::Break(t, v) = *unw.kind()
                                            && t == tag =>
                                    {
                                        Ok(v)
                                    }
                                    r => r,
                                }
                            }
                            None => self.send_site_spread(&code, cs, None, spread),
                        },
                    };
                    let v = tri!(v);
                    if !discard {
                        self.stack.push_fast(v);
                    }
                }
                Insn::Super(cs) => {
                    self.cur_pc = pc - 1;
                    if let Some(start) = self.enter_super_inline(fi, &code, cs) {
                        fi += 1;
                        enter!();
                        pc = start;
                        continue;
                    }
                    let site = &code.call_sites[cs as usize];
                    let v = match site.block {
                        Some(bi) => {
                            let tag = self.next_id();
                            let blk = self.make_block(fi, &code.children[bi as usize], tag);
                            match self.super_site(fi, &code, cs, Some(blk)) {
                                Err(unw)
                                    if let UnwindKind::Break(t, v) = *unw.kind()
                                        && t == tag =>
                                {
                                    Ok(v)
                                }
                                r => r,
                            }
                        }
                        None => self.super_site(fi, &code, cs, None),
                    };
                    let v = tri!(v);
                    self.stack.push_fast(v);
                }
                Insn::Yield(cs) => {
                    self.cur_pc = pc - 1;
                    if let Some(start) = self.enter_yield_inline(fi, &code, cs) {
                        fi += 1;
                        enter!();
                        pc = start;
                        continue;
                    }
                    let v = tri!(self.yield_site(fi, &code, cs));
                    self.stack.push_fast(v);
                }
                Insn::OptAset(cs) => {
                    self.cur_pc = pc - 1;
                    let n = self.stack.len();
                    let (recv, i, v) = (
                        self.stack.at(n - 3),
                        self.stack.at(n - 2),
                        self.stack.at(n - 1),
                    );
                    // `a[i] = v` as a statement pushes nothing (`CallSite::discard`)
                    let keep = !code.call_sites[cs as usize].discard;
                    if !self.ops_redefined && opt::array_aset(self, recv, i, v) {
                        self.stack.truncate(n - 3);
                        if keep {
                            self.stack.push_fast(v);
                        }
                    } else if !self.ops_redefined && opt::plain_hash(self, recv) {
                        tri!(self.hash_aset(recv, i, v));
                        self.stack.truncate(n - 3);
                        if keep {
                            self.stack.push_fast(v);
                        }
                    } else {
                        let r = tri!(self.send_site(&code, cs, None));
                        if keep {
                            self.stack.push_fast(r);
                        }
                    }
                }
                Insn::Leave => {
                    self.cur_pc = pc - 1;
                    if fi == entry {
                        if let Some(d) = drive.as_deref_mut() {
                            // the block's value stays on the stack (rooted) while the native's
                            // step runs; an error there is the native's, not the block's
                            match self.restart_block_frame(fi, d)? {
                                Some(start) => {
                                    pc = start;
                                    continue;
                                }
                                None => return Ok(pop!()),
                            }
                        }
                        return Ok(pop!());
                    }
                    let v = pop!();
                    let out = self.leave_inline(v);
                    fi -= 1;
                    reload!();
                    pc = self.frames[fi].pc as usize + 1;
                    if let Some(v) = out {
                        self.stack.push_fast(v);
                    }
                }
                Insn::Return => {
                    self.cur_pc = pc - 1;
                    let v = pop!();
                    let home = self.frames[fi].home;
                    tri!(Err(Unwind::Return(home, v)));
                }
                Insn::Break => {
                    self.cur_pc = pc - 1;
                    let v = pop!();
                    let tag = self.frames[fi].tag;
                    tri!(Err(Unwind::Break(tag, v)));
                }
                Insn::Raise => {
                    self.cur_pc = pc - 1;
                    let v = pop!();
                    tri!(Err(Unwind::Raise(v)));
                }
                Insn::EnsureNormal => {
                    self.cur_pc = pc - 1;
                    self.ensure_stack.push(None)
                }
                Insn::EnsureEnd => {
                    self.cur_pc = pc - 1;
                    if let Some(Some(u)) = self.ensure_stack.pop() {
                        tri!(Err(u));
                    }
                }
                Insn::GetErrinfo => {
                    self.cur_pc = pc - 1;
                    let v = self.gvar_id_get(crate::sym!("$!"));
                    self.stack.push_fast(v);
                }
                Insn::RescueMatch => {
                    self.cur_pc = pc - 1;
                    let cls = pop!();
                    let exc = pop!();
                    let m = tri!(self.rescue_match(exc, cls));
                    self.stack.push_fast(Value::bool(m));
                }
                Insn::DefMethod(i) => {
                    self.cur_pc = pc - 1;
                    let child = code.children[i as usize].clone();
                    let v = tri!(self.def_method(fi, child));
                    self.stack.push_fast(v);
                }
                Insn::DefSingleton(i) => {
                    self.cur_pc = pc - 1;
                    let obj = pop!();
                    let child = code.children[i as usize].clone();
                    let v = tri!(self.def_singleton(fi, obj, child));
                    self.stack.push_fast(v);
                }
                Insn::DefClass(i) => {
                    self.cur_pc = pc - 1;
                    let sup = pop!();
                    let cbase = pop!();
                    let child = code.children[i as usize].clone();
                    let v = tri!(self.def_class(fi, cbase, Some(sup), child));
                    self.stack.push_fast(v);
                }
                Insn::DefModule(i) => {
                    self.cur_pc = pc - 1;
                    let cbase = pop!();
                    let child = code.children[i as usize].clone();
                    let v = tri!(self.def_class(fi, cbase, None, child));
                    self.stack.push_fast(v);
                }
                Insn::DefSClass(i) => {
                    self.cur_pc = pc - 1;
                    let obj = pop!();
                    let child = code.children[i as usize].clone();
                    let sc = self.singleton_class(obj);
                    let v = tri!(self.run_class_body(fi, sc, child));
                    self.stack.push_fast(v);
                }
                Insn::Lambda(i) => {
                    self.cur_pc = pc - 1;
                    let tag = self.next_id();
                    let blk = self.make_block(fi, &code.children[i as usize], tag);
                    let p = self.proc_new(blk, true);
                    self.stack.push_fast(p);
                }
                Insn::Alias => {
                    self.cur_pc = pc - 1;
                    let old = pop!();
                    let new = pop!();
                    let k = self.frames[fi].cref.klass;
                    tri!(self.alias_method(k, new.as_symbol_id(), old.as_symbol_id()));
                    self.stack.push_fast(Value::NIL);
                }
                Insn::AliasGlobal => {
                    self.cur_pc = pc - 1;
                    let old = pop!().as_symbol_id();
                    let new = pop!().as_symbol_id();
                    let target = self.global_aliases.get(&old).copied().unwrap_or(old);
                    self.global_aliases.insert(new, target);
                    self.stack.push_fast(Value::NIL);
                }
                Insn::Undef(id) => {
                    self.cur_pc = pc - 1;
                    let k = self.frames[fi].cref.klass;
                    tri!(self.undef_method(k, id));
                }
                Insn::UndefDyn => {
                    self.cur_pc = pc - 1;
                    let name = pop!();
                    let k = self.frames[fi].cref.klass;
                    tri!(self.undef_method(k, name.as_symbol_id()));
                }
                Insn::Defined(x) if x & 0xff == 7 => {
                    self.cur_pc = pc - 1;
                    let scope = pop!();
                    let ok = self.const_get_from(scope, x >> 8).is_ok();
                    let v = if ok {
                        self.fstring(b"constant")
                    } else {
                        Value::NIL
                    };
                    self.stack.push_fast(v);
                }
                Insn::Defined(x) => {
                    self.cur_pc = pc - 1;
                    let v = self.defined_check(fi, x & 0xff, x >> 8);
                    self.stack.push_fast(v);
                }
                Insn::DefinedMethod(x) => {
                    self.cur_pc = pc - 1;
                    let recv = pop!();
                    let name = code.consts[(x & 0x7fff_ffff) as usize].as_symbol_id();
                    let ok = self.responds(recv, name, x >> 31 == 1);
                    let v = if ok {
                        self.fstring(b"method")
                    } else {
                        Value::NIL
                    };
                    self.stack.push_fast(v);
                }
                Insn::CurMethod => {
                    self.cur_pc = pc - 1;
                    let m = self.frames[fi].method;
                    let v = if m == NO_METHOD {
                        Value::NIL
                    } else {
                        Value::symbol(self.methods[m as usize].original)
                    };
                    self.stack.push_fast(v);
                }
            }
        }
    }

    /// `defined?` checks that need the frame: returns the description string or nil.
    fn defined_check(&mut self, fi: usize, kind: u32, name: u32) -> Value {
        let ok = match kind {
            1 => self.ivar_defined(self.frames[fi].self_, name),
            2 => self.globals.contains_key(&name),
            3 => self.frames[fi].block.is_some(),
            4 => self.cvar_get(fi, name).is_ok(),
            5 => self.const_lookup(fi, name).is_ok(),
            6 => {
                let f = &self.frames[fi];
                let (m, dc, s) = (f.method, f.defined_class, f.self_);
                m != NO_METHOD && {
                    let k = self.class_of(s);
                    let name = self.methods[m as usize].original;
                    self.find_super_method(k, dc, name).is_some()
                }
            }
            _ => false,
        };
        if !ok {
            return Value::NIL;
        }
        let s: &[u8] = match kind {
            1 => b"instance-variable",
            2 => b"global-variable",
            3 => b"yield",
            4 => b"class variable",
            5 => b"constant",
            _ => b"super",
        };
        self.fstring(s)
    }

    /// Pushes the values of a multiple assignment so that the first target's is on top.
    fn expand_array(&mut self, items: &[Value], spec: u32) {
        let pre = (spec & 0xffff) as usize;
        let post = ((spec >> 16) & 0x7fff) as usize;
        let splat = spec >> 31 == 1;
        let get = |i: usize| items.get(i).copied().unwrap_or(Value::NIL);
        if splat {
            let mid = items.len().saturating_sub(pre + post);
            for j in (0..post).rev() {
                self.stack.push(get(pre + mid + j));
            }
            let rest = if items.len() > pre {
                &items[pre..pre + mid]
            } else {
                &[]
            };
            let a = self.ary_from_slice(rest);
            self.stack.push(a);
        }
        for i in (0..pre).rev() {
            self.stack.push(get(i));
        }
    }

    /// The string of `n` interpolated values on the stack (popped), starting out in encoding
    /// `enc`: a piece in another encoding gives the result its encoding when the piece is not
    /// ASCII-only and the text so far is, and an ASCII-only one when the result is US-ASCII; a
    /// piece that is neither is Encoding::CompatibilityError (CRuby's rb_str_concat_literals).
    fn interpolate(&mut self, n: usize, mut enc: Encoding) -> VmResult {
        let at = self.stack.len() - n;
        // the VM's buffer, taken so that a `to_s` that interpolates itself gets its own
        let mut buf = std::mem::take(&mut self.interp_buf);
        buf.clear();
        // a refined `to_s` applies where its refinement is active (CRuby's objtostring)
        let scope = match self.refinements_used {
            true => self.frames.last().map(|f| f.cref.clone()),
            false => None,
        };
        // a String piece: its text, after its encoding is checked against the result's
        macro_rules! piece {
            ($s:expr) => {{
                let s: Value = $s;
                if !string::is_encoding(s, enc) {
                    enc = self.interpolated_encoding(enc, &buf, s)?;
                }
                buf.extend_from_slice(string::bytes(&self.heap, s));
            }};
        }
        for i in 0..n {
            let v = self.stack[at + i];
            if type_of(v) == crate::object::heap::T_STRING {
                piece!(v);
            } else if scope.is_some() {
                piece!(self.to_s_in(scope.as_ref(), v)?);
            } else if v.is_fixnum() && self.fixnum_to_s_builtin() {
                // Integer#to_s without the call; its String is still made, as CRuby's
                // objtostring makes one, so that allocation counts do not change. Its digits
                // are US-ASCII and ASCII-only, which changes no result's encoding.
                let mut digits = itoa::Buffer::new();
                let digits = digits.format(v.as_fixnum()).as_bytes();
                self.str_new(digits);
                buf.extend_from_slice(digits);
            } else {
                piece!(self.to_s(v)?);
            }
        }
        self.stack.truncate(at);
        let s = self.str_new(&buf);
        if enc != Encoding::Utf8 {
            string::set_encoding(s, enc);
        }
        if buf.is_ascii() {
            string::set_seven_bit(s);
        }
        if buf.capacity() <= 1 << 12 {
            self.interp_buf = buf;
        }
        Ok(s)
    }

    /// The encoding of an interpolation in encoding `enc` so far (`text`) once piece `s` of
    /// another encoding is added: as appending it (`joined_encoding`), except that a US-ASCII
    /// result takes an ASCII-only piece's encoding (rb_str_concat_literals).
    #[cold]
    fn interpolated_encoding(
        &mut self,
        enc: Encoding,
        text: &[u8],
        s: Value,
    ) -> VmResult<Encoding> {
        if enc == Encoding::UsAscii && string::EncFacts::of(s).seven_bit() {
            return Ok(string::encoding(s));
        }
        crate::core::string_encoding::joined_encoding(self, enc, text, s)
    }

    /// Whether `Integer#to_s` is still the builtin method (answered once per method serial).
    fn fixnum_to_s_builtin(&mut self) -> bool {
        if self.fixnum_to_s.0 != self.serial {
            let builtin = self
                .method_if_native(
                    Value::fixnum(0),
                    crate::sym!("to_s"),
                    crate::core::integer_conv::i_to_s,
                )
                .is_some();
            self.fixnum_to_s = (self.serial, builtin);
        }
        self.fixnum_to_s.1
    }

    fn global_get(&mut self, id: u32) -> Value {
        let id = self.global_aliases.get(&id).copied().unwrap_or(id);
        let name = sym_name(id);
        if let Some(v) = crate::core::regexp::backref::special_global(self, name) {
            return v;
        }
        if name == "$@" {
            return crate::core::globals::error_position(self).unwrap_or(Value::NIL);
        }
        self.globals.get(&id).copied().unwrap_or(Value::NIL)
    }

    fn global_set(&mut self, written: u32, v: Value) -> VmResult<()> {
        let id = self
            .global_aliases
            .get(&written)
            .copied()
            .unwrap_or(written);
        let v = crate::core::globals::check_assign(self, written, id, v)?;
        let name = sym_name(id);
        if matches!(name, "$stdout" | "$stderr") && !self.responds(v, intern("write"), false) {
            let cls = self.real_class(v);
            let msg = format!(
                "{name} must have write method, {} given",
                self.class_name(cls)
            );
            return Err(self.raise_str(self.c.type_error, &msg));
        }
        if name == "$~" {
            return crate::core::regexp::backref::assign(self, v);
        }
        self.globals.insert(id, v);
        if !self.global_traces.is_empty() {
            crate::core::globals::run_traces(self, id, v)?;
        }
        Ok(())
    }
}

/// Integer/Float comparison without a method call, when both are immediates of one kind.
#[inline]
fn fast_cmp(a: Value, b: Value) -> Option<std::cmp::Ordering> {
    if a.is_fixnum() && b.is_fixnum() {
        Some(a.as_fixnum().cmp(&b.as_fixnum()))
    } else if a.is_flonum() && b.is_flonum() {
        a.as_flonum().partial_cmp(&b.as_flonum())
    } else {
        opt::mixed_cmp(a, b)
    }
}
