//! Array combinatorics: product, combination, permutation, their repeated forms, and transpose.
//! Tuples come out in CRuby's (lexicographic index) order; iteration works on a snapshot of the
//! receiver, as CRuby's defensive copies do.

use super::array::{M, alen, block_or_enum, new_ary, num2long, rooted, to_ary, vec_of};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

pub(crate) const TABLE: &[M] = &[
    ("product", a_product, 0, -1),
    ("combination", a_combination, 1, 1),
    ("permutation", a_permutation, 0, 1),
    ("repeated_combination", a_repeated_combination, 1, 1),
    ("repeated_permutation", a_repeated_permutation, 1, 1),
    ("transpose", a_transpose, 0, 0),
];

/// ary.product(*other_arrays) -> new_array; ary.product(*other_arrays) {|combination| ... } -> self
fn a_product(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let mut arrays = vec![vec_of(s).to_vec()];
    for &o in a {
        let o = to_ary(vm, o)?;
        arrays.push(vec_of(o).to_vec());
    }
    if b.is_none() {
        let mut total: usize = 1;
        for x in &arrays {
            total = match total.checked_mul(x.len()) {
                Some(t) if t < 1 << 40 => t,
                _ if x.is_empty() => 0,
                _ => return Err(vm.raise_str(vm.c.range_error, "too big to product")),
            };
        }
    }
    if arrays.iter().any(|x| x.is_empty()) {
        return Ok(if b.is_some() { s } else { vm.ary_new_capa(0) });
    }
    let keep: Vec<Value> = arrays.iter().flatten().copied().collect();
    let keep = vm.ary_new(keep);
    let out = vm.ary_new_capa(0);
    let mut counters = vec![0usize; arrays.len()];
    // the next tuple's indices, the last one counting fastest; false past the last tuple
    let advance = |counters: &mut [usize]| {
        let mut m = counters.len();
        while m > 0 {
            m -= 1;
            counters[m] += 1;
            if counters[m] < arrays[m].len() {
                return true;
            }
            counters[m] = 0;
        }
        false
    };
    if let Some(b) = b {
        // all the tuples to the block in one block frame
        let mut more = true;
        rooted(vm, &[keep], |vm| {
            vm.yield_each(b, &mut |vm, _| {
                if !more {
                    return Ok(None);
                }
                let tuple = counters.iter().enumerate().map(|(j, &c)| arrays[j][c]);
                let t = vm.ary_new(tuple.collect());
                more = advance(&mut counters);
                Ok(Some(YieldArgs::one(t)))
            })
        })?;
        return Ok(s);
    }
    rooted(vm, &[keep, out], |vm| {
        loop {
            let tuple: Vec<Value> = counters
                .iter()
                .enumerate()
                .map(|(j, &c)| arrays[j][c])
                .collect();
            let t = vm.ary_new(tuple);
            vec_of(out).push(t);
            if !advance(&mut counters) {
                return Ok(out);
            }
        }
    })
}

