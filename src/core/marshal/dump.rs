//! Marshal.dump: writes one object graph in format 4.8 (mod.rs has the format's outline).
//!
//! Every object written is pushed on the VM stack for the length of the dump: that keeps the
//! temporaries (what `marshal_dump` and `_dump` return) alive, so no address is reused and
//! taken for an earlier object by the link table, which is keyed by identity.

use super::*;
use crate::object::string::{self, Encoding};
use crate::object::symbol::sym_name;
use num_bigint::Sign;

struct Dumper {
    out: Vec<u8>,
    symbols: ahash::AHashMap<u32, usize>,
    objects: ahash::AHashMap<u64, usize>,
    /// The name String written for each encoding an `encoding` ivar named (kept alive as
    /// objects are, `remember`).
    enc_names: ahash::AHashMap<usize, Value>,
    /// Objects written so far (the next one's index).
    count: usize,
    /// Where this dump's roots start on the VM stack.
    base: usize,
}

/// The bytes of `obj` with the version header; `limit` is the depth limit (-1: none).
pub fn dump(vm: &mut Vm, obj: Value, limit: i64) -> VmResult<Vec<u8>> {
    let mut d = Dumper {
        out: vec![MAJOR, MINOR],
        symbols: Default::default(),
        objects: Default::default(),
        enc_names: Default::default(),
        count: 0,
        base: vm.stack.len(),
    };
    let r = d.object(vm, obj, limit);
    vm.stack.truncate(d.base);
    r.map(|_| d.out)
}

/// CRuby's `w_long`: 0; n + 5 for 1..122; n - 5 for -123..-1; else a signed length byte and
/// the little-endian bytes.
pub(super) fn w_long(out: &mut Vec<u8>, x: i64) {
    if x == 0 {
        out.push(0);
    } else if 0 < x && x < 123 {
        out.push((x + 5) as u8);
    } else if -124 < x && x < 0 {
        out.push(((x - 5) & 0xff) as u8);
    } else {
        let mut buf = [0u8; 9];
        let mut v = x;
        for i in 1..9 {
            buf[i] = (v & 0xff) as u8;
            v >>= 8;
            if v == 0 {
                buf[0] = i as u8;
                out.extend_from_slice(&buf[..=i]);
                return;
            }
            if v == -1 {
                buf[0] = (-(i as i64)) as u8;
                out.extend_from_slice(&buf[..=i]);
                return;
            }
        }
    }
}

/// A Float's text as CRuby's `w_float` writes it: the shortest digits that read back the same,
/// as "1.5", "1e2", "0.001", "1e-5", and "inf", "-inf", "nan", "-0".
pub(super) fn float_text(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // shortest round-trip digits and the decimal exponent, from Rust's `{:e}`
    let e = format!("{:e}", f.abs());
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let decpt = exp.parse::<i64>().unwrap_or(0) + 1;
    let digs = digits.len() as i64;
    let mut s = String::new();
    if f < 0.0 {
        s.push('-');
    }
    if decpt < -3 || decpt > digs {
        s.push_str(&digits[..1]);
        if digs > 1 {
            s.push('.');
            s.push_str(&digits[1..]);
        }
        s.push_str(&format!("e{}", decpt - 1));
    } else if decpt > 0 {
        s.push_str(&digits[..decpt as usize]);
        if digs > decpt {
            s.push('.');
            s.push_str(&digits[decpt as usize..]);
        }
    } else {
        s.push_str("0.");
        for _ in 0..-decpt {
            s.push('0');
        }
        s.push_str(&digits);
    }
    s
}

/// The encoding instance variable a String of encoding `e` carries: `E` (true for UTF-8, false
/// for US-ASCII), `encoding` with the name of any other but BINARY, which carries none.
#[derive(Clone, Copy)]
enum EncIvar {
    E(bool),
    Named(Encoding),
}

fn encoding_ivar(e: Encoding) -> Option<EncIvar> {
    match e {
        Encoding::Utf8 => Some(EncIvar::E(true)),
        Encoding::UsAscii => Some(EncIvar::E(false)),
        Encoding::Binary => None,
        e => Some(EncIvar::Named(e)),
    }
}

impl Dumper {
    fn bytes(&mut self, b: &[u8]) {
        w_long(&mut self.out, b.len() as i64);
        self.out.extend_from_slice(b);
    }

