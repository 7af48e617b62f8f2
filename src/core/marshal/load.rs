//! Marshal.load: reads format 4.8 from a String or from an IO-like object (`getbyte`/`read`),
//! calling the optional proc on each object as it is finished (its value replaces the object),
//! and freezing everything but classes and modules with `freeze: true`.
//!
//! The table of objects read so far (for `@` links) is a region of the VM stack, so the
//! objects stay alive while Ruby code (`_load`, `marshal_load`, the proc) runs.

use super::*;
use crate::object::string::{self, Encoding};
use crate::object::symbol::sym_name;
use crate::vm::frame::Unwind;
use crate::vm::frame::UnwindKind;
use num_bigint::{BigInt, Sign};

/// Where the bytes come from: a copy of a String's bytes (and the position), or an IO.
pub enum Source {
    Bytes(Vec<u8>, usize),
    Port(Value),
}

struct Loader {
    src: Source,
    symbols: Vec<u32>,
    /// Where the object table starts on the VM stack.
    base: usize,
    proc_: Option<Value>,
    freeze: bool,
    /// An Array below the table that keeps temporaries alive (a `_load` string, a Regexp's
    /// source) without taking an object index.
    scratch: Value,
}

pub fn load(vm: &mut Vm, src: Source, proc_: Option<Value>, freeze: bool) -> VmResult {
    let scratch = vm.ary_new_capa(0);
    vm.stack.push(scratch);
    let mut l = Loader {
        src,
        symbols: Vec::new(),
        base: vm.stack.len(),
        proc_,
        freeze,
        scratch,
    };
    let r = l.start(vm);
    vm.stack.truncate(l.base - 1);
    r
}

/// Whether class `k` is `base` or a subclass of it.
fn inherits(vm: &Vm, k: Value, base: Value) -> bool {
    let mut c = k;
    while c.is_heap() {
        if c == base {
            return true;
        }
        c = vm.class_data(c).superclass;
    }
    false
}

fn too_short(vm: &mut Vm) -> Unwind {
    vm.arg_error("marshal data too short")
}

impl Loader {
    fn start(&mut self, vm: &mut Vm) -> VmResult {
        let major = self.byte(vm)?;
        let minor = self.byte(vm)?;
        if major != MAJOR || minor > MINOR {
            let msg = format!(
                "incompatible marshal file format (can't be read)\n\tformat version {MAJOR}.{MINOR} required; {major}.{minor} given"
            );
            return Err(vm.type_error(&msg));
        }
        self.object(vm)
    }

    fn byte(&mut self, vm: &mut Vm) -> VmResult<u8> {
        match &mut self.src {
            Source::Bytes(b, pos) => match b.get(*pos) {
                Some(&c) => {
                    *pos += 1;
                    Ok(c)
                }
                None => Err(too_short(vm)),
            },
            Source::Port(io) => {
                let io = *io;
                let c = vm.funcall(io, intern("getbyte"), &[], None)?;
                if c.is_fixnum() {
                    Ok(c.as_fixnum() as u8)
                } else {
                    Err(vm.raise_str(vm.c.eof_error, "end of file reached"))
                }
            }
        }
    }

    fn take(&mut self, vm: &mut Vm, n: usize) -> VmResult<Vec<u8>> {
        match &mut self.src {
            Source::Bytes(b, pos) => {
                if b.len() - *pos < n {
                    return Err(too_short(vm));
                }
                let out = b[*pos..*pos + n].to_vec();
                *pos += n;
                Ok(out)
            }
            Source::Port(io) => {
                if n == 0 {
                    return Ok(Vec::new());
                }
                let io = *io;
                let s = vm.funcall(io, intern("read"), &[Value::fixnum(n as i64)], None)?;
                if type_of(s) != T_STRING || string::len(s) < n {
                    return Err(too_short(vm));
                }
                Ok(vm.bytes(s).to_vec())
            }
        }
    }

    /// CRuby's `r_long`.
    fn long(&mut self, vm: &mut Vm) -> VmResult<i64> {
        let c = self.byte(vm)? as i8 as i64;
        if c == 0 {
            return Ok(0);
        }
        if c > 0 {
            if (5..128).contains(&c) {
                return Ok(c - 5);
            }
            let mut x: i64 = 0;
            for i in 0..c {
                x |= (self.byte(vm)? as i64) << (8 * i);
            }
            return Ok(x);
        }
        if (-128..-4).contains(&c) {
            return Ok(c + 5);
        }
        let n = -c;
        let mut x: i64 = -1;
        for i in 0..n {
            x &= !(0xff << (8 * i));
            x |= (self.byte(vm)? as i64) << (8 * i);
        }
        Ok(x)
    }

