//! The error printer (CRuby's error.c `rb_error_write`): the report of an uncaught exception
//! and `Exception#full_message`, and the decorated message `Exception#detailed_message` makes.
//!
//! A report is the exception's position and detailed message, its backtrace's "from" lines,
//! then each of its causes the same way (each once). With `order: :bottom` it is turned over:
//! a "Traceback" header, the causes innermost first, numbered "from" lines counting down, and
//! the message last. With `highlight: true` the message is bold and the class name underlined
//! (ANSI escapes), as CRuby does on a terminal.

use super::Vm;
use super::error::{IV_BT, IV_CAUSE};
use crate::object::heap::{T_ARRAY, T_STRING, rarray, type_of};
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;

const BOLD: &str = "\x1b[1m";
const UNDERLINE: &str = "\x1b[1;4m";
const RESET: &str = "\x1b[m";

/// How a report is written: bold and underlined (`highlight`), and newest-last (`reverse`,
/// `order: :bottom`).
#[derive(Clone, Copy, Default)]
pub struct ReportStyle {
    pub highlight: bool,
    pub reverse: bool,
}

impl ReportStyle {
    /// The style of the report of an uncaught exception: highlighted when stderr is a
    /// terminal, as CRuby's.
    pub fn for_stderr() -> ReportStyle {
        use std::io::IsTerminal;
        ReportStyle {
            highlight: std::io::stderr().is_terminal(),
            reverse: false,
        }
    }
}

/// CRuby's `rb_decorate_message`: "message (ClassName)", the message's further lines after,
/// "unhandled exception" for a RuntimeError without one and the class name for others; an
/// anonymous class's name is left out.
pub fn decorate_message(class_name: &str, msg: &str, runtime_error: bool, hl: bool) -> String {
    let mut out = String::new();
    let span = |out: &mut String, style: &str, s: &str| {
        if hl {
            out.push_str(style);
        }
        out.push_str(s);
        if hl {
            out.push_str(RESET);
        }
    };
    if msg.is_empty() {
        let s = if runtime_error {
            "unhandled exception"
        } else {
            class_name
        };
        span(&mut out, UNDERLINE, s);
        return out;
    }
    if hl {
        out.push_str(BOLD);
    }
    let (head, tail) = match msg.split_once('\n') {
        Some((h, t)) => (h, Some(t)),
        None => (msg, None),
    };
    out.push_str(head);
    if !class_name.starts_with('#') {
        out.push_str(" (");
        span(&mut out, UNDERLINE, class_name);
        if hl {
            out.push_str(BOLD);
        }
        out.push(')');
    }
    if hl {
        out.push_str(RESET);
    }
    match tail {
        Some(t) if !t.is_empty() && !hl => {
            out.push('\n');
            out.push_str(t);
        }
        Some(t) if !t.is_empty() => {
            // each further line bold on its own, the newlines between them plain
            out.push('\n');
            let mut lines = t.split('\n').peekable();
            while let Some(l) = lines.next() {
                if !l.is_empty() {
                    span(&mut out, BOLD, l);
                }
                if lines.peek().is_some() {
                    out.push('\n');
                }
            }
        }
        _ => {}
    }
    out
}

impl Vm {
    /// The report of an uncaught exception, as CRuby 4.0 prints it to stderr.
    pub fn format_uncaught(&mut self, e: Value) -> String {
        self.error_write(e, ReportStyle::for_stderr(), None)
    }

    /// CRuby's `rb_error_write`: the report of `e` in `style`. `opts` are the keywords
    /// `full_message` was given, passed on to `detailed_message` with `highlight:`.
    pub fn error_write(&mut self, e: Value, style: ReportStyle, opts: Option<Value>) -> String {
        let mut out = String::new();
        let mut shown = vec![e];
        if style.reverse {
            if style.highlight {
                out.push_str(&format!("{BOLD}Traceback{RESET}"));
            } else {
                out.push_str("Traceback");
            }
            out.push_str(" (most recent call last):\n");
            self.write_causes(&mut out, e, style, opts, &mut shown);
            self.write_one(&mut out, e, style, opts);
        } else {
            self.write_one(&mut out, e, style, opts);
            self.write_causes(&mut out, e, style, opts, &mut shown);
        }
        out
    }

    /// The causes of `e`, each once: innermost first when reversed.
    fn write_causes(
        &mut self,
        out: &mut String,
        e: Value,
        style: ReportStyle,
        opts: Option<Value>,
        shown: &mut Vec<Value>,
    ) {
        let cause = self.ivar_get(e, intern(IV_CAUSE));
        let exc = self.c.exception;
        if !cause.is_heap() || shown.contains(&cause) || !self.is_a(cause, exc) {
            return;
        }
        shown.push(cause);
        if style.reverse {
            self.write_causes(out, cause, style, opts, shown);
            self.write_one(out, cause, style, opts);
        } else {
            self.write_one(out, cause, style, opts);
            self.write_causes(out, cause, style, opts, shown);
        }
    }

