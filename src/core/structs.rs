//! Struct: `Struct.new(:a, :b, keyword_init: nil) { ... }` makes a subclass of Struct with
//! an accessor pair per member; its instances are plain objects.
//!
//! Storage: a struct class keeps its members in the hidden class instance variable
//! `__members__` (an Array of Symbols, found through the superclass chain so that subclasses
//! of a struct class share it) and its `keyword_init:` option in `__keyword_init__`. An
//! instance keeps each member's value in a hidden instance variable named like the member
//! without the `@` (invisible to `instance_variables` and `inspect`), so the generated
//! accessors are ordinary attribute readers and writers, and `dup`/`clone` copy the values.

use super::enumerable::with_roots;
use super::object::is_string;
use crate::object::class::Visibility;
use crate::object::hash::RHash;
use crate::object::heap::*;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::frame::{Block, VmResult};
use crate::vm::{MethodBody, Vm};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const STRUCT: &[M] = &[
    ("initialize", struct_initialize, 0, -1),
    ("==", struct_eq, 1, 1),
    ("eql?", struct_eql, 1, 1),
    ("hash", struct_hash, 0, 0),
    ("to_a", struct_to_a, 0, 0),
    ("deconstruct", struct_to_a, 0, 0),
    ("values", struct_to_a, 0, 0),
    ("to_h", struct_to_h, 0, 0),
    ("members", struct_members, 0, 0),
    ("each", struct_each, 0, 0),
    ("each_pair", struct_each_pair, 0, 0),
    ("[]", struct_aref, 1, 1),
    ("[]=", struct_aset, 2, 2),
    ("size", struct_size, 0, 0),
    ("length", struct_size, 0, 0),
    ("values_at", struct_values_at, 0, -1),
    ("dig", struct_dig, 1, -1),
    ("deconstruct_keys", struct_deconstruct_keys, 1, 1),
    ("inspect", struct_inspect, 0, 0),
    ("to_s", struct_inspect, 0, 0),
];

