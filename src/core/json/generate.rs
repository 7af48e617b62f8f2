//! JSON generation: the json gem's generator (2.18, CRuby 4.0) writing into one byte buffer.
//! Hash, Array, String, Symbol, Integer, Float, nil, true and false are written here whatever
//! their `to_json` says (as the C generator does); any other object is asked for
//! `to_json(state)` (which must answer a String) when its class defines one of its own, and is
//! written as the JSON string of its `to_s` otherwise. The layout options (`indent`, `space`,
//! `space_before`, `object_nl`, `array_nl`) and the nesting count follow the gem: an empty
//! `[]`/`{}` is written bare, and each container entered counts against `max_nesting`.

use super::float::write_float;
use super::{Json, json_error};
use crate::core::hash::rh;
use crate::core::integer::Big;
use crate::core::object::{float_value, is_float};
use crate::object::heap::{Payload, T_ARRAY, T_BIGNUM, T_HASH, T_STRING, payload, rarray, type_of};
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::VmResult;

/// A generator configuration and its current depth: the payload of a JSON::State.
#[derive(Clone, Debug)]
pub struct GenState {
    pub indent: Vec<u8>,
    pub space: Vec<u8>,
    pub space_before: Vec<u8>,
    pub object_nl: Vec<u8>,
    pub array_nl: Vec<u8>,
    pub allow_nan: bool,
    pub ascii_only: bool,
    pub script_safe: bool,
    pub strict: bool,
    /// 0: no limit.
    pub max_nesting: usize,
    pub depth: usize,
}

impl Default for GenState {
    fn default() -> Self {
        GenState {
            indent: Vec::new(),
            space: Vec::new(),
            space_before: Vec::new(),
            object_nl: Vec::new(),
            array_nl: Vec::new(),
            allow_nan: false,
            ascii_only: false,
            script_safe: false,
            strict: false,
            max_nesting: 100,
            depth: 0,
        }
    }
}

impl GenState {
    /// `JSON.pretty_generate`'s layout.
    pub fn pretty() -> GenState {
        GenState {
            indent: b"  ".to_vec(),
            space: b" ".to_vec(),
            object_nl: b"\n".to_vec(),
            array_nl: b"\n".to_vec(),
            ..GenState::default()
        }
    }
}

impl Payload for GenState {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// One generation: the state's settings, the output, and the JSON::State object handed to
/// user `to_json` methods (made on first need).
pub struct Gen {
    pub st: GenState,
    pub out: Vec<u8>,
    pub state_obj: Option<Value>,
}

impl Gen {
    pub fn new(st: GenState) -> Gen {
        Gen {
            st,
            out: Vec::new(),
            state_obj: None,
        }
    }

    /// Writes `v`.
    pub fn value(&mut self, vm: &mut Vm, v: Value) -> VmResult<()> {
        if v.is_nil() {
            self.out.extend_from_slice(b"null");
        } else if v == Value::TRUE {
            self.out.extend_from_slice(b"true");
        } else if v == Value::FALSE {
            self.out.extend_from_slice(b"false");
        } else if let Some(i) = v.fixnum_opt() {
            let mut b = itoa_buf(i);
            self.out.append(&mut b);
        } else if is_float(v) {
            self.float(vm, float_value(v))?;
        } else if v.is_symbol() {
            let name = sym_name(v.as_symbol_id());
            self.string_bytes(vm, name.as_bytes(), true)?;
        } else if v.is_heap() {
            match type_of(v) {
                T_STRING => self.string(vm, v)?,
                T_ARRAY => {
                    crate::vm::recursion::maybe_grow(vm.native_stack_left(), || self.array(vm, v))?
                }
                T_HASH => {
                    crate::vm::recursion::maybe_grow(vm.native_stack_left(), || self.object(vm, v))?
                }
                T_BIGNUM => {
                    let s = payload::<Big>(v)
                        .map(|b| b.0.to_string())
                        .unwrap_or_default();
                    self.out.extend_from_slice(s.as_bytes());
                }
                _ => self.other(vm, v)?,
            }
        } else {
            self.other(vm, v)?;
        }
        Ok(())
    }

