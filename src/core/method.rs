//! Proc and Method objects: call, arity, lambda?, to_proc, owner, receiver.

use crate::object::heap::*;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::call::ProcObj;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, BlockData, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const PROC: &[M] = &[
    ("source_location", p_source_location, 0, 0),
    ("inspect", p_inspect, 0, 0),
    ("to_s", p_inspect, 0, 0),
    ("call", p_call, 0, -1),
    ("()", p_call, 0, -1),
    ("yield", p_call, 0, -1),
    ("[]", p_call, 0, -1),
    ("===", p_call, 0, -1),
    ("to_proc", p_to_proc, 0, 0),
    ("lambda?", p_lambda_p, 0, 0),
    ("arity", p_arity, 0, 0),
    ("parameters", p_parameters, 0, 1),
    ("curry", p_curry, 0, 1),
    (">>", p_compose_right, 1, 1),
    ("<<", p_compose_left, 1, 1),
    ("binding", super::binding::proc_binding, 0, 0),
    ("==", p_eq, 1, 1),
    ("eql?", p_eq, 1, 1),
    ("hash", p_hash, 0, 0),
];

const METHOD: &[M] = &[
    ("call", m_call, 0, -1),
    ("[]", m_call, 0, -1),
    ("===", m_call, 0, -1),
    ("to_proc", m_to_proc, 0, 0),
    ("arity", m_arity, 0, 0),
    ("owner", m_owner, 0, 0),
    ("receiver", m_receiver, 0, 0),
    ("name", m_name, 0, 0),
    ("original_name", m_original_name, 0, 0),
    ("parameters", m_parameters, 0, 0),
    ("super_method", m_super_method, 0, 0),
    ("==", m_eq, 1, 1),
    ("eql?", m_eq, 1, 1),
    ("hash", m_hash, 0, 0),
];

/// meth.super_method -> the method `super` would call from it, or nil
fn m_super_method(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mo = payload::<MethodObj>(s).expect("method");
    let (m, recv, name) = (mo.method, mo.recv, mo.name);
    let owner = vm.methods[m as usize].owner;
    let start = if recv.is_undef() {
        owner
    } else {
        vm.class_of(recv)
    };
    let ancestors = vm.ancestors(start);
    let Some(at) = ancestors.iter().position(|&a| a == owner) else {
        return Ok(Value::NIL);
    };
    for &a in &ancestors[at + 1..] {
        if let Some(&sm) = vm.class_data(a).methods.get(&name) {
            if matches!(
                vm.methods[sm as usize].body,
                crate::vm::MethodBody::Undefined
            ) {
                return Ok(Value::NIL);
            }
            return Ok(method_object(vm, recv, sm, name));
        }
    }
    Ok(Value::NIL)
}

/// A Method object's payload: the receiver (UNDEF for an UnboundMethod) and the entry.
pub struct MethodObj {
    pub recv: Value,
    pub method: u32,
    pub name: u32,
}

impl Payload for MethodObj {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.recv);
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

pub fn init(vm: &mut Vm) {
    let (p, m) = (vm.c.proc_, vm.c.method);
    vm.define_natives(p, PROC);
    vm.define_singleton_natives(p, &[("new", p_s_new, 0, 0)]);
    vm.define_natives(m, METHOD);
    vm.define_natives(
        m,
        &[
            (">>", m_compose_right, 1, 1),
            ("<<", m_compose_left, 1, 1),
            ("curry", m_curry, 0, 1),
        ],
    );
    vm.define_natives(
        m,
        &[
            ("unbind", m_unbind, 0, 0),
            ("source_location", m_source_location, 0, 0),
            ("inspect", m_inspect, 0, 0),
            ("to_s", m_inspect, 0, 0),
        ],
    );
    let o = vm.c.object;
    let um = vm.define_class("UnboundMethod", o);
    vm.class_data(um).instance_type = crate::object::heap::T_NONE;
    vm.define_natives(
        um,
        &[
            ("bind", um_bind, 1, 1),
            ("bind_call", um_bind_call, 1, -1),
            ("arity", m_arity, 0, 0),
            ("owner", m_owner, 0, 0),
            ("name", m_name, 0, 0),
            ("original_name", m_original_name, 0, 0),
            ("parameters", m_parameters, 0, 0),
            ("source_location", m_source_location, 0, 0),
            ("inspect", m_inspect, 0, 0),
            ("to_s", m_inspect, 0, 0),
            ("==", m_eq, 1, 1),
            ("eql?", m_eq, 1, 1),
            ("hash", m_hash, 0, 0),
        ],
    );
    let k = vm.c.kernel;
    vm.define_natives(
        k,
        &[
            ("method", k_method, 1, 1),
            ("public_method", k_public_method, 1, 1),
        ],
    );
}

