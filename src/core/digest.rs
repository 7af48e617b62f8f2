//! The `digest` library (`require "digest"`, "digest/md5", "digest/sha1", "digest/sha2") and
//! the digest part of `openssl` (OpenSSL::Digest): MD5, SHA1, SHA256, SHA384 and SHA512 on the
//! RustCrypto crates. Each Digest object holds a running hash state; `digest`/`hexdigest`
//! finish a copy of it (the object keeps accepting `update`), the `!` forms reset it after.
//! The class methods (`Digest::SHA256.hexdigest(str)`) hash one string. `Digest::SHA2.new(bits)`
//! picks SHA256/384/512 by bit length.

use crate::object::heap::{Payload, T_DATA, T_NONE, payload};
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use sha2::Digest as _;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const INSTANCE: &[M] = &[
    ("update", d_update, 1, 1),
    ("<<", d_update, 1, 1),
    ("reset", d_reset, 0, 0),
    ("digest", d_digest, 0, 1),
    ("digest!", d_digest_bang, 0, 0),
    ("hexdigest", d_hexdigest, 0, 1),
    ("hexdigest!", d_hexdigest_bang, 0, 0),
    ("base64digest", d_base64digest, 0, 1),
    ("base64digest!", d_base64digest_bang, 0, 0),
    ("to_s", d_hexdigest, 0, 0),
    ("inspect", d_inspect, 0, 0),
    ("==", d_eq, 1, 1),
    ("length", d_length, 0, 0),
    ("size", d_length, 0, 0),
    ("digest_length", d_length, 0, 0),
    ("block_length", d_block_length, 0, 0),
    ("name", d_name, 0, 0),
    ("file", d_file, 1, 1),
    ("initialize_copy", d_init_copy, 1, 1),
    ("dup", d_dup, 0, 0),
    ("clone", d_dup, 0, 1),
];

const CLASS: &[M] = &[
    ("new", d_s_new, 0, 0),
    ("digest", d_s_digest, 1, -1),
    ("hexdigest", d_s_hexdigest, 1, -1),
    ("base64digest", d_s_base64digest, 1, -1),
    ("file", d_s_file, 1, -1),
];

/// A running hash state of one algorithm.
#[derive(Clone)]
enum State {
    Md5(md5::Md5),
    Sha1(sha1::Sha1),
    Sha256(sha2::Sha256),
    Sha384(sha2::Sha384),
    Sha512(sha2::Sha512),
}

/// The algorithms: (class name, OpenSSL name, digest length, block length).
const ALGOS: &[(&str, usize, usize)] = &[
    ("MD5", 16, 64),
    ("SHA1", 20, 64),
    ("SHA256", 32, 64),
    ("SHA384", 48, 128),
    ("SHA512", 64, 128),
];

impl State {
    fn new(name: &str) -> Option<State> {
        Some(match name {
            "MD5" => State::Md5(md5::Md5::new()),
            "SHA1" => State::Sha1(sha1::Sha1::new()),
            "SHA256" => State::Sha256(sha2::Sha256::new()),
            "SHA384" => State::Sha384(sha2::Sha384::new()),
            "SHA512" => State::Sha512(sha2::Sha512::new()),
            _ => return None,
        })
    }

    fn name(&self) -> &'static str {
        match self {
            State::Md5(_) => "MD5",
            State::Sha1(_) => "SHA1",
            State::Sha256(_) => "SHA256",
            State::Sha384(_) => "SHA384",
            State::Sha512(_) => "SHA512",
        }
    }

    fn update(&mut self, b: &[u8]) {
        match self {
            State::Md5(h) => h.update(b),
            State::Sha1(h) => h.update(b),
            State::Sha256(h) => h.update(b),
            State::Sha384(h) => h.update(b),
            State::Sha512(h) => h.update(b),
        }
    }

    /// The digest of what was hashed so far (the state is left as it was).
    fn finish(&self) -> Vec<u8> {
        match self.clone() {
            State::Md5(h) => h.finalize().to_vec(),
            State::Sha1(h) => h.finalize().to_vec(),
            State::Sha256(h) => h.finalize().to_vec(),
            State::Sha384(h) => h.finalize().to_vec(),
            State::Sha512(h) => h.finalize().to_vec(),
        }
    }

    fn lengths(&self) -> (usize, usize) {
        let n = self.name();
        ALGOS
            .iter()
            .find(|a| a.0 == n)
            .map(|a| (a.1, a.2))
            .unwrap_or((0, 0))
    }
}

