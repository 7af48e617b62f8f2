//! Kernel: the functions every object has privately (puts, p, raise, loop, catch, exit...);
//! loading (require, load, autoload) is in load.rs.

use super::object::{is_string, str_of};
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, Unwind, VmResult};
use crate::vm::yield_each::YieldArgs;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const KERNEL: &[M] = &[
    ("puts", k_puts, 0, -1),
    ("print", k_print, 0, -1),
    ("printf", k_printf, 0, -1),
    ("putc", k_putc, 1, 1),
    ("p", k_p, 0, -1),
    ("pp", k_pp, 0, -1),
    ("raise", k_raise, 0, 4),
    ("fail", k_raise, 0, 4),
    ("loop", k_loop, 0, 0),
    ("block_given?", k_block_given, 0, 0),
    ("proc", k_proc, 0, 0),
    ("lambda", k_lambda, 0, 0),
    ("catch", k_catch, 0, 1),
    ("throw", k_throw, 1, 2),
    ("exit", k_exit, 0, 1),
    ("exit!", k_exit_bang, 0, 1),
    ("abort", k_abort, 0, 1),
    ("at_exit", k_at_exit, 0, 0),
    ("__method__", k_method_name, 0, 0),
    ("__callee__", k_callee_name, 0, 0),
    ("select", k_select, 1, 4),
    ("global_variables", super::globals::k_global_variables, 0, 0),
    ("trace_var", super::globals::k_trace_var, 1, 2),
    ("untrace_var", super::globals::k_untrace_var, 1, 2),
    ("__rubra_unsupported", k_unsupported, 1, 1),
    ("__rubra_recursive", k_recursive, 2, 2),
    ("__rubra_case_splat", k_case_splat, 2, 2),
    ("__rubra_end", k_end_block, 0, 0),
    ("Integer", k_integer, 1, 3),
    ("String", k_string, 1, 1),
    ("Array", k_array, 1, 1),
    ("caller", k_caller, 0, 2),
    ("caller_locations", k_caller_locations, 0, 2),
];

pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    vm.define_private_natives(k, KERNEL);
    vm.gvar_id_set(crate::sym!("$,"), Value::NIL);
    vm.gvar_id_set(crate::sym!("$/"), Value::NIL);
    let nl = vm.fstring(b"\n");
    vm.gvar_id_set(crate::sym!("$/"), nl);
}

/// Makes every private Kernel method callable on Kernel itself (`Kernel.puts`, `Kernel.format`),
/// as `module_function` does; runs after all Kernel methods are registered.
pub fn module_functions(vm: &mut Vm) {
    let k = vm.c.kernel;
    let meta = vm.singleton_class(k);
    let entries = vm.methods_in_order(k);
    for (name, m) in entries {
        if vm.methods[m as usize].vis == crate::object::class::Visibility::Private {
            let body = crate::core::module::clone_body(&vm.methods[m as usize].body);
            vm.add_method(meta, name, body, crate::object::class::Visibility::Public);
        }
    }
}

/// Writes `puts`-style lines for `args` into `out` (arrays flattened, newline added unless
/// the text ends with one, `puts` alone prints a newline).
pub fn puts_bytes(vm: &mut Vm, args: &[Value], out: &mut Vec<u8>) -> VmResult<()> {
    if args.is_empty() {
        out.push(b'\n');
        return Ok(());
    }
    for &a in args {
        if type_of(a) == T_ARRAY {
            if vm.inspecting.contains(&a) {
                out.extend_from_slice(b"[...]\n");
                continue;
            }
            vm.inspecting.push(a);
            let items = rarray(a).vec.to_vec();
            let r = if items.is_empty() {
                Ok(())
            } else {
                puts_bytes(vm, &items, out)
            };
            vm.inspecting.pop();
            r?;
            continue;
        }
        if a.is_nil() {
            out.push(b'\n');
            continue;
        }
        let t = vm.to_s(a)?;
        let s = vm.bytes(t);
        out.extend_from_slice(s);
        if !s.ends_with(b"\n") {
            out.push(b'\n');
        }
    }
    Ok(())
}