/// A Method object for `recv.name`, or an UnboundMethod when `recv` is UNDEF.
pub fn method_object(vm: &mut Vm, recv: Value, m: u32, name: u32) -> Value {
    let k = if recv.is_undef() {
        vm.class_data(vm.c.object)
            .const_get(crate::object::symbol::intern("UnboundMethod"))
            .unwrap_or(vm.c.method)
    } else {
        vm.c.method
    };
    vm.heap.alloc_boxed(
        T_DATA,
        k,
        Box::new(MethodObj {
            recv,
            method: m,
            name,
        }),
    )
}
/// meth.unbind -> unbound_method
fn m_unbind(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mo = payload::<MethodObj>(s).expect("method");
    let (m, n) = (mo.method, mo.name);
    Ok(method_object(vm, Value::UNDEF, m, n))
}
/// umeth.bind(obj) -> method (obj must be a kind of the method's owner)
fn um_bind(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mo = payload::<MethodObj>(s).expect("method");
    let (m, n) = (mo.method, mo.name);
    let owner = vm.methods[m as usize].owner;
    if !vm.class_data(owner).is_module && !vm.is_a(a[0], owner) {
        let msg = format!(
            "bind argument must be an instance of {}",
            vm.class_name(owner)
        );
        return Err(vm.type_error(&msg));
    }
    Ok(method_object(vm, a[0], m, n))
}
/// umeth.bind_call(obj, args, ...) -> obj
fn um_bind_call(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let bound = um_bind(vm, s, &a[..1], None)?;
    vm.stack.push(bound);
    let r = method_call(vm, bound, &a[1..], b);
    vm.stack.pop();
    r
}
/// meth.source_location -> [file, line] or nil
fn m_source_location(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = payload::<MethodObj>(s).expect("method").method;
    match &vm.methods[m as usize].body {
        crate::vm::MethodBody::Code(c, _) => {
            let (f, l) = (c.file.to_string(), c.first_line);
            let fs = vm.str_from(f);
            Ok(vm.ary_from_slice(&[fs, Value::fixnum(l as i64)]))
        }
        // define_method: where its block was written
        &crate::vm::MethodBody::Proc(p) => p_source_location(vm, p, &[], None),
        _ => Ok(Value::NIL),
    }
}
/// proc.source_location -> [file, line] of the block, or nil (a Symbol's or a Method's proc)
fn p_source_location(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some(po) = payload::<crate::vm::call::ProcObj>(s) else {
        return Ok(Value::NIL);
    };
    match &*po.block {
        BlockData::Code { code, .. } => {
            let (f, l) = (code.file.to_string(), code.first_line);
            let fs = vm.str_from(f);
            Ok(vm.ary_from_slice(&[fs, Value::fixnum(l as i64)]))
        }
        _ => Ok(Value::NIL),
    }
}
/// proc.inspect -> "#<Proc:0x... file:line>", " (lambda)" for lambdas, "(&:sym)" for
/// Symbol procs
fn p_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some(po) = payload::<crate::vm::call::ProcObj>(s) else {
        return Ok(vm.default_to_s(s));
    };
    let k = vm.real_class(s);
    let mut out = format!("#<{}:{:#018x}", vm.class_name(k), s.bits());
    match &*po.block {
        BlockData::Code { code, .. } => {
            out.push_str(&format!(" {}:{}", code.file, code.first_line))
        }
        BlockData::Symbol(id, _) => out.push_str(&format!("(&:{})", sym_name(*id))),
        _ => {}
    }
    if po.lambda {
        out.push_str(" (lambda)");
    }
    out.push('>');
    Ok(vm.str_from(out))
}

