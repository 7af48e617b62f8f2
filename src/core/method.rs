//! Proc and Method objects: call, arity, lambda?, to_proc, owner, receiver.

use crate::object::heap::*;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::call::ProcObj;
use crate::vm::frame::{Block, BlockData, Unwind, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const PROC: &[M] = &[
    ("call", p_call, 0, -1),
    ("()", p_call, 0, -1),
    ("yield", p_call, 0, -1),
    ("[]", p_call, 0, -1),
    ("===", p_call, 0, -1),
    ("to_proc", p_to_proc, 0, 0),
    ("lambda?", p_lambda_p, 0, 0),
    ("arity", p_arity, 0, 0),
    ("parameters", p_parameters, 0, 1),
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
    ("parameters", m_parameters, 0, 0),
];

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
    let k = vm.c.kernel;
    vm.define_natives(k, &[("method", k_method, 1, 1)]);
}

pub fn method_object(vm: &mut Vm, recv: Value, m: u32, name: u32) -> Value {
    let k = vm.c.method;
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
    match vm.find_method(k, id) {
        Some(m) => Ok(method_object(vm, s, m, id)),
        None => {
            let desc = vm.describe_receiver(s);
            let msg = format!("undefined method '{}' for {desc}", sym_name(id));
            Err(vm.name_error(&msg, s, id))
        }
    }
}

fn proc_obj(v: Value) -> &'static mut ProcObj {
    payload::<ProcObj>(v).expect("proc")
}
/// prc.call(params, ...) -> obj
fn p_call(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = std::mem::take(&mut vm.pending_kw);
    let p = proc_obj(s);
    let (blk, lambda) = (p.block.clone(), p.lambda);
    let tag = match &*blk {
        BlockData::Code { tag, .. } => *tag,
        _ => 0,
    };
    match vm.call_block_kw(&blk, a, kw, b.cloned(), None, lambda, None) {
        Err(Unwind::Break(t, _)) if t == tag && !lambda => {
            Err(vm.raise_str(vm.c.local_jump_error, "break from proc-closure"))
        }
        Err(Unwind::Return(id, _)) if !vm.frames.iter().any(|f| f.id == id) => {
            Err(vm.raise_str(vm.c.local_jump_error, "unexpected return"))
        }
        r => r,
    }
}
fn p_s_new(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("tried to create Proc object without a block"));
    };
    Ok(vm.proc_new(b.clone(), false))
}
fn p_to_proc(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
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
            if p.lambda {
                pi.arity()
            } else if pi.rest || pi.optional > 0 {
                -((pi.required + pi.post) as i64) - 1
            } else if !pi.declared && pi.numbered.is_empty() {
                0
            } else {
                (pi.required + pi.post) as i64
            }
        }
        BlockData::Symbol(_) => -2,
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
    match &*blk {
        BlockData::Code { code, .. } => Ok(parameter_list(vm, &code.params, !lambda)),
        BlockData::Symbol(_) => {
            let (r, rest) = (vm.sym(if lambda { "req" } else { "opt" }), vm.sym("rest"));
            let a1 = vm.ary_new(vec![r]);
            let a2 = vm.ary_new(vec![rest]);
            Ok(vm.ary_new(vec![a1, a2]))
        }
        _ => {
            let rest = vm.sym("rest");
            let a1 = vm.ary_new(vec![rest]);
            Ok(vm.ary_new(vec![a1]))
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
        crate::vm::MethodBody::AttrWriter(_) => {
            let k = vm.sym("req");
            let a1 = vm.ary_new(vec![k]);
            Ok(vm.ary_new(vec![a1]))
        }
        crate::vm::MethodBody::Native(_, min, max) => {
            let (min, max) = (*min, *max);
            let mut out = Vec::new();
            for _ in 0..min {
                let k = vm.sym("req");
                out.push(vm.ary_new(vec![k]));
            }
            if max < 0 || max != min {
                let k = vm.sym("rest");
                out.push(vm.ary_new(vec![k]));
            }
            Ok(vm.ary_new(out))
        }
        _ => Ok(vm.ary_new(Vec::new())),
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
        _ => -1,
    }))
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