/// Sends `bytes` to $stdout (whatever object it is).
pub fn write_stdout(vm: &mut Vm, bytes: &[u8]) -> VmResult<()> {
    let so = vm.gvar_id_get(crate::sym!("$stdout"));
    crate::core::io::write_to(vm, so, bytes)
}

fn k_puts(vm: &mut Vm, recv: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let so = vm.gvar_id_get(crate::sym!("$stdout"));
    if crate::core::io::stream_of(so).is_none() {
        // CRuby forwards to `$stdout.puts`, which for an object without its own `puts` is
        // this method again, now called on $stdout
        if recv == so {
            return puts_to(vm, so, a);
        }
        return vm.funcall(so, intern("puts"), a, None);
    }
    let mut out = Vec::new();
    puts_bytes(vm, a, &mut out)?;
    write_stdout(vm, &out)?;
    Ok(Value::NIL)
}
/// `puts` to an object that is not an IO (`$stdout = logger`): CRuby's rb_io_puts, one
/// `write(line, "\n")` per line (`write(line)` when it ends in a newline, one argument at a time
/// when `write` takes exactly one).
pub fn puts_to(vm: &mut Vm, out: Value, a: &[Value]) -> VmResult {
    if a.is_empty() {
        let nl = vm.str_new(b"\n");
        vm.funcall(out, intern("write"), &[nl], None)?;
        return Ok(Value::NIL);
    }
    let mut lines = Vec::new();
    puts_lines(vm, a, &mut lines)?;
    let one = takes_one(vm, out);
    for line in lines {
        let mut args = Vec::with_capacity(2);
        if !line.is_empty() {
            args.push(vm.str_new(&line));
        }
        if line.last() != Some(&b'\n') {
            args.push(vm.str_new(b"\n"));
        }
        writev_to(vm, out, &args, one)?;
    }
    Ok(Value::NIL)
}
/// `out.write(*pieces)`, or one `write` per piece when `one` (CRuby's rb_io_writev).
fn writev_to(vm: &mut Vm, out: Value, pieces: &[Value], one: bool) -> VmResult<()> {
    if one {
        // the pieces not written yet stay rooted while each `write` runs Ruby code
        let depth = vm.stack.len();
        vm.stack.extend_from_slice(pieces);
        for &v in pieces {
            if let Err(e) = vm.funcall(out, intern("write"), &[v], None) {
                vm.stack.truncate(depth);
                return Err(e);
            }
        }
        vm.stack.truncate(depth);
    } else {
        vm.funcall(out, intern("write"), pieces, None)?;
    }
    Ok(())
}
/// Whether `out.write` takes exactly one argument (then CRuby writes the pieces one by one).
fn takes_one(vm: &mut Vm, out: Value) -> bool {
    let k = vm.class_of(out);
    let Some(m) = vm.find_method(k, intern("write")) else {
        return false;
    };
    match &vm.methods[m as usize].body {
        crate::vm::MethodBody::Code(c, _) => c.params.arity() == 1,
        crate::vm::MethodBody::Native(_, 1, 1) | crate::vm::MethodBody::AttrWriter(_) => true,
        _ => false,
    }
}
/// The lines `puts` writes for `args` (arrays flattened, recursive ones as `[...]`), each
/// without the newline `puts` adds.
fn puts_lines(vm: &mut Vm, args: &[Value], out: &mut Vec<Vec<u8>>) -> VmResult<()> {
    for &a in args {
        if type_of(a) == T_ARRAY {
            if vm.inspecting.contains(&a) {
                out.push(b"[...]".to_vec());
                continue;
            }
            vm.inspecting.push(a);
            let items = rarray(a).vec.to_vec();
            let r = puts_lines(vm, &items, out);
            vm.inspecting.pop();
            r?;
            continue;
        }
        out.push(if a.is_nil() {
            Vec::new()
        } else {
            let t = vm.to_s(a)?;
            vm.bytes(t).to_vec()
        });
    }
    Ok(())
}
/// `print` to `out` as CRuby's rb_io_print: `$_` when there are no arguments, `$,` between
/// the arguments and `$\` after them. IO objects get one write of all the bytes; any other
/// object one `write` per piece.
pub fn print_to(vm: &mut Vm, out: Value, a: &[Value]) -> VmResult {
    let last;
    let a = if a.is_empty() {
        last = [vm.gvar_id_get(crate::sym!("$_"))];
        &last[..]
    } else {
        a
    };
    let fs = vm.gvar_id_get(crate::sym!("$,"));
    let rs = vm.gvar_id_get(crate::sym!("$\\"));
    let mut pieces = Vec::with_capacity(a.len() * 2 + 1);
    for (i, &v) in a.iter().enumerate() {
        if i > 0 && !fs.is_nil() {
            pieces.push(fs);
        }
        pieces.push(v);
    }
    if !rs.is_nil() {
        pieces.push(rs);
    }
    // not an IO, or one with an external encoding that `write` converts each piece to
    let converts = |st: &mut crate::core::io_stream::Stream| st.mode.ext.is_some();
    if crate::core::io::stream_of(out).is_none_or(converts) {
        for v in pieces {
            vm.funcall(out, intern("write"), &[v], None)?;
        }
        return Ok(Value::NIL);
    }
    let mut bytes = Vec::new();
    for v in pieces {
        let s = vm.to_s(v)?;
        bytes.extend_from_slice(string::bytes(&vm.heap, s));
    }
    crate::core::io::write_bytes(vm, out, &bytes, false)?;
    Ok(Value::NIL)
}
fn k_print(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let so = vm.gvar_id_get(crate::sym!("$stdout"));
    print_to(vm, so, a)
}
/// printf(format, args...) -> nil (writes `format(format, args...)` to $stdout);
/// printf(io, format, args...) writes to `io`
fn k_printf(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some((&f, rest)) = a.split_first() else {
        return Ok(Value::NIL);
    };
    let (out, f, rest) = if is_string(f) {
        (vm.gvar_id_get(crate::sym!("$stdout")), f, rest)
    } else {
        let Some((&f2, rest2)) = rest.split_first() else {
            return Err(vm.arg_error("too few arguments"));
        };
        (f, f2, rest2)
    };
    let fmt = crate::core::string::str_arg_vec(vm, f)?;
    let bytes = crate::core::format::sprintf(vm, &fmt, rest)?;
    crate::core::io::write_to(vm, out, &bytes)?;
    Ok(Value::NIL)
}
/// putc(int_or_string) -> the argument (writes one character to $stdout)
/// The byte `putc` writes: the first of a String, or an Integer's low byte.
pub fn putc_bytes(vm: &mut Vm, v: Value) -> VmResult<Vec<u8>> {
    Ok(if is_string(v) {
        string::bytes(&vm.heap, v)
            .first()
            .copied()
            .map(|b| vec![b])
            .unwrap_or_default()
    } else {
        vec![(crate::core::arg_int(vm, v)? & 0xff) as u8]
    })
}
fn k_putc(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = putc_bytes(vm, a[0])?;
    write_stdout(vm, &c)?;
    Ok(a[0])
}
fn k_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let so = vm.gvar_id_get(crate::sym!("$stdout"));
    if crate::core::io::stream_of(so).is_none() {
        // another object as $stdout gets `write(inspect, "\n")` per object
        let one = takes_one(vm, so);
        for &v in a {
            let s = vm.inspect(v)?;
            let nl = vm.str_new(b"\n");
            writev_to(vm, so, &[s, nl], one)?;
        }
        return Ok(match a.len() {
            0 => Value::NIL,
            1 => a[0],
            _ => vm.ary_from_slice(a),
        });
    }
    let mut out = Vec::new();
    for &v in a {
        let s = vm.inspect(v)?;
        out.extend_from_slice(string::bytes(&vm.heap, s));
        out.push(b'\n');
    }
    write_stdout(vm, &out)?;
    // CRuby's Kernel#p flushes $stdout after writing (so its text comes before whatever a
    // child process or $stderr writes next)
    if let Some(st) = crate::core::io::stream_of(so)
        && !st.is_closed()
    {
        crate::core::io::with_stats(vm, st, "io_flush", |s, t| s.flush(t))?;
    }
    Ok(match a.len() {
        0 => Value::NIL,
        1 => a[0],
        _ => vm.ary_from_slice(a),
    })
}