/// meth.inspect -> "#<Method: Foo#bar(a, b) file:line>"
fn m_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mo = payload::<MethodObj>(s).expect("method");
    let (m, recv, name) = (mo.method, mo.recv, mo.name);
    let owner = vm.methods[m as usize].owner;
    let kind = if recv.is_undef() {
        "UnboundMethod"
    } else {
        "Method"
    };
    // "Owner#name", "Recv(Owner)#name" when found in an ancestor, "Recv.name" for a singleton
    // method of a class or module
    let target = if owner.is_heap() && vm.class_data(owner).is_singleton {
        // a singleton method: "Recv.name", or "Recv(Attached).name" when found from another
        // receiver (a subclass), "#<Class:X>#name" unbound
        let att = vm.class_data(owner).attached;
        if recv.is_undef() {
            format!("{}#", vm.class_name(owner))
        } else if recv == att {
            format!("{}.", vm.inspect_str(att)?)
        } else {
            format!("{}({}).", vm.inspect_str(recv)?, vm.inspect_str(att)?)
        }
    } else {
        let oname = vm.class_name(owner);
        // the class searched: the receiver's singleton class when it is a class's or a
        // module's (`#<Class:A>(Class)#new`), else its real class
        let k = if recv.is_undef() {
            owner
        } else {
            let c = vm.class_of(recv);
            let d = vm.class_data(c);
            let meta_of_module = d.is_singleton
                && matches!(
                    crate::object::heap::type_of(d.attached),
                    crate::object::heap::T_CLASS | crate::object::heap::T_MODULE
                );
            if meta_of_module {
                c
            } else {
                vm.real_class(recv)
            }
        };
        if k != owner {
            format!("{}({oname})#", vm.class_name(k))
        } else {
            format!("{oname}#")
        }
    };
    let (params, loc) = match &vm.methods[m as usize].body {
        crate::vm::MethodBody::Code(c, _) => {
            let ps: Vec<String> = c
                .params
                .names
                .iter()
                .map(|(k, n)| {
                    let n = n.map(sym_name).unwrap_or("");
                    match *k {
                        "opt" => format!("{n}=..."),
                        "rest" => format!("*{}", if n == "*" { "" } else { n }),
                        "keyreq" => format!("{n}:"),
                        "key" => format!("{n}: ..."),
                        "keyrest" => format!("**{}", if n == "**" { "" } else { n }),
                        "block" => format!("&{}", if n == "&" { "" } else { n }),
                        _ => n.to_string(),
                    }
                })
                .collect();
            (ps.join(", "), format!(" {}:{}", c.file, c.first_line))
        }
        // C methods show `_` per required argument, or `*` for a variable count
        crate::vm::MethodBody::Native(_, min, max) if min == max && *min >= 0 => {
            (vec!["_"; *min as usize].join(", "), String::new())
        }
        crate::vm::MethodBody::AttrReader(_) => (String::new(), String::new()),
        crate::vm::MethodBody::AttrWriter(_) => ("_".to_string(), String::new()),
        _ => ("*".to_string(), String::new()),
    };
    Ok(vm.str_from(format!(
        "#<{kind}: {target}{}({params}){loc}>",
        sym_name(name)
    )))
}

pub fn method_entry_of(v: Value) -> u32 {
    payload::<MethodObj>(v)
        .map(|m| m.method)
        .unwrap_or(u32::MAX)
}

/// Calls a Method object with `args`.
pub fn method_call(vm: &mut Vm, mo: Value, args: &[Value], b: Option<&Block>) -> VmResult {
    let m = payload::<MethodObj>(mo).expect("method");
    let (recv, idx) = (m.recv, m.method);
    vm.stack.push(recv);
    vm.stack.extend_from_slice(args);
    vm.invoke(idx, recv, args.len(), false, b.cloned())
}

fn k_method(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = crate::core::object::symbol_arg(vm, a[0])?;
    let k = vm.class_of(s);
    match vm.find_method_for_caller(k, id) {
        Some(m) => Ok(method_object(vm, s, m, id)),
        None => {
            let rtm = crate::object::symbol::intern("respond_to_missing?");
            if vm
                .funcall(s, rtm, &[Value::symbol(id), Value::TRUE], None)?
                .truthy()
            {
                return Ok(missing_method_object(vm, s, id));
            }
            let rk = vm.real_class(s);
            let msg = format!(
                "undefined method '{}' for class '{}'",
                sym_name(id),
                vm.class_name(rk)
            );
            Err(vm.name_error(&msg, s, id))
        }
    }
}

