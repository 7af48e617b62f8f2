//! The instruction set: one enum, each variant's effect documented beside it, and the
//! disassembler (`rubra --dump=insns`).
//!
//! Notation: `S` is the operand stack of the current frame (top at the right), `L[i]` a local slot
//! of the frame (on the value stack, or in its environment when the scope is captured), `E(d)[i]`
//! slot i of the environment d levels up the closure chain, `K[i]` the code object's constant
//! pool, `CS[i]` its call-site table (method name, argument count, flags, literal block, inline
//! cache), `C[i]` its child code objects (method, block and class bodies). Jump targets are
//! absolute instruction indexes. Every instruction is 8 bytes (pinned by a test).

use super::code::Code;
use crate::object::symbol::sym_name;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Insn {
    /// S: -> nil
    PushNil,
    /// S: -> true
    PushTrue,
    /// S: -> false
    PushFalse,
    /// S: -> self
    PushSelf,
    /// S: -> Integer(n)
    PushInt(i32),
    /// S: -> K[i] (a symbol, float, big integer or frozen string: no allocation)
    PushConst(u32),
    /// S: -> a new mutable (chilled) String with the bytes of string literal i
    PushStr(u32),
    /// S: v1 .. vn -> a new String of their `to_s` concatenated, starting out in encoding e
    /// (`Encoding as u8`) and taking its pieces' as CRuby's rb_str_concat_literals
    Interp(u8, u32),
    /// S: v1 .. vn -> a Symbol of their `to_s` concatenated
    InternSym(u32),
    /// S: str -> a Regexp of source str with option bits a & 0x7f (`/u` when bit 7); with
    /// bit 8 (`/o`) the first Regexp made is kept in the Array K[a >> 9] and reused
    NewRegexp(u32),
    /// S: -> the named group `name` (symbol id) of the frame's `$~`, nil when `$~` is nil
    GetNamedCapture(u32),
    /// S: v1 .. vn -> [v1, .., vn]
    NewArray(u32),
    /// S: k1 v1 .. kn vn -> {k1 => v1, ..}
    NewHash(u32),
    /// S: hash h -> hash merged with h.to_hash (`**h` in a hash literal)
    MergeHash,
    /// S: lo hi -> lo..hi (a = 0) or lo...hi (a = 1)
    NewRange(u32),
    /// S: ary x -> ary with x.to_a's elements appended (`*x` inside an array literal)
    ConcatSplat,
    /// S: ary x -> ary with x appended
    ArrayPush,
    /// S: x -> Array(x) (a fresh array: `[*x]`)
    SplatArray,
    /// S: v -> ; destructures v into n values for multiple assignment: pre count in the low
    /// 16 bits, post count in the high 15, bit 31 set when a splat sits between them. Pushes the
    /// values so that the first target's value ends on top.
    ExpandArray(u32),
    /// S: v ->
    Pop,
    /// S: v -> v v
    Dup,
    /// S: a b -> a b a b
    Dup2,
    /// S: a b -> b a
    Swap,
    /// S: v0 .. vn -> v0 .. vn v0  (copy the value n below the top)
    TopN(u32),
    /// S: x v1 .. vn -> vn v1 .. vn (copy the top into the slot n below it)
    SetN(u32),
    /// S: v1 .. vn -> v1 .. vn v1 .. vn
    DupN(u32),
    /// S: v1 .. vn ->
    PopN(u32),
    /// S: -> L[i]
    GetLocal(u32),
    /// S: v -> v ; L[i] = v
    SetLocal(u32),
    /// S: v -> ; L[i] = v  (an assignment statement: SetLocal + Pop fused)
    SetLocalPop(u32),
    /// S: -> E(d)[i]  (d in the high 16 bits, i in the low 16)
    GetEnv(u32),
    /// S: v -> v ; E(d)[i] = v
    SetEnv(u32),
    /// S: v -> ; E(d)[i] = v  (SetEnv + Pop fused)
    SetEnvPop(u32),
    /// S: -> @name (ivar site i: `code::IvarSite`, with its slot cache)
    GetIvar(u32),
    /// S: v -> v ; @name = v (ivar site i)
    SetIvar(u32),
    /// S: v -> ; @name = v  (SetIvar + Pop fused)
    SetIvarPop(u32),
    /// S: -> $name
    GetGlobal(u32),
    /// S: v -> v ; $name = v
    SetGlobal(u32),
    /// S: -> @@name
    GetCvar(u32),
    /// S: v -> v ; @@name = v
    SetCvar(u32),
    /// S: -> the constant named by const site i, found through the lexical scope, then the
    /// ancestors (cached per site: `code::ConstSite`)
    GetConst(u32),
    /// S: scope -> scope::name
    GetConstFrom(u32),
    /// S: -> ::name
    GetConstTop(u32),
    /// S: v -> v ; defines `name` in the lexical scope's class
    SetConst(u32),
    /// S: scope v -> v ; scope::name = v
    SetConstFrom(u32),
    /// S: recv args.. -> result: calls CS[i]
    Send(u32),
    /// S: args.. -> result: `super` as described by CS[i] (zsuper passes the frame's arguments)
    Super(u32),
    /// S: args.. -> result: yields to the frame's block as described by CS[i]
    Yield(u32),
    /// S: a b -> a + b (Integer/Float fast path, else a send of CS[i])
    OptPlus(u32),
    /// S: a b -> a - b
    OptMinus(u32),
    /// S: a b -> a * b
    OptMult(u32),
    /// S: a b -> a < b
    OptLt(u32),
    /// S: a b -> a <= b
    OptLe(u32),
    /// S: a b -> a > b
    OptGt(u32),
    /// S: a b -> a >= b
    OptGe(u32),
    /// S: a b -> a == b
    OptEq(u32),
    /// S: a i -> a[i] (Array/Hash fast path)
    OptAref(u32),
    /// S: v -> !v (fast path when `!` is not redefined)
    OptNot(u32),
    /// S: v -> v.nil? (fast path while no class redefines `nil?`)
    OptNilP(u32),
    /// S: v -> v.size or v.length (CS[i]'s name; answered inline for an Array or Hash)
    OptSize(u32),
    /// S: v -> v.empty? (answered inline for an Array or Hash)
    OptEmptyP(u32),
    /// S: v -> v.succ (answered inline for a fixnum)
    OptSucc(u32),
    /// S: a b -> a / b (fast paths in vm/opt.rs, else a send of CS[i]; so for the next ones)
    OptDiv(u32),
    /// S: a b -> a % b
    OptMod(u32),
    /// S: a b -> a != b
    OptNeq(u32),
    /// S: a b -> a & b
    OptAnd(u32),
    /// S: a b -> a | b
    OptOr(u32),
    /// S: a b -> a ^ b
    OptXor(u32),
    /// S: a b -> a << b
    OptLtLt(u32),
    /// S: a b -> a >> b
    OptGtGt(u32),
    /// S: a b -> a === b (a `when` test: answered inline where `===` is `==`)
    OptEqq(u32),
    /// S: recv i v -> v: `recv[i] = v` (Array/Hash fast path, else a send of CS[i])
    OptAset(u32),
    // Superinstructions, written by compiler/fuse.rs over the `get_local a` that starts a
    // `get_local a; push_int k | get_local b; opt_<op>` sequence. The sequence stays in place
    // after them. Fast path (both operands Integers, the operator not redefined): the result
    // goes to the instruction after the sequence, so a following jump_if/jump_unless or
    // set_local_pop consumes it without touching the stack, and execution continues past all
    // of them. Slow path: S: -> L[a] (what the overwritten get_local did), then the rest of
    // the sequence runs from pc + 1.
    /// L[a] + k
    OptPlusLocalInt(u16, i32),
    /// L[a] + L[b]
    OptPlusLocals(u16, u16),
    /// L[a] - k
    OptMinusLocalInt(u16, i32),
    /// L[a] - L[b]
    OptMinusLocals(u16, u16),
    /// L[a] < k
    OptLtLocalInt(u16, i32),
    /// L[a] < L[b]
    OptLtLocals(u16, u16),
    /// L[a] <= k
    OptLeLocalInt(u16, i32),
    /// L[a] <= L[b]
    OptLeLocals(u16, u16),
    /// L[a] > k
    OptGtLocalInt(u16, i32),
    /// L[a] > L[b]
    OptGtLocals(u16, u16),
    /// L[a] >= k
    OptGeLocalInt(u16, i32),
    /// L[a] >= L[b]
    OptGeLocals(u16, u16),
    /// L[a] == k
    OptEqLocalInt(u16, i32),
    /// L[a] == L[b]
    OptEqLocals(u16, u16),
    /// L[a] * L[b] (two fixnums whose product is one, or two Floats)
    OptMultLocals(u16, u16),
    // Superinstructions over a push followed by a call or a store, written by compiler/fuse.rs
    // over the push; the second instruction stays in place after them (a jump may land on it).
    /// `push_self; send CS[i]`: pushes self and runs the send at pc + 1 (whose pc the call
    /// reports), continuing after it
    SendSelf(u32),
    /// `get_local a; send CS[i]`: pushes L[a] and runs the send at pc + 1, continuing after it
    SendLocal(u16, u32),
    /// `get_const K[k]; send CS[i]` (`Foo.new`): pushes the constant (raising as get_const
    /// does, at this pc) and runs the send at pc + 1, continuing after it
    SendConst(u16, u32),
    /// `get_local a; get_local b`: S: -> L[a] L[b], continuing after the pair
    GetLocal2(u16, u16),
    /// `get_local a; get_ivar I[i]`: S: -> L[a] @x, continuing after the pair
    GetLocalIvar(u16, u32),
    /// `get_ivar I[i]; get_local a`: S: -> @x L[a], continuing after the pair
    GetIvarLocal(u16, u32),
    /// `get_env x; get_env y` (x's level and slot packed as level << 12 | slot): S: -> the
    /// two values, continuing after the pair
    GetEnv2(u16, u32),
    /// `get_local a; set_ivar_pop I[i]`: @x = L[a] when the site's cache applies (continuing
    /// after the pair); else S: -> L[a] and the set_ivar_pop at pc + 1 runs
    SetIvarLocal(u16, u32),
    /// jump to i
    Jump(u32),
    /// S: v -> ; jump to i when v is truthy
    JumpIf(u32),
    /// S: v -> ; jump to i when v is nil or false
    JumpUnless(u32),
    /// S: v -> v ; jump to i when v is nil (keeping it), for `&.`
    JumpIfNil(u32),
    /// S: v -> ; returns v from the frame
    Leave,
    /// S: v -> ; `break v` from a block: ends the call the block was passed to
    Break,
    /// S: v -> ; raises v (an exception, re-raised by `rescue` when no clause matches)
    Raise,
    /// start of an ensure body reached normally: pushes "no pending unwind"
    EnsureNormal,
    /// end of an ensure body: resumes the pending unwind, if any
    EnsureEnd,
    /// L[i] = the current stack height (entry of a begin/rescue region)
    SaveSp(u32),
    /// S: -> the exception being rescued ($!)
    GetErrinfo,
    /// S: exc class -> exc (class === exc) for rescue clauses (errors for non-modules)
    RescueMatch,
    /// S: v -> the method symbol; defines C[i] as method `name` on the lexical class
    DefMethod(u32),
    /// S: obj -> the method symbol; defines C[i] on obj's singleton class
    DefSingleton(u32),
    /// S: cbase superclass -> result of running class body C[i] (cbase nil: lexical scope)
    DefClass(u32),
    /// S: cbase -> result of running module body C[i]
    DefModule(u32),
    /// S: obj -> result of running C[i] with self = obj's singleton class
    DefSClass(u32),
    /// S: -> a lambda built from block C[i]
    Lambda(u32),
    /// S: new old -> nil ; aliases method old as new on the lexical class
    Alias,
    /// S: new old -> nil ; makes global variable new another name for old
    AliasGlobal,
    /// S: -> nil ; undefines method name (symbol id) on the lexical class
    Undef(u32),
    /// S: name -> ; undefines the method named by the symbol on the stack (`undef :"a#{b}"`)
    UndefDyn,
    /// S: -> "instance-variable"/"constant"/... or nil: defined?(...) of kind (low 8 bits:
    /// 1 ivar, 2 global, 3 yield, 4 cvar, 5 constant, 6 super, 7 scoped constant, which pops
    /// its scope) and name (symbol id in the high 24 bits)
    Defined(u32),
    /// S: recv -> "method" or nil: whether recv responds to symbol K[i]
    DefinedMethod(u32),
    /// S: -> the current method's name as a Symbol, or nil
    CurMethod,
    /// S: -> true if L[i] holds no value yet (a keyword argument that was not passed)
    IsUndef(u32),
    /// S: v -> ; `return v` from inside a begin/ensure region or a block: unwinds (running
    /// ensure bodies) to the method frame the code belongs to, which returns v
    Return,
}