    fn float(&mut self, vm: &mut Vm, f: f64) -> VmResult<()> {
        if f.is_finite() {
            write_float(f, &mut self.out);
            return Ok(());
        }
        let name: &[u8] = if f.is_nan() {
            b"NaN"
        } else if f > 0.0 {
            b"Infinity"
        } else {
            b"-Infinity"
        };
        if !self.st.allow_nan {
            let mut msg = name.to_vec();
            msg.extend_from_slice(b" not allowed in JSON");
            let k = vm.json().generator_error;
            return Err(json_error(vm, k, msg));
        }
        self.out.extend_from_slice(name);
        Ok(())
    }

    fn enter(&mut self, vm: &mut Vm) -> VmResult<()> {
        self.st.depth += 1;
        if self.st.max_nesting != 0 && self.st.depth > self.st.max_nesting {
            let msg = format!(
                "nesting of {} is too deep. Did you try to serialize objects with circular references?",
                self.st.depth - 1
            );
            self.st.depth -= 1;
            let k = vm.json().nesting_error;
            return Err(json_error(vm, k, msg.into_bytes()));
        }
        Ok(())
    }

    fn indent(&mut self) {
        for _ in 0..self.st.depth {
            self.out.extend_from_slice(&self.st.indent);
        }
    }

    fn array(&mut self, vm: &mut Vm, a: Value) -> VmResult<()> {
        self.enter(vm)?;
        if rarray(a).vec.is_empty() {
            self.out.extend_from_slice(b"[]");
            self.st.depth -= 1;
            return Ok(());
        }
        self.out.push(b'[');
        self.out.extend_from_slice(&self.st.array_nl);
        let mut i = 0;
        while i < rarray(a).vec.len() {
            if i > 0 {
                self.out.push(b',');
                self.out.extend_from_slice(&self.st.array_nl);
            }
            self.indent();
            let e = rarray(a).vec[i];
            self.value(vm, e)?;
            i += 1;
        }
        self.st.depth -= 1;
        self.out.extend_from_slice(&self.st.array_nl);
        self.indent();
        self.out.push(b']');
        Ok(())
    }

    fn object(&mut self, vm: &mut Vm, h: Value) -> VmResult<()> {
        self.enter(vm)?;
        if rh(h).is_empty() {
            self.out.extend_from_slice(b"{}");
            self.st.depth -= 1;
            return Ok(());
        }
        self.out.push(b'{');
        self.out.extend_from_slice(&self.st.object_nl);
        let mut i = 0;
        let mut first = true;
        while i < rh(h).entries.len() {
            let e = &rh(h).entries[i];
            i += 1;
            if e.key.is_undef() {
                continue;
            }
            let (k, v) = (e.key, e.value);
            if !first {
                self.out.push(b',');
                self.out.extend_from_slice(&self.st.object_nl);
            }
            first = false;
            self.indent();
            if k.is_heap() && type_of(k) == T_STRING {
                self.string(vm, k)?;
            } else if k.is_symbol() {
                let name = sym_name(k.as_symbol_id());
                self.string_bytes(vm, name.as_bytes(), true)?;
            } else {
                let s = vm.funcall(k, intern("to_s"), &[], None)?;
                let s = crate::core::string::str_arg(vm, s)?;
                self.string(vm, s)?;
            }
            self.out.extend_from_slice(&self.st.space_before);
            self.out.push(b':');
            self.out.extend_from_slice(&self.st.space);
            self.value(vm, v)?;
        }
        self.st.depth -= 1;
        self.out.extend_from_slice(&self.st.object_nl);
        self.indent();
        self.out.push(b'}');
        Ok(())
    }

    /// An object of no JSON type: its own `to_json(state)`, else its `to_s` as a string.
    fn other(&mut self, vm: &mut Vm, v: Value) -> VmResult<()> {
        let k = vm.class_of(v);
        let own = vm
            .find_method(k, intern("to_json"))
            .is_some_and(|m| vm.methods[m as usize].owner != vm.c.object);
        if own {
            let state = self.state_value(vm);
            let keep = vm.stack.len();
            vm.stack.push(state);
            let r = vm.funcall(v, intern("to_json"), &[state], None);
            vm.stack.truncate(keep);
            let s = r?;
            if !(s.is_heap() && type_of(s) == T_STRING) {
                let cls = vm.class_of(s);
                let name = vm.class_name(cls);
                return Err(vm.type_error(&format!("wrong argument type {name} (expected String)")));
            }
            self.out.extend_from_slice(vm.bytes(s));
            return Ok(());
        }
        let s = vm.funcall(v, intern("to_s"), &[], None)?;
        let s = crate::core::string::str_arg(vm, s)?;
        self.string(vm, s)
    }

