//! CRuby's ordering algorithms, ported so that elements comparing equal come out in the same
//! order as in CRuby: `ruby_qsort` (mmkubo's qs6 quicksort, used by sort and sort_by), the
//! "uniform" introsort sort_by uses for Integer/Float keys, and the `nmin` selection behind
//! `min(n)`/`max_by(n)`; plus the comparison helpers the core files share (`optimized_cmp`,
//! `cmpint`, `cmp_failed`).

use super::array::{num2long, rooted, vec_of};
use super::object::{is_float, is_string};
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};

// ---- comparison helpers ----

/// ArgumentError "comparison of X with Y failed" (rb_cmperr): Y is inspected when it is an
/// immediate or a Float, else its class is named.
pub fn cmp_failed(vm: &mut Vm, a: Value, b: Value) -> Unwind {
    let ka = vm.real_class(a);
    let desc = if b.is_immediate() || is_float(b) {
        match vm.inspect_str(b) {
            Ok(s) => s,
            Err(e) => return e,
        }
    } else {
        let kb = vm.real_class(b);
        vm.class_name(kb)
    };
    let msg = format!("comparison of {} with {desc} failed", vm.class_name(ka));
    vm.arg_error(&msg)
}

/// rb_cmpint: the sign of a `<=>` result (nil raises cmp_failed(a, b)).
pub fn cmpint(vm: &mut Vm, val: Value, a: Value, b: Value) -> VmResult<i32> {
    if val.is_nil() {
        return Err(cmp_failed(vm, a, b));
    }
    if val.is_fixnum() {
        return Ok(val.as_fixnum().signum() as i32);
    }
    if type_of(val) == T_BIGNUM {
        return Ok(super::integer::to_big(val).sign() as i32 - 1);
    }
    let zero = Value::fixnum(0);
    if vm.funcall(val, intern(">"), &[zero], None)?.truthy() {
        return Ok(1);
    }
    if vm.funcall(val, intern("<"), &[zero], None)?.truthy() {
        return Ok(-1);
    }
    Ok(0)
}

/// The byte-wise order of two Strings (rb_str_cmp).
pub fn str_cmp(vm: &Vm, a: Value, b: Value) -> i32 {
    string::bytes(&vm.heap, a).cmp(string::bytes(&vm.heap, b)) as i32
}

/// OPTIMIZED_CMP: Integer, String and Float pairs compared natively, else `a <=> b`.
pub fn optimized_cmp(vm: &mut Vm, a: Value, b: Value) -> VmResult<i32> {
    if a.is_fixnum() && b.is_fixnum() {
        return Ok(a.as_fixnum().cmp(&b.as_fixnum()) as i32);
    }
    if is_string(a) && is_string(b) {
        return Ok(str_cmp(vm, a, b));
    }
    if is_float(a) && (is_float(b) || super::integer::is_int(b)) {
        return match super::float::num_cmp(a, b) {
            Some(o) => Ok(o as i32),
            None => Err(cmp_failed(vm, a, b)),
        };
    }
    let c = vm.funcall(a, intern("<=>"), &[b], None)?;
    cmpint(vm, c, a, b)
}

/// `block.call(a, b)` as a comparison result.
pub fn block_cmp(vm: &mut Vm, b: &Block, x: Value, y: Value) -> VmResult<i32> {
    let r = vm.yield_block(b, &[x, y])?;
    cmpint(vm, r, x, y)
}

// ---- ruby_qsort (mmkubo's qs6) ----

enum St {
    Nxt,
    Start,
    LoopA,
    LoopB,
    Fin,
}