const STRUCT_CLASS: &[M] = &[
    ("new", struct_s_new, 0, -1),
    ("[]", struct_s_new, 0, -1),
    ("members", struct_s_members, 0, 0),
    ("keyword_init?", struct_s_keyword_init_p, 0, 0),
    ("inspect", struct_s_inspect, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let s = vm.c.struct_;
    vm.define_natives(s, STRUCT);
    vm.define_singleton_natives(s, STRUCT_CLASS);
}

const IV_MEMBERS: &str = "__members__";
const IV_KWINIT: &str = "__keyword_init__";

/// The member names of a struct class (searching its superclasses), or None for Struct.
fn members_of(vm: &Vm, klass: Value) -> Option<Vec<u32>> {
    let mut k = klass;
    while k.is_heap() {
        let m = vm.ivar_get(k, intern(IV_MEMBERS));
        if type_of(m) == T_ARRAY {
            return Some(rarray(m).vec.iter().map(|v| v.as_symbol_id()).collect());
        }
        k = vm.class_data(k).superclass;
    }
    None
}

/// The `keyword_init:` option of a struct class (nil, true or false).
fn keyword_init_of(vm: &Vm, klass: Value) -> Value {
    let mut k = klass;
    while k.is_heap() {
        if vm.ivar_defined(k, intern(IV_KWINIT)) {
            return vm.ivar_get(k, intern(IV_KWINIT));
        }
        k = vm.class_data(k).superclass;
    }
    Value::NIL
}

/// The members of a struct instance.
fn members(vm: &mut Vm, s: Value) -> VmResult<Vec<u32>> {
    let k = vm.real_class(s);
    match members_of(vm, k) {
        Some(m) => Ok(m),
        None => Err(vm.type_error("uninitialized struct")),
    }
}

fn get(vm: &Vm, s: Value, id: u32) -> Value {
    let v = vm.ivar_get(s, id);
    if v.is_undef() { Value::NIL } else { v }
}

fn values(vm: &mut Vm, s: Value) -> VmResult<Vec<Value>> {
    let m = members(vm, s)?;
    Ok(m.iter().map(|&id| get(vm, s, id)).collect())
}

/// A member name argument (Symbol or String) as a symbol id.
fn member_name(vm: &mut Vm, v: Value) -> VmResult<u32> {
    if v.is_symbol() {
        return Ok(v.as_symbol_id());
    }
    if is_string(v) {
        return Ok(intern(&super::object::str_of(vm, v)));
    }
    let s = vm.inspect_str(v)?;
    Err(vm.type_error(&format!("{s} is not a symbol nor a string")))
}

/// Struct.new([class_name] [, member_name]+, keyword_init: nil) { ... } -> new_class;
/// StructClass.new(*values) -> struct
fn struct_s_new(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    if s != vm.c.struct_ {
        return struct_instantiate(vm, s, a, b, kw);
    }
    let mut args = a.to_vec();
    let mut kwinit = Value::NIL;
    let mut kwinit_given = false;
    if kw
        && let Some(&last) = args.last()
        && type_of(last) == T_HASH
    {
        args.pop();
        for (k, v) in payload::<RHash>(last).expect("hash").pairs() {
            if k == vm.sym("keyword_init") {
                kwinit = v;
                kwinit_given = true;
            } else {
                let ks = vm.inspect_str(k)?;
                return Err(vm.arg_error(&format!("unknown keyword: {ks}")));
            }
        }
    }
    let mut name = None;
    if let Some(&first) = args.first()
        && !first.is_symbol()
    {
        if is_string(first) {
            name = Some(super::object::str_of(vm, first));
        } else if !first.is_nil() {
            return Err(vm.conversion_error(first, "String"));
        }
        args.remove(0);
    }
    let mut ids: Vec<u32> = Vec::new();
    for &m in &args {
        let id = member_name(vm, m)?;
        if ids.contains(&id) {
            return Err(vm.arg_error(&format!("duplicate member: {}", sym_name(id))));
        }
        ids.push(id);
    }
    let st = vm.c.struct_;
    let klass = match &name {
        Some(n) => {
            if !n.starts_with(|c: char| c.is_ascii_uppercase()) {
                return Err(vm.raise_str(
                    vm.c.name_error,
                    &format!("identifier {n} needs to be constant"),
                ));
            }
            let k = vm.new_class(st);
            vm.name_class(k, st, n);
            vm.class_data(st).const_set(intern(n), k);
            k
        }
        None => vm.new_class(st),
    };
    let list: Vec<Value> = ids.iter().map(|&id| Value::symbol(id)).collect();
    let list = vm.ary_new(list);
    vm.freeze(list);
    vm.ivar_set(klass, intern(IV_MEMBERS), list)?;
    if kwinit_given {
        let v = if kwinit.is_nil() {
            Value::NIL
        } else {
            Value::bool(kwinit.truthy())
        };
        vm.ivar_set(klass, intern(IV_KWINIT), v)?;
    }
    for &id in &ids {
        let setter = intern(&format!("{}=", sym_name(id)));
        vm.add_method(klass, id, MethodBody::AttrReader(id), Visibility::Public);
        vm.add_method(
            klass,
            setter,
            MethodBody::AttrWriter(id),
            Visibility::Public,
        );
    }
    if let Some(b) = b {
        with_roots(vm, &[klass], |vm| {
            vm.funcall(klass, intern("class_eval"), &[], Some(b.clone()))
        })?;
    }
    Ok(klass)
}

/// Whether the arguments are member keywords: a lone Hash with `keyword_init: true`, or one
/// passed as keywords (`kw`) when `keyword_init` is not given (struct.c's rule).
fn takes_keywords(vm: &Vm, klass: Value, a: &[Value], kw: bool) -> bool {
    if a.len() != 1 || type_of(a[0]) != T_HASH {
        return false;
    }
    let init = keyword_init_of(vm, klass);
    init == Value::TRUE || (init.is_nil() && kw)
}

/// Allocates a struct and calls `initialize` with the arguments (keywords passed on).
fn struct_instantiate(
    vm: &mut Vm,
    klass: Value,
    a: &[Value],
    b: Option<&Block>,
    kw: bool,
) -> VmResult {
    let obj = vm.object_new(klass);
    with_roots(vm, &[obj], |vm| {
        if kw {
            vm.funcall_kw(obj, intern("initialize"), a, b.cloned())
        } else {
            vm.funcall(obj, intern("initialize"), a, b.cloned())
        }
    })?;
    Ok(obj)
}

/// Struct#initialize(*values) / initialize(**members)
fn struct_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let k = vm.real_class(s);
    let ms = members(vm, s)?;
    let kwinit = keyword_init_of(vm, k);
    if kwinit == Value::TRUE && (a.len() > 1 || (a.len() == 1 && type_of(a[0]) != T_HASH)) {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0)",
            a.len()
        )));
    }
    if takes_keywords(vm, k, a, kw) {
        let pairs = payload::<RHash>(a[0]).expect("hash").pairs();
        let mut unknown = Vec::new();
        for &id in &ms {
            vm.ivar_set(s, id, Value::NIL)?;
        }
        for (key, v) in pairs {
            let id = if key.is_symbol() {
                key.as_symbol_id()
            } else if is_string(key) {
                intern(&super::object::str_of(vm, key))
            } else {
                u32::MAX
            };
            if ms.contains(&id) {
                vm.ivar_set(s, id, v)?;
            } else {
                unknown.push(vm.to_s_string(key)?);
            }
        }
        if !unknown.is_empty() {
            return Err(vm.arg_error(&format!("unknown keywords: {}", unknown.join(", "))));
        }
        return Ok(Value::NIL);
    }
    if a.len() > ms.len() {
        return Err(vm.arg_error("struct size differs"));
    }
    for (i, &id) in ms.iter().enumerate() {
        let v = a.get(i).copied().unwrap_or(Value::NIL);
        vm.ivar_set(s, id, v)?;
    }
    Ok(Value::NIL)
}

