//! Method calls: call sites with inline caches, argument binding, blocks and yield, visibility
//! and method_missing.
//!
//! Calling convention: the caller pushes the receiver and the arguments on the value stack; the
//! callee's frame starts at the first argument (`base`), its locals laid out by `bind_args`
//! (`required | optional | rest | post | keywords | kwrest | block | other locals`). When the call
//! ends the stack is cut back to below the receiver and the result returned. Natives get a copy
//! of their arguments while the originals stay on the stack (so they stay rooted).

use super::code::*;
use super::frame::*;
use super::{MAX_DEPTH, MethodBody, Vm};
use crate::object::class::Visibility;
use crate::object::heap::{T_ARRAY, T_HASH, T_PROC, payload, rarray, type_of};
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use std::rc::Rc;

/// What `push_inline_method` pushes a frame for.
struct InlineMethod {
    /// The method entry, whose body is Ruby code (`MethodBody::Code`): the frame's code and
    /// scope come from it.
    method: u32,
    /// The addresses of that code and scope (compared with a kept frame's, never read).
    ids: (*const Code, *const Cref),
    owner: Value,
    recv: Value,
    base: usize,
    argc: usize,
    start: usize,
    /// The tag of the literal block passed (its `break` ends the call), or 0.
    call_tag: u64,
    /// The call's value is not used (`CallSite::discard`).
    discard: bool,
    /// The frame runs `initialize` for `new` (`Frame::ctor`).
    ctor: bool,
}

/// Whether `argc` arguments bind to `code`'s parameters in place: only required ones, that
/// many, and no auto-splat of a single argument (`Vm::bind_inline`'s first case).
fn simple_call(code: &Code, argc: usize) -> bool {
    let p = &code.params;
    p.simple && argc == p.required as usize && !(p.auto_splat && argc == 1)
}

/// Whether the arguments of `CS_KWLIST` site `site` bind to `code`'s parameters in place: it
/// takes required and keyword parameters only (no `**rest` or `&blk`), and the site passes
/// the required ones and then every keyword in the order declared (`Vm::bind_kwlist`'s first
/// case, which only adds nils for the other locals).
fn keywords_in_place(code: &Code, site: &CallSite) -> bool {
    let p = &code.params;
    let Some(names) = site.kw_names.as_deref() else {
        return false;
    };
    let Some(npos) = (site.argc as usize).checked_sub(names.len()) else {
        return false;
    };
    !p.block && p.binds_kwlist(npos) && p.kwlist_in_order(names)
}

/// What `Vm::enter_inline` did with a call.
pub(crate) enum Entered {
    /// Pushed the callee's frame: the loop goes on at this pc.
    Frame(usize),
    /// Ran a native method to its end: its result (the receiver and arguments are popped).
    Returned(VmResult),
}

/// A Proc object's payload.
pub struct ProcObj {
    pub block: Block,
    pub lambda: bool,
}