/// Sorts `v` exactly as CRuby's `ruby_qsort` does (an introspective quicksort by Haruhiko
/// Okumura's "qs6"), so ties come out in the same order. The caller keeps the values alive.
pub fn qsort<T: Copy>(
    vm: &mut Vm,
    v: &mut [T],
    cmp: &mut dyn FnMut(&mut Vm, T, T) -> VmResult<i32>,
) -> VmResult<()> {
    let nel = v.len() as isize;
    if nel <= 1 {
        return Ok(());
    }
    macro_rules! c {
        ($i:expr, $j:expr) => {
            cmp(vm, v[$i as usize], v[$j as usize])?
        };
    }
    let med3 = |vm: &mut Vm,
                v: &mut [T],
                cmp: &mut dyn FnMut(&mut Vm, T, T) -> VmResult<i32>,
                a: isize,
                b: isize,
                cc: isize|
     -> VmResult<isize> {
        let (va, vb, vc) = (v[a as usize], v[b as usize], v[cc as usize]);
        Ok(if cmp(vm, va, vb)? < 0 {
            if cmp(vm, vb, vc)? < 0 {
                b
            } else if cmp(vm, va, vc)? < 0 {
                cc
            } else {
                a
            }
        } else if cmp(vm, vb, vc)? > 0 {
            b
        } else if cmp(vm, va, vc)? < 0 {
            a
        } else {
            cc
        })
    };
    let rot3 = |v: &mut [T], a: isize, b: isize, cc: isize| {
        let t = v[a as usize];
        v[a as usize] = v[b as usize];
        v[b as usize] = v[cc as usize];
        v[cc as usize] = t;
    };
    let mut stack: Vec<(isize, isize)> = Vec::new();
    let (mut lo, mut hi) = (0isize, nel - 1);
    let (mut l, mut r, mut m) = (0isize, 0isize, 0isize);
    let (mut eq_l, mut eq_r) = (true, true);
    let mut chklim: isize = 63;
    let mut st = St::Start;
    loop {
        match st {
            St::Nxt => match stack.pop() {
                None => return Ok(()),
                Some((a, b)) => {
                    lo = a;
                    hi = b;
                    st = St::Start;
                }
            },
            St::Start => {
                if hi <= lo {
                    st = St::Nxt;
                    continue;
                }
                if lo + 1 == hi {
                    if c!(lo, hi) > 0 {
                        v.swap(lo as usize, hi as usize);
                    }
                    st = St::Nxt;
                    continue;
                }
                l = lo;
                r = hi;
                let n = r - l + 1;
                m = l + (n >> 1);
                if n >= 60 {
                    let (m1, m3);
                    if n >= 200 {
                        let d = n >> 3;
                        let (p1, p2, p3) = (l + d, l + 2 * d, l + 3 * d);
                        m1 = med3(vm, v, cmp, p1, p2, p3)?;
                        let (p1, p2, p3) = (m + d, m + 2 * d, m + 3 * d);
                        m3 = med3(vm, v, cmp, p1, p2, p3)?;
                    } else {
                        let d = n >> 2;
                        m1 = l + d;
                        m3 = m + d;
                    }
                    m = med3(vm, v, cmp, m1, m, m3)?;
                }
                let t = c!(l, m);
                if t < 0 {
                    let t = c!(m, r);
                    if t < 0 {
                        if chklim != 0 && nel >= chklim {
                            chklim = 0;
                            let mut sorted = true;
                            let mut p = l;
                            while p < r {
                                if c!(p, p + 1) > 0 {
                                    sorted = false;
                                    break;
                                }
                                p += 1;
                            }
                            if sorted {
                                st = St::Nxt;
                                continue;
                            }
                        }
                        st = St::LoopA;
                        continue;
                    }
                    if t > 0 {
                        if c!(l, r) <= 0 {
                            v.swap(m as usize, r as usize);
                        } else {
                            rot3(v, r, m, l);
                        }
                        st = St::LoopA;
                        continue;
                    }
                    st = St::LoopB;
                    continue;
                }
                if t > 0 {
                    let t = c!(m, r);
                    if t > 0 {
                        if chklim != 0 && nel >= chklim {
                            chklim = 0;
                            let mut rev = true;
                            let mut p = l;
                            while p < r {
                                if c!(p, p + 1) < 0 {
                                    rev = false;
                                    break;
                                }
                                p += 1;
                            }
                            if rev {
                                while l < r {
                                    v.swap(l as usize, r as usize);
                                    l += 1;
                                    r -= 1;
                                }
                                st = St::Nxt;
                                continue;
                            }
                        }
                        v.swap(l as usize, r as usize);
                        st = St::LoopA;
                        continue;
                    }
                    if t < 0 {
                        if c!(l, r) <= 0 {
                            v.swap(l as usize, m as usize);
                            st = St::LoopB;
                        } else {
                            rot3(v, l, m, r);
                            st = St::LoopA;
                        }
                        continue;
                    }
                    v.swap(l as usize, r as usize);
                    st = St::LoopA;
                    continue;
                }
                let t = c!(m, r);
                if t < 0 {
                    st = St::LoopA;
                    continue;
                }
                if t > 0 {
                    v.swap(l as usize, r as usize);
                    st = St::LoopB;
                    continue;
                }
                // all three equal: find an element that differs from the median
                st = St::Nxt;
                loop {
                    l += 1;
                    if l == r {
                        break;
                    }
                    if l == m {
                        continue;
                    }
                    let t = c!(l, m);
                    if t > 0 {
                        v.swap(l as usize, r as usize);
                        l = lo;
                        st = St::LoopA;
                        break;
                    }
                    if t < 0 {
                        v.swap(lo as usize, l as usize);
                        l = lo;
                        st = St::LoopB;
                        break;
                    }
                }
            }
            St::LoopA => {
                eq_l = true;
                eq_r = true;
                'outer: loop {
                    loop {
                        l += 1;
                        if l == r {
                            l -= 1;
                            if l != m {
                                v.swap(m as usize, l as usize);
                            }
                            l -= 1;
                            break 'outer;
                        }
                        if l == m {
                            continue;
                        }
                        let t = c!(l, m);
                        if t > 0 {
                            eq_r = false;
                            break;
                        }
                        if t < 0 {
                            eq_l = false;
                        }
                    }
                    loop {
                        r -= 1;
                        if l == r {
                            l -= 1;
                            if l != m {
                                v.swap(m as usize, l as usize);
                            }
                            l -= 1;
                            break 'outer;
                        }
                        if r == m {
                            m = l;
                            break;
                        }
                        let t = c!(r, m);
                        if t < 0 {
                            eq_l = false;
                            break;
                        }
                        if t == 0 {
                            break;
                        }
                    }
                    v.swap(l as usize, r as usize);
                }
                st = St::Fin;
            }
            St::LoopB => {
                eq_l = true;
                eq_r = true;
                'outer: loop {
                    loop {
                        r -= 1;
                        if l == r {
                            r += 1;
                            if r != m {
                                v.swap(r as usize, m as usize);
                            }
                            r += 1;
                            break 'outer;
                        }
                        if r == m {
                            continue;
                        }
                        let t = c!(r, m);
                        if t < 0 {
                            eq_l = false;
                            break;
                        }
                        if t > 0 {
                            eq_r = false;
                        }
                    }
                    loop {
                        l += 1;
                        if l == r {
                            r += 1;
                            if r != m {
                                v.swap(r as usize, m as usize);
                            }
                            r += 1;
                            break 'outer;
                        }
                        if l == m {
                            m = r;
                            break;
                        }
                        let t = c!(l, m);
                        if t > 0 {
                            eq_r = false;
                            break;
                        }
                        if t == 0 {
                            break;
                        }
                    }
                    v.swap(l as usize, r as usize);
                }
                st = St::Fin;
            }
            St::Fin => {
                st = St::Start;
                if !eq_l {
                    if !eq_r {
                        if l - lo < hi - r {
                            stack.push((r, hi));
                            hi = l;
                        } else {
                            stack.push((lo, l));
                            lo = r;
                        }
                    } else {
                        hi = l;
                    }
                } else if !eq_r {
                    lo = r;
                } else {
                    st = St::Nxt;
                }
            }
        }
    }
}