struct DigestObj(State);

impl Payload for DigestObj {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// Defines Digest and its classes: what `require "digest"` (or a digest/* file) loads.
pub fn init(vm: &mut Vm) {
    let m = vm.define_module("Digest");
    if vm.class_data(m).const_get(intern("SHA256")).is_some() {
        return;
    }
    vm.define_singleton_natives(m, &[("hexencode", d_hexencode, 1, 1)]);
    vm.define_module_under(m, "Instance");
    let o = vm.c.object;
    let class = vm.define_class_under(m, "Class", o);
    let base = vm.define_class_under(m, "Base", class);
    vm.class_data(base).instance_type = T_NONE;
    vm.define_natives(base, INSTANCE);
    vm.define_singleton_natives(base, CLASS);
    for (name, _, _) in ALGOS {
        vm.define_class_under(m, name, base);
    }
    let sha2 = vm.define_class_under(m, "SHA2", class);
    vm.class_data(sha2).instance_type = T_NONE;
    vm.define_natives(sha2, INSTANCE);
    vm.define_singleton_natives(sha2, &[("new", sha2_s_new, 0, 1)]);
    let version = vm.fstring(b"3.2.1");
    vm.class_data(m).const_set(intern("VERSION"), version);
    vm.invalidate();
}

/// Defines OpenSSL::Digest (and its algorithm classes): the digest part of `require "openssl"`.
pub fn init_openssl(vm: &mut Vm) {
    let m = vm.define_module("OpenSSL");
    if vm.class_data(m).const_get(intern("Digest")).is_some() {
        return;
    }
    init(vm);
    let digest_m = vm.define_module("Digest");
    let class = vm
        .class_data(digest_m)
        .const_get(intern("Class"))
        .unwrap_or(vm.c.object);
    let od = vm.define_class_under(m, "Digest", class);
    vm.class_data(od).instance_type = T_NONE;
    vm.define_natives(od, INSTANCE);
    vm.define_singleton_natives(od, CLASS);
    vm.define_singleton_natives(od, &[("new", ossl_s_new, 0, 2)]);
    for (name, _, _) in ALGOS {
        let k = vm.define_class_under(od, name, od);
        vm.define_singleton_natives(k, &[("new", d_s_new, 0, 1)]);
    }
    let std = vm.c.standard_error;
    let err = vm.define_class_under(m, "OpenSSLError", std);
    vm.define_class_under(od, "DigestError", err);
    vm.invalidate();
}

/// The algorithm a class stands for: its own name or its nearest named ancestor's.
fn algo_of_class(vm: &mut Vm, k: Value) -> Option<State> {
    for c in vm.ancestors(k) {
        if let Some(name) = vm.class_data(c).name.clone() {
            let last = name.rsplit("::").next().unwrap_or("");
            if let Some(s) = State::new(last) {
                return Some(s);
            }
        }
    }
    None
}

fn this(vm: &mut Vm, v: Value) -> VmResult<&'static mut State> {
    match payload::<DigestObj>(v) {
        Some(d) => Ok(&mut d.0),
        None => Err(vm.raise_str(vm.c.runtime_error, "Digest::Base is an abstract class")),
    }
}

fn alloc(vm: &mut Vm, k: Value, st: State) -> Value {
    vm.heap.alloc_boxed(T_DATA, k, Box::new(DigestObj(st)))
}

/// Digest::SHA256.new(str = nil) -> digest
fn d_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(mut st) = algo_of_class(vm, k) else {
        return Err(vm.raise_str(
            vm.c.not_implemented_error,
            "Digest::Base is an abstract class",
        ));
    };
    if let Some(&s) = a.first() {
        let s = super::string::str_arg(vm, s)?;
        st.update(vm.bytes(s));
    }
    Ok(alloc(vm, k, st))
}

/// Digest::SHA2.new(bitlen = 256) -> digest
fn sha2_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let bits = match a.first() {
        Some(&b) => crate::core::arg_int(vm, b)?,
        None => 256,
    };
    let st = match bits {
        256 => State::new("SHA256"),
        384 => State::new("SHA384"),
        512 => State::new("SHA512"),
        _ => None,
    };
    let Some(st) = st else {
        return Err(vm.arg_error(&format!("unsupported bit length: {bits}")));
    };
    Ok(alloc(vm, k, st))
}