impl crate::object::heap::Payload for ProcObj {
    fn trace(&self, out: &mut Vec<Value>) {
        self.block.values(out);
    }
    fn trace_envs(&self, out: &mut Vec<crate::object::heap::EnvRef>) {
        self.block.envs(out);
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// The place in `Vm::spare_blocks` of a block literal's record: by its code's address.
#[inline]
fn spare_slot(code: &Rc<Code>) -> usize {
    (Rc::as_ptr(code) as usize >> 4) & 3
}

impl Vm {
    /// Makes the block for a literal block in frame `fi`, for a use that may keep it (its
    /// environments are marked escaped: `Vm::escape_block`).
    pub(crate) fn make_block(&mut self, fi: usize, code: &Rc<Code>, tag: u64) -> Block {
        let b = self.new_block(fi, code, tag);
        self.escape_block(&b);
        b
    }

    /// Makes the block for a literal block in frame `fi` passed to a native: its environments
    /// escape only if the native keeps the block (`recycle_block` checks when it returns).
    pub(crate) fn new_block(&mut self, fi: usize, code: &Rc<Code>, tag: u64) -> Block {
        let env = self.capture_env(fi);
        let outer_block = self.frame_block(fi);
        let f = &self.frames[fi];
        // the same literal made again by the same frame (a block passed in a loop), its record
        // held by nothing else: only the tag of the call it goes to is new
        let place = spare_slot(code);
        if let Some(b) = self.spare_blocks[place].as_mut()
            && let Some(BlockData::Code {
                code: c,
                self_,
                env: e,
                method,
                defined_class,
                outer_block: ob,
                home,
                cref,
                tag: t,
            }) = Rc::get_mut(b)
            && Rc::ptr_eq(c, code)
            && *e == Some(env)
            && *self_ == f.self_
            && *home == f.home
            && *method == f.method
            && *defined_class == f.defined_class
            && Rc::ptr_eq(cref, &f.cref)
            && match (&*ob, &outer_block) {
                (None, None) => true,
                (Some(x), Some(y)) => Rc::ptr_eq(x, y),
                _ => false,
            }
        {
            *t = tag;
            return self.spare_blocks[place]
                .take()
                .expect("the spare block just matched");
        }
        let data = BlockData::Code {
            code: code.clone(),
            self_: f.self_,
            env: Some(env),
            method: f.method,
            defined_class: f.defined_class,
            outer_block,
            home: f.home,
            cref: f.cref.clone(),
            tag,
        };
        if let Some(mut b) = self.spare_blocks[place].take()
            && let Some(slot) = Rc::get_mut(&mut b)
        {
            *slot = data;
            return b;
        }
        Rc::new(data)
    }

    /// Keeps block `b`, done with, for the next `make_block` when nothing else holds it (a Proc
    /// made from it, a frame, a binding): the record is then rewritten instead of freed and
    /// allocated again. A block something kept has escaped with its environments.
    #[inline]
    pub(crate) fn recycle_block(&mut self, b: Block) {
        if Rc::strong_count(&b) == 1 && Rc::weak_count(&b) == 0 {
            if let BlockData::Code { code, .. } = &*b {
                let place = spare_slot(code);
                self.spare_blocks[place] = Some(b);
            }
        } else {
            self.escape_block(&b);
        }
    }

    /// Fills `site`'s inline cache (and its `fast` word) for method `m` on an instance of `klass`.
    pub(crate) fn fill_cache(&self, site: &CallSite, klass: Value, m: u32) {
        let e = &self.methods[m as usize];
        let plain = site.block.is_none()
            && site.flags & !(CS_FCALL | CS_VCALL | CS_SELF) == 0
            && (e.vis == Visibility::Public || site.flags & CS_FCALL != 0);
        let attr = match e.body {
            MethodBody::AttrReader(id) if plain && site.argc == 0 && id < ATTR_WRITER => id,
            MethodBody::AttrWriter(id) if plain && site.argc == 1 && id < ATTR_WRITER => {
                id | ATTR_WRITER
            }
            _ => NO_ATTR,
        };
        let argc = i64::from(site.argc);
        let native = match e.body {
            MethodBody::Native(f, min, max)
                if plain
                    && argc >= i64::from(min)
                    && (max < 0 || argc <= i64::from(max))
                    && !(e.owner == self.c.class && e.original == crate::sym!("new")) =>
            {
                Some(f)
            }
            _ => None,
        };
        let iseq = match &e.body {
            MethodBody::Code(code, cref)
                if site.flags & !(CS_FCALL | CS_VCALL | CS_SELF | CS_KWLIST) == 0
                    && (e.vis == Visibility::Public || site.flags & CS_FCALL != 0)
                    && !(site.block.is_some() && code.params.block)
                    && if site.flags & CS_KWLIST != 0 {
                        keywords_in_place(code, site)
                    } else {
                        simple_call(code, site.argc as usize)
                    } =>
            {
                Some(SiteMethod {
                    start: code.params.opt_entry.first().copied().unwrap_or(0),
                    nlocals: code.num_locals() as u32,
                    owner: e.owner,
                    ids: (Rc::as_ptr(code), Rc::as_ptr(cref)),
                })
            }
            _ => None,
        };
        site.cache.set(CacheEntry {
            klass: klass.bits(),
            serial: self.serial,
            method: m,
            owner: 0,
        });
        site.fast.set(attr);
        site.native.set(native);
        site.iseq.set(iseq);
    }

    /// `Insn::Send` through a site whose `iseq` holds `q`, its cache's method `m` (checked by
    /// the caller, with the frame limit) on `recv`: binds the arguments in place, pushes the
    /// method's frame with the site's literal block (if any, with `tag`) and answers the pc to
    /// start at, as `enter_inline` does for such a call.
    #[inline(always)]
    pub(crate) fn enter_cached(
        &mut self,
        fi: usize,
        site: &CallSite,
        q: SiteMethod,
        m: u32,
        recv: Value,
        tag: u64,
    ) -> usize {
        let argc = site.argc as usize;
        let base = self.stack.len() - argc;
        if q.nlocals as usize > argc {
            self.stack.resize(base + q.nlocals as usize, Value::NIL);
        }
        let block = match site.block {
            Some(child) => FrameBlock::Literal {
                creator: fi as u32,
                child,
                callee: self.frames.len() as u32,
            },
            None => FrameBlock::None,
        };
        self.push_inline_method(
            InlineMethod {
                method: m,
                ids: q.ids,
                owner: q.owner,
                recv,
                base,
                argc,
                start: q.start as usize,
                call_tag: tag,
                discard: site.discard,
                ctor: false,
            },
            block,
        );
        q.start as usize
    }

    /// `Insn::Send` through a site whose `fast` word is writer `attr` (with `ATTR_WRITER`):
    /// when the receiver's class and the serial still match the cache, sets the variable,
    /// leaves the value (unless discarded) in place of the receiver and argument, and answers
    /// true.
    #[inline(never)]
    pub(crate) fn attr_write(&mut self, site: &CallSite, attr: u32) -> VmResult<bool> {
        let n = self.stack.len();
        let (recv, v) = (self.stack[n - 2], self.stack[n - 1]);
        let c = site.cache.get();
        if c.klass != self.class_of(recv).bits() || c.serial != self.serial {
            return Ok(false);
        }
        self.ivar_set_with(recv, attr & !ATTR_WRITER, &site.attr, v)?;
        self.stack.truncate(n - 2);
        if !site.discard {
            self.stack.push(v);
        }
        Ok(true)
    }

    /// Whether the call a literal block was passed to (its `tag`) is still running, so that a
    /// `break` from a Proc made of the block can end it (once that call has returned, the break
    /// is a LocalJumpError). The callee's frame knows the tag: a frame the loop entered inline
    /// keeps it as `call_tag`, any other holds the block itself.
    pub(crate) fn block_call_active(&self, tag: u64) -> bool {
        tag != 0
            && self.frames.iter().rev().any(|f| {
                f.call_tag == tag
                    || matches!(&f.block, FrameBlock::Heap(b)
                        if matches!(&**b, BlockData::Code { tag: t, .. } if *t == tag))
            })
    }

    /// The block frame `fi` received, as a heap `Block`: a literal block record
    /// (`FrameBlock::Literal`) is made into one here, and the frame keeps it, so that every
    /// later use sees the same block.
    pub(crate) fn frame_block(&mut self, fi: usize) -> Option<Block> {
        match &self.frames[fi].block {
            FrameBlock::None => None,
            FrameBlock::Heap(b) => Some(b.clone()),
            &FrameBlock::Literal {
                creator,
                child,
                callee,
            } => {
                let creator = creator as usize;
                let tag = self.frames[callee as usize].call_tag;
                let code = self.frames[creator]
                    .code
                    .as_ref()
                    .expect("code frame")
                    .children[child as usize]
                    .clone();
                let b = self.make_block(creator, &code, tag);
                self.frames[fi].block = FrameBlock::Heap(b.clone());
                Some(b)
            }
        }
    }

    pub fn proc_new(&mut self, block: Block, lambda: bool) -> Value {
        if let BlockData::Proc(p) = &*block {
            return *p;
        }
        let k = self.c.proc_;
        self.heap
            .alloc_boxed(T_PROC, k, Box::new(ProcObj { block, lambda }))
    }

    /// Turns a `&value` argument into a block (nil: none).
    pub(crate) fn block_from_value(&mut self, v: Value) -> VmResult<Option<Block>> {
        if v.is_nil() {
            return Ok(None);
        }
        if v.is_symbol() {
            // `&:name` in a scope with refinements calls through them
            let scope = match self.refinements_used {
                true => self.frames.last().map(|f| f.cref.clone()),
                false => None,
            };
            return Ok(Some(Rc::new(BlockData::Symbol(v.as_symbol_id(), scope))));
        }
        if type_of(v) == T_PROC {
            return Ok(Some(Rc::new(BlockData::Proc(v))));
        }
        if self.is_a(v, self.c.method) {
            return Ok(Some(Rc::new(BlockData::Method(v))));
        }
        let id = intern("to_proc");
        let scope = match self.refinements_used {
            true => self.frames.last().map(|f| f.cref.clone()),
            false => None,
        };
        if let Some(cref) = scope {
            // a refined `to_proc` applies where the block is passed
            let k = self.class_of(v);
            if let Some(Some(_)) = self.refined_lookup(&cref, k, id) {
                let p = self.funcall_scoped(&cref, v, id, &[], None, false)?;
                if type_of(p) == T_PROC {
                    return Ok(Some(Rc::new(BlockData::Proc(p))));
                }
                return Err(self.conversion_error(v, "Proc"));
            }
        }
        if self.responds(v, id, true) {
            let p = self.funcall(v, id, &[], None)?;
            if type_of(p) == T_PROC {
                return Ok(Some(Rc::new(BlockData::Proc(p))));
            }
        }
        Err(self.conversion_error(v, "Proc"))
    }

    /// Expands a splatted argument array (and keeps a trailing keyword hash last); returns argc.
    #[inline]
    fn normalize_args(&mut self, argc: usize, flags: u8) -> VmResult<usize> {
        if flags & CS_SPLAT == 0 {
            return Ok(argc);
        }
        self.expand_splat_args(flags)
    }

    #[inline(never)]
    fn expand_splat_args(&mut self, flags: u8) -> VmResult<usize> {
        let kw = if flags & CS_KWARGS != 0 {
            Some(self.stack.pop().expect("kw"))
        } else {
            None
        };
        let arr = self.stack.pop().expect("splat");
        let items = if type_of(arr) == T_ARRAY {
            rarray(arr).vec.to_vec()
        } else {
            self.splat_to_vec(arr)?
        };
        let mut argc = items.len();
        self.stack.extend(items);
        if let Some(k) = kw {
            self.stack.push(k);
            argc += 1;
        }
        Ok(argc)
    }

    /// Performs the call described by call site `cs` of `code`; the receiver and arguments are
    /// on the stack (and the block-pass value above them when flagged).
    pub(crate) fn send_site(&mut self, code: &Code, cs: u32, block: Option<Block>) -> VmResult {
        self.send_site_spread(code, cs, block, None)
    }

    /// Spreads the Array of a call whose only special argument is one splat (`f(*a)`,
    /// `f(x, *a)`) onto the stack in its place, with no copy: answers the argument count then
    /// on the stack, for `enter_inline` and `send_site_spread`. None (stack untouched) for
    /// other calls and for a splat of a non-Array (whose `to_a` the general path calls).
    #[inline]
    pub(crate) fn spread_splat(&mut self, site: &CallSite) -> Option<usize> {
        if site.flags & (CS_SPLAT | CS_KWARGS | CS_BLOCKARG | CS_KWLIST) != CS_SPLAT {
            return None;
        }
        let arr = *self.stack.last()?;
        if type_of(arr) != T_ARRAY {
            return None;
        }
        self.stack.pop();
        // no allocation happens while the elements are copied, so `arr` needs no root
        self.stack.extend_from_slice(&rarray(arr).vec);
        Some(rarray(arr).vec.len())
    }

    /// `send_site`; with `spread`, the splat was already spread (`spread_splat`) into that
    /// many arguments.
    pub(crate) fn send_site_spread(
        &mut self,
        code: &Code,
        cs: u32,
        block: Option<Block>,
        spread: Option<usize>,
    ) -> VmResult {
        let site = &code.call_sites[cs as usize];
        let flags = site.flags;
        let mut block = block;
        if flags & CS_BLOCKARG != 0 {
            let v = self.stack.pop().expect("block arg");
            block = self.block_from_value(v)?;
        }
        let (argc, flags) = if let Some(n) = spread {
            (n, flags & !CS_SPLAT)
        } else if flags & CS_KWLIST != 0 {
            (self.kwlist_to_hash(site)?, flags & !CS_KWLIST | CS_KWARGS)
        } else {
            (self.normalize_args(site.argc as usize, flags)?, flags)
        };
        let recv = self.stack[self.stack.len() - argc - 1];
        let klass = self.class_of(recv);
        let c = site.cache.get();
        let m = if c.klass == klass.bits() && c.serial == self.serial {
            Some(c.method)
        } else {
            let m = self.find_method_from(self.frames.len() - 1, klass, site.name);
            if let Some(m) = m {
                self.fill_cache(site, klass, m);
            }
            m
        };
        let kw = flags & CS_KWARGS != 0;
        match m {
            Some(m) => {
                let vis = self.methods[m as usize].vis;
                if vis != Visibility::Public && flags & CS_FCALL == 0 {
                    let setter_on_self = flags & CS_SELF != 0;
                    let ok = match vis {
                        Visibility::Private => setter_on_self,
                        _ => {
                            let caller_self =
                                self.frames.last().map(|f| f.self_).unwrap_or(Value::NIL);
                            let owner = self.methods[m as usize].owner;
                            setter_on_self || self.is_a(caller_self, owner)
                        }
                    };
                    if !ok {
                        // a user-defined method_missing gets the call, as in CRuby
                        let mm = intern("method_missing");
                        if let Some(h) = self.find_method(klass, mm)
                            && !matches!(self.methods[h as usize].body, MethodBody::Native(..))
                        {
                            let at = self.stack.len() - argc;
                            self.stack.insert(at, Value::symbol(site.name));
                            return self.invoke(h, recv, argc + 1, kw, block);
                        }
                        self.stack.truncate(self.stack.len() - argc - 1);
                        let what = if vis == Visibility::Private {
                            "private"
                        } else {
                            "protected"
                        };
                        let desc = self.describe_receiver(recv);
                        let msg =
                            format!("{what} method '{}' called for {desc}", sym_name(site.name));
                        return Err(self.no_method_error(&msg, recv, site.name));
                    }
                }
                match self.methods[m as usize].body {
                    // attribute accessors run here, through the site's ivar slot cache
                    MethodBody::AttrReader(id) if argc == 0 && block.is_none() => {
                        let v = self.ivar_get_with(recv, id, &site.attr);
                        self.stack.pop();
                        Ok(if v.is_undef() { Value::NIL } else { v })
                    }
                    MethodBody::AttrWriter(id) if argc == 1 && !kw && block.is_none() => {
                        let v = self.stack[self.stack.len() - 1];
                        let r = self.ivar_set_with(recv, id, &site.attr, v);
                        self.stack.truncate(self.stack.len() - 2);
                        r.map(|_| v)
                    }
                    _ => self.invoke(m, recv, argc, kw, block),
                }
            }
            None => self.method_missing(recv, site.name, argc, kw, block, flags),
        }
    }

    /// Replaces the separate keyword values of a `CS_KWLIST` site (on top of the stack) by one
    /// Hash of them; returns the site's argument count with that Hash counted as one.
    #[inline(never)]
    pub(crate) fn kwlist_to_hash(&mut self, site: &CallSite) -> VmResult<usize> {
        let names = site.kw_names.as_deref().unwrap_or(&[]);
        let at = self.stack.len() - names.len();
        // the values stay on the stack (rooted) while the Hash is allocated and filled
        let h = self.hash_new();
        self.stack.push(h);
        for (i, &name) in names.iter().enumerate() {
            let v = self.stack[at + i];
            crate::core::hash::raw_insert(self, h, Value::symbol(name), v)?;
        }
        self.stack.truncate(at);
        self.stack.push(h);
        Ok(site.argc as usize - names.len() + 1)
    }

    /// Binds the arguments of a `CS_KWLIST` call straight into the parameter slots of `callee`,
    /// a method of required and keyword parameters (and maybe `**rest` and `&blk`; no block is
    /// passed): `npos` positional values at `base`, then the keyword values in the order of
    /// `names`. Answers the pc to start at, or None (stack untouched) when the call needs the
    /// general path: another parameter shape, a count mismatch, a missing required keyword or
    /// an unknown one without `**rest` (the general path raises the ArgumentError).
    pub(crate) fn bind_kwlist(
        &mut self,
        callee: &Code,
        base: usize,
        npos: usize,
        names: &[u32],
    ) -> Option<usize> {
        const MAX: usize = 32;
        let p = &callee.params;
        if !p.binds_kwlist(npos) || p.keywords.len() > MAX {
            return None;
        }
        let kwbase = base + npos;
        if p.kwlist_in_order(names) {
            // passed in the order declared: the values already sit in their slots
            if p.block {
                self.stack.push(Value::NIL);
            }
            self.stack.resize(base + callee.num_locals(), Value::NIL);
            return Some(p.opt_entry.first().copied().unwrap_or(0) as usize);
        }
        let mut slots = [Value::UNDEF; MAX];
        let mut matched = 0;
        for (k, &(name, required)) in p.keywords.iter().enumerate() {
            match names.iter().position(|&n| n == name) {
                Some(j) => {
                    slots[k] = self.stack[kwbase + j];
                    matched += 1;
                }
                None if required => return None,
                None => {}
            }
        }
        if matched != names.len() && !p.kwrest {
            return None;
        }
        let rest = if p.kwrest {
            // the values are still on the stack (rooted) while the Hash is allocated
            let h = self.hash_new();
            self.stack.push(h);
            for (j, &n) in names.iter().enumerate() {
                if !p.keywords.iter().any(|k| k.0 == n) {
                    let v = self.stack[kwbase + j];
                    if crate::core::hash::raw_insert(self, h, Value::symbol(n), v).is_err() {
                        self.stack.pop();
                        return None;
                    }
                }
            }
            self.stack.pop()
        } else {
            None
        };
        self.stack.truncate(kwbase);
        self.stack.extend_from_slice(&slots[..p.keywords.len()]);
        if let Some(h) = rest {
            self.stack.push(h);
        }
        if p.block {
            self.stack.push(Value::NIL);
        }
        self.stack.resize(base + callee.num_locals(), Value::NIL);
        Some(p.opt_entry.first().copied().unwrap_or(0) as usize)
    }

    /// Calls `name` on `recv` with `args` from native code.
    pub fn funcall(
        &mut self,
        recv: Value,
        name: u32,
        args: &[Value],
        block: Option<Block>,
    ) -> VmResult {
        let klass = self.class_of(recv);
        let m = self.find_method(klass, name);
        self.call_found(recv, name, m, args, block, false)
    }

    /// Runs method entry `m` (or `method_missing` when None), found for `name` on `recv`, with
    /// `recv` and `args` pushed: the common end of `funcall`, `funcall_kw` and `funcall_scoped`.
    #[inline]
    fn call_found(
        &mut self,
        recv: Value,
        name: u32,
        m: Option<u32>,
        args: &[Value],
        block: Option<Block>,
        kw: bool,
    ) -> VmResult {
        self.stack.push(recv);
        self.stack.extend_from_slice(args);
        match m {
            Some(m) => self.invoke(m, recv, args.len(), kw, block),
            None => self.method_missing(recv, name, args.len(), kw, block, CS_FCALL),
        }
    }

    /// `funcall` as written in scope `cref`: a refinement active there applies (`send`,
    /// `&:name` blocks and interpolation made in a refined scope).
    pub fn funcall_scoped(
        &mut self,
        cref: &Rc<Cref>,
        recv: Value,
        name: u32,
        args: &[Value],
        block: Option<Block>,
        kw: bool,
    ) -> VmResult {
        let klass = self.class_of(recv);
        let m = match self.refined_lookup(cref, klass, name) {
            Some(found) => found,
            None => self.find_method(klass, name),
        };
        self.call_found(recv, name, m, args, block, kw)
    }

    /// The scope of the Ruby code that called the running native, when refinements may be
    /// active there (None: the plain lookup applies).
    pub fn caller_scope(&self) -> Option<Rc<Cref>> {
        if !self.refinements_used {
            return None;
        }
        let fi = self.frames.len().checked_sub(2)?;
        Some(self.frames[fi].cref.clone())
    }

    /// Like `funcall`, with the last argument passed as keywords.
    pub fn funcall_kw(
        &mut self,
        recv: Value,
        name: u32,
        args: &[Value],
        block: Option<Block>,
    ) -> VmResult {
        let klass = self.class_of(recv);
        let m = self.find_method(klass, name);
        self.call_found(recv, name, m, args, block, true)
    }

    /// Runs a block with self and the definition target set to `klass` (`class_eval`,
    /// `Class.new { }`, `Struct.new { }`): `def` in the block defines methods on `klass`.
    pub fn module_exec(&mut self, klass: Value, block: &Block, args: &[Value]) -> VmResult {
        // a Proc passed on with `&` runs its own block: unwrap it so that `def` in it defines
        // into `klass` too
        let mut block = block.clone();
        while let BlockData::Proc(p) = &*block {
            match crate::object::heap::payload::<ProcObj>(*p) {
                Some(po) => block = po.block.clone(),
                None => break,
            }
        }
        let block = &block;
        let saved = self.class_eval_target.replace(klass);
        if matches!(&**block, BlockData::Code { .. }) {
            self.cref_override = Some(klass);
        }
        let r = self.call_block_with(block, args, None, Some(klass), false, None);
        self.cref_override = None;
        self.class_eval_target = saved;
        r
    }

    /// Records the running pc in the caller's frame (the frame just below the one pushed) and
    /// returns it, for `cur_pc` to be restored when the new frame is popped.
    #[inline]
    pub(crate) fn save_caller_pc(&mut self) -> usize {
        let n = self.frames.len();
        if n >= 2 {
            self.frames[n - 2].pc = self.cur_pc as u32;
        }
        self.cur_pc
    }

    /// Takes the "last argument is keywords" flag of the native being called (natives that pass
    /// their arguments on, like `send` and `Proc#call`, forward it).
    pub fn take_kw(&mut self) -> bool {
        std::mem::take(&mut self.pending_kw)
    }

    /// Splits the keyword hash off a native's arguments when the call passed keywords
    /// (`f(a, k: 1)`), leaving a positional trailing hash (`f(a, {k: 1})`) in place.
    ///
    /// The arity check before the call counted the keyword hash as an argument; the positional
    /// arguments left must still satisfy the native's minimum (its table entry is the one source
    /// of truth), else ArgumentError as CRuby gives ("given 0, expected 1").
    pub fn split_keywords<'a>(&mut self, a: &'a [Value]) -> VmResult<(&'a [Value], Option<Value>)> {
        let kw = self.take_kw();
        match a.split_last() {
            Some((&h, rest)) if kw && type_of(h) == T_HASH => {
                let m = self.frames.last().map(|f| f.method);
                if let Some(MethodBody::Native(_, min, max)) = m
                    .and_then(|m| self.methods.get(m as usize))
                    .map(|e| &e.body)
                {
                    let (min, max) = (*min, *max);
                    if (rest.len() as i16) < min {
                        return Err(self.arity_error(rest.len(), min as usize, max as i64));
                    }
                }
                Ok((rest, Some(h)))
            }
            _ => Ok((a, None)),
        }
    }

    /// `funcall` or `funcall_kw` by flag.
    pub fn funcall_maybe_kw(
        &mut self,
        recv: Value,
        name: u32,
        args: &[Value],
        block: Option<Block>,
        kw: bool,
    ) -> VmResult {
        if kw {
            self.funcall_kw(recv, name, args, block)
        } else {
            self.funcall(recv, name, args, block)
        }
    }

    /// Whether `recv` responds to `name` (private methods count when `private_ok`).
    pub fn responds(&mut self, recv: Value, name: u32, private_ok: bool) -> bool {
        let k = self.class_of(recv);
        match self.find_method(k, name) {
            Some(m) => private_ok || self.methods[m as usize].vis == Visibility::Public,
            None => {
                let rtm = intern("respond_to_missing?");
                match self.find_method(k, rtm) {
                    Some(m) if !matches!(self.methods[m as usize].body, MethodBody::Native(..)) => {
                        let name = Value::symbol(name);
                        self.funcall(recv, rtm, &[name, Value::bool(private_ok)], None)
                            .map(|v| v.truthy())
                            .unwrap_or(false)
                    }
                    _ => false,
                }
            }
        }
    }

    fn method_missing(
        &mut self,
        recv: Value,
        name: u32,
        argc: usize,
        kw: bool,
        block: Option<Block>,
        flags: u8,
    ) -> VmResult {
        let mm = intern("method_missing");
        let klass = self.class_of(recv);
        if let Some(m) = self.find_method(klass, mm)
            && !matches!(self.methods[m as usize].body, MethodBody::Native(..))
        {
            let at = self.stack.len() - argc;
            self.stack.insert(at, Value::symbol(name));
            return self.invoke(m, recv, argc + 1, kw, block);
        }
        let args: Vec<Value> = self.stack[self.stack.len() - argc..].to_vec();
        let args = self.ary_new(args);
        self.stack.truncate(self.stack.len() - argc - 1);
        // rooted while the message is built (describing the receiver may run Ruby code)
        self.stack.push(args);
        let desc = self.describe_receiver(recv);
        self.stack.pop();
        if flags & CS_VCALL != 0 {
            let msg = format!(
                "undefined local variable or method '{}' for {desc}",
                sym_name(name)
            );
            return Err(self.name_error(&msg, recv, name));
        }
        let msg = format!("undefined method '{}' for {desc}", sym_name(name));
        // NoMethodError#args: the arguments of the call
        self.stack.push(args);
        let err = self.no_method_error(&msg, recv, name);
        self.stack.pop();
        if let Some(e) = err.raised() {
            let _ = self.ivar_set(e, intern("__args"), args);
        }
        Err(err)
    }

    /// "nil", "an instance of Foo", "class Foo", "main": how CRuby 4.0 names a receiver.
    pub fn describe_receiver(&mut self, recv: Value) -> String {
        if recv.is_nil() {
            return "nil".into();
        }
        if recv == Value::TRUE {
            return "true".into();
        }
        if recv == Value::FALSE {
            return "false".into();
        }
        if recv == self.main {
            return "main".into();
        }
        match type_of(recv) {
            crate::object::heap::T_CLASS => format!("class {}", self.class_name(recv)),
            crate::object::heap::T_MODULE => format!("module {}", self.class_name(recv)),
            _ => {
                let k = self.real_class(recv);
                // an object with a singleton class is shown as Object#to_s shows it
                if self.class_data(self.class_of(recv)).is_singleton {
                    return format!("#<{}:{:#018x}>", self.class_name(k), recv.bits());
                }
                format!("an instance of {}", self.class_name(k))
            }
        }
    }

    /// The dispatch loop's fast call: when call site `cs` of `code` calls a Ruby method with
    /// only required parameters (or required and keyword ones, for a `CS_KWLIST` site), passing
    /// exactly that many arguments (a spread splat counts as `spread`) and maybe a literal
    /// `block` (taken into the frame, with `tag` so that its `break` ends this call), pushes the
    /// callee's frame (as `invoke_code` would) and returns the pc to start it at; the loop then
    /// runs it without recursing into `execute`. None when the call needs the general path
    /// (`send_site`): natives, other parameter shapes, a `&blk` parameter with a block, a
    /// keyword Hash or `**`, a block-pass value, visibility checks, method_missing, or the
    /// frame limit (SystemStackError). A native method found in the site's cache runs at once
    /// (`Entered::Returned`): its call needs no frame in the loop, and the general path would
    /// look it up again.
    pub(crate) fn enter_inline(
        &mut self,
        fi: usize,
        code: &Code,
        cs: u32,
        lit: Option<u32>,
        tag: u64,
        spread: Option<usize>,
    ) -> Option<Entered> {
        let site = &code.call_sites[cs as usize];
        let flags = match spread {
            Some(_) => site.flags & !CS_SPLAT,
            None => site.flags,
        };
        if flags & (CS_SPLAT | CS_KWARGS | CS_BLOCKARG | CS_ZSUPER) != 0
            || self.frames.len() >= MAX_DEPTH
        {
            return None;
        }
        let argc = spread.unwrap_or(site.argc as usize);
        let recv = self.stack.at(self.stack.len() - argc - 1);
        let klass = self.class_of(recv);
        let c = site.cache.get();
        let m = if c.klass == klass.bits() && c.serial == self.serial {
            c.method
        } else {
            let m = self.find_method_from(fi, klass, site.name)?;
            self.fill_cache(site, klass, m);
            m
        };
        let entry = &self.methods[m as usize];
        if entry.vis != Visibility::Public && flags & CS_FCALL == 0 {
            return None;
        }
        let (callee, ids) = match &entry.body {
            MethodBody::Code(callee, cref) => (callee, (Rc::as_ptr(callee), Rc::as_ptr(cref))),
            &MethodBody::Native(f, min, max) if flags & CS_KWLIST == 0 => {
                // a native runs here, without the general path's second lookup
                let (owner, name) = (entry.owner, entry.original);
                // `Class#new` itself (the builtin: one a program defines is Ruby)
                if lit.is_none()
                    && owner == self.c.class
                    && name == crate::sym!("new")
                    && let Some(e) = self.enter_new(recv, argc, site.discard)
                {
                    return Some(e);
                }
                let block = lit.map(|bi| self.new_block(fi, &code.children[bi as usize], tag));
                let r = self.call_cached_native((f, min, max), m, owner, recv, argc, block);
                return Some(Entered::Returned(r));
            }
            // attribute accessors run here, through the site's ivar slot cache
            &MethodBody::AttrReader(id) if argc == 0 && lit.is_none() => {
                let v = self.ivar_get_with(recv, id, &site.attr);
                self.stack.pop();
                return Some(Entered::Returned(Ok(if v.is_undef() {
                    Value::NIL
                } else {
                    v
                })));
            }
            &MethodBody::AttrWriter(id) if argc == 1 && lit.is_none() && flags & CS_KWLIST == 0 => {
                let v = self.stack.top();
                let r = self.ivar_set_with(recv, id, &site.attr, v);
                self.stack.truncate(self.stack.len() - 2);
                return Some(Entered::Returned(r.map(|_| v)));
            }
            _ => return None,
        };
        let p = &callee.params;
        if lit.is_some() && p.block {
            return None;
        }
        let owner = entry.owner;
        let base = self.stack.len() - argc;
        let start = if flags & CS_KWLIST == 0 && simple_call(callee, argc) {
            // required arguments only (`bind_inline`'s first case), without a reference to
            // the code: the frame takes its own from the method entry
            let start = p.opt_entry.first().copied().unwrap_or(0) as usize;
            let nlocals = callee.num_locals();
            if nlocals > argc {
                self.stack.resize(base + nlocals, Value::NIL);
            }
            start
        } else {
            let callee = callee.clone();
            if flags & CS_KWLIST != 0 {
                let names = site.kw_names.as_deref()?;
                self.bind_kwlist(&callee, base, argc - names.len(), names)?
            } else {
                self.bind_inline(&callee, base, argc)?
            }
        };
        let block = match lit {
            Some(child) => FrameBlock::Literal {
                creator: fi as u32,
                child,
                callee: self.frames.len() as u32,
            },
            None => FrameBlock::None,
        };
        let discard = site.discard;
        self.push_inline_method(
            InlineMethod {
                method: m,
                ids,
                owner,
                recv,
                base,
                argc,
                start,
                call_tag: tag,
                discard,
                ctor: false,
            },
            block,
        );
        Some(Entered::Frame(start))
    }

    /// Binds the `argc` arguments at `base` for a method the loop enters inline: required
    /// ones in place (nils for the other locals), else `bind_positional`. Answers the pc to
    /// start at, or None when the call needs the general path.
    #[inline(always)]
    fn bind_inline(&mut self, callee: &Code, base: usize, argc: usize) -> Option<usize> {
        let p = &callee.params;
        if !p.simple || argc != p.required as usize || (p.auto_splat && argc == 1) {
            if p.auto_splat {
                return None;
            }
            self.bind_positional(callee, base, argc)
        } else {
            let nlocals = callee.num_locals();
            if nlocals > argc {
                self.stack.resize(base + nlocals, Value::NIL);
            }
            Some(p.opt_entry.first().copied().unwrap_or(0) as usize)
        }
    }

    /// `klass.new(args)` where `new` is `Class#new` (CRuby 4.0's opt_new): when instances are
    /// plain Objects and `initialize` is a Ruby method taking the arguments positionally,
    /// allocates the object, puts it in the receiver's place and pushes `initialize`'s frame
    /// in the loop, whose leaving gives the call the object (`Frame::ctor`). Answers the pc to
    /// start at; with `BasicObject#initialize` (no arguments), which does nothing, the object
    /// at once. None (nothing changed) for `Class#new` itself to run. As in CRuby 4.0, no
    /// `Class#new` frame shows in backtraces.
    fn enter_new(&mut self, klass: Value, argc: usize, discard: bool) -> Option<Entered> {
        if type_of(klass) != crate::object::heap::T_CLASS {
            return None;
        }
        let d = self.class_data(klass);
        if !crate::core::module::plain_instances(self, klass, d) {
            return None;
        }
        let m = if d.init_cache.0 == self.serial {
            d.init_cache.1
        } else {
            let m = self.find_method(klass, crate::sym!("initialize"))?;
            self.class_data(klass).init_cache = (self.serial, m);
            m
        };
        let entry = &self.methods[m as usize];
        let (callee, ids) = match &entry.body {
            MethodBody::Code(callee, cref) => (callee, (Rc::as_ptr(callee), Rc::as_ptr(cref))),
            // BasicObject's own (a native: one a program defines there is Ruby), which does
            // nothing
            MethodBody::Native(..) if argc == 0 && entry.owner == self.c.basic_object => {
                let obj = self.object_new(klass);
                self.stack.pop();
                return Some(Entered::Returned(Ok(obj)));
            }
            _ => return None,
        };
        let (callee, owner) = (callee.clone(), entry.owner);
        let base = self.stack.len() - argc;
        let start = self.bind_inline(&callee, base, argc)?;
        // rooted in the receiver's slot while `initialize` runs
        let obj = self.object_new(klass);
        self.stack[base - 1] = obj;
        self.push_inline_method(
            InlineMethod {
                method: m,
                ids,
                owner,
                recv: obj,
                base,
                argc,
                start,
                call_tag: 0,
                discard,
                ctor: true,
            },
            FrameBlock::None,
        );
        Some(Entered::Frame(start))
    }

    /// Runs native method `m` (`f` with its arity bounds), found in a call site's cache, on
    /// the receiver and `argc` arguments on top of the stack, and pops them: the dispatch loop's
    /// native calls (`enter_inline`, `op_send`), without the general path's second lookup.
    #[inline(always)]
    fn call_cached_native(
        &mut self,
        (f, min, max): (super::NativeFn, i16, i16),
        m: u32,
        owner: Value,
        recv: Value,
        argc: usize,
        block: Option<Block>,
    ) -> VmResult {
        let base = self.stack.len() - argc;
        self.pending_kw = false;
        let r = self.invoke_native(f, min, max, m, owner, recv, base, argc, block);
        self.stack.truncate(base - 1);
        r
    }

    /// The call of an operator instruction whose fast path did not apply (`str << x`,
    /// `str == other`, `str.size`): a public native found in the site's cache runs at once, as
    /// in `enter_inline`; anything else takes the general `send_site` (which fills the cache).
    /// A Ruby method still runs in a nested `execute`: entering it in the loop from every
    /// operator instruction made the loop itself slower (its registers spill more).
    #[inline(never)]
    pub(crate) fn op_send(&mut self, code: &Code, cs: u32) -> VmResult {
        let site = &code.call_sites[cs as usize];
        let argc = site.argc as usize;
        if site.flags & (CS_SPLAT | CS_KWARGS | CS_BLOCKARG | CS_KWLIST | CS_ZSUPER) == 0
            && site.block.is_none()
        {
            let recv = self.stack.at(self.stack.len() - argc - 1);
            let klass = self.class_of(recv);
            let c = site.cache.get();
            if c.klass == klass.bits() && c.serial == self.serial {
                let m = c.method;
                let entry = &self.methods[m as usize];
                if let MethodBody::Native(f, min, max) = entry.body
                    && entry.vis == Visibility::Public
                {
                    let owner = entry.owner;
                    return self.call_cached_native((f, min, max), m, owner, recv, argc, None);
                }
            }
        }
        self.send_site(code, cs, None)
    }

    /// The dispatch loop's fast `super`: when site `cs` (no block, splat, keywords or block
    /// argument) in method frame `fi` finds in its cache a Ruby method with only required
    /// parameters, and the arguments (a zero-argument `super` passes the frame's own required
    /// ones) match them, pushes that method's frame with the receiver and arguments below it
    /// and returns the pc to start at. None sends the call down the general path
    /// (`super_site`), which also fills the cache.
    #[inline(never)]
    pub(crate) fn enter_super_inline(&mut self, fi: usize, code: &Code, cs: u32) -> Option<usize> {
        let site = &code.call_sites[cs as usize];
        if site.block.is_some()
            || site.flags & (CS_SPLAT | CS_KWARGS | CS_BLOCKARG | CS_KWLIST) != 0
            || self.frames.len() >= MAX_DEPTH
        {
            return None;
        }
        let f = &self.frames[fi];
        if f.kind != FrameKind::Method || f.method == NO_METHOD {
            return None;
        }
        let (dc, recv, fbase) = (f.defined_class, f.self_, f.base as usize);
        let zsuper = site.flags & CS_ZSUPER != 0;
        let argc = if zsuper {
            let p = &f.code.as_ref()?.params;
            if !p.simple {
                return None;
            }
            p.required as usize
        } else {
            site.argc as usize
        };
        let klass = self.class_of(recv);
        let c = site.cache.get();
        if c.klass != klass.bits() || c.owner != dc.bits() || c.serial != self.serial {
            return None;
        }
        let sm = c.method;
        let entry = &self.methods[sm as usize];
        let MethodBody::Code(callee, cref) = &entry.body else {
            return None;
        };
        let ids = (Rc::as_ptr(callee), Rc::as_ptr(cref));
        let p = &callee.params;
        if !p.simple || argc != p.required as usize || p.auto_splat {
            return None;
        }
        let start = p.opt_entry.first().copied().unwrap_or(0) as usize;
        let (nlocals, owner) = (callee.num_locals(), entry.owner);
        if zsuper {
            self.stack.push(recv);
            for i in 0..argc {
                let v = self.stack[fbase + i];
                self.stack.push(v);
            }
        } else {
            let at = self.stack.len() - argc;
            self.stack.insert(at, recv);
        }
        let block = self.frame_block(fi).into();
        let base = self.stack.len() - argc;
        if nlocals > argc {
            self.stack.resize(base + nlocals, Value::NIL);
        }
        self.push_inline_method(
            InlineMethod {
                method: sm,
                ids,
                owner,
                recv,
                base,
                argc,
                start,
                call_tag: 0,
                discard: false,
                ctor: false,
            },
            block,
        );
        Some(start)
    }

    /// Pushes the frame of a Ruby method the dispatch loop enters itself (`enter_inline`,
    /// `enter_super_inline`): its arguments and locals are bound at `base`, it starts at
    /// `start`, and leaving it pops back to the caller's frame (`leave_inline`).
    #[inline(always)]
    fn push_inline_method(&mut self, m: InlineMethod, block: FrameBlock) {
        let id = self.next_id();
        let inline = self.ensure_stack.len() as u32;
        // a kept frame (`ReuseStack`) is rewritten field by field; the code and scope it
        // holds are most often the ones wanted (the same method at the same depth)
        let Some(f) = self.frames.push_kept() else {
            let MethodBody::Code(code, cref) = &self.methods[m.method as usize].body else {
                unreachable!("an inline method frame runs Ruby code")
            };
            // built here, in the cold branch, field by field out of `m`: passing `m` itself
            // would make it a struct in memory on the hot path too
            let f = Frame {
                kind: FrameKind::Method,
                code: Some(code.clone()),
                method: m.method,
                defined_class: m.owner,
                self_: m.recv,
                block,
                env: None,
                outer: None,
                base: m.base as u32,
                argc: m.argc as u32,
                pc: m.start as u32,
                id,
                home: id,
                cref: cref.clone(),
                tag: 0,
                inline,
                svar: Value::NIL,
                call_tag: m.call_tag,
                discard: m.discard,
                ctor: m.ctor,
            };
            self.push_inline_new(f);
            self.save_caller_pc();
            return;
        };
        // every field named: a field added to `Frame` must be written here too
        let Frame {
            kind,
            code: f_code,
            method,
            defined_class,
            self_,
            block: f_block,
            env,
            outer,
            base,
            argc,
            pc,
            id: f_id,
            home,
            cref: f_cref,
            tag,
            inline: f_inline,
            svar,
            call_tag,
            discard,
            ctor,
        } = f;
        *kind = FrameKind::Method;
        let same_code = f_code.as_ref().is_some_and(|c| Rc::as_ptr(c) == m.ids.0);
        if !same_code || Rc::as_ptr(f_cref) != m.ids.1 {
            let MethodBody::Code(code, cref) = &self.methods[m.method as usize].body else {
                unreachable!("an inline method frame runs Ruby code")
            };
            if !same_code {
                *f_code = Some(code.clone());
            }
            if Rc::as_ptr(f_cref) != m.ids.1 {
                *f_cref = cref.clone();
            }
        }
        *method = m.method;
        *defined_class = m.owner;
        *self_ = m.recv;
        *f_block = block;
        *env = None;
        *outer = None;
        *base = m.base as u32;
        *argc = m.argc as u32;
        *pc = m.start as u32;
        *f_id = id;
        *home = id;
        *tag = 0;
        *f_inline = inline;
        *svar = Value::NIL;
        *call_tag = m.call_tag;
        *discard = m.discard;
        *ctor = m.ctor;
        self.save_caller_pc();
    }

    /// `push_inline_method` with no kept frame to rewrite: pushes `f` in a new slot.
    #[cold]
    #[inline(never)]
    fn push_inline_new(&mut self, f: Frame) {
        self.frames.push_new(move || f);
    }

    /// The dispatch loop's fast yield: when frame `fi`'s block is a Ruby block with only
    /// required parameters and the `argc` values on the stack match them, pushes the block's
    /// frame (as `invoke_code_block` would, with a nil in the receiver's place below the
    /// arguments) and returns the pc to start it at. None when the yield needs the general
    /// path (`yield_site`).
    pub(crate) fn enter_yield_inline(&mut self, fi: usize, code: &Code, cs: u32) -> Option<usize> {
        let site = &code.call_sites[cs as usize];
        if site.flags != 0 || self.frames.len() >= MAX_DEPTH {
            return None;
        }
        let argc = site.argc as usize;
        let frame = match &self.frames[fi].block {
            FrameBlock::None => return None,
            FrameBlock::Heap(block) => {
                let BlockData::Code {
                    code: bcode,
                    self_,
                    env,
                    method,
                    defined_class,
                    outer_block,
                    home,
                    cref,
                    tag,
                } = &**block
                else {
                    return None;
                };
                Frame {
                    code: Some(bcode.clone()),
                    method: *method,
                    defined_class: *defined_class,
                    self_: *self_,
                    block: outer_block.clone().into(),
                    outer: *env,
                    argc: argc as u32,
                    home: *home,
                    tag: *tag,
                    inline: 0,
                    ..Frame::bare(FrameKind::Block, 0, cref.clone())
                }
            }
            &FrameBlock::Literal {
                creator,
                child,
                callee,
            } => {
                // the block's context is its creator frame's, still on the stack below
                let creator = creator as usize;
                let tag = self.frames[callee as usize].call_tag;
                let env = self.capture_env(creator);
                let c = &self.frames[creator];
                Frame {
                    code: Some(
                        c.code.as_ref().expect("code frame").children[child as usize].clone(),
                    ),
                    method: c.method,
                    defined_class: c.defined_class,
                    self_: c.self_,
                    block: c.block.clone(),
                    outer: Some(env),
                    argc: argc as u32,
                    home: c.home,
                    tag,
                    inline: 0,
                    ..Frame::bare(FrameKind::Block, 0, c.cref.clone())
                }
            }
        };
        let bcode = frame.code.as_ref().expect("block code");
        let p = &bcode.params;
        if !p.simple || argc != p.required as usize || (p.auto_splat && argc == 1) {
            return None;
        }
        if self.safepoint_due() {
            return None;
        }
        let start = p.opt_entry.first().copied().unwrap_or(0) as usize;
        let nlocals = bcode.num_locals();
        let at = self.stack.len() - argc;
        self.stack.insert(at, Value::NIL);
        let base = at + 1;
        if nlocals > argc {
            self.stack.resize(base + nlocals, Value::NIL);
        }
        let id = self.next_id();
        let inline = self.ensure_stack.len() as u32;
        self.frames.push_with(move || Frame {
            base: base as u32,
            pc: start as u32,
            id,
            inline,
            ..frame
        });
        self.save_caller_pc();
        Some(start)
    }

    /// Pops a frame entered by `enter_inline`, and its arguments and receiver; answers what
    /// the call gives its caller: nothing when its value is discarded (`Frame::discard`), the
    /// new object for a frame that ran `initialize` for `new` (`Frame::ctor`), else `v`, the
    /// frame's own value.
    #[inline(always)]
    pub(crate) fn leave_inline(&mut self, v: Value) -> Option<Value> {
        let f = self.frames.last().expect("inline frame");
        debug_assert!(f.inline != NOT_INLINE);
        let (inline, base) = (f.inline as usize, f.base as usize);
        let out = if f.discard {
            None
        } else if f.ctor {
            Some(f.self_)
        } else {
            Some(v)
        };
        self.pop_frame();
        self.ensure_stack.truncate(inline);
        self.stack.truncate(base - 1);
        out
    }

    /// Invokes method entry `m` on `recv` with `argc` arguments on the stack.
    pub(crate) fn invoke(
        &mut self,
        m: u32,
        recv: Value,
        argc: usize,
        kw: bool,
        block: Option<Block>,
    ) -> VmResult {
        if self.frames.len() >= MAX_DEPTH {
            self.stack.truncate(self.stack.len() - argc - 1);
            return Err(self.raise_str(self.c.system_stack_error, "stack level too deep"));
        }
        let base = self.stack.len() - argc;
        let entry = &self.methods[m as usize];
        let owner = entry.owner;
        let r = match &entry.body {
            MethodBody::Code(code, cref) => {
                let (code, cref) = (code.clone(), cref.clone());
                self.invoke_code(
                    code,
                    cref,
                    m,
                    owner,
                    recv,
                    base,
                    argc,
                    kw,
                    block,
                    FrameKind::Method,
                    0,
                    None,
                )
            }
            MethodBody::Native(f, min, max) => {
                let (f, min, max) = (*f, *min, *max);
                let (mut argc, mut kw) = (argc, kw);
                // an empty `**h` passes nothing (CRuby drops an empty keyword splat)
                if kw
                    && argc > 0
                    && payload::<crate::object::hash::RHash>(self.stack[base + argc - 1])
                        .is_some_and(|h| h.is_empty())
                {
                    self.stack.pop();
                    argc -= 1;
                    kw = false;
                }
                self.pending_kw = kw;
                self.invoke_native(f, min, max, m, owner, recv, base, argc, block)
            }
            MethodBody::AttrReader(id) => {
                let id = *id;
                if argc != 0 {
                    Err(self.arity_error(argc, 0, 0))
                } else {
                    let v = self.ivar_get(recv, id);
                    Ok(if v.is_undef() { Value::NIL } else { v })
                }
            }
            MethodBody::AttrWriter(id) => {
                let id = *id;
                if argc != 1 {
                    Err(self.arity_error(argc, 1, 1))
                } else {
                    let v = self.stack[base];
                    self.ivar_set(recv, id, v).map(|_| v)
                }
            }
            MethodBody::Proc(p) => {
                let p = *p;
                let pb = payload::<ProcObj>(p).expect("proc").block.clone();
                let args: Vec<Value> = self.stack[base..].to_vec();
                self.call_block_kw(&pb, &args, kw, block, Some(recv), true, Some((m, owner)))
            }
            MethodBody::Undefined => unreachable!("undefined methods are not found"),
        };
        self.stack.truncate(base - 1);
        r
    }

    #[inline]
    fn invoke_native(
        &mut self,
        f: super::NativeFn,
        min: i16,
        max: i16,
        m: u32,
        owner: Value,
        recv: Value,
        base: usize,
        argc: usize,
        block: Option<Block>,
    ) -> VmResult {
        if (argc as i16) < min || (max >= 0 && argc as i16 > max) {
            return Err(self.arity_error(argc, min as usize, max as i64));
        }
        self.push_native_frame(m, owner, recv, base, argc, block.clone().into());
        let saved_pc = self.save_caller_pc();
        let r = self.pass_args(f, recv, base, argc, block.as_ref());
        // drops the frame in place (`pop` would move its 128 bytes out first)
        let below = self.frames.len() - 1;
        self.frames.truncate(below);
        self.cur_pc = saved_pc;
        if let Some(b) = block {
            self.recycle_block(b);
        }
        r
    }

    /// A native from a site's `native` word (`CallSite::native`, its arity known to fit): runs
    /// it on the receiver and `argc` arguments on top of the stack, with no block, and pops
    /// them.
    #[inline(never)]
    pub(crate) fn call_site_native(&mut self, f: super::NativeFn, m: u32, argc: usize) -> VmResult {
        let base = self.stack.len() - argc;
        let recv = self.stack.at(base - 1);
        self.pending_kw = false;
        let owner = self.methods[m as usize].owner;
        // no block: nothing to keep in memory for one (`invoke_native` has a block to pass)
        self.push_native_frame(m, owner, recv, base, argc, FrameBlock::None);
        let saved_pc = self.save_caller_pc();
        let r = self.pass_args(f, recv, base, argc, None);
        let below = self.frames.len() - 1;
        self.frames.truncate(below);
        self.cur_pc = saved_pc;
        self.stack.truncate(base - 1);
        r
    }

    /// Pushes the frame of native method `m` called on `recv` with `argc` arguments at `base`.
    #[inline(always)]
    fn push_native_frame(
        &mut self,
        m: u32,
        owner: Value,
        recv: Value,
        base: usize,
        argc: usize,
        block: FrameBlock,
    ) {
        let id = self.next_id();
        // a kept frame (`ReuseStack`) is rewritten field by field, as `push_inline_method`'s
        if let Some(f) = self.frames.push_kept() {
            // every field named, as in `push_inline_method`
            let Frame {
                kind,
                code,
                method,
                defined_class,
                self_,
                block: f_block,
                env,
                outer,
                base: f_base,
                argc: f_argc,
                pc,
                id: f_id,
                home,
                cref,
                tag,
                inline,
                svar,
                call_tag,
                discard,
                ctor,
            } = f;
            *kind = FrameKind::Native;
            if code.is_some() {
                *code = None;
            }
            *method = m;
            *defined_class = owner;
            *self_ = recv;
            *f_block = block;
            *env = None;
            *outer = None;
            *f_base = base as u32;
            *f_argc = argc as u32;
            *pc = 0;
            *f_id = id;
            *home = id;
            if !Rc::ptr_eq(cref, &self.top_cref) {
                *cref = self.top_cref.clone();
            }
            *tag = 0;
            *inline = NOT_INLINE;
            *svar = Value::NIL;
            *call_tag = 0;
            *discard = false;
            *ctor = false;
            return;
        }
        let cref = self.top_cref.clone();
        self.frames.push_new(move || Frame {
            method: m,
            defined_class: owner,
            self_: recv,
            block,
            base: base as u32,
            argc: argc as u32,
            ..Frame::bare(FrameKind::Native, id, cref)
        });
    }

    /// Calls native `f` on `recv` with the `argc` arguments at `base` (copied off the stack,
    /// which the native may grow).
    #[inline(always)]
    fn pass_args(
        &mut self,
        f: super::NativeFn,
        recv: Value,
        base: usize,
        argc: usize,
        block: Option<&Block>,
    ) -> VmResult {
        // most native calls take no argument or one: no copy loop (or memcpy call) for those
        if argc == 0 {
            f(self, recv, &[], block)
        } else if argc == 1 {
            let arg = [self.stack[base]];
            f(self, recv, &arg, block)
        } else if argc <= 8 {
            let mut buf = [Value::NIL; 8];
            buf[..argc].copy_from_slice(&self.stack[base..base + argc]);
            f(self, recv, &buf[..argc], block)
        } else {
            let args = self.stack[base..base + argc].to_vec();
            f(self, recv, &args, block)
        }
    }

    /// Pushes a frame for `code` with arguments at `base` and runs it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn invoke_code(
        &mut self,
        code: Rc<Code>,
        cref: Rc<Cref>,
        m: u32,
        owner: Value,
        recv: Value,
        base: usize,
        argc: usize,
        kw: bool,
        block: Option<Block>,
        kind: FrameKind,
        tag: u64,
        outer_env: Option<crate::object::heap::EnvRef>,
    ) -> VmResult {
        let lambda_like = kind != FrameKind::Block;
        let start = match self.bind_args(&code, base, argc, kw, lambda_like, &block) {
            Ok(start) => start,
            Err(unw) if let UnwindKind::Raise(e) = *unw.kind() => {
                let frame = Frame {
                    code: Some(code),
                    method: m,
                    defined_class: owner,
                    self_: recv,
                    outer: outer_env,
                    base: base as u32,
                    argc: argc as u32,
                    pc: u32::MAX,
                    tag,
                    ..Frame::bare(kind, 0, cref)
                };
                return Err(self.argument_error_in(frame, e));
            }
            Err(u) => return Err(u),
        };
        let id = self.next_id();
        let home = id;
        self.frames.push_with(move || Frame {
            code: Some(code),
            method: m,
            defined_class: owner,
            self_: recv,
            block: block.into(),
            outer: outer_env,
            base: base as u32,
            argc: argc as u32,
            pc: start as u32,
            home,
            tag,
            ..Frame::bare(kind, id, cref)
        });
        self.run_pushed_frame()
    }