/// StructClass.members -> array_of_symbols
fn struct_s_members(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some(ms) = members_of(vm, s) else {
        return Err(vm.type_error("uninitialized struct"));
    };
    let v = ms.into_iter().map(Value::symbol).collect();
    Ok(vm.ary_new(v))
}

/// StructClass.keyword_init? -> true, false or nil
fn struct_s_keyword_init_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(keyword_init_of(vm, s))
}

/// StructClass.inspect -> string
fn struct_s_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let name = vm.class_name(s);
    if s != vm.c.struct_ && keyword_init_of(vm, s) == Value::TRUE {
        return Ok(vm.str_from(format!("{name}(keyword_init: true)")));
    }
    Ok(vm.str_from(name))
}

/// struct.to_a -> array
fn struct_to_a(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = values(vm, s)?;
    Ok(vm.ary_new(v))
}

/// struct.members -> array_of_symbols
fn struct_members(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = members(vm, s)?.into_iter().map(Value::symbol).collect();
    Ok(vm.ary_new(v))
}

/// struct.size -> integer
fn struct_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = members(vm, s)?.len();
    Ok(vm.int(n as i64))
}

/// struct.to_h -> hash; struct.to_h { |name, value| ... } -> hash
fn struct_to_h(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let ms = members(vm, s)?;
    let h = vm.hash_new();
    with_roots(vm, &[h], |vm| {
        for id in ms {
            let (k, v) = (Value::symbol(id), get(vm, s, id));
            match b {
                None => vm.hash_aset(h, k, v)?,
                Some(b) => {
                    let pair = vm.yield_block(b, &[k, v])?;
                    if type_of(pair) != T_ARRAY {
                        let kn = vm.real_class(pair);
                        let msg =
                            format!("wrong element type {} (expected array)", vm.class_name(kn));
                        return Err(vm.type_error(&msg));
                    }
                    let len = rarray(pair).vec.len();
                    if len != 2 {
                        return Err(vm.arg_error(&format!(
                            "element has wrong array length (expected 2, was {len})"
                        )));
                    }
                    let (k2, v2) = (rarray(pair).vec[0], rarray(pair).vec[1]);
                    with_roots(vm, &[pair], |vm| vm.hash_aset(h, k2, v2))?;
                }
            }
        }
        Ok(())
    })?;
    Ok(h)
}

/// struct.each { |value| block } -> struct
fn struct_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each", &[]);
    };
    let ms = members(vm, s)?;
    for id in ms {
        let v = get(vm, s, id);
        vm.yield_block(b, &[v])?;
    }
    Ok(s)
}