/// OpenSSL::Digest.new(name, data = nil) -> digest
fn ossl_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if let Some(st) = algo_of_class(vm, k) {
        let mut st = st;
        if let Some(&s) = a.first() {
            let s = super::string::str_arg(vm, s)?;
            st.update(vm.bytes(s));
        }
        return Ok(alloc(vm, k, st));
    }
    let Some(&n) = a.first() else {
        return Err(vm.arg_error("wrong number of arguments (given 0, expected 1..2)"));
    };
    let name = vm.to_s(n)?;
    let name = String::from_utf8_lossy(vm.bytes(name))
        .to_ascii_uppercase()
        .replace('-', "");
    let Some(mut st) = State::new(&name) else {
        let err = vm
            .class_data(k)
            .const_get(intern("DigestError"))
            .unwrap_or(vm.c.runtime_error);
        return Err(vm.raise_str(
            err,
            &format!("Unsupported digest algorithm ({name}).: unknown object name"),
        ));
    };
    if let Some(&s) = a.get(1) {
        let s = super::string::str_arg(vm, s)?;
        st.update(vm.bytes(s));
    }
    Ok(alloc(vm, k, st))
}

/// The one-shot digest of `a`'s string for class `k` (OpenSSL::Digest takes the name first).
fn one_shot(vm: &mut Vm, k: Value, a: &[Value]) -> VmResult<(State, Vec<u8>)> {
    let (mut st, data) = match algo_of_class(vm, k) {
        Some(st) => (st, a[0]),
        None => {
            let name = vm.to_s(a[0])?;
            let name = String::from_utf8_lossy(vm.bytes(name)).to_ascii_uppercase();
            let Some(st) = State::new(&name) else {
                return Err(vm.arg_error(&format!("unsupported digest: {name}")));
            };
            let Some(&d) = a.get(1) else {
                return Err(vm.arg_error("wrong number of arguments (given 1, expected 2)"));
            };
            (st, d)
        }
    };
    let s = super::string::str_arg(vm, data)?;
    st.update(vm.bytes(s));
    let out = st.finish();
    Ok((st, out))
}

fn binary(vm: &mut Vm, b: &[u8]) -> Value {
    let v = vm.str_new(b);
    string::set_encoding(v, Encoding::Binary);
    v
}

fn hex(b: &[u8]) -> Vec<u8> {
    const H: &[u8; 16] = b"0123456789abcdef";
    b.iter()
        .flat_map(|&c| [H[(c >> 4) as usize], H[(c & 15) as usize]])
        .collect()
}

/// Base64 with padding (RFC 4648), as `[str].pack("m0")`.
pub fn base64(b: &[u8]) -> Vec<u8> {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::with_capacity(b.len().div_ceil(3) * 4);
    for ch in b.chunks(3) {
        let n = (ch[0] as u32) << 16
            | (*ch.get(1).unwrap_or(&0) as u32) << 8
            | *ch.get(2).unwrap_or(&0) as u32;
        out.push(T[(n >> 18) as usize & 63]);
        out.push(T[(n >> 12) as usize & 63]);
        out.push(if ch.len() > 1 {
            T[(n >> 6) as usize & 63]
        } else {
            b'='
        });
        out.push(if ch.len() > 2 {
            T[n as usize & 63]
        } else {
            b'='
        });
    }
    out
}

/// Digest::SHA256.digest(str) -> binary string
fn d_s_digest(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (_, d) = one_shot(vm, k, a)?;
    Ok(binary(vm, &d))
}

/// Digest::SHA256.hexdigest(str) -> hex string
fn d_s_hexdigest(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (_, d) = one_shot(vm, k, a)?;
    Ok(vm.str_from_vec(hex(&d)))
}

/// Digest::SHA256.base64digest(str) -> base64 string
fn d_s_base64digest(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (_, d) = one_shot(vm, k, a)?;
    Ok(vm.str_from_vec(base64(&d)))
}

/// Digest::SHA256.file(path) -> digest of the file's contents
fn d_s_file(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let d = d_s_new(vm, k, &[], b)?;
    let keep = vm.stack.len();
    vm.stack.push(d);
    let r = d_file(vm, d, a, b);
    vm.stack.truncate(keep);
    r
}

/// Digest.hexencode(str) -> hex string
fn d_hexencode(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let s = super::string::str_arg(vm, a[0])?;
    let h = hex(vm.bytes(s));
    Ok(vm.str_from_vec(h))
}