/// Sorts `vals` (already rooted by the caller) with `<=>` or the block.
pub fn sort_values(vm: &mut Vm, vals: &mut [Value], b: Option<&Block>) -> VmResult<()> {
    match b {
        Some(b) => qsort(vm, vals, &mut |vm, x, y| block_cmp(vm, b, x, y)),
        None => qsort(vm, vals, &mut optimized_cmp),
    }
}

/// Sorts `(key, value)` pairs by key (Enumerable#sort_by); returns the values in order. As in
/// CRuby, keys that are all Integers (fixnums) or Floats use its "uniform" introsort, others
/// `ruby_qsort` with `<=>`.
pub fn sort_by_pairs(vm: &mut Vm, pairs: &mut [(Value, Value)]) -> VmResult<Vec<Value>> {
    let keep: Vec<Value> = pairs.iter().flat_map(|p| [p.0, p.1]).collect();
    let keep = vm.ary_new(keep);
    if pairs.len() > 1 && pairs.iter().all(|p| p.0.is_fixnum() || is_float(p.0)) {
        rooted(vm, &[keep], |vm| uniform_sort(vm, pairs))?;
    } else if pairs.len() > 1 {
        rooted(vm, &[keep], |vm| {
            qsort(vm, pairs, &mut |vm, x, y| optimized_cmp(vm, x.0, y.0))
        })?;
    }
    Ok(pairs.iter().map(|p| p.1).collect())
}