impl Insn {
    /// The most values the instruction can add to the operand stack, counting values it pushes
    /// and pops again (`Code::max_stack`): 1 for all but those that push several.
    pub fn max_growth(&self) -> u32 {
        match *self {
            Insn::Dup2
            | Insn::GetLocal2(..)
            | Insn::GetLocalIvar(..)
            | Insn::GetIvarLocal(..)
            | Insn::GetEnv2(..) => 2,
            Insn::DupN(k) => k.max(1),
            Insn::ExpandArray(spec) => (spec & 0xffff) + ((spec >> 16) & 0x7fff) + 1,
            _ => 1,
        }
    }

    /// The instruction's name in the disassembly (`OptPlus` -> `opt_plus`).
    pub fn name(&self) -> String {
        let s = format!("{self:?}");
        let end = s.find('(').unwrap_or(s.len());
        let mut out = String::new();
        for (i, ch) in s[..end].chars().enumerate() {
            if ch.is_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        }
        out
    }
}

/// Writes the disassembly of `code` and its children.
pub fn disassemble(code: &Code, out: &mut String) {
    use std::fmt::Write;
    let _ = writeln!(
        out,
        "== disasm: <{}> ({}:{})",
        code.label, code.file, code.first_line
    );
    if !code.local_names.is_empty() {
        let names: Vec<&str> = code.local_names.iter().map(|&s| sym_name(s)).collect();
        let _ = writeln!(
            out,
            "local table (size: {}): {}",
            names.len(),
            names.join(" ")
        );
    }
    for h in &code.handlers {
        let _ = writeln!(
            out,
            "|catch {:?} {:04}..{:04} => {:04} (sp in L[{}])",
            h.kind, h.start, h.end, h.target, h.sp_slot
        );
    }
    let mut last_line = 0;
    for (pc, insn) in code.insns.iter().enumerate() {
        let line = code.lines[pc];
        let mut operand = match insn {
            Insn::PushConst(i) => format!("{:?}", code.consts[*i as usize]),
            Insn::PushStr(i) => {
                format!(
                    "{:?}",
                    String::from_utf8_lossy(&code.strings[*i as usize].bytes)
                )
            }
            Insn::Send(i)
            | Insn::SendSelf(i)
            | Insn::Super(i)
            | Insn::Yield(i)
            | Insn::OptPlus(i)
            | Insn::OptMinus(i)
            | Insn::OptMult(i)
            | Insn::OptLt(i)
            | Insn::OptLe(i)
            | Insn::OptGt(i)
            | Insn::OptGe(i)
            | Insn::OptEq(i)
            | Insn::OptAref(i)
            | Insn::OptNot(i)
            | Insn::OptNilP(i)
            | Insn::OptSize(i)
            | Insn::OptEmptyP(i)
            | Insn::OptSucc(i)
            | Insn::OptDiv(i)
            | Insn::OptMod(i)
            | Insn::OptNeq(i)
            | Insn::OptAnd(i)
            | Insn::OptOr(i)
            | Insn::OptXor(i)
            | Insn::OptLtLt(i)
            | Insn::OptGtGt(i)
            | Insn::OptEqq(i)
            | Insn::OptAset(i) => code.call_sites[*i as usize].describe(),
            Insn::GetGlobal(s)
            | Insn::SetGlobal(s)
            | Insn::GetNamedCapture(s)
            | Insn::GetCvar(s)
            | Insn::SetCvar(s)
            | Insn::GetConstTop(s)
            | Insn::SetConst(s)
            | Insn::SetConstFrom(s)
            | Insn::Undef(s) => sym_name(*s).to_string(),
            Insn::GetLocal(i) | Insn::SetLocal(i) | Insn::SetLocalPop(i) => local_name(code, *i),
            Insn::GetEnv(x) | Insn::SetEnv(x) | Insn::SetEnvPop(x) => {
                format!("level {}, slot {}", x >> 16, x & 0xffff)
            }
            Insn::DefMethod(i)
            | Insn::DefSingleton(i)
            | Insn::DefClass(i)
            | Insn::DefModule(i)
            | Insn::DefSClass(i)
            | Insn::Lambda(i) => format!("<{}>", code.children[*i as usize].label),
            Insn::GetConst(i) | Insn::GetConstFrom(i) => {
                sym_name(code.const_sites[*i as usize].name).to_string()
            }
            Insn::GetIvar(i) | Insn::SetIvar(i) | Insn::SetIvarPop(i) => {
                sym_name(code.ivar_sites[*i as usize].name).to_string()
            }
            Insn::SendLocal(a, i) => format!(
                "{}, {}",
                local_name(code, *a as u32),
                code.call_sites[*i as usize].describe()
            ),
            Insn::SendConst(k, i) => format!(
                "{}, {}",
                sym_name(code.const_sites[*k as usize].name),
                code.call_sites[*i as usize].describe()
            ),
            Insn::SetIvarLocal(a, i) | Insn::GetIvarLocal(a, i) => format!(
                "{}, {}",
                sym_name(code.ivar_sites[*i as usize].name),
                local_name(code, *a as u32)
            ),
            Insn::GetEnv2(a, x) => format!(
                "level {}, slot {}; level {}, slot {}",
                a >> 12,
                a & 0xfff,
                x >> 16,
                x & 0xffff
            ),
            Insn::GetLocalIvar(a, i) => format!(
                "{}, {}",
                local_name(code, *a as u32),
                sym_name(code.ivar_sites[*i as usize].name)
            ),
            Insn::PushInt(n) => n.to_string(),
            Insn::OptPlusLocalInt(a, k)
            | Insn::OptMinusLocalInt(a, k)
            | Insn::OptLtLocalInt(a, k)
            | Insn::OptLeLocalInt(a, k)
            | Insn::OptGtLocalInt(a, k)
            | Insn::OptGeLocalInt(a, k)
            | Insn::OptEqLocalInt(a, k) => format!("{}, {k}", local_name(code, *a as u32)),
            Insn::OptPlusLocals(a, b)
            | Insn::OptMinusLocals(a, b)
            | Insn::OptLtLocals(a, b)
            | Insn::OptLeLocals(a, b)
            | Insn::OptGtLocals(a, b)
            | Insn::OptGeLocals(a, b)
            | Insn::OptEqLocals(a, b)
            | Insn::OptMultLocals(a, b)
            | Insn::GetLocal2(a, b) => format!(
                "{}, {}",
                local_name(code, *a as u32),
                local_name(code, *b as u32)
            ),
            Insn::Jump(t) | Insn::JumpIf(t) | Insn::JumpUnless(t) | Insn::JumpIfNil(t) => {
                format!("{t:04}")
            }
            Insn::Interp(_, n)
            | Insn::InternSym(n)
            | Insn::NewArray(n)
            | Insn::NewHash(n)
            | Insn::NewRange(n)
            | Insn::ExpandArray(n)
            | Insn::TopN(n)
            | Insn::SetN(n)
            | Insn::DupN(n)
            | Insn::PopN(n)
            | Insn::SaveSp(n)
            | Insn::Defined(n)
            | Insn::DefinedMethod(n)
            | Insn::IsUndef(n) => n.to_string(),
            _ => String::new(),
        };
        if line != last_line {
            operand = format!("{operand:<30} ({line})");
            last_line = line;
        }
        let _ = writeln!(out, "{pc:04} {:<20} {operand}", insn.name());
    }
    for child in &code.children {
        out.push('\n');
        disassemble(child, out);
    }
}

fn local_name(code: &Code, i: u32) -> String {
    code.local_names
        .get(i as usize)
        .map(|&s| sym_name(s).to_string())
        .unwrap_or_else(|| format!("#{i}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_are_eight_bytes() {
        assert_eq!(std::mem::size_of::<Insn>(), 8);
    }

    #[test]
    fn names_are_snake_case() {
        assert_eq!(Insn::OptPlus(0).name(), "opt_plus");
        assert_eq!(Insn::PushNil.name(), "push_nil");
    }
}