    /// One exception: its position and detailed message, and its backtrace's other lines
    /// (before the message, numbered, when reversed).
    fn write_one(&mut self, out: &mut String, e: Value, style: ReportStyle, opts: Option<Value>) {
        let lines = self.report_backtrace(e);
        let k = self.real_class(e);
        let emesg = self.detailed_message_for_report(e, style.highlight, opts);
        if style.reverse {
            self.write_from_lines(out, k, &lines, true);
        }
        match lines.first() {
            Some(first) => {
                out.push_str(first);
                out.push_str(": ");
            }
            None => out.push_str(&self.error_position()),
        }
        match emesg {
            Some(m) if !m.is_empty() => out.push_str(&m),
            _ => {
                let name = self.class_name(k);
                let runtime = k == self.c.runtime_error;
                out.push_str(&decorate_message(&name, "", runtime, style.highlight));
            }
        }
        out.push('\n');
        if !style.reverse {
            self.write_from_lines(out, k, &lines, false);
        }
    }

    /// The "\tfrom" lines of a backtrace (all but its first line). A stack overflow's is cut in
    /// the middle, as CRuby's error printer does: the first 9 lines and the last 4 (its
    /// TRACE_HEAD 8, TRACE_MAX 14). Reversed, they are numbered and count down to 1.
    fn write_from_lines(&self, out: &mut String, k: Value, lines: &[String], reverse: bool) {
        let len = lines.len();
        let width = if len <= 1 {
            0
        } else {
            (len - 1).to_string().len()
        };
        let (skip_start, skip_len) = if k == self.c.system_stack_error && len > 14 {
            (9, len - 14 + 1)
        } else {
            (usize::MAX, 0)
        };
        let mut i = 1;
        while i < len {
            if i == skip_start {
                out.push_str(&format!("\t ... {skip_len} levels...\n"));
                i += skip_len;
                if i >= len {
                    break;
                }
            }
            if reverse {
                let n = len - i;
                out.push_str(&format!("\t{n:>width$}: from {}\n", lines[n]));
            } else {
                out.push_str(&format!("\tfrom {}\n", lines[i]));
            }
            i += 1;
        }
    }

    /// The backtrace a report shows: the exception's `backtrace` (a program may override it),
    /// its String entries.
    fn report_backtrace(&mut self, e: Value) -> Vec<String> {
        let bt = match self.funcall(e, intern("backtrace"), &[], None) {
            Ok(v) => v,
            Err(_) => self.ivar_get(e, intern(IV_BT)),
        };
        if type_of(bt) != T_ARRAY {
            return Vec::new();
        }
        rarray(bt)
            .vec
            .iter()
            .filter(|v| type_of(**v) == T_STRING)
            .map(|v| String::from_utf8_lossy(string::bytes(&self.heap, *v)).into_owned())
            .collect()
    }

    /// `e.detailed_message(highlight:, **opts)` (a program may override it), None when that
    /// raises or answers something other than a String.
    fn detailed_message_for_report(
        &mut self,
        e: Value,
        highlight: bool,
        opts: Option<Value>,
    ) -> Option<String> {
        let h = self.hash_new();
        if let Some(o) = opts {
            self.hash_merge_into(h, o).ok()?;
        }
        let key = Value::symbol(intern("highlight"));
        self.hash_aset(h, key, Value::bool(highlight)).ok()?;
        let m = self
            .funcall_kw(e, intern("detailed_message"), &[h], None)
            .ok()?;
        (type_of(m) == T_STRING)
            .then(|| String::from_utf8_lossy(string::bytes(&self.heap, m)).into_owned())
    }

    /// CRuby's `error_pos`, for an exception without a backtrace: where the program is now,
    /// "file:line:in 'method': " (the innermost frame's method, such as `full_message`), or
    /// nothing outside any frame.
    fn error_position(&self) -> String {
        // no frame (a syntax error in the main program): no position, as CRuby's
        if self.frames.is_empty() {
            return String::new();
        }
        let (file, line) = self.current_position();
        let name = self.frames.last().and_then(|f| {
            (f.method != super::frame::NO_METHOD).then(|| self.methods[f.method as usize].original)
        });
        match name {
            _ if line == 0 => format!("{file}: "),
            Some(m) => format!(
                "{file}:{line}:in '{}': ",
                crate::object::symbol::sym_name(m)
            ),
            None => format!("{file}:{line}: "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::decorate_message;

    #[test]
    fn decorations_are_crubys() {
        assert_eq!(decorate_message("E", "boom", false, false), "boom (E)");
        assert_eq!(
            decorate_message("RuntimeError", "boom", true, true),
            "\x1b[1mboom (\x1b[1;4mRuntimeError\x1b[m\x1b[1m)\x1b[m"
        );
        assert_eq!(decorate_message("E", "a\nb\n", false, false), "a (E)\nb\n");
        assert_eq!(
            decorate_message("E", "a\nb\n", false, true),
            "\x1b[1ma (\x1b[1;4mE\x1b[m\x1b[1m)\x1b[m\n\x1b[1mb\x1b[m\n"
        );
        assert_eq!(decorate_message("E", "\n", false, false), " (E)");
        assert_eq!(
            decorate_message("RuntimeError", "", true, false),
            "unhandled exception"
        );
        assert_eq!(decorate_message("E", "", false, true), "\x1b[1;4mE\x1b[m");
        assert_eq!(decorate_message("#<Class:0x1>", "m", false, false), "m");
    }
}
