//! The string syntax of complex numbers (complex.c's read_comp): `Complex("1+2i")` reads the
//! whole string strictly (blanks around it allowed, ArgumentError "invalid value for convert():
//! ..." otherwise), `String#to_c` reads the longest valid start.
//!
//! Forms: a real ("3", "-1.5e3", "1/3"), an imaginary ("3i", "-i", "2.5j"), both ("1+2i",
//! "1-i"), or the polar "abs@arg" ("1@2"). Digits may have single underscores between them. A
//! number with a "/" reads as a Rational ("1/0" raises ZeroDivisionError), one with "." or an
//! exponent as a Float, else as an Integer.

use super::real::{Real, rooted};
use super::{arith, new_complex};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;

/// The reader's position and the text of the number being read (digits without underscores).
struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    strict: bool,
}

fn is_imag_unit(c: u8) -> bool {
    matches!(c, b'i' | b'I' | b'j' | b'J')
}

impl Reader<'_> {
    fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }
    fn read_sign(&mut self, b: &mut String) -> u8 {
        let c = self.peek();
        if c == b'+' || c == b'-' {
            b.push(c as char);
            self.i += 1;
        }
        c
    }
    /// Digits with single underscores between them (strict: a double or trailing underscore
    /// fails; else reading stops before it).
    fn read_digits(&mut self, b: &mut String) -> bool {
        if !self.peek().is_ascii_digit() {
            return false;
        }
        let mut us = true;
        while self.peek().is_ascii_digit() || self.peek() == b'_' {
            if self.peek() == b'_' {
                if us {
                    if self.strict {
                        return false;
                    }
                    break;
                }
                us = true;
            } else {
                b.push(self.peek() as char);
                us = false;
            }
            self.i += 1;
        }
        if us {
            while self.i > 0 && self.s[self.i - 1] == b'_' {
                self.i -= 1;
            }
        }
        true
    }
    /// digits [. digits] [e [sign] digits]; on failure `b` keeps what was read less the last
    /// character.
    fn read_num(&mut self, b: &mut String) -> bool {
        if self.peek() != b'.' && !self.read_digits(b) {
            return false;
        }
        if self.peek() == b'.' {
            b.push('.');
            self.i += 1;
            if !self.read_digits(b) {
                b.pop();
                return false;
            }
        }
        if matches!(self.peek(), b'e' | b'E') {
            b.push(self.peek() as char);
            self.i += 1;
            self.read_sign(b);
            if !self.read_digits(b) {
                b.pop();
                return false;
            }
        }
        true
    }
    /// A number, optionally "/" and a denominator.
    fn read_rat_nos(&mut self, b: &mut String) -> bool {
        if !self.read_num(b) {
            return false;
        }
        if self.peek() == b'/' {
            b.push('/');
            self.i += 1;
            if !self.read_digits(b) {
                b.pop();
                return false;
            }
        }
        true
    }
}

/// str2num: a Rational with "/", a Float with "." or an exponent, else an Integer.
fn str2num(vm: &mut Vm, t: &str) -> VmResult<Value> {
    if t.contains('/') {
        return match crate::core::rational::parse_rational(t.as_bytes()) {
            Some((n, d, _)) => crate::core::rational::new_rational(vm, n, d),
            None => Ok(Value::fixnum(0)),
        };
    }
    if t.contains(['.', 'e', 'E']) {
        // a failed exponent leaves "3e" behind, which strtod reads as 3.0
        let t = t.trim_end_matches(['e', 'E']);
        return Ok(vm.float(t.parse::<f64>().unwrap_or(0.0)));
    }
    let n = match t.strip_prefix('+').unwrap_or(t) {
        "" | "-" => BigInt::from(0),
        d => d.parse::<BigInt>().unwrap_or_default(),
    };
    Ok(vm.bigint(n))
}

/// read_comp: the value read (as far as it got) and whether the syntax was complete. Values
/// made along the way are rooted on `vm.stack` (the caller runs inside `rooted`).
fn read_comp(vm: &mut Vm, p: &mut Reader) -> VmResult<(Value, bool)> {
    let zero = Value::fixnum(0);
    let mut b = String::new();
    let sign = p.read_sign(&mut b);
    let unit = |sign: u8| Value::fixnum(if sign == b'-' { -1 } else { 1 });
    if is_imag_unit(p.peek()) {
        p.i += 1;
        return Ok((new_complex(vm, zero, unit(sign)), true));
    }
    let ok = p.read_rat_nos(&mut b);
    let num = str2num(vm, &b)?;
    vm.stack.push(num);
    if !ok {
        return Ok((new_complex(vm, num, zero), false));
    }
    if is_imag_unit(p.peek()) {
        p.i += 1;
        return Ok((new_complex(vm, zero, num), true));
    }
    if p.peek() == b'@' {
        p.i += 1;
        let mut b = String::new();
        p.read_sign(&mut b);
        let st = p.read_rat_nos(&mut b);
        if !b.ends_with(|c: char| c.is_ascii_digit()) {
            return Ok((new_complex(vm, num, zero), false));
        }
        let arg = str2num(vm, &b)?;
        vm.stack.push(arg);
        let c = arith::polar(vm, &Real::of(num), &Real::of(arg))?;
        return Ok((c, st));
    }
    if matches!(p.peek(), b'+' | b'-') {
        let mut b = String::new();
        let sign = p.read_sign(&mut b);
        let im = if is_imag_unit(p.peek()) {
            unit(sign)
        } else {
            if !p.read_rat_nos(&mut b) {
                return Ok((new_complex(vm, num, zero), false));
            }
            str2num(vm, &b)?
        };
        if !is_imag_unit(p.peek()) {
            return Ok((new_complex(vm, num, zero), false));
        }
        p.i += 1;
        return Ok((new_complex(vm, num, im), true));
    }
    Ok((new_complex(vm, num, zero), true))
}

fn skip_ws(p: &mut Reader) {
    while matches!(p.peek(), b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        p.i += 1;
    }
}

/// parse_comp over `s`: the value and whether it is valid (strict: all of `s` was read).
fn parse_comp(vm: &mut Vm, s: &[u8], strict: bool) -> VmResult<(Value, bool)> {
    let mut p = Reader { s, i: 0, strict };
    skip_ws(&mut p);
    let (v, ok) = read_comp(vm, &mut p)?;
    skip_ws(&mut p);
    Ok((v, ok && (!strict || p.i == s.len())))
}

/// string_to_c_strict: the Complex a whole string reads as (None, or ArgumentError when
/// `raise`, for anything else).
pub(super) fn strict(vm: &mut Vm, s: Value, raise: bool) -> VmResult<Option<Value>> {
    let bytes = crate::object::string::bytes(&vm.heap, s).to_vec();
    if bytes.contains(&0) {
        if !raise {
            return Ok(None);
        }
        return Err(vm.arg_error("string contains null byte"));
    }
    let (v, ok) = rooted(vm, |vm| parse_comp(vm, &bytes, true))?;
    if ok {
        return Ok(Some(v));
    }
    if !raise {
        return Ok(None);
    }
    let ins = vm.inspect_str(s)?;
    Err(vm.arg_error(&format!("invalid value for convert(): {ins}")))
}

/// str.to_c -> complex (what its start reads as; (0+0i) when nothing)
pub(super) fn s_to_c(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let bytes = crate::object::string::bytes(&vm.heap, s);
    let end = bytes.iter().position(|&c| c == 0).unwrap_or(bytes.len());
    let text = bytes[..end].to_vec();
    let (v, _) = rooted(vm, |vm| parse_comp(vm, &text, false))?;
    Ok(v)
}