/// pp(*objs) -> obj or objs: each pretty-printed (src/core/pp.rs)
fn k_pp(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    // CRuby's Kernel#pp requires "pp" on its first call (which defines pretty_inspect)
    let k = vm.c.kernel;
    if vm.find_method(k, crate::sym!("pretty_inspect")).is_none() {
        super::load::require(vm, b"pp")?;
    }
    let mut out = Vec::new();
    for &v in a {
        out.extend_from_slice(super::pp::pretty(vm, v)?.as_bytes());
    }
    write_stdout(vm, &out)?;
    Ok(match a.len() {
        0 => Value::NIL,
        1 => a[0],
        _ => vm.ary_from_slice(a),
    })
}

/// `raise`, `raise "msg"`, `raise Class`, `raise Class, "msg"`, `raise obj`, each with
/// `cause:`.
fn k_raise(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let (a, cause) = split_cause(vm, a, kw)?;
    check_raise_arity(vm, &a)?;
    raise_from(vm, &a, 1, cause)
}

/// `raise` takes at most 3 arguments besides `cause:` (the native's table allows a 4th for
/// the keywords).
pub(crate) fn check_raise_arity(vm: &mut Vm, a: &[Value]) -> VmResult<()> {
    if a.len() > 3 {
        return Err(vm.arity_error(a.len(), 0, 3));
    }
    Ok(())
}