/// struct.each_pair { |name, value| block } -> struct
fn struct_each_pair(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_pair", &[]);
    };
    let ms = members(vm, s)?;
    for id in ms {
        let v = get(vm, s, id);
        let pair = vm.ary_from_slice(&[Value::symbol(id), v]);
        vm.yield_block(b, &[pair])?;
    }
    Ok(s)
}

/// Resolves a member reference (index, Symbol or String) to a member id.
fn member_at(vm: &mut Vm, s: Value, key: Value) -> VmResult<u32> {
    let ms = members(vm, s)?;
    if key.is_symbol() || is_string(key) {
        let id = member_name(vm, key)?;
        if ms.contains(&id) {
            return Ok(id);
        }
        let shown = if key.is_symbol() {
            sym_name(id).to_string()
        } else {
            super::object::str_of(vm, key)
        };
        return Err(vm.name_error(&format!("no member '{shown}' in struct"), s, id));
    }
    let i = super::arg_int(vm, key)?;
    let n = ms.len() as i64;
    let j = if i < 0 { i + n } else { i };
    if j < 0 {
        return Err(vm.raise_str(
            vm.c.index_error,
            &format!("offset {i} too small for struct(size:{n})"),
        ));
    }
    if j >= n {
        return Err(vm.raise_str(
            vm.c.index_error,
            &format!("offset {i} too large for struct(size:{n})"),
        ));
    }
    Ok(ms[j as usize])
}

/// struct[member] -> object
fn struct_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = member_at(vm, s, a[0])?;
    Ok(get(vm, s, id))
}

/// struct[member] = obj -> obj
fn struct_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = member_at(vm, s, a[0])?;
    vm.ivar_set(s, id, a[1])?;
    Ok(a[1])
}

/// struct.values_at(*selectors) -> array
fn struct_values_at(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    for &k in a {
        if type_of(k) == T_RANGE {
            let all = values(vm, s)?;
            let r = rrange(k);
            let n = all.len() as i64;
            let b = if r.begin.is_nil() {
                0
            } else {
                super::arg_int(vm, r.begin)?
            };
            let e = if r.end.is_nil() {
                n - 1
            } else {
                super::arg_int(vm, r.end)?
            };
            let b = if b < 0 { b + n } else { b };
            let mut e = if e < 0 { e + n } else { e };
            if r.excl && !r.end.is_nil() {
                e -= 1;
            }
            if b < 0 || b > n {
                let ins = vm.inspect_str(k)?;
                return Err(vm.raise_str(vm.c.range_error, &format!("{ins} out of range")));
            }
            for i in b..=e {
                out.push(if i < n { all[i as usize] } else { Value::NIL });
            }
            continue;
        }
        let ms = members(vm, s)?;
        let i = super::arg_int(vm, k)?;
        let n = ms.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            let msg = if j < 0 {
                format!("offset {i} too small for struct(size:{n})")
            } else {
                format!("offset {i} too large for struct(size:{n})")
            };
            return Err(vm.raise_str(vm.c.index_error, &msg));
        }
        out.push(get(vm, s, ms[j as usize]));
    }
    Ok(vm.ary_new(out))
}

/// struct.dig(key, *identifiers) -> object
fn struct_dig(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = a[0];
    let v = if k.is_symbol() || is_string(k) {
        let ms = members(vm, s)?;
        let id = member_name(vm, k)?;
        if ms.contains(&id) {
            get(vm, s, id)
        } else {
            Value::NIL
        }
    } else {
        let ms = members(vm, s)?;
        let i = super::arg_int(vm, k)?;
        let n = ms.len() as i64;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            Value::NIL
        } else {
            get(vm, s, ms[j as usize])
        }
    };
    if a.len() == 1 || v.is_nil() {
        return Ok(v);
    }
    if !vm.responds(v, intern("dig"), true) {
        let kn = vm.real_class(v);
        let msg = format!("{} does not have #dig method", vm.class_name(kn));
        return Err(vm.type_error(&msg));
    }
    vm.funcall(v, intern("dig"), &a[1..], None)
}