/// Calls the block with `vals` picked at each index tuple that `next` produces in turn.
fn yield_tuples(
    vm: &mut Vm,
    s: Value,
    vals: Vec<Value>,
    b: &Block,
    mut idx: Vec<usize>,
    next: impl Fn(&mut [usize], usize) -> bool,
) -> VmResult {
    let n = vals.len();
    let keep = vm.ary_new(vals.clone());
    let mut more = true;
    rooted(vm, &[keep], |vm| {
        // all the tuples in one block frame (`Vm::yield_each`)
        vm.yield_each(b, &mut |vm, _| {
            if !more {
                return Ok(None);
            }
            let t = vm.ary_new(idx.iter().map(|&i| vals[i]).collect());
            more = next(&mut idx, n);
            Ok(Some(YieldArgs::one(t)))
        })
    })?;
    Ok(s)
}
/// The size argument, or None when no tuple exists.
fn count_arg(vm: &mut Vm, v: Value) -> VmResult<i64> {
    num2long(vm, v)
}
/// ary.combination(n) {|element| ... } -> self
fn a_combination(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let k = count_arg(vm, a[0])?;
    let b = block_or_enum!(vm, s, b, "combination", a);
    let vals = vec_of(s).to_vec();
    let n = vals.len() as i64;
    if k < 0 || k > n {
        return Ok(s);
    }
    let k = k as usize;
    yield_tuples(vm, s, vals, b, (0..k).collect(), |c, n| {
        let k = c.len();
        let mut i = k;
        while i > 0 {
            i -= 1;
            if c[i] < n - k + i {
                c[i] += 1;
                for j in i + 1..k {
                    c[j] = c[j - 1] + 1;
                }
                return true;
            }
        }
        false
    })
}
/// The next r-permutation of indices 0...n in lexicographic order.
fn next_permutation(p: &mut [usize], n: usize) -> bool {
    let r = p.len();
    // find the rightmost position that can take a larger unused index
    let mut i = r;
    while i > 0 {
        i -= 1;
        let used: Vec<usize> = p[..i].to_vec();
        let mut cand = p[i] + 1;
        while cand < n && used.contains(&cand) {
            cand += 1;
        }
        if cand < n {
            p[i] = cand;
            // fill the rest with the smallest unused indices
            let mut next = 0;
            for j in i + 1..r {
                while p[..j].contains(&next) {
                    next += 1;
                }
                p[j] = next;
                next += 1;
            }
            return true;
        }
    }
    false
}
/// ary.permutation(n = self.size) {|permutation| ... } -> self
fn a_permutation(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "permutation", a);
    let vals = vec_of(s).to_vec();
    let n = vals.len() as i64;
    let r = match a.first() {
        Some(&v) if !v.is_nil() => count_arg(vm, v)?,
        _ => n,
    };
    if r < 0 || r > n {
        return Ok(s);
    }
    yield_tuples(vm, s, vals, b, (0..r as usize).collect(), next_permutation)
}
/// ary.repeated_combination(n) {|combination| ... } -> self
fn a_repeated_combination(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let k = count_arg(vm, a[0])?;
    let b = block_or_enum!(vm, s, b, "repeated_combination", a);
    let vals = vec_of(s).to_vec();
    if k < 0 || (k > 0 && vals.is_empty()) {
        return Ok(s);
    }
    let counters = super::try_filled(vm, k as usize, 0)?;
    yield_tuples(vm, s, vals, b, counters, |c, n| {
        let mut i = c.len();
        while i > 0 {
            i -= 1;
            if c[i] + 1 < n {
                c[i] += 1;
                let v = c[i];
                for x in c[i + 1..].iter_mut() {
                    *x = v;
                }
                return true;
            }
        }
        false
    })
}
/// ary.repeated_permutation(n) {|permutation| ... } -> self
fn a_repeated_permutation(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let k = count_arg(vm, a[0])?;
    let b = block_or_enum!(vm, s, b, "repeated_permutation", a);
    let vals = vec_of(s).to_vec();
    if k < 0 || (k > 0 && vals.is_empty()) {
        return Ok(s);
    }
    let counters = super::try_filled(vm, k as usize, 0)?;
    yield_tuples(vm, s, vals, b, counters, |c, n| {
        let mut i = c.len();
        while i > 0 {
            i -= 1;
            c[i] += 1;
            if c[i] < n {
                return true;
            }
            c[i] = 0;
        }
        false
    })
}
/// ary.transpose -> new_array
fn a_transpose(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut rows = Vec::new();
    let mut elen: Option<usize> = None;
    for i in 0..alen(s) {
        let t = to_ary(vm, vec_of(s)[i])?;
        let n = alen(t);
        match elen {
            None => elen = Some(n),
            Some(e) if e != n => {
                let msg = format!("element size differs ({n} should be {e})");
                return Err(vm.raise_str(vm.c.index_error, &msg));
            }
            _ => {}
        }
        rows.push(vec_of(t).to_vec());
    }
    let cols = elen.unwrap_or(0);
    let mut out = Vec::with_capacity(cols);
    for j in 0..cols {
        let col: Vec<Value> = rows.iter().map(|r| r[j]).collect();
        out.push(vm.ary_new(col));
    }
    Ok(new_ary(vm, out))
}