    fn bytes(&mut self, vm: &mut Vm) -> VmResult<Vec<u8>> {
        let n = self.long(vm)?;
        if n < 0 {
            return Err(too_short(vm));
        }
        self.take(vm, n as usize)
    }

    /// Reserves the next object index (filled by `fill`).
    fn prepare(&mut self, vm: &mut Vm) -> usize {
        vm.stack.push(Value::NIL);
        vm.stack.len() - 1 - self.base
    }
    fn fill(&mut self, vm: &mut Vm, i: usize, v: Value) {
        vm.stack[self.base + i] = v;
    }
    fn entry(&mut self, vm: &mut Vm, v: Value) {
        vm.stack.push(v);
    }

    /// A symbol (`:` or `;`), possibly wrapped in `I` with its encoding.
    fn symbol(&mut self, vm: &mut Vm) -> VmResult<u32> {
        let t = self.byte(vm)?;
        self.symbol_of(vm, t)
    }

    fn symbol_of(&mut self, vm: &mut Vm, t: u8) -> VmResult<u32> {
        match t {
            B_SYMBOL => self.symbol_body(vm, false),
            B_SYMLINK => {
                let i = self.long(vm)?;
                match usize::try_from(i).ok().and_then(|i| self.symbols.get(i)) {
                    Some(&id) => Ok(id),
                    None => Err(vm.arg_error("bad symbol")),
                }
            }
            B_IVAR => {
                let t = self.byte(vm)?;
                if t != B_SYMBOL {
                    return Err(vm.arg_error(&format!("dump format error for symbol(0x{t:x})")));
                }
                self.symbol_body(vm, true)
            }
            _ => Err(vm.arg_error(&format!("dump format error for symbol(0x{t:x})"))),
        }
    }

    fn symbol_body(&mut self, vm: &mut Vm, ivars: bool) -> VmResult<u32> {
        let b = self.bytes(vm)?;
        let id = intern(&String::from_utf8_lossy(&b));
        self.symbols.push(id);
        if ivars {
            // the symbol's encoding (rubra's symbols are UTF-8 text)
            let n = self.long(vm)?;
            for _ in 0..n {
                self.symbol(vm)?;
                self.object(vm)?;
            }
        }
        Ok(id)
    }

    /// The class or module named `path` ("A::B"); ArgumentError when there is none.
    fn path2class(&mut self, vm: &mut Vm, path: &str) -> VmResult {
        let mut scope = vm.c.object;
        for part in path.split("::") {
            let found = if type_of(scope) == T_CLASS || type_of(scope) == T_MODULE {
                match vm.class_data(scope).const_get(intern(part)) {
                    Some(v) => Some(v),
                    None => {
                        let name = Value::symbol(intern(part));
                        match vm.funcall(scope, intern("const_get"), &[name], None) {
                            Ok(v) => Some(v),
                            Err(unw) if let UnwindKind::Raise(_) = *unw.kind() => None,
                            Err(u) => return Err(u),
                        }
                    }
                }
            } else {
                None
            };
            match found {
                Some(v) => scope = v,
                None => return Err(vm.arg_error(&format!("undefined class/module {path}"))),
            }
        }
        if !matches!(type_of(scope), T_CLASS | T_MODULE) {
            return Err(vm.arg_error(&format!("{path} does not refer to class/module")));
        }
        Ok(scope)
    }

    fn class_ref(&mut self, vm: &mut Vm, module: Option<bool>) -> VmResult {
        let id = self.symbol(vm)?;
        self.class_named(vm, sym_name(id), module)
    }

    fn class_named(&mut self, vm: &mut Vm, path: &str, module: Option<bool>) -> VmResult {
        let k = self.path2class(vm, path)?;
        match module {
            Some(true) if !vm.class_data(k).is_module => {
                Err(vm.arg_error(&format!("{path} does not refer to module")))
            }
            Some(false) if vm.class_data(k).is_module => {
                Err(vm.arg_error(&format!("{path} does not refer to class")))
            }
            _ => Ok(k),
        }
    }

    /// Runs the proc on a finished object, and freezes it for `freeze: true`.
    fn leave(&mut self, vm: &mut Vm, v: Value) -> VmResult {
        if self.freeze && v.is_heap() && !matches!(type_of(v), T_CLASS | T_MODULE) {
            vm.freeze(v);
        }
        match self.proc_ {
            Some(p) => vm.funcall(p, intern("call"), &[v], None),
            None => Ok(v),
        }
    }

