//! Regexp literals and named-capture assignment.
//!
//! A literal without interpolation is compiled once, at compile time, into a frozen Regexp
//! constant (a bad pattern is a SyntaxError at its line, as in CRuby); one with interpolation
//! builds its source at run time (`Interp`) and then the Regexp (`NewRegexp`), except that a
//! `/o` literal keeps the first Regexp it made in a cache cell and reuses it.
//!
//! `/(?<name>..)/ =~ expr` with a literal without interpolation on the left assigns each named
//! group to a local of that name after the match (nil when it fails), as CRuby does.

use super::{CResult, Compiler};
use crate::ast::{Node, NodeKind, StrPart};
use crate::core::regexp::{self, engine, source};
use crate::object::symbol::intern;
use crate::vm::insn::Insn;

/// Option bits and the `/u` flag of a literal's flag letters.
fn flag_bits(flags: &str) -> (u32, bool) {
    let mut opts = 0;
    let mut utf8 = false;
    for c in flags.chars() {
        match c {
            'i' => opts |= engine::IGNORECASE,
            'x' => opts |= engine::EXTENDED,
            'm' => opts |= engine::MULTILINE,
            'n' => opts |= engine::NOENCODING,
            'u' => utf8 = true,
            _ => {}
        }
    }
    (opts, utf8)
}

/// The literal's source when it has no interpolation.
fn plain_source(parts: &[StrPart]) -> Option<Vec<u8>> {
    super::literal::text_only(parts).map(|raw| source::literal_source(&raw))
}

/// The named groups of `recv` when it is a regexp literal without interpolation that
/// compiles: the locals `recv =~ x` assigns.
pub fn capture_names(recv: &Node) -> Option<Vec<String>> {
    let NodeKind::Regex(parts, flags) = &recv.kind else {
        return None;
    };
    let src = plain_source(parts)?;
    let (opts, _) = flag_bits(flags);
    let enc = if opts & engine::NOENCODING != 0 && !src.is_ascii() {
        engine::Enc::Binary
    } else {
        engine::Enc::Utf8
    };
    let c = engine::compile(&src, opts, enc).ok()?;
    let names: Vec<String> = c.names().into_iter().map(|(n, _)| n).collect();
    (!names.is_empty()).then_some(names)
}

impl Compiler<'_> {
    /// A regexp literal: `/../flags` or `%r{..}flags`.
    pub(super) fn regex_literal(&mut self, parts: &[StrPart], flags: &str, line: u32) -> CResult {
        let (opts, utf8) = flag_bits(flags);
        if let Some(src) = plain_source(parts) {
            return match regexp::new_regexp(self.vm, &src, opts, self.encoding, utf8) {
                Ok(re) => {
                    self.vm.freeze(re);
                    self.vm.keep(re);
                    self.push_value(re);
                    Ok(())
                }
                Err(msg) => self.err(line, msg),
            };
        }
        self.parts(parts)?;
        let enc = self.encoding.index() as u8;
        self.s().emit(Insn::Interp(enc, parts.len() as u32));
        let mut operand = opts | if utf8 { 1 << 7 } else { 0 };
        if flags.contains('o') {
            let cell = self.vm.ary_new_capa(0);
            self.vm.keep(cell);
            let k = self.s().add_const(cell);
            operand |= (1 << 8) | (k << 9);
        }
        self.s().emit(Insn::NewRegexp(operand));
        Ok(())
    }

    /// After `recv =~ arg` (its value on the stack): assigns the named groups of `names`
    /// from `$~` to locals.
    pub(super) fn assign_named_captures(&mut self, names: &[String]) {
        for name in names {
            let var = self.declare(name);
            self.s().emit(Insn::GetNamedCapture(intern(name)));
            self.set_var(var);
            self.s().emit(Insn::Pop);
        }
    }
}