/// rb_uniform_is_less for Integer/Float keys (NaN raises as rb_float_cmp does).
fn uless(vm: &mut Vm, a: Value, b: Value) -> VmResult<bool> {
    if a.is_fixnum() && b.is_fixnum() {
        return Ok(a.as_fixnum() < b.as_fixnum());
    }
    let (f, other, flip) = if is_float(a) {
        (a, b, false)
    } else {
        (b, a, true)
    };
    match super::float::num_cmp(f, other) {
        Some(o) => Ok(if flip { o.is_gt() } else { o.is_lt() }),
        None => Err(cmp_failed(vm, f, other)),
    }
}
/// rb_uniform_intro_sort_2: CRuby's introsort for sort_by with primitive keys.
fn uniform_sort(vm: &mut Vm, v: &mut [(Value, Value)]) -> VmResult<()> {
    let n = v.len();
    let mut sorted = true;
    for i in 1..n {
        if uless(vm, v[i].0, v[i - 1].0)? {
            sorted = false;
            break;
        }
    }
    if sorted {
        return Ok(());
    }
    let d = (usize::BITS - n.leading_zeros() - 1) as usize;
    uniform_intro(vm, v, d << 1)
}
fn uniform_intro(vm: &mut Vm, v: &mut [(Value, Value)], d: usize) -> VmResult<()> {
    let n = v.len();
    if n <= 16 {
        return uniform_insertion(vm, v);
    }
    if d == 0 {
        return uniform_heapsort(vm, v);
    }
    let (a, b, c) = (v[0].0, v[n >> 1].0, v[n - 1].0);
    let x = if uless(vm, a, b)? {
        if uless(vm, b, c)? {
            b
        } else if uless(vm, c, a)? {
            a
        } else {
            c
        }
    } else if uless(vm, c, b)? {
        b
    } else if uless(vm, a, c)? {
        a
    } else {
        c
    };
    let (mut i, mut j) = (0isize, n as isize - 1);
    loop {
        while uless(vm, v[i as usize].0, x)? {
            i += 1;
        }
        while uless(vm, x, v[j as usize].0)? {
            j -= 1;
        }
        if i <= j {
            v.swap(i as usize, j as usize);
            i += 1;
            j -= 1;
        }
        if i > j {
            break;
        }
    }
    let j = (j + 1) as usize;
    let i = i as usize;
    if n - j > 1 {
        uniform_intro(vm, &mut v[j..], d - 1)?;
    }
    if i > 1 {
        uniform_intro(vm, &mut v[..i], d - 1)?;
    }
    Ok(())
}
fn uniform_insertion(vm: &mut Vm, v: &mut [(Value, Value)]) -> VmResult<()> {
    for index in 1..v.len() {
        let tmp = v[index];
        let mut j = index;
        if uless(vm, tmp.0, v[0].0)? {
            while j > 0 {
                v[j] = v[j - 1];
                j -= 1;
            }
        } else {
            while uless(vm, tmp.0, v[j - 1].0)? {
                v[j] = v[j - 1];
                j -= 1;
            }
        }
        v[j] = tmp;
    }
    Ok(())
}
fn uniform_heap_down(
    vm: &mut Vm,
    v: &mut [(Value, Value)],
    mut offset: usize,
    len: usize,
) -> VmResult<()> {
    let tmp = v[offset];
    loop {
        let mut c = (offset << 1) + 1;
        if c > len {
            break;
        }
        if c < len && uless(vm, v[c].0, v[c + 1].0)? {
            c += 1;
        }
        if !uless(vm, tmp.0, v[c].0)? {
            break;
        }
        v[offset] = v[c];
        offset = c;
    }
    v[offset] = tmp;
    Ok(())
}
fn uniform_heapsort(vm: &mut Vm, v: &mut [(Value, Value)]) -> VmResult<()> {
    let n = v.len();
    if n < 2 {
        return Ok(());
    }
    let mut offset = n >> 1;
    while offset > 0 {
        offset -= 1;
        uniform_heap_down(vm, v, offset, n - 1)?;
    }
    let mut offset = n - 1;
    while offset > 0 {
        v.swap(0, offset);
        offset -= 1;
        uniform_heap_down(vm, v, 0, offset)?;
    }
    Ok(())
}
/// rb_nmin_run: the `n` smallest (or largest, `rev`) of `items`, as CRuby selects them. With
/// `keys`, items are ordered by their keys (min_by/max_by); else by `<=>` or the block.
pub fn nmin(
    vm: &mut Vm,
    items: &[Value],
    keys: Option<&[Value]>,
    n: Value,
    b: Option<&Block>,
    rev: bool,
    name: &str,
) -> VmResult {
    let _ = name;
    let Some(mut run) = NminRun::new(vm, n, b, keys.is_some(), rev)? else {
        return Ok(vm.ary_new_capa(0));
    };
    let keep = run.keep;
    rooted(vm, &[keep], |vm| -> VmResult {
        for (i, &v) in items.iter().enumerate() {
            let k = keys.map(|ks| ks[i]).unwrap_or(v);
            run.push(vm, k, v)?;
        }
        run.finish(vm)
    })
}

