//! Marshal: `dump` and `load` in CRuby's format 4.8, byte for byte, so that data written by
//! one loads in the other. dump.rs writes, load.rs reads; this file has the module, its
//! arguments (an IO or a depth limit for `dump`; a String or an IO, a proc and `freeze:` for
//! `load`) and the type bytes both sides share.
//!
//! The format: two version bytes (4, 8), then one object, written as a type byte and its
//! body. Integers use CRuby's packed `w_long` (one byte for -123..122, else a length byte and
//! 1-4 little-endian bytes); symbols after their first appearance are `;` and an index;
//! objects after theirs are `@` and an index (every non-immediate object counts, in the order
//! it first appears); `I` wraps an object that carries instance variables (a String's
//! encoding is the variable `E`, true for UTF-8 and false for US-ASCII).

mod dump;
mod load;
mod time;

use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const MARSHAL: &[M] = &[
    ("dump", m_dump, 1, 3),
    ("load", m_load, 1, -1),
    ("restore", m_load, 1, -1),
];

pub(crate) const MAJOR: u8 = 4;
pub(crate) const MINOR: u8 = 8;

pub(crate) const B_NIL: u8 = b'0';
pub(crate) const B_TRUE: u8 = b'T';
pub(crate) const B_FALSE: u8 = b'F';
pub(crate) const B_FIXNUM: u8 = b'i';
pub(crate) const B_EXTENDED: u8 = b'e';
pub(crate) const B_UCLASS: u8 = b'C';
pub(crate) const B_OBJECT: u8 = b'o';
pub(crate) const B_DATA: u8 = b'd';
pub(crate) const B_USERDEF: u8 = b'u';
pub(crate) const B_USRMARSHAL: u8 = b'U';
pub(crate) const B_FLOAT: u8 = b'f';
pub(crate) const B_BIGNUM: u8 = b'l';
pub(crate) const B_STRING: u8 = b'"';
pub(crate) const B_REGEXP: u8 = b'/';
pub(crate) const B_ARRAY: u8 = b'[';
pub(crate) const B_HASH: u8 = b'{';
pub(crate) const B_HASH_DEF: u8 = b'}';
pub(crate) const B_STRUCT: u8 = b'S';
pub(crate) const B_MODULE_OLD: u8 = b'M';
pub(crate) const B_CLASS: u8 = b'c';
pub(crate) const B_MODULE: u8 = b'm';
pub(crate) const B_SYMBOL: u8 = b':';
pub(crate) const B_SYMLINK: u8 = b';';
pub(crate) const B_IVAR: u8 = b'I';
pub(crate) const B_LINK: u8 = b'@';

pub fn init(vm: &mut Vm) {
    let m = vm.define_module("Marshal");
    vm.define_singleton_natives(m, MARSHAL);
    vm.class_data(m)
        .const_set(intern("MAJOR_VERSION"), Value::fixnum(MAJOR as i64));
    vm.class_data(m)
        .const_set(intern("MINOR_VERSION"), Value::fixnum(MINOR as i64));
    time::init(vm);
}

/// Whether `v` can take written bytes (an IO, or anything with `write`).
fn is_port(vm: &mut Vm, v: Value) -> bool {
    crate::core::io::stream_of(v).is_some() || vm.responds(v, intern("write"), false)
}

/// Marshal.dump(obj, io = nil, limit = -1) -> string, or io
fn m_dump(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (mut port, mut limit) = (None, -1i64);
    match a.len() {
        2 if a[1].is_fixnum() => limit = a[1].as_fixnum(),
        2 if !a[1].is_nil() => port = Some(a[1]),
        3 => {
            if !a[1].is_nil() {
                port = Some(a[1]);
            }
            if !a[2].is_nil() {
                limit = crate::core::arg_int(vm, a[2])?;
            }
        }
        _ => {}
    }
    if let Some(p) = port
        && !is_port(vm, p)
    {
        return Err(vm.type_error("instance of IO needed"));
    }
    let bytes = dump::dump(vm, a[0], limit)?;
    match port {
        Some(p) => {
            let s = vm.str_new(&bytes);
            crate::object::string::set_encoding(s, crate::object::string::Encoding::Binary);
            vm.funcall(p, intern("write"), &[s], None)?;
            Ok(p)
        }
        None => {
            let s = vm.str_new(&bytes);
            crate::object::string::set_encoding(s, crate::object::string::Encoding::Binary);
            Ok(s)
        }
    }
}

/// Marshal.load(source, proc = nil, freeze: false) -> obj
fn m_load(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    if a.is_empty() || a.len() > 2 {
        return Err(vm.arity_error(a.len(), 1, 2));
    }
    let mut freeze = false;
    if let Some(k) = kw {
        for (key, v) in crate::core::hash::pairs(k) {
            if key.is_symbol() && crate::object::symbol::sym_name(key.as_symbol_id()) == "freeze" {
                freeze = v.truthy();
            } else {
                let shown = vm.inspect_str(key)?;
                return Err(vm.arg_error(&format!("unknown keyword: {shown}")));
            }
        }
    }
    let proc_ = a.get(1).copied().filter(|p| !p.is_nil());
    let src = a[0];
    let source = if type_of(src) == T_STRING {
        load::Source::Bytes(vm.bytes(src).to_vec(), 0)
    } else if vm.responds(src, intern("to_str"), false) {
        let s = vm.funcall(src, intern("to_str"), &[], None)?;
        load::Source::Bytes(crate::core::string::str_arg_vec(vm, s)?, 0)
    } else if vm.responds(src, intern("getbyte"), false) && vm.responds(src, intern("read"), false)
    {
        load::Source::Port(src)
    } else {
        return Err(vm.type_error("instance of IO needed"));
    };
    load::load(vm, source, proc_, freeze)
}