    fn object(&mut self, vm: &mut Vm) -> VmResult {
        // nesting deeper than the native stack holds (a fiber's is smaller than the thread's)
        vm.check_native_stack()?;
        let v = self.object0(vm, false, &mut Vec::new())?;
        self.leave(vm, v)
    }

    /// Reads one object; `ivp` says an `I` wrapper's variables follow it (the reader of a type
    /// that needs them first, a Regexp or a `_load` string, reads them itself and clears it).
    fn object0(&mut self, vm: &mut Vm, ivp: bool, extended: &mut Vec<Value>) -> VmResult {
        let t = self.byte(vm)?;
        let mut ivp = ivp;
        let v = self.typed(vm, t, &mut ivp, extended)?;
        if ivp {
            self.ivars(vm, v, false)?;
        }
        Ok(v)
    }

    /// The variables of an `I` wrapper: the encoding (`E`, `encoding`) and the others.
    /// The variables of an `I` wrapper; `hidden`: names without `@` are set too.
    fn ivars(&mut self, vm: &mut Vm, v: Value, hidden: bool) -> VmResult<()> {
        let n = self.long(vm)?;
        for _ in 0..n {
            let id = self.symbol(vm)?;
            let val = self.object(vm)?;
            let name = sym_name(id);
            if type_of(v) == T_STRING && (name == "E" || name == "encoding") {
                let enc = match (name, val) {
                    ("E", x) if x == Value::TRUE => Some(Encoding::Utf8),
                    ("E", _) => Some(Encoding::UsAscii),
                    _ if type_of(val) == T_STRING => {
                        let name = String::from_utf8_lossy(vm.bytes(val)).into_owned();
                        match Encoding::find(&name) {
                            Some(e) => Some(e),
                            None => {
                                let msg = format!("unknown encoding name - {name}");
                                return Err(vm.arg_error(&msg));
                            }
                        }
                    }
                    _ => None,
                };
                if let Some(e) = enc {
                    string::set_encoding(v, e);
                }
            } else if v.is_heap() && (name.starts_with('@') || hidden && !name.starts_with("__")) {
                vm.ivar_set(v, id, val)?;
            }
        }
        Ok(())
    }