/// `raise`'s arguments without its `cause:` keyword (when the call passed keywords, `kw`), and
/// the cause given. Other keywords stay, as a Hash argument (CRuby's).
pub(crate) fn split_cause(
    vm: &mut Vm,
    a: &[Value],
    kw: bool,
) -> VmResult<(Vec<Value>, Option<Value>)> {
    let (h, rest) = match a.split_last() {
        Some((&h, rest)) if kw && type_of(h) == T_HASH => (h, rest),
        _ => return Ok((a.to_vec(), None)),
    };
    let mut args = rest.to_vec();
    let key = vm.sym("cause");
    let cause = if super::hash::find(vm, h, key)?.is_some() {
        let c = super::hash::get(vm, h, key)?;
        let others = super::hash::new_hash(vm);
        super::hash::copy_into(vm, h, others)?;
        super::hash::remove(vm, others, key)?;
        if !super::hash::pairs(others).is_empty() {
            args.push(others);
        }
        Some(c)
    } else {
        args.push(h);
        None
    };
    Ok((args, cause))
}

/// Raises what `raise(*a, cause:)` raises (`Fiber#raise` and `Thread#raise` too), with a
/// backtrace that skips `skip` frames: 1 leaves out the raising native (`raise` itself), 0
/// keeps the frame running, where a `Thread#raise` from another thread lands (the `sleep` or
/// `Queue#pop` it waited in).
pub(crate) fn raise_from(vm: &mut Vm, a: &[Value], skip: usize, cause: Option<Value>) -> VmResult {
    if a.is_empty() && cause.is_some() {
        return Err(vm.arg_error("only cause is given with no arguments"));
    }
    if let Some(c) = cause
        && !c.is_nil()
        && !vm.is_a(c, vm.c.exception)
    {
        return Err(vm.type_error("exception object expected"));
    }
    let exc = match a.len() {
        0 => {
            let cur = vm.gvar_id_get(crate::sym!("$!"));
            if cur.is_nil() {
                vm.exception_new(vm.c.runtime_error, "")
            } else {
                cur
            }
        }
        1 if is_string(a[0]) => {
            let e = vm.object_new(vm.c.runtime_error);
            vm.funcall(e, intern("initialize"), &[a[0]], None)?;
            e
        }
        _ => {
            let args: Vec<Value> = a[1..].iter().take(1).copied().collect();
            if !vm.responds(a[0], intern("exception"), true) {
                return Err(vm.type_error("exception class/object expected"));
            }
            let e = vm.funcall(a[0], intern("exception"), &args, None)?;
            if !vm.is_a(e, vm.c.exception) {
                return Err(vm.type_error("exception object expected"));
            }
            e
        }
    };
    if exc.is_heap() {
        // a fresh backtrace for the raise point (the raising native frame is not part of it)
        let bt = crate::vm::error::IV_BT;
        if vm.ivar_get(exc, intern(bt)).is_nil() || vm.ivar_get(exc, intern(bt)).is_undef() {
            let lines = vm.backtrace_lines(skip);
            let items: Vec<Value> = lines.iter().map(|l| vm.str_from(l)).collect();
            let arr = vm.ary_new(items);
            vm.ivar_set(exc, intern(bt), arr)?;
        }
        if let Some(&bt) = a.get(2) {
            vm.ivar_set(exc, intern(crate::vm::error::IV_BT), bt)?;
        }
        let cause_id = intern(crate::vm::error::IV_CAUSE);
        let current = vm.gvar_id_get(crate::sym!("$!"));
        if let Some(c) = cause {
            if c != exc && !vm.is_frozen(exc) {
                vm.ivar_set(exc, cause_id, c)?;
            }
        } else if !current.is_nil()
            && current != exc
            && !vm.ivar_defined(exc, cause_id)
            && !vm.is_frozen(exc)
        {
            vm.ivar_set(exc, cause_id, current)?;
        }
    }
    Err(Unwind::Raise(exc))
}

