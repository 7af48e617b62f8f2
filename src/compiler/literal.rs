//! String literals and their encodings: a literal is in its source's encoding (the magic
//! comment's, else UTF-8), except that one with a `\u` escape is UTF-8 and, in a US-ASCII
//! source, one with a non-ASCII byte (`"\xff"`) is BINARY, as in CRuby. An interpolated string
//! starts out in that encoding and takes its pieces' as CRuby's rb_str_concat_literals does
//! (`Vm::interpolate`); `__ENCODING__` is the source's Encoding object.

use super::{CResult, Compiler};
use crate::ast::StrPart;
use crate::object::string::Encoding;
use crate::vm::insn::Insn;

impl Compiler<'_> {
    /// The encoding of literal text `bytes` (`utf8`: it had a `\u` escape).
    fn literal_encoding(&self, bytes: &[u8], utf8: bool) -> Encoding {
        match self.encoding {
            _ if utf8 => Encoding::Utf8,
            Encoding::UsAscii if !bytes.is_ascii() => Encoding::Binary,
            e => e,
        }
    }

    /// A string literal without interpolation: a new (chilled) String each time, or the frozen
    /// deduplicated one under `# frozen_string_literal: true`.
    pub(super) fn string_literal(&mut self, bytes: &[u8], utf8: bool) {
        let enc = self.literal_encoding(bytes, utf8);
        if self.frozen {
            let v = self.vm.fstring_enc(bytes, enc);
            self.push_value(v);
        } else {
            let i = self.s().add_string(bytes, enc);
            self.s().emit(Insn::PushStr(i));
        }
    }

    /// `"a#{b}c"`, or a literal with a `\u` escape (all of whose parts may be text).
    pub(super) fn dstring_literal(&mut self, parts: &[StrPart]) -> CResult {
        let utf8 = parts.iter().any(|p| matches!(p, StrPart::Utf8(_)));
        if let Some(text) = text_only(parts) {
            self.string_literal(&text, utf8);
            return Ok(());
        }
        self.parts(parts)?;
        let start = if utf8 { Encoding::Utf8 } else { self.encoding };
        self.s()
            .emit(Insn::Interp(start.index() as u8, parts.len() as u32));
        Ok(())
    }

    /// Pushes the pieces of an interpolation: the text parts as frozen Strings in their
    /// literal encodings, the code parts' values.
    pub(super) fn parts(&mut self, parts: &[StrPart]) -> CResult {
        for p in parts {
            match p {
                StrPart::Lit(b) | StrPart::Utf8(b) => {
                    let enc = self.literal_encoding(b, matches!(p, StrPart::Utf8(_)));
                    let v = self.vm.fstring_enc(b, enc);
                    self.push_value(v);
                }
                StrPart::Code(n) => self.expr(n)?,
            }
        }
        Ok(())
    }

    /// `__ENCODING__`.
    pub(super) fn source_encoding(&mut self) {
        let e = crate::core::string_encoding::encoding_object(self.vm, self.encoding);
        self.push_value(e);
    }
}

/// The concatenated text of `parts` when none is code.
pub(super) fn text_only(parts: &[StrPart]) -> Option<Vec<u8>> {
    let mut text = Vec::new();
    for p in parts {
        match p {
            StrPart::Lit(b) | StrPart::Utf8(b) => text.extend_from_slice(b),
            StrPart::Code(_) => return None,
        }
    }
    Some(text)
}