/// digest.update(str) -> digest
fn d_update(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    let t = super::string::str_arg(vm, a[0])?;
    st.update(vm.bytes(t));
    Ok(s)
}

/// digest.file(path) -> digest (updated with the file's contents)
fn d_file(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let path = super::file::path_arg(vm, a[0])?;
    let st = this(vm, s)?;
    match std::fs::read(super::file::os_path(&path)) {
        Ok(data) => {
            st.update(&data);
            Ok(s)
        }
        Err(e) => Err(super::errno::raise_io(
            vm,
            &e,
            Some("rb_sysopen"),
            &super::file::show(&path),
        )),
    }
}

/// digest.reset -> digest
fn d_reset(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    if let Some(n) = State::new(st.name()) {
        *st = n;
    }
    Ok(s)
}

/// The digest of the object's state, or (with an argument) of that string alone after a
/// reset, as CRuby's `digest(str)`.
fn current(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult<Vec<u8>> {
    let st = this(vm, s)?;
    if let Some(&x) = a.first() {
        let t = super::string::str_arg(vm, x)?;
        let mut fresh = State::new(st.name()).unwrap_or_else(|| st.clone());
        fresh.update(vm.bytes(t));
        let d = fresh.finish();
        if let Some(n) = State::new(st.name()) {
            *st = n;
        }
        return Ok(d);
    }
    Ok(st.finish())
}

/// digest.digest(str = nil) -> binary string
fn d_digest(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = current(vm, s, a)?;
    Ok(binary(vm, &d))
}

/// digest.digest! -> binary string (and reset)
fn d_digest_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let d = current(vm, s, &[])?;
    d_reset(vm, s, &[], b)?;
    Ok(binary(vm, &d))
}

/// digest.hexdigest(str = nil) -> hex string
fn d_hexdigest(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = current(vm, s, a)?;
    Ok(vm.str_from_vec(hex(&d)))
}

/// digest.hexdigest! -> hex string (and reset)
fn d_hexdigest_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let d = current(vm, s, &[])?;
    d_reset(vm, s, &[], b)?;
    Ok(vm.str_from_vec(hex(&d)))
}

/// digest.base64digest(str = nil) -> base64 string
fn d_base64digest(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = current(vm, s, a)?;
    Ok(vm.str_from_vec(base64(&d)))
}

/// digest.base64digest! -> base64 string (and reset)
fn d_base64digest_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let d = current(vm, s, &[])?;
    d_reset(vm, s, &[], b)?;
    Ok(vm.str_from_vec(base64(&d)))
}

/// digest.inspect -> "#<Digest::SHA256: hex>"
fn d_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let d = current(vm, s, &[])?;
    let k = vm.class_of(s);
    let name = vm.class_name(k);
    let text = format!("#<{name}: {}>", String::from_utf8_lossy(&hex(&d)));
    Ok(vm.str_from(text))
}

/// digest == other -> true or false (another digest, or a hex string)
fn d_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mine = current(vm, s, &[])?;
    let o = a[0];
    if payload::<DigestObj>(o).is_some() {
        let theirs = current(vm, o, &[])?;
        return Ok(Value::bool(mine == theirs));
    }
    if !super::object::is_string(o) {
        return Ok(Value::FALSE);
    }
    let other = vm.bytes(o);
    Ok(Value::bool(
        other == hex(&mine).as_slice() || other == mine.as_slice(),
    ))
}

/// digest.digest_length -> integer
fn d_length(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = this(vm, s)?.lengths().0;
    Ok(Value::fixnum(n as i64))
}

/// digest.block_length -> integer
fn d_block_length(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = this(vm, s)?.lengths().1;
    Ok(Value::fixnum(n as i64))
}

/// digest.name -> "SHA256" (OpenSSL::Digest#name)
fn d_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = this(vm, s)?.name();
    Ok(vm.str_from(n))
}

/// digest.initialize_copy(other): dup and clone copy the running state
fn d_init_copy(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, a[0])?.clone();
    match payload::<DigestObj>(s) {
        Some(d) => d.0 = st,
        None => return Err(vm.type_error("cannot copy a digest into this object")),
    }
    Ok(s)
}

/// digest.dup -> a new digest with a copy of the running state
fn d_dup(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?.clone();
    let k = vm.class_of(s);
    let k = if vm.class_data(k).is_singleton {
        vm.class_data(k).superclass
    } else {
        k
    };
    Ok(alloc(vm, k, st))
}
