//! Array#shuffle and #sample, drawing random numbers from the VM's MT19937 exactly as CRuby
//! does (`RAND_UPTO` through `rb_random_ulong_limited`, the same index algorithms for each
//! sample size), or from a `random:` object's `rand`.

use super::array::{M, alen, check_frozen, elt, num2long, rooted, vec_of};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

pub(crate) const TABLE: &[M] = &[
    ("shuffle", a_shuffle, 0, 1),
    ("shuffle!", a_shuffle_bang, 0, 1),
    ("sample", a_sample, 0, 2),
];

/// Splits the `random:` keyword off shuffle/sample's arguments (None: the default generator),
/// given whether the last argument is keywords.
fn random_kw<'a>(vm: &mut Vm, a: &'a [Value], kw: bool) -> VmResult<(Option<Value>, &'a [Value])> {
    let Some((&h, rest)) = a.split_last().filter(|_| kw) else {
        return Ok((None, a));
    };
    let key = Value::symbol(intern("random"));
    super::numeric::check_keywords(vm, h, &["random"])?;
    let r = super::hash::get(vm, h, key)?;
    Ok((if r.is_nil() { None } else { Some(r) }, rest))
}
/// RAND_UPTO(max): a random index in 0...max from `gen` (or the default MT, as CRuby's
/// `rb_random_ulong_limited`).
fn rand_upto(vm: &mut Vm, generator: Option<Value>, max: usize) -> VmResult<usize> {
    match generator {
        None => Ok(vm.rng.limited(max as u64 - 1) as usize),
        Some(g) => {
            let lim = Value::fixnum(max as i64);
            let r = super::array::public_call(vm, g, intern("rand"), &[lim])?;
            let v = num2long(vm, r)?;
            if v < 0 || v as usize >= max {
                return Err(vm.raise_str(vm.c.range_error, &format!("random number too big {v}")));
            }
            Ok(v as usize)
        }
    }
}
/// ary.shuffle!(random: Random) -> self
fn a_shuffle_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    check_frozen(vm, s)?;
    shuffle(vm, s, a, kw)
}
/// Shuffles `s` in place (rb_ary_shuffle_bang).
fn shuffle(vm: &mut Vm, s: Value, a: &[Value], kw: bool) -> VmResult {
    let (generator, rest) = random_kw(vm, a, kw)?;
    if !rest.is_empty() {
        return Err(super::array::arity(vm, rest.len(), 0, 0));
    }
    let len = alen(s);
    let mut i = len;
    while i > 0 {
        let j = rand_upto(vm, generator, i)?;
        if alen(s) != len {
            return Err(vm.raise_str(vm.c.runtime_error, "modified during shuffle"));
        }
        i -= 1;
        vec_of(s).swap(i, j);
    }
    Ok(s)
}
/// ary.shuffle(random: Random) -> new_ary
fn a_shuffle(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let c = vm.ary_from_slice(vec_of(s));
    rooted(vm, &[c], |vm| shuffle(vm, c, a, kw))
}
/// ary.sample(random: Random) -> object; ary.sample(n, random: Random) -> new_ary
fn a_sample(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let (generator, a) = random_kw(vm, a, kw)?;
    if a.len() > 1 {
        return Err(super::array::arity(vm, a.len(), 0, 1));
    }
    let len = alen(s);
    let Some(&nv) = a.first() else {
        let i = if len < 2 {
            0
        } else {
            rand_upto(vm, generator, len)?
        };
        return Ok(elt(s, i));
    };
    let n = num2long(vm, nv)?;
    if n < 0 {
        return Err(vm.arg_error("negative sample number"));
    }
    let n = (n as usize).min(len);
    let mut rnds = Vec::new();
    if n <= 10 {
        for i in 0..n {
            rnds.push(rand_upto(vm, generator, len - i)?);
        }
    }
    let len = alen(s).min(len);
    if n <= 10 && rnds.iter().any(|&r| r >= len) {
        return Ok(vm.ary_new_capa(0));
    }
    let n = n.min(len);
    let out = match n {
        0 => Vec::new(),
        1 => vec![elt(s, rnds[0])],
        2 => {
            let (i, mut j) = (rnds[0], rnds[1]);
            if j >= i {
                j += 1;
            }
            vec![elt(s, i), elt(s, j)]
        }
        3 => {
            let (i, mut j, mut k) = (rnds[0], rnds[1], rnds[2]);
            let (mut l, mut g) = (j, i);
            if j >= i {
                l = i;
                j += 1;
                g = j;
            }
            if k >= l {
                k += 1;
                if k >= g {
                    k += 1;
                }
            }
            vec![elt(s, i), elt(s, j), elt(s, k)]
        }
        _ => {
            let memo_threshold = if len < 2560 {
                len / 128
            } else if len < 5120 {
                len / 64
            } else if len < 10240 {
                len / 32
            } else {
                len / 16
            };
            if n <= 10 {
                let mut sorted: Vec<usize> = Vec::new();
                let mut idx = Vec::new();
                for &r in &rnds {
                    let mut k = r;
                    let mut j = 0;
                    while j < sorted.len() {
                        if k < sorted[j] {
                            break;
                        }
                        k += 1;
                        j += 1;
                    }
                    sorted.insert(j, k);
                    idx.push(k);
                }
                idx.iter().map(|&i| elt(s, i)).collect()
            } else if n <= memo_threshold / 2 {
                let mut picks = Vec::new();
                for i in 0..n {
                    picks.push(rand_upto(vm, generator, len - i)? + i);
                }
                let mut memo: std::collections::HashMap<usize, usize> =
                    std::collections::HashMap::new();
                let mut out = Vec::new();
                for (i, &j) in picks.iter().enumerate() {
                    let i2 = memo.get(&i).copied().unwrap_or(i);
                    let j2 = memo.get(&j).copied().unwrap_or(j);
                    memo.insert(j, i2);
                    out.push(elt(s, j2));
                }
                out
            } else {
                let mut v = vec_of(s).to_vec();
                for i in 0..n {
                    let j = rand_upto(vm, generator, len - i)? + i;
                    v.swap(i, j);
                }
                v.truncate(n);
                v
            }
        }
    };
    Ok(vm.ary_new(out))
}
