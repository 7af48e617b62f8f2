//! The superinstruction pass: a peephole over a finished scope's instructions.
//!
//! `get_local a; push_int k; opt_<op>` and `get_local a; get_local b; opt_<op>`
//! (for `+ - < <= > >= ==`, and `*` of two locals) get their first instruction overwritten by
//! one `opt_<op>_local_int` or `opt_<op>_locals` that does the whole sequence when both
//! operands are Integers (or, for `*`, Floats; see `Insn::OptPlusLocalInt`). The rest of the sequence stays where it was: the slow path falls
//! into it, and a jump into the middle of the sequence still finds the original instructions,
//! so no jump target or handler range has to move. Every scope's own locals are `get_local`s
//! (a captured frame's environment points at its stack slots), so every scope is fused.
//!
//! Pairs get the same treatment, after the sequences: `push_self; send`, `get_local a; send`
//! and `get_const K; send` (the call's last push: a receiver with no arguments after it, or
//! the last argument) become `send_self`, `send_local` and `send_const`, two pushes of locals and ivars
//! (`get_local a; get_local b`, `get_local a; get_ivar @x`, `get_ivar @x; get_local a`) become
//! one, and `get_local a; set_ivar_pop` (`@x = a`) becomes `set_ivar_local`. The
//! second instruction of a pair whose slow path continues into it (`set_ivar_local`'s
//! `set_ivar_pop`) or that runs it (the sends) is never the head of a pattern, so it is always
//! still there; the double pushes have no slow path and jump over their second instruction.

use crate::vm::insn::Insn;

/// Overwrites the first instruction of every fusable sequence in `insns`.
pub fn fuse(insns: &mut [Insn]) {
    fuse_triples(insns);
    for k in 0..insns.len().saturating_sub(1) {
        if let Some(f) = fuse_pair(insns[k], insns[k + 1]) {
            insns[k] = f;
        }
    }
}

/// The `get_local a; push_int k | get_local b; opt_<op>` sequences (before the pairs, which
/// would otherwise take their `get_local a; get_local b`).
fn fuse_triples(insns: &mut [Insn]) {
    for k in 0..insns.len().saturating_sub(2) {
        let Insn::GetLocal(a) = insns[k] else {
            continue;
        };
        let Ok(a) = u16::try_from(a) else {
            continue;
        };
        let fused = match insns[k + 1] {
            Insn::PushInt(n) => match insns[k + 2] {
                Insn::OptPlus(_) => Insn::OptPlusLocalInt(a, n),
                Insn::OptMinus(_) => Insn::OptMinusLocalInt(a, n),
                Insn::OptLt(_) => Insn::OptLtLocalInt(a, n),
                Insn::OptLe(_) => Insn::OptLeLocalInt(a, n),
                Insn::OptGt(_) => Insn::OptGtLocalInt(a, n),
                Insn::OptGe(_) => Insn::OptGeLocalInt(a, n),
                Insn::OptEq(_) => Insn::OptEqLocalInt(a, n),
                _ => continue,
            },
            Insn::GetLocal(b) => {
                let Ok(b) = u16::try_from(b) else {
                    continue;
                };
                match insns[k + 2] {
                    Insn::OptPlus(_) => Insn::OptPlusLocals(a, b),
                    Insn::OptMinus(_) => Insn::OptMinusLocals(a, b),
                    Insn::OptLt(_) => Insn::OptLtLocals(a, b),
                    Insn::OptLe(_) => Insn::OptLeLocals(a, b),
                    Insn::OptGt(_) => Insn::OptGtLocals(a, b),
                    Insn::OptGe(_) => Insn::OptGeLocals(a, b),
                    Insn::OptEq(_) => Insn::OptEqLocals(a, b),
                    Insn::OptMult(_) => Insn::OptMultLocals(a, b),
                    _ => continue,
                }
            }
            _ => continue,
        };
        insns[k] = fused;
    }
}