fn k_loop(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "loop", &[]);
    };
    match vm.yield_each(b, &mut |_, _| Ok(Some(YieldArgs::none()))) {
        Ok(()) => unreachable!("loop's step never ends it"),
        Err(unw)
            if let UnwindKind::Raise(e) = *unw.kind()
                && vm.is_a(e, vm.c.stop_iteration) =>
        {
            Ok(vm.ivar_get(e, intern("__result")).pipe_nil())
        }
        Err(u) => Err(u),
    }
}

trait PipeNil {
    fn pipe_nil(self) -> Value;
}
impl PipeNil for Value {
    fn pipe_nil(self) -> Value {
        if self.is_undef() { Value::NIL } else { self }
    }
}

fn k_block_given(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    // the caller of block_given? is the frame below this native frame
    let n = vm.frames.len();
    let given = n >= 2 && vm.frames[n - 2].block.is_some();
    Ok(Value::bool(given))
}
fn k_proc(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("tried to create Proc object without a block"));
    };
    Ok(vm.proc_new(b.clone(), false))
}
fn k_lambda(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("tried to create Proc object without a block"));
    };
    Ok(vm.proc_new(b.clone(), true))
}
fn k_catch(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let tag = match a.first() {
        Some(&t) => t,
        None => vm.object_new(vm.c.object),
    };
    let Some(b) = b else {
        return Err(vm.raise_str(vm.c.local_jump_error, "no block given (yield)"));
    };
    vm.catch_tags.push(tag);
    let r = vm.yield_block(b, &[tag]);
    vm.catch_tags.pop();
    match r {
        Err(unw)
            if let UnwindKind::Throw(t, v) = *unw.kind()
                && t == tag =>
        {
            Ok(v)
        }
        r => r,
    }
}
fn k_throw(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let tag = a[0];
    let val = a.get(1).copied().unwrap_or(Value::NIL);
    let mut found = false;
    for &t in vm.catch_tags.iter() {
        if t == tag {
            found = true;
        }
    }
    if !found {
        return Err(uncaught_throw(vm, tag, val));
    }
    Err(Unwind::Throw(tag, val))
}