    /// Runs the code frame a Rust call just pushed until it returns, then pops it, restoring
    /// the caller's pc and the ensure stack.
    fn run_pushed_frame(&mut self) -> VmResult {
        let ensure_len = self.ensure_stack.len();
        let saved_pc = self.save_caller_pc();
        let r = self.execute();
        self.cur_pc = saved_pc;
        self.ensure_stack.truncate(ensure_len);
        self.pop_frame();
        r
    }

    /// An argument error found while binding a call's arguments: CRuby reports it from inside
    /// the callee, at its first line, so the backtrace is taken with the callee's frame pushed.
    #[cold]
    #[inline(never)]
    fn argument_error_in(&mut self, frame: Frame, e: Value) -> Unwind {
        self.frames.push(frame);
        let saved_pc = self.save_caller_pc();
        self.cur_pc = usize::MAX;
        let _ = self.ivar_set(e, intern(crate::vm::error::IV_BT), Value::NIL);
        self.set_backtrace_here(e);
        self.cur_pc = saved_pc;
        self.frames.pop();
        Unwind::Raise(e)
    }

    pub(crate) fn arity_error(&mut self, given: usize, min: usize, max: i64) -> Unwind {
        let expected = if max < 0 {
            format!("{min}+")
        } else if max as usize == min {
            format!("{min}")
        } else {
            format!("{min}..{max}")
        };
        let msg = format!("wrong number of arguments (given {given}, expected {expected})");
        self.raise_str(self.c.argument_error, &msg)
    }

