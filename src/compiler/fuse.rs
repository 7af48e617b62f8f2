//! The superinstruction pass: a peephole over a finished scope's instructions.
//!
//! `get_local a; push_int k; opt_<op>` and `get_local a; get_local b; opt_<op>`
//! (for `+ - < <= > >= ==`) get their first instruction overwritten by one `opt_<op>_local_int`
//! or `opt_<op>_locals` that does the whole sequence when both operands are Integers (see
//! `Insn::OptPlusLocalInt`). The rest of the sequence stays where it was: the slow path falls
//! into it, and a jump into the middle of the sequence still finds the original instructions,
//! so no jump target or handler range has to move. Every scope's own locals are `get_local`s
//! (a captured frame's environment points at its stack slots), so every scope is fused.

use crate::vm::insn::Insn;

/// Overwrites the first instruction of every fusable sequence in `insns`.
pub fn fuse(insns: &mut [Insn]) {
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
                    _ => continue,
                }
            }
            _ => continue,
        };
        insns[k] = fused;
    }
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