    fn symbol(&mut self, id: u32) {
        if let Some(&i) = self.symbols.get(&id) {
            self.out.push(B_SYMLINK);
            w_long(&mut self.out, i as i64);
            return;
        }
        let name = sym_name(id);
        let ascii = name.is_ascii();
        if !ascii {
            self.out.push(B_IVAR);
        }
        self.out.push(B_SYMBOL);
        self.bytes(name.as_bytes());
        let n = self.symbols.len();
        self.symbols.insert(id, n);
        if !ascii {
            w_long(&mut self.out, 1);
            self.symbol(intern("E"));
            self.out.push(B_TRUE);
        }
    }

    /// Remembers `v` as the next object index (and keeps it alive until the dump ends).
    fn remember(&mut self, vm: &mut Vm, v: Value) {
        self.objects.insert(v.bits(), self.count);
        self.count += 1;
        vm.stack.push(v);
    }

    /// The name a class is written under; TypeError for an anonymous or singleton class.
    fn class_path(&mut self, vm: &mut Vm, k: Value) -> VmResult<String> {
        if vm.class_data(k).is_singleton {
            return Err(vm.type_error("singleton class can't be dumped"));
        }
        if vm.class_data(k).name.is_none() {
            let what = if vm.class_data(k).is_module {
                "module"
            } else {
                "class"
            };
            let shown = vm.inspect_str(k)?;
            return Err(vm.type_error(&format!("can't dump anonymous {what} {shown}")));
        }
        Ok(vm.class_name(k))
    }

    fn class_symbol(&mut self, vm: &mut Vm, k: Value) -> VmResult<()> {
        let path = self.class_path(vm, k)?;
        self.symbol(intern(&path));
        Ok(())
    }

    /// The modules `obj` was extended with (`e`), most recent first; TypeError when its
    /// singleton class has methods of its own.
    fn extended(&mut self, vm: &mut Vm, obj: Value, check: bool) -> VmResult<()> {
        if !obj.is_heap() {
            return Ok(());
        }
        let k = vm.class_of(obj);
        if !vm.class_data(k).is_singleton || matches!(type_of(obj), T_CLASS | T_MODULE) {
            return Ok(());
        }
        if check && !vm.class_data(k).methods.is_empty() {
            return Err(vm.type_error("singleton can't be dumped"));
        }
        let mods: Vec<Value> = vm.class_data(k).includes.clone();
        for m in mods.into_iter().rev() {
            self.out.push(B_EXTENDED);
            self.class_symbol(vm, m)?;
        }
        Ok(())
    }

    /// `C` and the class when `obj` is an instance of a subclass of the built-in `base`.
    fn uclass(&mut self, vm: &mut Vm, obj: Value, base: Value) -> VmResult<()> {
        self.extended(vm, obj, true)?;
        let k = vm.real_class(obj);
        if k != base {
            self.out.push(B_UCLASS);
            self.class_symbol(vm, k)?;
        }
        Ok(())
    }

    /// The `@` instance variables of a non-T_OBJECT value (Strings, Arrays, Hashes).
    fn generic_ivars(vm: &Vm, obj: Value) -> Vec<u32> {
        vm.ivar_names(obj)
            .into_iter()
            .filter(|&n| sym_name(n).starts_with('@'))
            .collect()
    }

    /// Writes the count and the pairs of an `I` wrapper: the encoding first, then `ivars`.
    fn ivar_list(
        &mut self,
        vm: &mut Vm,
        obj: Value,
        enc: Option<EncIvar>,
        ivars: &[u32],
        limit: i64,
    ) -> VmResult<()> {
        let n = ivars.len() + enc.is_some() as usize;
        w_long(&mut self.out, n as i64);
        match enc {
            Some(EncIvar::E(utf8)) => {
                self.symbol(intern("E"));
                self.out.push(if utf8 { B_TRUE } else { B_FALSE });
            }
            Some(EncIvar::Named(e)) => {
                // the name is a BINARY String, one object per encoding in a dump (CRuby's
                // `w_encoding`: a second string of the encoding links to it)
                self.symbol(intern("encoding"));
                let name = match self.enc_names.get(&e.index()) {
                    Some(&v) => v,
                    None => {
                        let v = vm.str_new(e.name().as_bytes());
                        string::set_encoding(v, Encoding::Binary);
                        self.enc_names.insert(e.index(), v);
                        v
                    }
                };
                self.object(vm, name, limit + 1)?;
            }
            None => {}
        }
        for &id in ivars {
            self.symbol(id);
            let v = vm.ivar_get(obj, id);
            self.object(vm, v, limit)?;
        }
        Ok(())
    }