/// rb_nmin_run's state, fed one (key, value) at a time, so that `min(n)` over a long or
/// endless `each` keeps a buffer of at most 4n elements and runs the comparison as it goes.
/// The buffered values live in the Array `keep`, which the caller keeps rooted.
pub struct NminRun {
    n: usize,
    bufmax: usize,
    rev: bool,
    /// The comparison block (None for min_by/max_by, whose keys compare with `<=>`).
    blk: Option<Block>,
    buf: Vec<(Value, Value)>,
    limit: Option<Value>,
    pub keep: Value,
}

impl NminRun {
    /// None when `n` is 0 (the answer is empty without iterating); ArgumentError when negative.
    pub fn new(
        vm: &mut Vm,
        n: Value,
        b: Option<&Block>,
        by: bool,
        rev: bool,
    ) -> VmResult<Option<NminRun>> {
        let n = num2long(vm, n)?;
        if n < 0 {
            return Err(vm.arg_error(&format!("negative size ({n})")));
        }
        if n == 0 {
            return Ok(None);
        }
        let n = n as usize;
        Ok(Some(NminRun {
            n,
            bufmax: n.saturating_mul(4),
            rev,
            blk: if by { None } else { b.cloned() },
            buf: Vec::new(),
            limit: None,
            keep: vm.ary_new_capa(0),
        }))
    }