    /// Lays out the arguments at `base` as the code's parameter slots and the rest of its locals;
    /// returns the pc to start at (past the defaults of the optional arguments given).
    #[inline]
    pub(super) fn bind_args(
        &mut self,
        code: &Code,
        base: usize,
        argc: usize,
        kw: bool,
        strict: bool,
        block: &Option<Block>,
    ) -> VmResult<usize> {
        let p = &code.params;
        if !kw && p.simple && argc == p.required as usize && !(p.auto_splat && argc == 1) {
            let nlocals = code.num_locals();
            if nlocals > argc {
                self.stack.resize(base + nlocals, Value::NIL);
            }
            return Ok(p.opt_entry.first().copied().unwrap_or(0) as usize);
        }
        if !kw
            && strict
            && !p.auto_splat
            && let Some(start) = self.bind_positional(code, base, argc)
        {
            return Ok(start);
        }
        if !(kw || strict || !p.simple || p.auto_splat && argc == 1) {
            // a block's extra arguments are dropped and missing ones nil (`[1].each { }`)
            let required = p.required as usize;
            if argc > required {
                self.stack.truncate(base + required);
            }
            let nlocals = code.num_locals();
            if self.stack.len() < base + nlocals {
                self.stack.resize(base + nlocals, Value::NIL);
            }
            return Ok(p.opt_entry.first().copied().unwrap_or(0) as usize);
        }
        self.bind_args_slow(code, base, argc, kw, strict, block)
    }