/// A Method for a name `respond_to_missing?` claims: calling it calls `method_missing`.
fn missing_method_object(vm: &mut Vm, recv: Value, id: u32) -> Value {
    let mm = crate::object::symbol::intern("method_missing");
    let f = move |vm: &mut Vm, args: &[Value]| -> VmResult {
        let mut all = vec![Value::symbol(id)];
        all.extend_from_slice(args);
        vm.funcall(recv, mm, &all, None)
    };
    let b = std::rc::Rc::new(BlockData::Native(crate::vm::frame::NativeBlock {
        f: std::rc::Rc::new(f),
        roots: vec![recv],
    }));
    let p = vm.proc_new(b, true);
    let owner = vm.real_class(recv);
    let idx = vm.methods.len() as u32;
    vm.methods.push(crate::vm::MethodEntry {
        name: id,
        original: id,
        owner,
        vis: crate::object::class::Visibility::Public,
        body: crate::vm::MethodBody::Proc(p),
    });
    method_object(vm, recv, idx, id)
}
/// obj.public_method(sym) -> method (NameError for private and protected methods)
fn k_public_method(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let id = crate::core::object::symbol_arg(vm, a[0])?;
    let k = vm.class_of(s);
    if let Some(m) = vm.find_method(k, id)
        && vm.methods[m as usize].vis != crate::object::class::Visibility::Public
    {
        let rk = vm.real_class(s);
        let what = if vm.methods[m as usize].vis == crate::object::class::Visibility::Private {
            "private"
        } else {
            "protected"
        };
        let msg = format!(
            "undefined {what} method '{}' for class '{}'",
            sym_name(id),
            vm.class_name(rk)
        );
        let _ = what;
        return Err(vm.name_error(&msg, s, id));
    }
    k_method(vm, s, a, b)
}

pub(crate) fn proc_obj(v: Value) -> &'static mut ProcObj {
    payload::<ProcObj>(v).expect("proc")
}
/// prc.call(params, ...) -> obj
fn p_call(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = std::mem::take(&mut vm.pending_kw);
    call_proc_kw(vm, s, a, kw, b)
}

/// Calls Proc `s` with `a` as `Proc#call` does (a `break` or `return` with nowhere to go is
/// LocalJumpError; a `break` while the call its block was passed to runs ends that call).
pub(crate) fn call_proc(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult {
    call_proc_kw(vm, s, a, false, None)
}

fn call_proc_kw(vm: &mut Vm, s: Value, a: &[Value], kw: bool, b: Option<&Block>) -> VmResult {
    let p = proc_obj(s);
    let (blk, lambda) = (p.block.clone(), p.lambda);
    let tag = match &*blk {
        BlockData::Code { tag, .. } => *tag,
        _ => 0,
    };
    match vm.call_block_kw(&blk, a, kw, b.cloned(), None, lambda, None) {
        Err(unw)
            if let UnwindKind::Break(t, _) = *unw.kind()
                && t == tag
                && !lambda
                && !vm.block_call_active(tag) =>
        {
            Err(vm.raise_str(vm.c.local_jump_error, "break from proc-closure"))
        }
        Err(unw)
            if let UnwindKind::Return(id, _) = *unw.kind()
                && !vm.frames.iter().any(|f| f.id == id) =>
        {
            Err(vm.raise_str(vm.c.local_jump_error, "unexpected return"))
        }
        r => r,
    }
}
/// Proc.new { ... } -> proc; a subclass's `new` makes an object of that class on the block
fn p_s_new(vm: &mut Vm, k: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("tried to create Proc object without a block"));
    };
    let p = vm.proc_new(b.clone(), false);
    if k == vm.c.proc_ {
        return Ok(p);
    }
    let src = proc_obj(p);
    let own = ProcObj {
        block: src.block.clone(),
        lambda: src.lambda,
    };
    Ok(vm.heap.alloc_boxed(T_PROC, k, Box::new(own)))
}
fn p_to_proc(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
/// proc == other: the same block (a `dup` or `clone` of it, or itself) of the same class and
/// lambda-ness
fn p_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if type_of(o) != T_PROC || vm.real_class(o) != vm.real_class(s) {
        return Ok(Value::FALSE);
    }
    let (x, y) = (proc_obj(s), proc_obj(o));
    Ok(Value::bool(
        x.lambda == y.lambda && std::rc::Rc::ptr_eq(&x.block, &y.block),
    ))
}