    fn object(&mut self, vm: &mut Vm, obj: Value, limit: i64) -> VmResult<()> {
        if limit == 0 {
            return Err(vm.arg_error("exceed depth limit"));
        }
        // nesting deeper than the native stack holds (a fiber's is smaller than the thread's)
        vm.check_native_stack()?;
        let limit = limit - 1;
        if obj.is_nil() {
            self.out.push(B_NIL);
            return Ok(());
        }
        if obj == Value::TRUE {
            self.out.push(B_TRUE);
            return Ok(());
        }
        if obj == Value::FALSE {
            self.out.push(B_FALSE);
            return Ok(());
        }
        if obj.is_fixnum() {
            let n = obj.as_fixnum();
            if (-(1 << 30)..(1 << 30)).contains(&n) {
                self.out.push(B_FIXNUM);
                w_long(&mut self.out, n);
            } else {
                // CRuby writes a fresh Bignum: an object index, never linked to
                self.count += 1;
                self.bignum(&num_bigint::BigInt::from(n));
            }
            return Ok(());
        }
        if obj.is_symbol() {
            self.symbol(obj.as_symbol_id());
            return Ok(());
        }
        if let Some(&i) = self.objects.get(&obj.bits()) {
            self.out.push(B_LINK);
            w_long(&mut self.out, i as i64);
            return Ok(());
        }
        if obj.is_flonum() || type_of(obj) == T_FLOAT {
            self.remember(vm, obj);
            self.out.push(B_FLOAT);
            let f = crate::core::object::float_value(obj);
            self.bytes(float_text(f).as_bytes());
            return Ok(());
        }
        if vm.responds(obj, intern("marshal_dump"), true) {
            self.remember(vm, obj);
            let data = vm.funcall(obj, intern("marshal_dump"), &[], None)?;
            vm.stack.push(data);
            self.extended(vm, obj, false)?;
            self.out.push(B_USRMARSHAL);
            let k = vm.real_class(obj);
            self.class_symbol(vm, k)?;
            return self.object(vm, data, limit);
        }
        if vm.responds(obj, intern("_dump"), true) {
            return self.user_dump(vm, obj, limit);
        }
        self.remember(vm, obj);
        match type_of(obj) {
            T_STRING => {
                let ivars = Self::generic_ivars(vm, obj);
                let enc = encoding_ivar(string::encoding(obj));
                let wrap = enc.is_some() || !ivars.is_empty();
                if wrap {
                    self.out.push(B_IVAR);
                }
                let base = vm.c.string;
                self.uclass(vm, obj, base)?;
                self.out.push(B_STRING);
                let b = vm.bytes(obj).to_vec();
                self.bytes(&b);
                if wrap {
                    self.ivar_list(vm, obj, enc, &ivars, limit)?;
                }
                Ok(())
            }
            T_ARRAY => {
                let ivars = Self::generic_ivars(vm, obj);
                if !ivars.is_empty() {
                    self.out.push(B_IVAR);
                }
                let base = vm.c.array;
                self.uclass(vm, obj, base)?;
                self.out.push(B_ARRAY);
                let n = rarray(obj).vec.len();
                w_long(&mut self.out, n as i64);
                let mut i = 0;
                while let Some(&v) = rarray(obj).vec.get(i) {
                    self.object(vm, v, limit)?;
                    i += 1;
                }
                if !ivars.is_empty() {
                    self.ivar_list(vm, obj, None, &ivars, limit)?;
                }
                Ok(())
            }
            T_HASH => self.hash(vm, obj, limit),
            T_BIGNUM => {
                self.extended(vm, obj, true)?;
                let b = crate::core::integer::to_big(obj);
                self.bignum(&b);
                Ok(())
            }
            T_RANGE => {
                let r = crate::object::heap::rrange(obj);
                let (b, e, x) = (r.begin, r.end, r.excl);
                self.extended(vm, obj, true)?;
                self.out.push(B_OBJECT);
                let k = vm.real_class(obj);
                self.class_symbol(vm, k)?;
                w_long(&mut self.out, 3);
                self.symbol(intern("excl"));
                self.out.push(if x { B_TRUE } else { B_FALSE });
                self.symbol(intern("begin"));
                self.object(vm, b, limit)?;
                self.symbol(intern("end"));
                self.object(vm, e, limit)
            }
            T_CLASS | T_MODULE => {
                if vm.class_data(obj).is_singleton {
                    return Err(vm.type_error("singleton class can't be dumped"));
                }
                let is_module = vm.class_data(obj).is_module;
                let path = self.class_path(vm, obj)?;
                self.out.push(if is_module { B_MODULE } else { B_CLASS });
                self.bytes(path.as_bytes());
                Ok(())
            }
            T_OBJECT => self.plain_object(vm, obj, limit),
            _ => self.data_object(vm, obj, limit),
        }
    }