/// struct.deconstruct_keys(array_of_names) -> hash
fn struct_deconstruct_keys(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let ms = members(vm, s)?;
    let h = vm.hash_new();
    let keys = a[0];
    if keys.is_nil() {
        for id in ms {
            let v = get(vm, s, id);
            vm.hash_aset(h, Value::symbol(id), v)?;
        }
        return Ok(h);
    }
    if type_of(keys) != T_ARRAY {
        let kn = vm.real_class(keys);
        let msg = format!(
            "wrong argument type {} (expected Array or nil)",
            vm.class_name(kn)
        );
        return Err(vm.type_error(&msg));
    }
    if rarray(keys).vec.len() > ms.len() {
        return Ok(h);
    }
    let items = rarray(keys).vec.to_vec();
    for k in items {
        let id = if k.is_symbol() || is_string(k) {
            member_name(vm, k)?
        } else if k.is_fixnum() {
            let i = k.as_fixnum();
            let n = ms.len() as i64;
            let j = if i < 0 { i + n } else { i };
            if j < 0 || j >= n {
                return Ok(h);
            }
            ms[j as usize]
        } else {
            return Ok(h);
        };
        if !ms.contains(&id) {
            return Ok(h);
        }
        let v = get(vm, s, id);
        vm.hash_aset(h, k, v)?;
    }
    Ok(h)
}

fn same_struct(vm: &mut Vm, s: Value, o: Value) -> bool {
    type_of(o) == T_OBJECT && vm.real_class(s) == vm.real_class(o)
}

/// struct == other -> true or false
fn struct_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if s == o {
        return Ok(Value::TRUE);
    }
    if !same_struct(vm, s, o) {
        return Ok(Value::FALSE);
    }
    if vm.inspecting.contains(&s) {
        return Ok(Value::TRUE);
    }
    let (x, y) = (values(vm, s)?, values(vm, o)?);
    vm.inspecting.push(s);
    let r = (|| {
        for (p, q) in x.iter().zip(y.iter()) {
            if !vm.equal(*p, *q)? {
                return Ok(false);
            }
        }
        Ok(true)
    })();
    vm.inspecting.pop();
    Ok(Value::bool(r?))
}

/// struct.eql?(other) -> true or false
fn struct_eql(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if s == o {
        return Ok(Value::TRUE);
    }
    if !same_struct(vm, s, o) {
        return Ok(Value::FALSE);
    }
    let (x, y) = (values(vm, s)?, values(vm, o)?);
    for (p, q) in x.iter().zip(y.iter()) {
        if !vm.eql(*p, *q)? {
            return Ok(Value::FALSE);
        }
    }
    Ok(Value::TRUE)
}

/// struct.hash -> integer
fn struct_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let vals = values(vm, s)?;
    // a struct inside itself contributes a constant
    let r = vm.exec_recursive(crate::vm::recursion::Rec::Hash, s, Value::UNDEF, |vm| {
        let mut h: u64 = k.bits().wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for v in vals {
            h = h.rotate_left(5) ^ vm.hash_of(v)?;
        }
        Ok(h)
    })?;
    let h = r.unwrap_or(0x5eed);
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}

/// struct.inspect -> string (CRuby's BINARY "#<struct " head, the rest joined onto it)
fn struct_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use super::string_encoding::{Joined, name_encoding};
    let k = vm.real_class(s);
    let named = vm.class_data(k).name.is_some();
    let cname = vm.class_name(k);
    let mut out = Joined::new(b"");
    out.add(vm, b"#<struct ", crate::object::string::Encoding::Binary)?;
    if named {
        out.add(vm, cname.as_bytes(), name_encoding(&cname))?;
    }
    if vm.inspecting.contains(&s) {
        out.push_raw(b":...>");
        return Ok(out.finish(vm));
    }
    let ms = members(vm, s)?;
    vm.inspecting.push(s);
    let r = (|| {
        for (i, &id) in ms.iter().enumerate() {
            if i > 0 {
                out.push_raw(b", ");
            } else if named {
                out.push_raw(b" ");
            }
            let name = sym_name(id);
            out.add(vm, name.as_bytes(), name_encoding(name))?;
            out.push_raw(b"=");
            let v = get(vm, s, id);
            let t = vm.inspect(v)?;
            out.add_str(vm, t)?;
        }
        out.push_raw(b">");
        Ok(())
    })();
    vm.inspecting.pop();
    r?;
    Ok(out.finish(vm))
}