/// proc.hash: equal for procs that are `==`
fn p_hash(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = proc_obj(s);
    let addr = std::rc::Rc::as_ptr(&p.block) as *const u8 as usize as u64;
    Ok(Value::fixnum(
        ((addr >> 3) ^ p.lambda as u64) as i64 & 0x3fff_ffff_ffff_ffff,
    ))
}

fn p_lambda_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(proc_obj(s).lambda))
}

/// Proc#arity: lambdas as methods; procs -(required+1) when they take optional/rest, else
/// the required count.
fn p_arity(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = proc_obj(s);
    let a = match &*p.block {
        BlockData::Code { code, .. } => {
            let pi = &code.params;
            let req_kw = pi.keywords.iter().any(|k| k.1) as i64;
            if p.lambda {
                pi.arity()
            } else if pi.rest {
                -((pi.required + pi.post) as i64) - 1 - req_kw
            } else if !pi.declared && pi.numbered.is_empty() {
                0
            } else {
                (pi.required + pi.post) as i64 + req_kw
            }
        }
        BlockData::Symbol(..) => -2,
        _ => -1,
    };
    Ok(Value::fixnum(a))
}
/// The `[[:req, :a], [:opt, :b], ...]` list for parameter info; `proc_style` turns required
/// parameters into optional ones, as procs (not lambdas) report them.
fn parameter_list(vm: &mut Vm, p: &crate::vm::code::ParamInfo, proc_style: bool) -> Value {
    let mut out = Vec::new();
    for &(kind, name) in &p.names {
        let kind = if proc_style && kind == "req" {
            "opt"
        } else {
            kind
        };
        let mut pair = vec![vm.sym(kind)];
        if let Some(n) = name {
            pair.push(Value::symbol(n));
        }
        let a = vm.ary_new(pair);
        out.push(a);
    }
    vm.ary_new(out)
}
/// prc.curry(arity = nil) -> curried_proc: collects arguments until `arity` are given, then
/// calls prc with all of them. Lambdas check the arity; the curried proc is a lambda when prc is.
fn p_curry(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = proc_obj(s);
    let lambda = p.lambda;
    let (req, opt_or_rest) = match &*p.block {
        BlockData::Code { code, .. } => {
            let pi = &code.params;
            let req = (pi.required + pi.post) as i64
                + if pi.numbered.is_empty() {
                    0
                } else {
                    pi.numbered.len() as i64
                };
            (req, pi.optional > 0 || pi.rest)
        }
        _ => (0, true),
    };
    let arity = match a.first() {
        Some(&n) => {
            let n = super::arg_int(vm, n)?;
            if lambda && (n < req || (!opt_or_rest && n != req)) {
                let exp = if opt_or_rest {
                    format!("{req}+")
                } else {
                    req.to_string()
                };
                return Err(vm.arg_error(&format!(
                    "wrong number of arguments (given {n}, expected {exp})"
                )));
            }
            n
        }
        None => req,
    };
    Ok(curried(vm, s, arity.max(0) as usize, Vec::new(), lambda))
}