    fn typed(&mut self, vm: &mut Vm, t: u8, ivp: &mut bool, ext: &mut Vec<Value>) -> VmResult {
        match t {
            B_LINK => {
                let i = self.long(vm)?;
                let idx = usize::try_from(i).ok().map(|i| self.base + i);
                match idx.filter(|&i| i < vm.stack.len()) {
                    Some(i) => Ok(vm.stack[i]),
                    None => Err(vm.arg_error("dump format error (unlinked)")),
                }
            }
            B_IVAR => {
                let v = self.object0(vm, true, ext)?;
                Ok(v)
            }
            B_EXTENDED => {
                let m = self.class_ref(vm, None)?;
                ext.push(m);
                let v = self.object0(vm, *ivp, ext)?;
                *ivp = false;
                while let Some(m) = ext.pop() {
                    vm.funcall(v, intern("extend"), &[m], None)?;
                }
                Ok(v)
            }
            B_UCLASS => {
                let k = self.class_ref(vm, Some(false))?;
                let v = self.object0(vm, *ivp, ext)?;
                *ivp = false;
                if v.is_heap() && !matches!(type_of(v), T_OBJECT | T_CLASS | T_MODULE) {
                    crate::object::heap::set_klass(v, k);
                    Ok(v)
                } else {
                    let name = vm.class_name(k);
                    Err(vm.arg_error(&format!("dump format error (user class {name})")))
                }
            }
            B_NIL => Ok(Value::NIL),
            B_TRUE => Ok(Value::TRUE),
            B_FALSE => Ok(Value::FALSE),
            B_FIXNUM => {
                let n = self.long(vm)?;
                Ok(vm.int(n))
            }
            B_SYMBOL | B_SYMLINK => {
                let id = self.symbol_of(vm, t)?;
                Ok(Value::symbol(id))
            }
            B_FLOAT => {
                let b = self.bytes(vm)?;
                let text = String::from_utf8_lossy(&b);
                let text = text.split('\0').next().unwrap_or("");
                let f = match text {
                    "nan" => f64::NAN,
                    "inf" => f64::INFINITY,
                    "-inf" => f64::NEG_INFINITY,
                    t => t.parse::<f64>().unwrap_or(0.0),
                };
                let v = vm.float(f);
                self.entry(vm, v);
                Ok(v)
            }
            B_BIGNUM => {
                let sign = self.byte(vm)?;
                let n = self.long(vm)?;
                if n < 0 {
                    return Err(too_short(vm));
                }
                let b = self.take(vm, n as usize * 2)?;
                let s = if sign == b'-' {
                    Sign::Minus
                } else {
                    Sign::Plus
                };
                let v = vm.bigint(BigInt::from_bytes_le(s, &b));
                self.entry(vm, v);
                Ok(v)
            }
            B_STRING => {
                let b = self.bytes(vm)?;
                let v = vm.str_new(&b);
                string::set_encoding(v, Encoding::Binary);
                self.entry(vm, v);
                Ok(v)
            }
            B_REGEXP => self.regexp(vm, ivp),
            B_ARRAY => {
                let n = self.long(vm)?;
                let a = vm.ary_new_capa(0);
                self.entry(vm, a);
                for _ in 0..n.max(0) {
                    let v = self.object(vm)?;
                    rarray(a).vec.push(v);
                }
                Ok(a)
            }
            B_HASH | B_HASH_DEF => {
                let n = self.long(vm)?;
                let h = vm.hash_new();
                self.entry(vm, h);
                for _ in 0..n.max(0) {
                    let k = self.object(vm)?;
                    let v = self.object(vm)?;
                    vm.hash_aset(h, k, v)?;
                }
                if t == B_HASH_DEF {
                    let d = self.object(vm)?;
                    crate::core::hash::rh(h).default = d;
                }
                Ok(h)
            }
            B_STRUCT => self.structure(vm),
            B_OBJECT => self.plain_object(vm),
            B_USERDEF => self.user_load(vm, ivp),
            B_USRMARSHAL => self.user_marshal(vm),
            B_CLASS | B_MODULE | B_MODULE_OLD => {
                let b = self.bytes(vm)?;
                let path = String::from_utf8_lossy(&b).into_owned();
                let want = match t {
                    B_CLASS => Some(false),
                    B_MODULE => Some(true),
                    _ => None,
                };
                let k = self.class_named(vm, &path, want)?;
                self.entry(vm, k);
                Ok(k)
            }
            B_DATA => {
                let k = self.class_ref(vm, None)?;
                let name = vm.class_name(k);
                let msg = format!("class {name} needs to have instance method '_load_data'");
                Err(vm.type_error(&msg))
            }
            _ => Err(vm.arg_error(&format!("dump format error(0x{t:x})"))),
        }
    }

    fn regexp(&mut self, vm: &mut Vm, ivp: &mut bool) -> VmResult {
        let idx = self.prepare(vm);
        let src = self.bytes(vm)?;
        let opts = self.byte(vm)? as u32;
        // the source's encoding comes in the wrapper's variables, read here before the Regexp
        let holder = vm.str_new(&src);
        string::set_encoding(holder, Encoding::Binary);
        rarray(self.scratch).vec.push(holder);
        if *ivp {
            self.ivars(vm, holder, false)?;
            *ivp = false;
        }
        let enc = string::encoding(holder);
        rarray(self.scratch).vec.pop();
        let keep = opts & 0x0f | opts & 32;
        let utf8 = enc == Encoding::Utf8 && opts & 16 != 0;
        let re = match crate::core::regexp::new_regexp(vm, &src, keep, enc, utf8) {
            Ok(r) => r,
            Err(msg) => return Err(vm.raise_str(vm.c.regexp_error, &msg)),
        };
        self.fill(vm, idx, re);
        Ok(re)
    }

    fn structure(&mut self, vm: &mut Vm) -> VmResult {
        let k = self.class_ref(vm, Some(false))?;
        let name = vm.class_name(k);
        let members = match vm.funcall(k, intern("members"), &[], None) {
            Ok(m) if type_of(m) == T_ARRAY => rarray(m).vec.to_vec(),
            _ => return Err(vm.type_error(&format!("non struct class {name}"))),
        };
        let obj = vm.funcall(k, intern("allocate"), &[], None)?;
        self.entry(vm, obj);
        let n = self.long(vm)?;
        if n as usize != members.len() {
            return Err(vm.type_error(&format!(
                "struct {name} not compatible (struct size differs)"
            )));
        }
        for m in members {
            let id = self.symbol(vm)?;
            if Value::symbol(id) != m {
                let want = vm.inspect_str(m)?;
                let got = vm.inspect_str(Value::symbol(id))?;
                return Err(
                    vm.type_error(&format!("struct {name} not compatible ({got} for {want})"))
                );
            }
            let v = self.object(vm)?;
            vm.ivar_set(obj, id, v)?;
        }
        Ok(obj)
    }