/// The superinstruction for the pair `first; second`, if there is one.
fn fuse_pair(first: Insn, second: Insn) -> Option<Insn> {
    Some(match (first, second) {
        (Insn::PushSelf, Insn::Send(cs)) => Insn::SendSelf(cs),
        (Insn::GetLocal(a), Insn::GetLocal(b)) => {
            Insn::GetLocal2(u16::try_from(a).ok()?, u16::try_from(b).ok()?)
        }
        (Insn::GetEnv(x), Insn::GetEnv(y)) if x >> 16 < 16 && x & 0xffff < 4096 => {
            Insn::GetEnv2(((x >> 16) << 12 | (x & 0xfff)) as u16, y)
        }
        (Insn::GetLocal(a), Insn::GetIvar(i)) => Insn::GetLocalIvar(u16::try_from(a).ok()?, i),
        (Insn::GetIvar(i), Insn::GetLocal(a)) => Insn::GetIvarLocal(u16::try_from(a).ok()?, i),
        (Insn::GetLocal(a), Insn::Send(cs)) => Insn::SendLocal(u16::try_from(a).ok()?, cs),
        (Insn::GetConst(k), Insn::Send(cs)) => Insn::SendConst(u16::try_from(k).ok()?, cs),
        (Insn::GetLocal(a), Insn::SetIvarPop(i)) => Insn::SetIvarLocal(u16::try_from(a).ok()?, i),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuses_local_int_and_local_local_sequences_keeping_the_tail() {
        let mut insns = vec![
            Insn::GetLocal(0),
            Insn::PushInt(7),
            Insn::OptLt(0),
            Insn::JumpUnless(9),
            Insn::GetLocal(1),
            Insn::GetLocal(0),
            Insn::OptPlus(1),
            Insn::SetLocalPop(1),
            Insn::Leave,
        ];
        fuse(&mut insns);
        assert_eq!(insns[0], Insn::OptLtLocalInt(0, 7));
        assert_eq!(
            insns[1..4],
            [Insn::PushInt(7), Insn::OptLt(0), Insn::JumpUnless(9)]
        );
        assert_eq!(insns[4], Insn::OptPlusLocals(1, 0));
        assert_eq!(
            insns[5..],
            [
                Insn::GetLocal(0),
                Insn::OptPlus(1),
                Insn::SetLocalPop(1),
                Insn::Leave
            ]
        );
    }

    #[test]
    fn fuses_pushes_before_a_send_or_an_ivar_store_keeping_the_pair() {
        let mut insns = vec![
            Insn::PushSelf,
            Insn::Send(3),
            Insn::GetLocal(2),
            Insn::Send(4),
            Insn::GetLocal(1),
            Insn::SetIvarPop(5),
            Insn::GetConst(2),
            Insn::Send(10),
            Insn::GetLocal(0),
            Insn::PushInt(1),
            Insn::OptPlus(6),
            Insn::GetLocal(0),
            Insn::GetLocal(1),
            Insn::OptMult(7),
            Insn::GetLocal(1),
            Insn::GetLocal(0),
            Insn::GetIvar(8),
            Insn::GetLocal(2),
            Insn::GetLocal(3),
            Insn::GetIvar(9),
            Insn::GetEnv(1 << 16 | 2),
            Insn::GetEnv(3),
            Insn::GetEnv(16 << 16),
            Insn::GetEnv(0),
            Insn::Leave,
        ];
        fuse(&mut insns);
        assert_eq!(
            insns,
            [
                Insn::SendSelf(3),
                Insn::Send(3),
                Insn::SendLocal(2, 4),
                Insn::Send(4),
                Insn::SetIvarLocal(1, 5),
                Insn::SetIvarPop(5),
                Insn::SendConst(2, 10),
                Insn::Send(10),
                Insn::OptPlusLocalInt(0, 1),
                Insn::PushInt(1),
                Insn::OptPlus(6),
                Insn::OptMultLocals(0, 1),
                Insn::GetLocal(1),
                Insn::OptMult(7),
                // a double push jumps over its second instruction, which may head a pair
                // of its own for a jump that lands there
                Insn::GetLocal2(1, 0),
                Insn::GetLocalIvar(0, 8),
                Insn::GetIvarLocal(2, 8),
                Insn::GetLocal2(2, 3),
                Insn::GetLocalIvar(3, 9),
                Insn::GetIvar(9),
                Insn::GetEnv2(1 << 12 | 2, 3),
                Insn::GetEnv2(3, 16 << 16),
                // level 16 does not pack into 4 bits
                Insn::GetEnv(16 << 16),
                Insn::GetEnv(0),
                Insn::Leave,
            ]
        );
    }

    #[test]
    fn leaves_other_sequences_alone() {
        let mut insns = vec![
            Insn::GetLocal(0),
            Insn::PushInt(7),
            Insn::OptMult(0),
            Insn::GetLocal(0),
            Insn::PushInt(1),
            Insn::Leave,
        ];
        let before = insns.clone();
        fuse(&mut insns);
        assert_eq!(insns, before);
    }
}