/// meth.curry(arity = nil) -> curried lambda
fn m_curry(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let p = m_to_proc(vm, s, &[], None)?;
    vm.stack.push(p);
    let arity = match a.first() {
        Some(&n) => super::arg_int(vm, n)?,
        None => m_arity(vm, s, &[], None)?.as_fixnum().max(0),
    };
    let r = p_curry(vm, p, &[Value::fixnum(arity)], b);
    vm.stack.pop();
    r
}
/// A proc calling `first` with the arguments, then `second` with the result.
fn composed(vm: &mut Vm, first: Value, second: Value, lambda: bool) -> Value {
    let call = crate::object::symbol::intern("call");
    let f = move |vm: &mut Vm, args: &[Value]| -> VmResult {
        let mid = vm.funcall(first, call, args, None)?;
        vm.funcall(second, call, &[mid], None)
    };
    let b = std::rc::Rc::new(BlockData::Native(crate::vm::frame::NativeBlock {
        f: std::rc::Rc::new(f),
        roots: vec![first, second],
    }));
    vm.proc_new(b, lambda)
}
fn check_callable(vm: &mut Vm, g: Value) -> VmResult<()> {
    if !vm.responds(g, crate::object::symbol::intern("call"), true) {
        return Err(vm.type_error("callable object is expected"));
    }
    Ok(())
}
/// meth >> g -> a lambda that calls meth, then g with its result
fn m_compose_right(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_callable(vm, a[0])?;
    Ok(composed(vm, s, a[0], true))
}
/// meth << g -> a lambda that calls g, then meth with its result
fn m_compose_left(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_callable(vm, a[0])?;
    Ok(composed(vm, a[0], s, true))
}
/// prc >> g -> a proc that calls prc, then g with its result
fn p_compose_right(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_callable(vm, a[0])?;
    let lambda = proc_obj(s).lambda;
    Ok(composed(vm, s, a[0], lambda))
}
/// prc << g -> a proc that calls g, then prc with its result
fn p_compose_left(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_callable(vm, a[0])?;
    let lambda = proc_obj(s).lambda;
    Ok(composed(vm, a[0], s, lambda))
}

/// A proc that gathers arguments for `target` until `arity` have been given.
fn curried(vm: &mut Vm, target: Value, arity: usize, have: Vec<Value>, lambda: bool) -> Value {
    let mut roots = have.clone();
    roots.push(target);
    let f = move |vm: &mut Vm, args: &[Value]| -> VmResult {
        let mut all = have.clone();
        all.extend_from_slice(args);
        if all.len() >= arity {
            vm.funcall(target, crate::object::symbol::intern("call"), &all, None)
        } else {
            Ok(curried(vm, target, arity, all, lambda))
        }
    };
    let b = std::rc::Rc::new(BlockData::Native(crate::vm::frame::NativeBlock {
        f: std::rc::Rc::new(f),
        roots,
    }));
    vm.proc_new(b, lambda)
}

/// prc.parameters(lambda: nil) -> array
fn p_parameters(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = proc_obj(s);
    let mut lambda = p.lambda;
    if let Some(&h) = a.first()
        && crate::object::heap::type_of(h) == T_HASH
    {
        let k = vm.sym("lambda");
        let v = crate::core::hash::get(vm, h, k)?;
        if !v.is_nil() {
            lambda = v.truthy();
        }
    }
    let blk = p.block.clone();
    Ok(block_parameters(vm, &blk, lambda))
}