    /// Offers one element with its key.
    pub fn push(&mut self, vm: &mut Vm, k: Value, v: Value) -> VmResult<()> {
        let (blk, rev) = (self.blk.clone(), self.rev);
        let mut cmp = |vm: &mut Vm, x: Value, y: Value| directed_cmp(vm, blk.as_ref(), rev, x, y);
        if let Some(lim) = self.limit
            && cmp(vm, k, lim)? >= 0
        {
            return Ok(());
        }
        vec_of(self.keep).push(k);
        vec_of(self.keep).push(v);
        self.buf.push((k, v));
        if self.buf.len() == self.bufmax {
            self.limit = Some(nmin_filter(vm, &mut self.buf, self.n, &mut cmp)?);
            // only the kept elements (and the limit, one of them) need rooting now
            let kept: Vec<Value> = self.buf.iter().flat_map(|&(k, v)| [k, v]).collect();
            vec_of(self.keep).set(kept);
        }
        Ok(())
    }

    /// The selected values, in order.
    pub fn finish(mut self, vm: &mut Vm) -> VmResult {
        let (blk, rev) = (self.blk.clone(), self.rev);
        let mut cmp = |vm: &mut Vm, x: Value, y: Value| directed_cmp(vm, blk.as_ref(), rev, x, y);
        nmin_filter(vm, &mut self.buf, self.n, &mut cmp)?;
        // the final sort uses the unreversed order, then reverses for max
        let mut plain = |vm: &mut Vm, x: (Value, Value), y: (Value, Value)| -> VmResult<i32> {
            match &blk {
                Some(b) => block_cmp(vm, b, x.0, y.0),
                None => optimized_cmp(vm, x.0, y.0),
            }
        };
        qsort(vm, &mut self.buf, &mut plain)?;
        let mut out: Vec<Value> = self.buf.iter().map(|p| p.1).collect();
        if rev {
            out.reverse();
        }
        Ok(vm.ary_new(out))
    }
}

/// The block's (or `<=>`'s) comparison of `x` with `y`, negated when `rev` (max for min).
fn directed_cmp(vm: &mut Vm, blk: Option<&Block>, rev: bool, x: Value, y: Value) -> VmResult<i32> {
    let c = match blk {
        Some(b) => block_cmp(vm, b, x, y)?,
        None => optimized_cmp(vm, x, y)?,
    };
    Ok(if rev { -c } else { c })
}

/// nmin_filter: quickselect that keeps the `n` best of `buf`; returns the last pivot (the new
/// limit).
fn nmin_filter(
    vm: &mut Vm,
    buf: &mut Vec<(Value, Value)>,
    n: usize,
    cmp: &mut dyn FnMut(&mut Vm, Value, Value) -> VmResult<i32>,
) -> VmResult<Value> {
    if buf.len() <= n {
        return Ok(buf.last().map(|p| p.0).unwrap_or(Value::NIL));
    }
    let (mut left, mut right) = (0isize, buf.len() as isize - 1);
    let n = n as isize;
    let store_index;
    loop {
        let pivot_index = left + (right - left) / 2;
        let mut num_pivots = 1isize;
        buf.swap(pivot_index as usize, right as usize);
        let pivot_index = right;
        let mut si = left;
        let mut i = left;
        while i <= right - num_pivots {
            let c = cmp(vm, buf[i as usize].0, buf[pivot_index as usize].0)?;
            if c == 0 {
                buf.swap(i as usize, (right - num_pivots) as usize);
                num_pivots += 1;
                continue;
            }
            if c < 0 {
                buf.swap(i as usize, si as usize);
                si += 1;
            }
            i += 1;
        }
        let mut j = si;
        let mut i = right;
        while right - num_pivots < i {
            if i <= j {
                break;
            }
            buf.swap(j as usize, i as usize);
            j += 1;
            i -= 1;
        }
        if si <= n && n <= si + num_pivots {
            store_index = si;
            break;
        }
        if n < si {
            right = si - 1;
        } else {
            left = si + num_pivots;
        }
    }
    let limit = buf[store_index as usize].0;
    buf.truncate(n as usize);
    Ok(limit)
}