    fn plain_object(&mut self, vm: &mut Vm) -> VmResult {
        let k = self.class_ref(vm, Some(false))?;
        if inherits(vm, k, vm.c.range) {
            return self.range(vm, k);
        }
        let exception = inherits(vm, k, vm.c.exception);
        let obj = vm.funcall(k, intern("allocate"), &[], None)?;
        self.entry(vm, obj);
        let n = self.long(vm)?;
        for _ in 0..n.max(0) {
            let id = self.symbol(vm)?;
            let v = self.object(vm)?;
            let id = match sym_name(id) {
                "mesg" if exception => intern(crate::vm::error::IV_MESG),
                "bt" if exception => intern(crate::vm::error::IV_BT),
                _ => id,
            };
            vm.ivar_set(obj, id, v)?;
        }
        Ok(obj)
    }

    fn range(&mut self, vm: &mut Vm, k: Value) -> VmResult {
        let idx = self.prepare(vm);
        let n = self.long(vm)?;
        let (mut b, mut e, mut x) = (Value::NIL, Value::NIL, false);
        for _ in 0..n.max(0) {
            let id = self.symbol(vm)?;
            let v = self.object(vm)?;
            match sym_name(id) {
                "begin" => b = v,
                "end" => e = v,
                "excl" => x = v.truthy(),
                _ => {}
            }
        }
        let r = vm.range_new(b, e, x);
        if k != vm.c.range {
            crate::object::heap::set_klass(r, k);
        }
        self.fill(vm, idx, r);
        Ok(r)
    }

    /// `u`: the class's `_load` makes the object from the bytes (remembered after them).
    fn user_load(&mut self, vm: &mut Vm, ivp: &mut bool) -> VmResult {
        let k = self.class_ref(vm, None)?;
        let b = self.bytes(vm)?;
        let data = vm.str_new(&b);
        string::set_encoding(data, Encoding::Binary);
        rarray(self.scratch).vec.push(data);
        if *ivp {
            // `_load` reads the data's hidden variables too (Time's `nano_num`, `zone`)
            self.ivars(vm, data, true)?;
            *ivp = false;
        }
        if !vm.responds(k, intern("_load"), true) {
            rarray(self.scratch).vec.pop();
            let name = vm.class_name(k);
            return Err(vm.type_error(&format!("class {name} needs to have method '_load'")));
        }
        let r = vm.funcall(k, intern("_load"), &[data], None);
        rarray(self.scratch).vec.pop();
        let v = r?;
        self.entry(vm, v);
        Ok(v)
    }

    /// `U`: a new object of the class gets `marshal_load(data)` (Rational and Complex are made
    /// from their pairs).
    fn user_marshal(&mut self, vm: &mut Vm) -> VmResult {
        let k = self.class_ref(vm, None)?;
        if k == vm.c.rational || k == vm.c.complex {
            let idx = self.prepare(vm);
            let data = self.object(vm)?;
            let pair = if type_of(data) == T_ARRAY {
                rarray(data).vec.to_vec()
            } else {
                Vec::new()
            };
            let [a, b] = pair[..] else {
                return Err(vm.arg_error(
                    "marshaled rational/complex must have an array whose length is 2 but 0",
                ));
            };
            let v = if k == vm.c.rational {
                let (n, d) = (
                    crate::core::integer::to_big(a),
                    crate::core::integer::to_big(b),
                );
                if num_traits::Zero::is_zero(&d) {
                    return Err(vm.raise_str(vm.c.zero_division_error, "divided by 0"));
                }
                crate::core::rational::new_rational_raw(vm, n, d)
            } else {
                crate::core::complex::new_complex(vm, a, b)
            };
            self.fill(vm, idx, v);
            return Ok(v);
        }
        let obj = vm.funcall(k, intern("allocate"), &[], None)?;
        self.entry(vm, obj);
        if !vm.responds(obj, intern("marshal_load"), true) {
            let name = vm.class_name(k);
            let msg = format!("instance of {name} needs to have method 'marshal_load'");
            return Err(vm.type_error(&msg));
        }
        let data = self.object(vm)?;
        vm.funcall(obj, intern("marshal_load"), &[data], None)?;
        Ok(obj)
    }
}