    fn bignum(&mut self, b: &num_bigint::BigInt) {
        self.out.push(B_BIGNUM);
        self.out
            .push(if b.sign() == Sign::Minus { b'-' } else { b'+' });
        let mut mag = b.magnitude().to_bytes_le();
        if mag.len() % 2 == 1 {
            mag.push(0);
        }
        w_long(&mut self.out, (mag.len() / 2) as i64);
        self.out.extend_from_slice(&mag);
    }

    fn hash(&mut self, vm: &mut Vm, obj: Value, limit: i64) -> VmResult<()> {
        let (default, default_proc) = {
            let h = crate::core::hash::rh(obj);
            (h.default, h.default_proc)
        };
        if !default_proc.is_nil() {
            return Err(vm.type_error("can't dump hash with default proc"));
        }
        let ivars = Self::generic_ivars(vm, obj);
        if !ivars.is_empty() {
            self.out.push(B_IVAR);
        }
        let base = vm.c.hash;
        self.uclass(vm, obj, base)?;
        self.out
            .push(if default.is_nil() { B_HASH } else { B_HASH_DEF });
        let pairs = crate::core::hash::pairs(obj);
        w_long(&mut self.out, pairs.len() as i64);
        for (k, v) in pairs {
            self.object(vm, k, limit)?;
            self.object(vm, v, limit)?;
        }
        if !default.is_nil() {
            self.object(vm, default, limit)?;
        }
        if !ivars.is_empty() {
            self.ivar_list(vm, obj, None, &ivars, limit)?;
        }
        Ok(())
    }

    /// `_dump`: `u`, the class and the returned String's bytes (wrapped in `I` when it has an
    /// encoding); the object is remembered after its data, as CRuby does.
    fn user_dump(&mut self, vm: &mut Vm, obj: Value, limit: i64) -> VmResult<()> {
        let data = vm.funcall(obj, intern("_dump"), &[Value::fixnum(limit)], None)?;
        if type_of(data) != T_STRING {
            return Err(vm.type_error("_dump() must return string"));
        }
        vm.stack.push(data);
        // CRuby writes every named variable of the data (Time's `nano_num`, `zone`, ...)
        let ivars: Vec<u32> = vm
            .ivar_names(data)
            .into_iter()
            .filter(|&n| !sym_name(n).starts_with("__"))
            .collect();
        let enc = encoding_ivar(string::encoding(data));
        let wrap = enc.is_some() || !ivars.is_empty();
        if wrap {
            self.out.push(B_IVAR);
        }
        self.extended(vm, obj, false)?;
        self.out.push(B_USERDEF);
        let k = vm.real_class(obj);
        self.class_symbol(vm, k)?;
        let b = vm.bytes(data).to_vec();
        self.bytes(&b);
        if wrap {
            self.ivar_list(vm, data, enc, &ivars, limit)?;
        }
        self.remember(vm, obj);
        Ok(())
    }

    /// A T_OBJECT: a Struct (`S` and its members) or an object with its instance variables.
    fn plain_object(&mut self, vm: &mut Vm, obj: Value, limit: i64) -> VmResult<()> {
        let k = vm.real_class(obj);
        let object = vm.c.object;
        let strukt = vm.class_data(object).const_get(intern("Struct"));
        if let Some(s) = strukt
            && k != s
            && vm.is_a(obj, s)
        {
            self.extended(vm, obj, true)?;
            self.out.push(B_STRUCT);
            self.class_symbol(vm, k)?;
            let members = vm.funcall(obj, intern("members"), &[], None)?;
            vm.stack.push(members);
            let names = rarray(members).vec.to_vec();
            w_long(&mut self.out, names.len() as i64);
            for m in names {
                if !m.is_symbol() {
                    continue;
                }
                let id = m.as_symbol_id();
                self.symbol(id);
                let v = vm.ivar_get(obj, id);
                self.object(vm, v, limit)?;
            }
            return Ok(());
        }
        if vm.is_a(obj, vm.c.exception) {
            return self.exception(vm, obj, limit);
        }
        self.extended(vm, obj, true)?;
        self.out.push(B_OBJECT);
        self.class_symbol(vm, k)?;
        let ivars = vm.ivar_names(obj);
        w_long(&mut self.out, ivars.len() as i64);
        for id in ivars {
            self.symbol(id);
            let v = vm.ivar_get(obj, id);
            self.object(vm, v, limit)?;
        }
        Ok(())
    }