    /// Binds the `argc` arguments at `base` to a method's positional parameters (required,
    /// optional, rest, post) in place: nils for the optional ones not given, the rest Array,
    /// the post arguments moved after them, nils for the other locals. Answers the pc to start
    /// at, or None when the parameters are not only positional or the count is wrong (the
    /// general path then raises).
    #[inline(never)]
    pub(super) fn bind_positional(
        &mut self,
        code: &Code,
        base: usize,
        argc: usize,
    ) -> Option<usize> {
        let p = &code.params;
        let (req, opt, post) = (p.required as usize, p.optional as usize, p.post as usize);
        if !p.positional || argc < req + post || (!p.rest && argc > req + opt + post) || post > 8 {
            return None;
        }
        let given_opt = (argc - req - post).min(opt);
        let rest_len = argc - req - post - given_opt;
        let mut posts = [Value::NIL; 8];
        posts[..post].copy_from_slice(&self.stack[base + argc - post..base + argc]);
        let rest = if p.rest {
            // the arguments stay on the stack (rooted) while the Array is made
            let at = base + req + given_opt;
            let k = self.c.array;
            Some(self.heap.alloc_array(k, &self.stack[at..at + rest_len], 0))
        } else {
            None
        };
        self.stack.truncate(base + req + given_opt);
        self.stack.resize(base + req + opt, Value::NIL);
        if let Some(a) = rest {
            self.stack.push(a);
        }
        self.stack.extend_from_slice(&posts[..post]);
        self.stack.resize(base + code.num_locals(), Value::NIL);
        Some(p.opt_entry.get(given_opt).copied().unwrap_or(0) as usize)
    }