/// The `parameters` of a block, read as a lambda's or a proc's: a Ruby block's own, `&:name`'s
/// receiver and the rest, anything else's rest.
fn block_parameters(vm: &mut Vm, blk: &Block, lambda: bool) -> Value {
    match &**blk {
        BlockData::Code { code, .. } => parameter_list(vm, &code.params, !lambda),
        BlockData::Symbol(..) => {
            let (r, rest) = (vm.sym(if lambda { "req" } else { "opt" }), vm.sym("rest"));
            let a1 = vm.ary_from_slice(&[r]);
            let a2 = vm.ary_from_slice(&[rest]);
            vm.ary_from_slice(&[a1, a2])
        }
        _ => {
            let rest = vm.sym("rest");
            let a1 = vm.ary_from_slice(&[rest]);
            vm.ary_from_slice(&[a1])
        }
    }
}
/// meth.parameters -> array
fn m_parameters(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = payload::<MethodObj>(s).expect("method").method;
    match &vm.methods[m as usize].body {
        crate::vm::MethodBody::Code(c, _) => {
            let c = c.clone();
            Ok(parameter_list(vm, &c.params, false))
        }
        // define_method: the block's parameters, read as a lambda's
        &crate::vm::MethodBody::Proc(p) => {
            let blk = proc_obj(p).block.clone();
            Ok(block_parameters(vm, &blk, true))
        }
        crate::vm::MethodBody::AttrWriter(_) => {
            let k = vm.sym("req");
            let a1 = vm.ary_from_slice(&[k]);
            Ok(vm.ary_from_slice(&[a1]))
        }
        crate::vm::MethodBody::Native(_, min, max) => {
            let (min, max) = (*min, *max);
            let mut out = Vec::new();
            for _ in 0..min {
                let k = vm.sym("req");
                out.push(vm.ary_from_slice(&[k]));
            }
            if max < 0 || max != min {
                let k = vm.sym("rest");
                out.push(vm.ary_from_slice(&[k]));
            }
            Ok(vm.ary_new(out))
        }
        _ => Ok(vm.ary_new_capa(0)),
    }
}
/// meth.call(args, ...) -> obj
fn m_call(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let m = payload::<MethodObj>(s).expect("method");
    let (recv, idx) = (m.recv, m.method);
    vm.stack.push(recv);
    vm.stack.extend_from_slice(a);
    vm.invoke(idx, recv, a.len(), kw && !a.is_empty(), b.cloned())
}
fn m_to_proc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = std::rc::Rc::new(BlockData::Method(s));
    Ok(vm.proc_new(b, true))
}
fn m_arity(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = payload::<MethodObj>(s).expect("method").method;
    Ok(Value::fixnum(match &vm.methods[m as usize].body {
        crate::vm::MethodBody::Code(c, _) => c.params.arity(),
        crate::vm::MethodBody::Native(_, min, max) => {
            if *max < 0 || max != min {
                -(*min as i64) - 1
            } else {
                *min as i64
            }
        }
        crate::vm::MethodBody::AttrReader(_) => 0,
        crate::vm::MethodBody::AttrWriter(_) => 1,
        crate::vm::MethodBody::Proc(p) => match &*proc_obj(*p).block {
            BlockData::Code { code, .. } => code.params.arity(),
            _ => -1,
        },
        _ => -1,
    }))
}
/// meth == other -> true or false
///
/// True when both are Methods (or both UnboundMethods) of the same receiver, owner and
/// definition; an alias has its original's definition.
fn m_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    let (Some(m1), Some(m2)) = (payload::<MethodObj>(s), payload::<MethodObj>(o)) else {
        return Ok(Value::FALSE);
    };
    let (r1, r2, i1, i2) = (m1.recv, m2.recv, m1.method as usize, m2.method as usize);
    if klass_of(s) != klass_of(o) || r1.bits() != r2.bits() {
        return Ok(Value::FALSE);
    }
    let (e1, e2) = (&vm.methods[i1], &vm.methods[i2]);
    Ok(Value::bool(
        e1.owner == e2.owner
            && definition_id(&e1.body).is_some()
            && definition_id(&e1.body) == definition_id(&e2.body),
    ))
}

/// meth.hash -> integer, equal for methods that are ==
fn m_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mo = payload::<MethodObj>(s).expect("method");
    let e = &vm.methods[mo.method as usize];
    let mut h = mo.recv.bits() ^ e.owner.bits().rotate_left(17);
    h ^= definition_id(&e.body).map_or(0, |(k, id)| (id as u64).rotate_left(31) ^ k as u64);
    Ok(Value::fixnum((h >> 2) as i64))
}

/// What identifies a method's definition: its kind and its code, native function, attribute or
/// proc (None for an undefined entry, which equals nothing).
fn definition_id(body: &crate::vm::MethodBody) -> Option<(u8, usize)> {
    use crate::vm::MethodBody as B;
    match body {
        B::Code(c, _) => Some((1, std::rc::Rc::as_ptr(c) as usize)),
        B::Native(f, _, _) => Some((2, *f as usize)),
        B::AttrReader(i) => Some((3, *i as usize)),
        B::AttrWriter(i) => Some((4, *i as usize)),
        B::Proc(p) => Some((5, p.bits() as usize)),
        B::Undefined => None,
    }
}

fn m_owner(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = payload::<MethodObj>(s).expect("method").method;
    Ok(vm.methods[m as usize].owner)
}
fn m_receiver(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(payload::<MethodObj>(s).expect("method").recv)
}
fn m_name(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::symbol(payload::<MethodObj>(s).expect("method").name))
}
/// meth.original_name -> the name the method was defined under (for an alias, the original)
fn m_original_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = payload::<MethodObj>(s).expect("method").method;
    Ok(Value::symbol(vm.methods[m as usize].original))
}