    /// The JSON::State object user methods see, at the current depth.
    fn state_value(&mut self, vm: &mut Vm) -> Value {
        let v = match self.state_obj {
            Some(v) => v,
            None => {
                let k = vm.json().state;
                let v =
                    vm.heap
                        .alloc_boxed(crate::object::heap::T_DATA, k, Box::new(self.st.clone()));
                self.state_obj = Some(v);
                v
            }
        };
        if let Some(p) = payload::<GenState>(v) {
            *p = self.st.clone();
        }
        v
    }

    fn string(&mut self, vm: &mut Vm, s: Value) -> VmResult<()> {
        let bytes = vm.bytes(s);
        if !(bytes.is_ascii() || std::str::from_utf8(bytes).is_ok()) {
            let k = vm.json().generator_error;
            return Err(json_error(
                vm,
                k,
                b"source sequence is illegal/malformed utf-8".to_vec(),
            ));
        }
        let bytes = vm.bytes(s);
        escape_into(&mut self.out, bytes, &self.st);
        Ok(())
    }

    fn string_bytes(&mut self, vm: &mut Vm, b: &[u8], checked: bool) -> VmResult<()> {
        if !checked && std::str::from_utf8(b).is_err() {
            let k = vm.json().generator_error;
            return Err(json_error(
                vm,
                k,
                b"source sequence is illegal/malformed utf-8".to_vec(),
            ));
        }
        escape_into(&mut self.out, b, &self.st);
        Ok(())
    }
}

fn itoa_buf(i: i64) -> Vec<u8> {
    i.to_string().into_bytes()
}

/// Which ASCII bytes need an escape: 0 none, else the letter of a short escape or `u`.
const ESC: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[8] = b'b';
    t[9] = b't';
    t[10] = b'n';
    t[12] = b'f';
    t[13] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

const HEX: &[u8; 16] = b"0123456789abcdef";

fn push_u(out: &mut Vec<u8>, c: u32) {
    out.extend_from_slice(&[
        b'\\',
        b'u',
        HEX[(c >> 12) as usize & 15],
        HEX[(c >> 8) as usize & 15],
        HEX[(c >> 4) as usize & 15],
        HEX[c as usize & 15],
    ]);
}

/// Writes the valid UTF-8 `b` as a JSON string literal.
pub fn escape_into(out: &mut Vec<u8>, b: &[u8], st: &GenState) {
    out.reserve(b.len() + 2);
    out.push(b'"');
    let special = st.ascii_only || st.script_safe;
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c < 128 {
            let e = ESC[c as usize];
            if e == 0 && !(c == b'/' && st.script_safe) {
                i += 1;
                continue;
            }
            out.extend_from_slice(&b[run..i]);
            match e {
                0 => out.extend_from_slice(b"\\/"),
                b'u' => push_u(out, c as u32),
                _ => out.extend_from_slice(&[b'\\', e]),
            }
            i += 1;
            run = i;
            continue;
        }
        if !special {
            i += 1;
            continue;
        }
        let n = if c >= 0xf0 {
            4
        } else if c >= 0xe0 {
            3
        } else {
            2
        };
        let ch = std::str::from_utf8(&b[i..(i + n).min(b.len())])
            .ok()
            .and_then(|s| s.chars().next())
            .map(|c| c as u32)
            .unwrap_or(0xfffd);
        let esc = st.ascii_only || ch == 0x2028 || ch == 0x2029;
        if esc {
            out.extend_from_slice(&b[run..i]);
            if ch >= 0x10000 {
                let v = ch - 0x10000;
                push_u(out, 0xd800 + (v >> 10));
                push_u(out, 0xdc00 + (v & 0x3ff));
            } else {
                push_u(out, ch);
            }
            run = i + n;
        }
        i += n;
    }
    out.extend_from_slice(&b[run..]);
    out.push(b'"');
}