/// UncaughtThrowError for `throw tag, val` with no `catch` of `tag` to go to.
pub(crate) fn uncaught_throw(vm: &mut Vm, tag: Value, val: Value) -> Unwind {
    let s = match vm.inspect_str(tag) {
        Ok(s) => s,
        Err(u) => return u,
    };
    let e = vm.exception_new(vm.c.uncaught_throw_error, &format!("uncaught throw {s}"));
    for (iv, v) in [("__tag", tag), ("__value", val)] {
        if let Err(u) = vm.ivar_set(e, intern(iv), v) {
            return u;
        }
    }
    vm.set_backtrace_here(e);
    Unwind::Raise(e)
}
fn exit_status(v: Option<&Value>) -> i32 {
    match v {
        None | Some(&Value::TRUE) => 0,
        Some(&Value::FALSE) => 1,
        Some(v) if v.is_fixnum() => v.as_fixnum() as i32,
        _ => 0,
    }
}
pub(crate) fn k_exit(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let status = exit_status(a.first());
    let e = vm.exception_new(vm.c.system_exit, "exit");
    vm.ivar_set(e, intern("__status"), Value::fixnum(status as i64))?;
    vm.set_backtrace_here(e);
    Err(Unwind::Raise(e))
}
/// exit!(status = false): leaves at once (no ensure, no at_exit, no flushing); the status
/// defaults to 1, unlike `exit`'s
pub(crate) fn k_exit_bang(_: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Err(Unwind::Exit(exit_status(Some(
        a.first().unwrap_or(&Value::FALSE),
    ))))
}
pub(crate) fn k_abort(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let msg = match a.first() {
        Some(&m) => {
            let t = vm.to_s(m)?;
            let s = str_of(vm, t);
            let e = vm.gvar_id_get(crate::sym!("$stderr"));
            crate::core::io::write_to(vm, e, format!("{s}\n").as_bytes())?;
            s
        }
        None => "exit".into(),
    };
    let e = vm.exception_new(vm.c.system_exit, &msg);
    vm.ivar_set(e, intern("__status"), Value::fixnum(1))?;
    Err(Unwind::Raise(e))
}
fn k_at_exit(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("called without a block"));
    };
    let p = vm.proc_new(b.clone(), false);
    vm.at_exit.push(p);
    Ok(p)
}
/// `END { ... }`: registers the block with at_exit the first time this END runs.
fn k_end_block(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if let Some(crate::vm::frame::BlockData::Code { code, .. }) = b.map(|b| &**b) {
        let site = std::rc::Rc::as_ptr(code) as usize;
        if vm.end_sites.contains(&site) {
            return Ok(Value::NIL);
        }
        vm.end_sites.push(site);
    }
    k_at_exit(vm, s, a, b)?;
    Ok(Value::NIL)
}
fn k_method_name(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(caller_method_name(vm, true))
}

/// select(reads, writes = nil, errors = nil, timeout = nil): IO.select
fn k_select(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let io = vm.c.io;
    super::io_pipe::io_s_select(vm, io, a, b)
}

/// __callee__ -> the name the running method was called by (an alias's own name)
fn k_callee_name(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(caller_method_name(vm, false))
}

