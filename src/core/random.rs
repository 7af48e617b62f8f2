//! Random numbers: MT19937 (the generator CRuby uses), Kernel#rand and #srand.

use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

/// The Mersenne Twister MT19937 generator.
pub struct Mt {
    state: [u32; 624],
    index: usize,
}

impl Mt {
    pub fn new(seed: u32) -> Mt {
        let mut state = [0u32; 624];
        state[0] = seed;
        for i in 1..624 {
            state[i] = 1812433253u32
                .wrapping_mul(state[i - 1] ^ (state[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Mt { state, index: 624 }
    }

    /// Seeds from an array of 32-bit words (init_by_array), as CRuby seeds from an Integer.
    pub fn from_key(key: &[u32]) -> Mt {
        let mut mt = Mt::new(19650218);
        let (mut i, mut j) = (1usize, 0usize);
        let n = 624;
        let mut k = n.max(key.len());
        while k > 0 {
            let prev = mt.state[i - 1];
            mt.state[i] = (mt.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1664525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= n {
                mt.state[0] = mt.state[n - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
            k -= 1;
        }
        k = n - 1;
        while k > 0 {
            let prev = mt.state[i - 1];
            mt.state[i] = (mt.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1566083941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= n {
                mt.state[0] = mt.state[n - 1];
                i = 1;
            }
            k -= 1;
        }
        mt.state[0] = 0x8000_0000;
        mt
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            for i in 0..624 {
                let y = (self.state[i] & 0x8000_0000) | (self.state[(i + 1) % 624] & 0x7fff_ffff);
                let mut v = self.state[(i + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.state[i] = v;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// A float in [0, 1) with 53 random bits (genrand_res53).
    /// A float in [0, 1], both ends possible (CRuby's int_pair_to_real_inclusive).
    pub fn next_f64_inclusive(&mut self) -> f64 {
        let (a, b) = (self.next_u32() as u128, self.next_u32() as u128);
        let x = (a << 32) | b;
        let m = (1u128 << 53) | 1;
        (((x * m) >> 64) as u64) as f64 / 9007199254740992.0
    }

    pub fn next_f64(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
    }

    /// An integer in [0, limit], as CRuby's `limited_rand` draws it for its MT: mask the
    /// output to the bit width of limit, and draw again on a miss.
    pub fn limited(&mut self, limit: u64) -> u64 {
        if limit == 0 {
            return 0;
        }
        let mask = u64::MAX >> limit.leading_zeros();
        'retry: loop {
            let mut val: u64 = 0;
            for i in (0..2).rev() {
                if (mask >> (i * 32)) & 0xffff_ffff != 0 {
                    val |= (self.next_u32() as u64) << (i * 32);
                    val &= mask;
                    if limit < val {
                        continue 'retry;
                    }
                }
            }
            return val;
        }
    }
}

impl crate::object::heap::Payload for Mt {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn malloc_size(&self) -> usize {
        std::mem::size_of::<Mt>()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    vm.define_private_natives(
        k,
        &[
            ("rand", k_rand, 0, 1),
            ("srand", k_srand, 0, 1),
            ("sleep", k_sleep, 0, 1),
        ],
    );
    let o = vm.c.object;
    let r = vm.define_class("Random", o);
    vm.class_data(r).instance_type = crate::object::heap::T_DATA;
    vm.define_singleton_natives(
        r,
        &[
            ("new", r_s_new, 0, 1),
            ("rand", r_s_rand, 0, 1),
            ("new_seed", r_new_seed, 0, 0),
            ("srand", k_srand, 0, 1),
            ("bytes", r_s_bytes, 1, 1),
        ],
    );
    vm.define_natives(
        r,
        &[
            ("rand", r_rand, 0, 1),
            ("seed", r_seed, 0, 0),
            ("bytes", r_bytes, 1, 1),
        ],
    );
}

/// The MT19937 state for an integer seed, as CRuby's `rand_init` builds it.
fn mt_for_seed(seed: i64) -> Mt {
    let s = seed.unsigned_abs();
    if s <= u32::MAX as u64 {
        // one 32-bit word: CRuby's rand_mt_init uses init_genrand, not init_by_array
        return Mt::new(s as u32);
    }
    Mt::from_key(&[s as u32, (s >> 32) as u32])
}

/// A uniform Integer in 0..=limit for a Bignum limit, as CRuby's limited_big_rand: 32-bit words
/// from the most significant down, each masked to the limit's width while the draw is still on
/// the limit's boundary, and the whole draw retried when it passes the limit.
fn big_limited(mt: &mut Mt, limit: &num_bigint::BigUint) -> num_bigint::BigUint {
    let lim = limit.to_u32_digits();
    let mut words = vec![0u32; lim.len()];
    'retry: loop {
        let mut mask = 0u32;
        let mut boundary = true;
        for i in (0..lim.len()).rev() {
            let l = lim[i];
            mask = if mask != 0 { u32::MAX } else { smear(l) };
            let mut r = 0;
            if mask != 0 {
                r = mt.next_u32() & mask;
                if boundary {
                    if l < r {
                        continue 'retry;
                    }
                    if r < l {
                        boundary = false;
                    }
                }
            }
            words[i] = r;
        }
        return num_bigint::BigUint::new(words);
    }
}

/// `x` with every bit below its highest set bit set too (CRuby's make_mask).
fn smear(x: u32) -> u32 {
    if x == 0 {
        0
    } else {
        u32::MAX >> x.leading_zeros()
    }
}

/// A random value from `mt` for `rand(arg)`: Integer in [0, n), Float in [0, f), or [0, 1).
/// rand(max) for Random#rand, or for Kernel#rand when `kernel` (which truncates a Float max
/// to an Integer, as CRuby's rb_f_rand).
fn rand_with(vm: &mut Vm, mt: &mut Mt, a: &[Value], kernel: bool) -> VmResult {
    use super::object::{float_value, is_float};
    // Random#rand and Random.rand take no limit below 1 (Kernel#rand takes its absolute value)
    if let Some(&n) = a.first()
        && !kernel
        && ((super::integer::is_int(n) && super::integer::sign_of(n) != num_bigint::Sign::Plus)
            || (is_float(n) && float_value(n) < 0.0))
    {
        let shown = vm.inspect_str(n)?;
        return Err(vm.arg_error(&format!("invalid argument - {shown}")));
    }
    // Random#rand(nil) is CRuby's invalid_argument (Kernel#rand(nil) is rand()); a limit that
    // is no number and no Range must convert with to_int (TypeError otherwise)
    if let Some(&n) = a.first()
        && !kernel
    {
        if n.is_nil() {
            return Err(vm.arg_error("invalid argument - "));
        }
        if !super::integer::is_int(n)
            && !is_float(n)
            && crate::object::heap::type_of(n) != crate::object::heap::T_RANGE
        {
            let i = crate::core::arg_int(vm, n)?;
            let i = vm.int(i);
            return rand_with(vm, mt, &[i], kernel);
        }
    }
    match a.first() {
        Some(&n) if kernel && is_float(n) && float_value(n).abs() >= 1.0 => {
            let lim = float_value(n).abs().trunc() as u64;
            let r = mt.limited(lim - 1);
            Ok(vm.int(r as i64))
        }
        Some(&n) if n.is_fixnum() && n.as_fixnum() != 0 => {
            let lim = n.as_fixnum().unsigned_abs();
            let r = mt.limited(lim - 1);
            Ok(vm.int(r as i64))
        }
        Some(&n) if crate::object::heap::type_of(n) == crate::object::heap::T_BIGNUM => {
            let limit = super::integer::to_big(n).magnitude() - 1u32;
            let r = big_limited(mt, &limit);
            Ok(vm.bigint(r.into()))
        }
        Some(&n) if is_float(n) && !kernel => {
            let f = mt.next_f64() * float_value(n);
            Ok(vm.float(f))
        }
        Some(&r)
            if crate::object::heap::type_of(r) == crate::object::heap::T_RANGE
                && (is_float(crate::object::heap::rrange(r).begin)
                    || is_float(crate::object::heap::rrange(r).end)) =>
        {
            let rr = crate::object::heap::rrange(r);
            let (b, e, excl) = (rr.begin, rr.end, rr.excl);
            let lo = super::float::num2dbl(vm, b)?;
            let hi = super::float::num2dbl(vm, e)?;
            let span = hi - lo;
            if span < 0.0 || (excl && span == 0.0) {
                return Ok(Value::NIL);
            }
            let r = if excl {
                mt.next_f64()
            } else {
                mt.next_f64_inclusive()
            };
            Ok(vm.float(lo + r * span))
        }
        Some(&r) if crate::object::heap::type_of(r) == crate::object::heap::T_RANGE => {
            let rr = crate::object::heap::rrange(r);
            let (lo, hi, excl) = (
                rr.begin.fixnum_opt().unwrap_or(0),
                rr.end.fixnum_opt().unwrap_or(0),
                rr.excl,
            );
            let hi = if excl { hi - 1 } else { hi };
            if hi < lo {
                return Ok(Value::NIL);
            }
            let x = mt.limited((hi - lo) as u64);
            Ok(vm.int(lo + x as i64))
        }
        _ => {
            let f = mt.next_f64();
            Ok(vm.float(f))
        }
    }
}

/// Random.allocate: a generator seeded as `Random.new` with no seed.
pub fn allocate(vm: &mut Vm, s: Value) -> VmResult {
    r_s_new(vm, s, &[], None)
}

/// Random.new(seed = Random.new_seed) -> random
fn r_s_new(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let seed = a.first().and_then(|v| v.fixnum_opt()).unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as i64)
            .unwrap_or(0)
    });
    let r = vm
        .heap
        .alloc_boxed(crate::object::heap::T_DATA, s, Box::new(mt_for_seed(seed)));
    vm.ivar_set(
        r,
        crate::object::symbol::intern("__seed"),
        Value::fixnum(seed & ((1 << 61) - 1)),
    )?;
    Ok(r)
}
/// Random.new_seed -> integer
fn r_new_seed(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as i64)
        .unwrap_or(0);
    Ok(vm.int(n & ((1 << 61) - 1)))
}
/// prng.rand(max = nil) -> number
fn r_rand(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mt = crate::object::heap::payload::<Mt>(s).expect("Random");
    rand_with(vm, mt, a, false)
}
/// `n` random bytes from `mt`, as CRuby's rb_rand_bytes_int32: each 32-bit output gives four
/// bytes, low byte first; a last partial group takes the low bytes of one more output.
fn bytes_from(vm: &mut Vm, mt: &mut Mt, n: Value) -> VmResult {
    let n = crate::core::arg_int(vm, n)?;
    if n < 0 {
        return Err(vm.arg_error("negative string size (or size too big)"));
    }
    let mut out: Vec<u8> = crate::core::try_with_capacity(vm, n as usize)?;
    while out.len() < n as usize {
        let r = mt.next_u32().to_le_bytes();
        let take = (n as usize - out.len()).min(4);
        out.extend_from_slice(&r[..take]);
    }
    let s = vm.str_from_vec(out);
    crate::object::string::set_encoding(s, crate::object::string::Encoding::Binary);
    Ok(s)
}
/// prng.bytes(size) -> string (binary)
fn r_bytes(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mt = crate::object::heap::payload::<Mt>(s).expect("Random");
    bytes_from(vm, mt, a[0])
}
/// Random.bytes(size) -> string (binary), from the default generator
fn r_s_bytes(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut mt = std::mem::replace(&mut vm.rng, Mt::new(0));
    let r = bytes_from(vm, &mut mt, a[0]);
    vm.rng = mt;
    r
}
/// prng.seed -> integer
fn r_seed(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.ivar_get(s, crate::object::symbol::intern("__seed")))
}
/// sleep(secs = nil) -> integer (seconds slept, rounded)
fn k_sleep(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.flush_out();
    let secs = match a.first() {
        Some(&v) if v.is_fixnum() => v.as_fixnum() as f64,
        Some(&v) if super::object::is_float(v) => super::object::float_value(v),
        Some(&v) => {
            return Err(
                vm.type_error(&format!("can't convert {} into time interval", {
                    let k = vm.real_class(v);
                    vm.class_name(k)
                })),
            );
        }
        None => f64::INFINITY,
    };
    if secs < 0.0 {
        return Err(vm.arg_error("time interval must not be negative"));
    }
    let slept = sleep_secs(vm, secs)?;
    Ok(vm.int(slept.round() as i64))
}

/// Sleeps `secs` seconds (for ever when infinite) and answers the seconds slept. It sleeps in
/// slices so that an interrupt (Ctrl-C in the REPL, a signal handler, a Timeout) ends it.
pub fn sleep_secs(vm: &mut Vm, secs: f64) -> VmResult<f64> {
    if super::thread::sched::in_use(vm) {
        // the other threads run meanwhile
        return super::thread::sched::sleep(vm, secs);
    }
    let t = std::time::Instant::now();
    let slice = std::time::Duration::from_millis(20);
    loop {
        if vm.interrupt.load(std::sync::atomic::Ordering::Relaxed) {
            vm.safepoint()?;
        }
        let left = secs - t.elapsed().as_secs_f64();
        if left <= 0.0 {
            break;
        }
        std::thread::sleep(slice.min(std::time::Duration::from_secs_f64(left.min(1.0))));
    }
    Ok(t.elapsed().as_secs_f64())
}

/// rand(max = 0) -> number (from the default generator)
fn k_rand(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    default_rand(vm, a, true)
}

/// rand from the default generator, with Kernel#rand's rules when `kernel`.
fn default_rand(vm: &mut Vm, a: &[Value], kernel: bool) -> VmResult {
    let mut mt = std::mem::replace(&mut vm.rng, Mt::new(0));
    let r = rand_with(vm, &mut mt, a, kernel);
    vm.rng = mt;
    r
}
/// Random.rand(max) -> number from the default generator, with Random#rand's rules
fn r_s_rand(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    default_rand(vm, a, false)
}
/// srand(seed = 0) -> old_seed
fn k_srand(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let seed = a.first().and_then(|v| v.fixnum_opt()).unwrap_or(0);
    let old = vm.gvar_id_get(crate::sym!("__rubra_seed"));
    vm.rng = mt_for_seed(seed);
    vm.gvar_id_set(crate::sym!("__rubra_seed"), Value::fixnum(seed));
    Ok(if old.is_nil() { Value::fixnum(0) } else { old })
}