    /// An exception: `o` with CRuby's hidden `mesg` and `bt`, then its own variables.
    fn exception(&mut self, vm: &mut Vm, obj: Value, limit: i64) -> VmResult<()> {
        self.extended(vm, obj, true)?;
        self.out.push(B_OBJECT);
        let k = vm.real_class(obj);
        self.class_symbol(vm, k)?;
        let mesg = vm.ivar_get(obj, intern(crate::vm::error::IV_MESG));
        let bt = vm.funcall(obj, intern("backtrace"), &[], None)?;
        vm.stack.push(mesg);
        vm.stack.push(bt);
        let ivars = vm.ivar_names(obj);
        w_long(&mut self.out, 2 + ivars.len() as i64);
        self.symbol(intern("mesg"));
        self.object(vm, mesg, limit)?;
        self.symbol(intern("bt"));
        self.object(vm, bt, limit)?;
        for id in ivars {
            self.symbol(id);
            let v = vm.ivar_get(obj, id);
            self.object(vm, v, limit)?;
        }
        Ok(())
    }

    /// The built-in objects with bodies of their own: Regexp, Rational and Complex as CRuby
    /// writes them; anything else (Proc, IO, Method, ...) cannot be dumped.
    fn data_object(&mut self, vm: &mut Vm, obj: Value, limit: i64) -> VmResult<()> {
        if let Some(r) = crate::core::regexp::rx(obj) {
            let (src, opts, enc) = (r.source, r.opts, string::encoding(r.source));
            self.out.push(B_IVAR);
            let base = vm.c.regexp;
            self.uclass(vm, obj, base)?;
            self.out.push(B_REGEXP);
            let b = vm.bytes(src).to_vec();
            self.bytes(&b);
            self.out.push((opts & 0xff) as u8);
            return self.ivar_list(vm, obj, encoding_ivar(enc), &[], limit);
        }
        let pair = if crate::core::rational::is_rational(obj) {
            let (n, d) = crate::core::rational::parts(obj).expect("a Rational");
            Some((vm.bigint(n), vm.bigint(d)))
        } else {
            crate::core::complex::parts(obj)
        };
        if let Some((a, b)) = pair {
            self.out.push(B_USRMARSHAL);
            let k = vm.real_class(obj);
            self.class_symbol(vm, k)?;
            let arr = vm.ary_from_slice(&[a, b]);
            return self.object(vm, arr, limit);
        }
        let k = vm.real_class(obj);
        let name = vm.class_name(k);
        if crate::core::io::stream_of(obj).is_some() {
            return Err(vm.type_error(&format!("can't dump {name}")));
        }
        Err(vm.type_error(&format!("no _dump_data is defined for class {name}")))
    }
}

#[cfg(test)]
mod tests {
    use super::{float_text, w_long};

    fn packed(x: i64) -> Vec<u8> {
        let mut v = Vec::new();
        w_long(&mut v, x);
        v
    }

    #[test]
    fn longs_are_packed_as_cruby_packs_them() {
        assert_eq!(packed(0), [0]);
        assert_eq!(packed(1), [6]);
        assert_eq!(packed(122), [127]);
        assert_eq!(packed(123), [1, 123]);
        assert_eq!(packed(-123), [0x80]);
        assert_eq!(packed(-124), [0xff, 0x84]);
        assert_eq!(packed(256), [2, 0, 1]);
        assert_eq!(packed(-257), [0xfe, 0xff, 0xfe]);
        assert_eq!(packed((1 << 30) - 1), [4, 0xff, 0xff, 0xff, 0x3f]);
    }

    #[test]
    fn floats_are_written_in_the_shortest_text() {
        for (f, s) in [
            (1.0, "1"),
            (1.5, "1.5"),
            (100.0, "1e2"),
            (1e-5, "1e-5"),
            (0.001, "0.001"),
            (0.0001, "0.0001"),
            (1.0 / 3.0, "0.3333333333333333"),
            (-2.5, "-2.5"),
            (123456789.123, "123456789.123"),
            (2.5e-300, "2.5e-300"),
            (-0.0, "-0"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
        ] {
            assert_eq!(float_text(f), s, "{f}");
        }
        assert_eq!(float_text(f64::NAN), "nan");
    }
}