/// The calling frame's method name, as defined (`original`) or as called; nil outside one.
fn caller_method_name(vm: &Vm, original: bool) -> Value {
    let n = vm.frames.len();
    let m = if n >= 2 {
        vm.frames[n - 2].method
    } else {
        crate::vm::frame::NO_METHOD
    };
    if m == crate::vm::frame::NO_METHOD {
        return Value::NIL;
    }
    let e = &vm.methods[m as usize];
    Value::symbol(if original { e.original } else { e.name })
}
/// fork -> integer or nil
///
/// rubra does not fork (its interpreter runs on its own thread); it answers as CRuby does on a
/// platform without fork(2).
fn k_unsupported(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let msg = String::from_utf8_lossy(&super::string::str_arg_vec(vm, a[0])?).into_owned();
    Err(vm.raise_str(vm.c.not_implemented_error, &msg))
}
/// __rubra_recursive(obj, value) { ... }: the block's value, or `value` when called again for
/// `obj` inside the block (the recursion guard of vm/recursion.rs, for the bundled Ruby
/// libraries: Set#inspect).
fn k_recursive(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.raise_str(vm.c.local_jump_error, "no block given (yield)"));
    };
    let r = vm.exec_recursive(crate::vm::recursion::Rec::Ruby, a[0], Value::UNDEF, |vm| {
        vm.yield_block(b, &[])
    })?;
    Ok(r.unwrap_or(a[1]))
}
fn k_case_splat(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let items = vm.splat_to_vec(a[0])?;
    for it in items {
        if vm.funcall(it, intern("==="), &[a[1]], None)?.truthy() {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}
/// Integer(arg, base = 0, exception: true) -> integer or nil
fn k_integer(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (args, exception) = split_exception_kw(vm, a)?;
    match crate::core::integer::convert_integer(vm, args[0], args.get(1).copied()) {
        Err(unw)
            if let UnwindKind::Raise(_) = *unw.kind()
                && !exception =>
        {
            Ok(Value::NIL)
        }
        r => r,
    }
}

/// Splits a trailing `exception: bool` keyword off the arguments of a conversion function.
pub fn split_exception_kw<'a>(vm: &mut Vm, a: &'a [Value]) -> VmResult<(&'a [Value], bool)> {
    match vm.split_keywords(a)? {
        (rest, Some(h)) if !rest.is_empty() => {
            let key = vm.sym("exception");
            let v = crate::core::hash::get(vm, h, key)?;
            Ok((rest, v != Value::FALSE))
        }
        _ => Ok((a, true)),
    }
}
fn k_string(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.to_s(a[0])
}
fn k_array(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if type_of(a[0]) == T_ARRAY {
        return Ok(a[0]);
    }
    let items = vm.splat_to_vec(a[0])?;
    Ok(vm.ary_new(items))
}
/// caller(start = 1, length = nil) -> array of "file:line:in 'label'" strings
fn k_caller(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(lines) = caller_lines(vm, a)? else {
        return Ok(Value::NIL);
    };
    let items: Vec<Value> = lines.iter().map(|l| vm.str_from(l)).collect();
    Ok(vm.ary_new(items))
}
/// caller_locations(start = 1, length = nil) / caller_locations(range) -> array of
/// Thread::Backtrace::Location
fn k_caller_locations(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(lines) = caller_lines(vm, a)? else {
        return Ok(Value::NIL);
    };
    let items: Vec<Value> = lines.iter().map(|l| vm.str_from(l)).collect();
    super::exception::locations(vm, &items)
}
/// The backtrace lines `caller(start, length)` or `caller(range)` answers, from the caller of
/// the running native.
fn caller_lines(vm: &mut Vm, a: &[Value]) -> VmResult<Option<Vec<String>>> {
    let lines = vm.backtrace_lines(1);
    levels(vm, lines, a, 1)
}

/// The part of `lines` (innermost first) that `(start = default_start, length = nil)` or
/// `(range)` arguments select, as `caller` and `Fiber#backtrace` take them; None (nil) when
/// the start lies beyond the last line.
pub(crate) fn levels(
    vm: &mut Vm,
    mut lines: Vec<String>,
    a: &[Value],
    default_start: i64,
) -> VmResult<Option<Vec<String>>> {
    if let Some(&r) = a.first()
        && type_of(r) == T_RANGE
    {
        let rr = rrange(r);
        let (lo, hi, excl) = (rr.begin, rr.end, rr.excl);
        let lo = if lo.is_nil() {
            0
        } else {
            super::arg_int(vm, lo)?
        };
        if lo < 0 {
            let msg = format!("negative level ({lo})");
            return Err(vm.arg_error(&msg));
        }
        let n = lines.len() as i64;
        let hi = if hi.is_nil() {
            n
        } else {
            let h = super::arg_int(vm, hi)?;
            let h = if h < 0 { n + h + 1 } else { h + 1 };
            if excl { h - 1 } else { h }
        };
        if lo > n {
            return Ok(None);
        }
        let (lo, hi) = (lo as usize, hi.clamp(0, n) as usize);
        return Ok(Some(if lo < hi {
            lines[lo..hi].to_vec()
        } else {
            Vec::new()
        }));
    }
    let start = match a.first() {
        Some(&v) => super::arg_int(vm, v)?,
        None => default_start,
    };
    if start < 0 {
        let msg = format!("negative level ({start})");
        return Err(vm.arg_error(&msg));
    }
    if start as usize > lines.len() {
        return Ok(None);
    }
    lines.drain(..start as usize);
    if let Some(&len) = a.get(1) {
        let len = super::arg_int(vm, len)?;
        if len < 0 {
            let msg = format!("negative size ({len})");
            return Err(vm.arg_error(&msg));
        }
        lines.truncate(len as usize);
    }
    Ok(Some(lines))
}