    /// The general case of `bind_args`: optional, rest, post, keyword and block parameters,
    /// argument count errors, proc-style padding and auto-splat.
    #[inline(never)]
    fn bind_args_slow(
        &mut self,
        code: &Code,
        base: usize,
        _argc: usize,
        kw: bool,
        strict: bool,
        block: &Option<Block>,
    ) -> VmResult<usize> {
        let p = &code.params;
        let nlocals = code.num_locals();
        // a copy: the originals stay on the stack (rooted) until the locals replace them
        let mut args: Vec<Value> = self.stack[base..].to_vec();
        // keywords
        let accepts_kw = !p.keywords.is_empty() || p.kwrest;
        let mut kwh = None;
        if kw {
            let h = args.pop().expect("kw hash");
            if p.no_kwargs
                && type_of(h) == T_HASH
                && !payload::<crate::object::hash::RHash>(h)
                    .expect("hash")
                    .is_empty()
            {
                return Err(self.arg_error("no keywords accepted"));
            }
            if accepts_kw {
                kwh = Some(h);
            } else if type_of(h) == T_HASH
                && !payload::<crate::object::hash::RHash>(h)
                    .expect("hash")
                    .is_empty()
            {
                args.push(h);
            }
        }
        if !strict && p.auto_splat && args.len() == 1 {
            if type_of(args[0]) == T_ARRAY {
                args = rarray(args[0]).vec.to_vec();
            } else if args[0].is_heap() && self.responds(args[0], intern("to_ary"), true) {
                // a single argument that converts to an Array spreads too
                let a = self.funcall(args[0], intern("to_ary"), &[], None)?;
                if type_of(a) == T_ARRAY {
                    args = rarray(a).vec.to_vec();
                } else if !a.is_nil() {
                    let k = self.real_class(args[0]);
                    let name = self.class_name(k);
                    let got = self.real_class(a);
                    let msg = format!(
                        "can't convert {name} to Array ({name}#to_ary gives {})",
                        self.class_name(got)
                    );
                    return Err(self.type_error(&msg));
                }
            }
        }
        let (req, opt, post) = (p.required as usize, p.optional as usize, p.post as usize);
        let n = args.len();
        if strict {
            if n < req + post || (!p.rest && n > req + opt + post) {
                let max = if p.rest {
                    -1
                } else {
                    (req + opt + post) as i64
                };
                let mut e = self.arity_error(n, req + post, max);
                let required: Vec<&str> = p
                    .keywords
                    .iter()
                    .filter(|k| k.1)
                    .map(|k| sym_name(k.0))
                    .collect();
                if !required.is_empty()
                    && let Some(exc) = e.raised()
                {
                    // CRuby names the required keywords in the count error
                    let msg = self.exception_message(exc);
                    let s = if required.len() > 1 { "s" } else { "" };
                    let full = format!(
                        "{}; required keyword{s}: {})",
                        msg.trim_end_matches(')'),
                        required.join(", ")
                    );
                    e = self.raise_str(self.c.argument_error, &full);
                }
                return Err(e);
            }
        } else if !p.numbered.is_empty() {
            let mut locals = vec![Value::NIL; nlocals];
            for (i, &slot) in p.numbered.iter().enumerate() {
                locals[slot as usize] = args.get(i).copied().unwrap_or(Value::NIL);
            }
            self.stack.truncate(base);
            self.stack.extend(locals);
            return Ok(0);
        }
        let given_opt = n.saturating_sub(req + post).min(opt);
        let rest_len = n.saturating_sub(req + post + given_opt);
        let get = |i: usize| args.get(i).copied().unwrap_or(Value::NIL);
        let mut locals = Vec::with_capacity(nlocals);
        for i in 0..req {
            locals.push(get(i));
        }
        for i in 0..opt {
            locals.push(if i < given_opt {
                get(req + i)
            } else {
                Value::NIL
            });
        }
        let after_opt = req + given_opt;
        if p.rest {
            let rest = if rest_len > 0 {
                &args[after_opt..after_opt + rest_len]
            } else {
                &[]
            };
            let a = self.ary_from_slice(rest);
            locals.push(a);
        }
        let post_start = if p.rest {
            after_opt + rest_len
        } else {
            (req + given_opt).min(n.saturating_sub(post).max(req))
        };
        for i in 0..post {
            locals.push(get(post_start + i));
        }
        // keyword slots
        if accepts_kw {
            let pairs = match kwh {
                Some(h) if type_of(h) == T_HASH => payload::<crate::object::hash::RHash>(h)
                    .expect("hash")
                    .pairs(),
                _ => Vec::new(),
            };
            let mut used = vec![false; pairs.len()];
            let mut missing = Vec::new();
            for &(name, required) in &p.keywords {
                let key = Value::symbol(name);
                match pairs.iter().position(|pr| pr.0 == key) {
                    Some(i) => {
                        used[i] = true;
                        locals.push(pairs[i].1);
                    }
                    None => {
                        if required {
                            missing.push(name);
                        }
                        locals.push(Value::UNDEF);
                    }
                }
            }
            if !missing.is_empty() {
                let names: Vec<String> = missing
                    .iter()
                    .map(|&m| format!(":{}", sym_name(m)))
                    .collect();
                let msg = format!(
                    "missing keyword{}: {}",
                    if names.len() > 1 { "s" } else { "" },
                    names.join(", ")
                );
                return Err(self.raise_str(self.c.argument_error, &msg));
            }
            if p.kwrest {
                let h = self.hash_new();
                for (i, &(k, v)) in pairs.iter().enumerate() {
                    if !used[i] {
                        crate::core::hash::raw_insert(self, h, k, v)?;
                    }
                }
                locals.push(h);
            } else if let Some(i) = used.iter().position(|u| !u) {
                let unknown: Vec<Value> = pairs
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| !used[*j])
                    .map(|(_, p)| p.0)
                    .collect();
                let _ = i;
                let mut names = Vec::new();
                for k in unknown {
                    names.push(self.inspect_str(k)?);
                }
                let msg = format!(
                    "unknown keyword{}: {}",
                    if names.len() > 1 { "s" } else { "" },
                    names.join(", ")
                );
                self.stack.truncate(base);
                return Err(self.raise_str(self.c.argument_error, &msg));
            }
        }
        if p.block {
            let b = match block {
                Some(b) => match &**b {
                    BlockData::Proc(v) => *v,
                    _ => self.proc_new(b.clone(), false),
                },
                None => Value::NIL,
            };
            locals.push(b);
        }
        locals.resize(nlocals, Value::NIL);
        self.stack.truncate(base);
        self.stack.extend(locals);
        Ok(p.opt_entry.get(given_opt).copied().unwrap_or(0) as usize)
    }

    /// `yield args` in frame `fi`.
    pub(crate) fn yield_site(&mut self, fi: usize, code: &Code, cs: u32) -> VmResult {
        let site = &code.call_sites[cs as usize];
        let argc = self.normalize_args(site.argc as usize, site.flags)?;
        let Some(block) = self.frame_block(fi) else {
            self.stack.truncate(self.stack.len() - argc);
            return Err(self.raise_str(self.c.local_jump_error, "no block given (yield)"));
        };
        let at = self.stack.len() - argc;
        let args = self.stack.split_off(at);
        self.call_block_kw(
            &block,
            &args,
            site.flags & CS_KWARGS != 0,
            None,
            None,
            false,
            None,
        )
    }

    /// Calls a block with `args` (from natives: `each`, `map`, ...).
    pub fn yield_block(&mut self, block: &Block, args: &[Value]) -> VmResult {
        self.call_block_with(block, args, None, None, false, None)
    }

    /// Calls a block: `self_override` for instance_exec/define_method, `lambda` for lambda
    /// semantics (strict arity, `return` returns from the block).
    pub(crate) fn call_block_with(
        &mut self,
        block: &Block,
        args: &[Value],
        blockarg: Option<Block>,
        self_override: Option<Value>,
        lambda: bool,
        method: Option<(u32, Value)>,
    ) -> VmResult {
        self.call_block_kw(block, args, false, blockarg, self_override, lambda, method)
    }

    /// `call_block_with`, with `kw` when the last argument holds keywords.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call_block_kw(
        &mut self,
        block: &Block,
        args: &[Value],
        kw: bool,
        blockarg: Option<Block>,
        self_override: Option<Value>,
        lambda: bool,
        method: Option<(u32, Value)>,
    ) -> VmResult {
        match &**block {
            BlockData::Code {
                code,
                self_,
                env,
                method: bm,
                defined_class,
                outer_block,
                home,
                cref,
                tag,
            } => {
                if self.frames.len() >= MAX_DEPTH {
                    return Err(self.raise_str(self.c.system_stack_error, "stack level too deep"));
                }
                self.stack.push(Value::NIL);
                let base = self.stack.len();
                self.stack.extend_from_slice(args);
                let s = self_override.unwrap_or(*self_);
                let (m, dc) = method.unwrap_or((*bm, *defined_class));
                let kind = if lambda {
                    FrameKind::Lambda
                } else {
                    FrameKind::Block
                };
                let code = code.clone();
                let cref = match self.cref_override.take() {
                    Some(k) => Rc::new(Cref {
                        block_eval: true,
                        ..Cref::new(k, Some(cref.clone()))
                    }),
                    None if std::mem::take(&mut self.eval_singleton) => Rc::new(Cref {
                        block_eval: true,
                        eval_singleton: true,
                        ..Cref::new(cref.klass, Some(cref.clone()))
                    }),
                    None => cref.clone(),
                };
                let blk = blockarg.or_else(|| outer_block.clone());
                let r = if lambda {
                    self.invoke_code(
                        code,
                        cref,
                        m,
                        dc,
                        s,
                        base,
                        args.len(),
                        kw,
                        blk,
                        kind,
                        *tag,
                        *env,
                    )
                } else {
                    self.invoke_code_block(
                        code,
                        cref,
                        m,
                        dc,
                        s,
                        base,
                        args.len(),
                        kw,
                        blk,
                        *home,
                        *tag,
                        *env,
                    )
                };
                self.stack.truncate(base - 1);
                r
            }
            BlockData::Proc(p) => {
                let po = payload::<ProcObj>(*p).expect("proc");
                let (b, l) = (po.block.clone(), po.lambda || lambda);
                self.call_block_kw(&b, args, kw, blockarg, self_override, l, method)
            }
            BlockData::Symbol(id, scope) => {
                let Some((&recv, rest)) = args.split_first() else {
                    return Err(self.raise_str(self.c.argument_error, "no receiver given"));
                };
                // a native looping over `&:name` (`upto(n, &:to_s)`) runs no Ruby code, so its
                // collections and interrupts come here, where a Ruby block would have its own
                self.block_safepoint(args, blockarg.as_ref(), Value::NIL)?;
                match scope {
                    Some(cref) => self.funcall_scoped(cref, recv, *id, rest, blockarg, false),
                    None => self.funcall(recv, *id, rest, blockarg),
                }
            }
            BlockData::Method(mo) => {
                let mo = *mo;
                self.block_safepoint(args, blockarg.as_ref(), mo)?;
                crate::core::method::method_call(self, mo, args, blockarg.as_ref())
            }
            BlockData::Native(n) => {
                let f = n.f.clone();
                // the yielded values stay rooted while Rust holds them
                let h = self.stack.len();
                self.stack.extend_from_slice(args);
                let r = f(self, args);
                self.stack.truncate(h);
                r
            }
        }
    }

    /// The safepoint of a block call that runs no Ruby code of its own (`&:name`,
    /// `&method(:m)`), with the values the call is about to use rooted on the stack: the
    /// yielded values, the block passed on and `keep`.
    fn block_safepoint(
        &mut self,
        args: &[Value],
        blockarg: Option<&Block>,
        keep: Value,
    ) -> VmResult<()> {
        if !self.safepoint_due() {
            return Ok(());
        }
        let mark = self.stack.len();
        self.stack.extend_from_slice(args);
        self.stack.push(keep);
        if let Some(b) = blockarg {
            let mut vals = Vec::new();
            b.values(&mut vals);
            self.stack.extend_from_slice(&vals);
        }
        let r = self.safepoint();
        self.stack.truncate(mark);
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn invoke_code_block(
        &mut self,
        code: Rc<Code>,
        cref: Rc<Cref>,
        m: u32,
        owner: Value,
        recv: Value,
        base: usize,
        argc: usize,
        kw: bool,
        block: Option<Block>,
        home: u64,
        tag: u64,
        outer_env: Option<crate::object::heap::EnvRef>,
    ) -> VmResult {
        // a block call is a safepoint (`loop { }` runs no Ruby jump or send; a native's loop
        // over a block may allocate at each step)
        if self.safepoint_due() {
            self.safepoint()?;
        }
        let start = self.bind_args(&code, base, argc, kw, false, &block)?;
        let id = self.next_id();
        self.frames.push_with(move || Frame {
            code: Some(code),
            method: m,
            defined_class: owner,
            self_: recv,
            block: block.into(),
            outer: outer_env,
            base: base as u32,
            argc: argc as u32,
            pc: start as u32,
            home,
            tag,
            ..Frame::bare(FrameKind::Block, id, cref)
        });
        self.run_pushed_frame()
    }

    /// `super` / `super(args)` from frame `fi`.
    pub(crate) fn super_site(
        &mut self,
        fi: usize,
        code: &Code,
        cs: u32,
        block: Option<Block>,
    ) -> VmResult {
        let site = &code.call_sites[cs as usize];
        let flags = site.flags;
        // find the method frame (super inside a block refers to the enclosing method)
        let (m, dc, recv) = {
            let f = &self.frames[fi];
            (f.method, f.defined_class, f.self_)
        };
        if m == NO_METHOD {
            return Err(self.raise_str(self.c.runtime_error, "super called outside of method"));
        }
        if flags & CS_ZSUPER != 0 && matches!(self.methods[m as usize].body, MethodBody::Proc(_)) {
            let msg = "implicit argument passing of super from method defined by define_method() \
                       is not supported. Specify all arguments explicitly.";
            return Err(self.raise_str(self.c.runtime_error, msg));
        }
        let mut block = block;
        if flags & CS_BLOCKARG != 0 {
            let v = self.stack.pop().expect("block arg");
            block = self.block_from_value(v)?;
        }
        let mut kw = flags & CS_KWARGS != 0;
        let argc = if flags & CS_ZSUPER != 0 {
            let (args, has_kw) = self.zsuper_args(fi)?;
            kw = has_kw;
            let n = args.len();
            self.stack.extend(args);
            n
        } else {
            self.normalize_args(site.argc as usize, flags)?
        };
        if block.is_none() {
            block = self.frame_block(fi);
        }
        let name = self.methods[m as usize].original;
        let klass = self.class_of(recv);
        let at = self.stack.len() - argc;
        self.stack.insert(at, recv);
        // the site's cache, keyed by the receiver's class and the calling method's owner
        let c = site.cache.get();
        let found = if c.klass == klass.bits() && c.owner == dc.bits() && c.serial == self.serial {
            Some(c.method)
        } else {
            let found = self.find_super_method_from(fi, klass, dc, name);
            if let Some(sm) = found {
                site.cache.set(CacheEntry {
                    klass: klass.bits(),
                    serial: self.serial,
                    method: sm,
                    owner: dc.bits(),
                });
            }
            found
        };
        match found {
            Some(sm) => self.invoke(sm, recv, argc, kw, block),
            None => {
                // as CRuby: a method_missing written in Ruby gets the call (Delegator's does)
                let mm = intern("method_missing");
                if let Some(m) = self.find_method(klass, mm)
                    && !matches!(self.methods[m as usize].body, MethodBody::Native(..))
                {
                    self.stack.insert(at + 1, Value::symbol(name));
                    return self.invoke(m, recv, argc + 1, kw, block);
                }
                self.stack.truncate(at);
                let desc = self.describe_receiver(recv);
                let msg = format!(
                    "super: no superclass method '{}' for {desc}",
                    sym_name(name)
                );
                Err(self.no_method_error(&msg, recv, name))
            }
        }
    }

    /// The current values of the method's parameters, for zero-argument `super`.
    fn zsuper_args(&mut self, fi: usize) -> VmResult<(Vec<Value>, bool)> {
        // walk out of blocks to the method frame that owns the parameters
        let mut mfi = fi;
        while matches!(self.frames[mfi].kind, FrameKind::Block | FrameKind::Eval) && mfi > 0 {
            mfi -= 1;
            while mfi > 0
                && self.frames[mfi].id != self.frames[fi].home
                && self.frames[mfi].kind != FrameKind::Method
            {
                mfi -= 1;
            }
        }
        let code = self.frames[mfi].code.clone().expect("method code");
        let p = &code.params;
        let mut args = Vec::new();
        let mut slot = 0;
        for _ in 0..p.required + p.optional {
            args.push(self.frame_local(mfi, slot));
            slot += 1;
        }
        if p.rest {
            let r = self.frame_local(mfi, slot);
            if type_of(r) == T_ARRAY {
                args.extend(rarray(r).vec.to_vec());
            }
            slot += 1;
        }
        for _ in 0..p.post {
            args.push(self.frame_local(mfi, slot));
            slot += 1;
        }
        let mut kw = false;
        if !p.keywords.is_empty() || p.kwrest {
            let h = self.hash_new();
            for &(name, _) in &p.keywords {
                let v = self.frame_local(mfi, slot);
                if !v.is_undef() {
                    crate::core::hash::raw_insert(self, h, Value::symbol(name), v)?;
                }
                slot += 1;
            }
            if p.kwrest {
                let r = self.frame_local(mfi, slot);
                self.hash_merge_into(h, r)?;
            }
            args.push(h);
            kw = true;
        }
        Ok((args, kw))
    }
}
