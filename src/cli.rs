//! The `rubra` command line, read as `ruby` reads its own (ruby.c's proc_options): switches
//! first (single letters may be combined, `-lane`, `-i.bak`, `-e'code'`), then the program
//! file (unless `-e` gave the program, or `-` or nothing: standard input), then the program's
//! arguments. `usage` is the `-h` text, the one list of what is supported.
//!
//! `wrap_loop` gives `-n`/`-p` (with `-a`, `-l`) their loop around the parsed program, as
//! CRuby's parser does: `BEGIN` blocks run once before it, then
//! `while gets($/); $F = $_.split($;); <program>; print $_; end`.

use crate::ast::{Node, NodeKind, Target};

/// Where the program comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// A file name as given.
    File(String),
    /// `-e` code (several `-e` joined by newlines).
    Code(String),
    /// `-`, or standard input when no program is named and it is not a terminal.
    Stdin,
}

/// What the command line asks for.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Options {
    pub source: Option<Source>,
    /// The program's arguments (ARGV).
    pub args: Vec<String>,
    /// `--repl`: the interactive session (also without a program, with a terminal).
    pub repl: bool,
    /// `-c`
    pub check: bool,
    /// `--dump=insns`
    pub dump: bool,
    /// `--stats`
    pub stats: bool,
    /// `-n` (and `-p`): loop over the lines of ARGF.
    pub loop_lines: bool,
    /// `-p`: print `$_` at the end of each iteration.
    pub print: bool,
    /// `-a`: `$F = $_.split($;)` at the start of each iteration.
    pub split: bool,
    /// `-l`: lines are chomped and `$\` is `$/`.
    pub chomp: bool,
    /// `-Fpattern`: `$;`.
    pub field_sep: Option<String>,
    /// `-0[octal]`: `$/` (None inside: nil, from `-0777`).
    pub record_sep: Option<Option<Vec<u8>>>,
    /// `-i[ext]`: edit ARGV's files in place, keeping backups with this extension.
    pub inplace: Option<String>,
    /// `-r lib`, in order.
    pub requires: Vec<String>,
    /// `-I dir`, in order.
    pub includes: Vec<String>,
    /// `-C dir` / `-x dir`: the working directory to run in.
    pub chdir: Option<String>,
    /// `$VERBOSE`: `-w`/`-v`/`-W2` Some(Some(true)), `-W1` Some(Some(false)), `-W0` Some(None).
    pub verbose: Option<Option<bool>>,
    /// `-d`: `$DEBUG`.
    pub debug: bool,
    /// `-s`: the program's leading `-name[=value]` arguments set globals.
    pub switches: bool,
    /// `-x`: the program starts at its `#!...ruby` line.
    pub skip_to_shebang: bool,
    /// `-v`: print the version (then run the program, if any).
    pub print_version: bool,
    /// `-E ext[:int]` / `--encoding`: the external encoding's name.
    pub encoding: Option<String>,
}

/// The command line cannot run a program: print `message` (when not empty) and exit with
/// `status`; `to_stdout` for `-h`, `--version` and `--copyright`.
#[derive(Debug, PartialEq)]
pub struct Exit {
    pub message: String,
    pub status: i32,
    pub to_stdout: bool,
}

fn fail(msg: impl Into<String>) -> Exit {
    Exit {
        message: format!("rubra: {}", msg.into()),
        status: 1,
        to_stdout: false,
    }
}

fn done(text: String) -> Exit {
    Exit {
        message: text,
        status: 0,
        to_stdout: true,
    }
}

/// The `-h` text.
pub fn usage() -> String {
    "Usage: rubra [switches] [--] [programfile] [arguments]
  -0[octal]       specify record separator (\\0, if no argument; -00 paragraph mode, -0777 slurp)
  -a              autosplit mode with -n or -p (splits $_ into $F)
  -c              check syntax only
  -Cdirectory     cd to directory before executing your script
  -d, --debug     set debugging flags (set $DEBUG to true)
  -e 'command'    one line of script. Several -e's allowed. Omit [programfile]
  -Eex[:in], --encoding=ex[:in]
                  specify the default external encoding (UTF-8 or BINARY)
  -Fpattern       split() pattern for autosplit (-a)
  -i[extension]   edit ARGV files in place (make backup if extension supplied)
  -Idirectory     specify $LOAD_PATH directory (may be used more than once)
  -l              enable line ending processing
  -n              assume 'while gets(); ... end' loop around your script
  -p              assume loop like -n but print line also like sed
  -rlibrary       require the library before executing your script
  -s              enable some switch parsing for switches after script name
  -v              print the version number, then turn on verbose mode
  -w              turn warnings on for your script
  -W[level=2]     set warning level; 0=silence, 1=medium, 2=verbose
  -x[directory]   strip off text before #!ruby line and perhaps cd to directory
  -h, --help      show this message
  --version       print the version number, then exit
  --copyright     print the copyright
  --repl          start the interactive session (the default with a terminal and no program)
  --dump=insns    print the compiled bytecode instead of running
  --stats         print the object-model counters at exit
  --disable-gems, --enable=..., --disable=..., --jit, --yjit
                  accepted and ignored (rubra has no gems and no JIT)
"
    .to_string()
}

/// Reads the command line (without the command's own name).
pub fn parse(args: &[String]) -> Result<Options, Exit> {
    let mut o = Options::default();
    let mut code: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            break;
        }
        if a == "-" {
            o.source = Some(Source::Stdin);
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            long_option(&mut o, long, args, &mut i)?;
            continue;
        }
        let Some(flags) = a.strip_prefix('-') else {
            i -= 1;
            break;
        };
        short_options(&mut o, flags, args, &mut i, &mut code)?;
    }
    if let Some(c) = code {
        o.source = Some(Source::Code(c));
    } else if o.source.is_none() && i < args.len() {
        o.source = Some(Source::File(args[i].clone()));
        i += 1;
    }
    o.args = args[i..].to_vec();
    if o.print {
        o.loop_lines = true;
    }
    Ok(o)
}

/// The argument of a switch: the rest of this word, else the next word.
fn operand(rest: &str, args: &[String], i: &mut usize) -> Option<String> {
    if !rest.is_empty() {
        return Some(rest.to_string());
    }
    let v = args.get(*i).cloned();
    if v.is_some() {
        *i += 1;
    }
    v
}

fn short_options(
    o: &mut Options,
    flags: &str,
    args: &[String],
    i: &mut usize,
    code: &mut Option<String>,
) -> Result<(), Exit> {
    let mut chars = flags.char_indices();
    while let Some((at, c)) = chars.next() {
        let rest = &flags[at + c.len_utf8()..];
        match c {
            'a' => o.split = true,
            'c' => o.check = true,
            'd' => o.debug = true,
            'l' => o.chomp = true,
            'n' => o.loop_lines = true,
            'p' => o.print = true,
            's' => o.switches = true,
            'w' => o.verbose = Some(Some(true)),
            'v' => {
                o.print_version = true;
                o.verbose = Some(Some(true));
            }
            'y' | 'U' => {}
            'h' => return Err(done(usage())),
            'W' => {
                let (level, used) = match rest.as_bytes().first() {
                    Some(b'0') => (Some(None), 1),
                    Some(b'1') => (Some(Some(false)), 1),
                    Some(b'2') => (Some(Some(true)), 1),
                    // -W:no-deprecated and friends: warning categories, accepted
                    Some(b':') => return Ok(()),
                    _ => (Some(Some(true)), 0),
                };
                o.verbose = level;
                if used == 1 {
                    chars.next();
                }
            }
            'e' => {
                let Some(c) = operand(rest, args, i) else {
                    return Err(fail("no code specified for -e (RuntimeError)"));
                };
                *code = Some(match code.take() {
                    Some(prev) => format!("{prev}\n{c}"),
                    None => c,
                });
                return Ok(());
            }
            'r' => {
                let Some(lib) = operand(rest, args, i) else {
                    return Err(fail("no library specified for -r (RuntimeError)"));
                };
                o.requires.push(lib);
                return Ok(());
            }
            'I' => {
                let Some(dir) = operand(rest, args, i) else {
                    return Err(fail("no include path specified for -I (RuntimeError)"));
                };
                o.includes.push(dir);
                return Ok(());
            }
            'C' | 'X' => {
                let Some(dir) = operand(rest, args, i) else {
                    return Err(fail("Can't chdir (RuntimeError)"));
                };
                o.chdir = Some(dir);
                return Ok(());
            }
            'E' => {
                let Some(enc) = operand(rest, args, i) else {
                    return Err(fail("missing argument for -E (RuntimeError)"));
                };
                o.encoding = Some(enc);
                return Ok(());
            }
            'F' => {
                if !rest.is_empty() {
                    o.field_sep = Some(rest.to_string());
                }
                return Ok(());
            }
            'i' => {
                o.inplace = Some(rest.to_string());
                return Ok(());
            }
            'x' => {
                o.skip_to_shebang = true;
                if !rest.is_empty() {
                    o.chdir = Some(rest.to_string());
                }
                return Ok(());
            }
            '0' => {
                let digits: String = rest.chars().take_while(|c| c.is_digit(8)).collect();
                let v = u32::from_str_radix(if digits.is_empty() { "0" } else { &digits }, 8)
                    .unwrap_or(0);
                o.record_sep = Some(match v {
                    0 if digits.starts_with('0') && !digits.is_empty() => Some(Vec::new()),
                    v if v >= 0o400 => None,
                    v => Some(vec![v as u8]),
                });
                for _ in 0..digits.len() {
                    chars.next();
                }
            }
            _ => {
                return Err(fail(format!(
                    "invalid option -{c}  (-h will show valid options) (RuntimeError)"
                )));
            }
        }
    }
    Ok(())
}

fn long_option(o: &mut Options, long: &str, args: &[String], i: &mut usize) -> Result<(), Exit> {
    let (name, value) = match long.split_once('=') {
        Some((n, v)) => (n, Some(v.to_string())),
        None => (long, None),
    };
    match name {
        "help" => return Err(done(usage())),
        "version" => {
            return Err(done(format!("{}\n", crate::core::version::description())));
        }
        "copyright" => {
            return Err(done(format!("{}\n", crate::core::version::RUBY_COPYRIGHT)));
        }
        "verbose" => o.verbose = Some(Some(true)),
        "debug" => o.debug = true,
        "repl" => o.repl = true,
        "stats" => o.stats = true,
        "dump" if value.as_deref() == Some("insns") => o.dump = true,
        "encoding" | "external-encoding" => {
            let v = value.or_else(|| {
                let v = args.get(*i).cloned();
                *i += 1;
                v
            });
            let Some(v) = v else {
                return Err(fail(format!(
                    "missing argument for --{name} (RuntimeError)"
                )));
            };
            o.encoding = Some(v);
        }
        "internal-encoding" => {
            if value.is_none() {
                *i += 1;
            }
        }
        "disable-gems"
        | "enable-gems"
        | "disable-did_you_mean"
        | "enable-did_you_mean"
        | "enable"
        | "disable"
        | "jit"
        | "yjit"
        | "rjit"
        | "zjit"
        | "backtrace-limit"
        | "crash-report"
        | "parser" => {}
        _ => {
            return Err(fail(format!(
                "invalid option --{name}  (-h will show valid options) (RuntimeError)"
            )));
        }
    }
    Ok(())
}

/// `-s`: takes the leading `-name` / `-name=value` arguments off `args` (up to a `--`, which
/// goes too, or the first other argument) as (global name, value: None for true).
pub fn take_switches(args: &mut Vec<String>) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    while let Some(a) = args.first() {
        if a == "--" {
            args.remove(0);
            break;
        }
        let Some(body) = a.strip_prefix('-').filter(|b| !b.is_empty()) else {
            break;
        };
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        out.push((format!("${}", name.replace('-', "_")), value));
        args.remove(0);
    }
    out
}

/// `-x`: the program from its first `#!` line that mentions ruby, with the lines before it
/// blank (so line numbers stay the file's); None when there is no such line.
pub fn skip_to_shebang(src: &str) -> Option<String> {
    let mut out = String::with_capacity(src.len());
    let mut found = false;
    for line in src.split_inclusive('\n') {
        if !found && line.starts_with("#!") && (line.contains("ruby") || line.contains("rubra")) {
            found = true;
        }
        if found {
            out.push_str(line);
        } else {
            out.push('\n');
        }
    }
    found.then_some(out)
}

/// The number of `BEGIN { }` blocks in `src` (the parser puts them first in the program).
fn count_begin_blocks(src: &str) -> usize {
    crate::lexer::Lexer::new(src, &[])
        .filter(|t| matches!(t, Ok((_, crate::lexer::Tok::KwPreexe, _))))
        .count()
}

/// `-n`/`-p`: the program `ast` (parsed from `src`) inside CRuby's line loop.
pub fn wrap_loop(ast: Node, src: &str, print: bool, split: bool, chomp: bool) -> Node {
    let line = ast.line;
    let mut stmts = match ast.kind {
        NodeKind::Seq(s) => s,
        other => vec![Node::new(other, line)],
    };
    let pre = count_begin_blocks(src).min(stmts.len());
    let body: Vec<Node> = stmts.split_off(pre);
    let gvar = |name: &str| Node::new(NodeKind::GVar(name.to_string()), line);
    let call = |recv: Option<Node>, name: &str, args: Vec<Node>| {
        Node::new(
            NodeKind::Call {
                recv: recv.map(Box::new),
                name: name.to_string(),
                args,
                block: None,
                safe: false,
            },
            line,
        )
    };
    let mut inner = Vec::new();
    if split {
        let fields = call(Some(gvar("$_")), "split", vec![gvar("$;")]);
        inner.push(Node::new(
            NodeKind::Asgn(Box::new(Target::GVar("$F".into())), Box::new(fields)),
            line,
        ));
    }
    inner.extend(body);
    if print {
        inner.push(call(None, "print", vec![gvar("$_")]));
    }
    let mut gets_args = vec![gvar("$/")];
    if chomp {
        gets_args.push(Node::new(
            NodeKind::KwHash(vec![crate::ast::HashElem::Pair(
                Node::new(NodeKind::Sym("chomp".into()), line),
                Node::new(NodeKind::True, line),
            )]),
            line,
        ));
    }
    let cond = call(None, "gets", gets_args);
    stmts.push(Node::new(
        NodeKind::While {
            cond: Box::new(cond),
            body: Some(Box::new(Node::new(NodeKind::Seq(inner), line))),
            until: false,
            do_while: false,
        },
        line,
    ));
    Node::new(NodeKind::Seq(stmts), line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Options, Exit> {
        parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn combined_switches() {
        let o = p(&["-lane", "print $F[0]", "f.txt"]).unwrap();
        assert!(o.chomp && o.split && o.loop_lines && !o.print);
        assert_eq!(o.source, Some(Source::Code("print $F[0]".into())));
        assert_eq!(o.args, vec!["f.txt".to_string()]);
        let o = p(&["-i.bak", "-pe", "x", "a", "b"]).unwrap();
        assert_eq!(o.inplace.as_deref(), Some(".bak"));
        assert!(o.print && o.loop_lines);
        assert_eq!(o.args.len(), 2);
        let o = p(&["-eputs 1", "-e", "puts 2"]).unwrap();
        assert_eq!(o.source, Some(Source::Code("puts 1\nputs 2".into())));
    }

    #[test]
    fn operands_attached_or_separate() {
        let o = p(&[
            "-Ilib", "-I", "other", "-rset", "-r", "pp", "-F:", "prog.rb", "-x",
        ])
        .unwrap();
        assert_eq!(o.includes, vec!["lib".to_string(), "other".to_string()]);
        assert_eq!(o.requires, vec!["set".to_string(), "pp".to_string()]);
        assert_eq!(o.field_sep.as_deref(), Some(":"));
        assert_eq!(o.source, Some(Source::File("prog.rb".into())));
        assert_eq!(o.args, vec!["-x".to_string()]);
    }

    #[test]
    fn warning_levels_and_record_separators() {
        assert_eq!(p(&["-W0"]).unwrap().verbose, Some(None));
        assert_eq!(p(&["-W1"]).unwrap().verbose, Some(Some(false)));
        assert_eq!(p(&["-W"]).unwrap().verbose, Some(Some(true)));
        assert_eq!(p(&["-0"]).unwrap().record_sep, Some(Some(vec![0])));
        assert_eq!(p(&["-00"]).unwrap().record_sep, Some(Some(vec![])));
        assert_eq!(p(&["-0777"]).unwrap().record_sep, Some(None));
        assert_eq!(p(&["-012"]).unwrap().record_sep, Some(Some(vec![b'\n'])));
    }

    #[test]
    fn bad_switches() {
        assert_eq!(p(&["-q"]).unwrap_err().status, 1);
        assert!(
            p(&["-e"])
                .unwrap_err()
                .message
                .contains("no code specified")
        );
        assert!(p(&["-h"]).unwrap_err().to_stdout);
        assert!(p(&["--disable-gems", "--enable=frozen-string-literal"]).is_ok());
    }

    #[test]
    fn switches_for_the_program() {
        let mut a: Vec<String> = ["-xyz", "-foo-bar=baz", "--", "-rest"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let s = take_switches(&mut a);
        assert_eq!(
            s,
            vec![
                ("$xyz".to_string(), None),
                ("$foo_bar".to_string(), Some("baz".to_string()))
            ]
        );
        assert_eq!(a, vec!["-rest".to_string()]);
    }

    #[test]
    fn shebang_skipping_keeps_line_numbers() {
        let src = "garbage\nmore\n#!/usr/bin/env ruby\np __LINE__\n";
        assert_eq!(
            skip_to_shebang(src).unwrap(),
            "\n\n#!/usr/bin/env ruby\np __LINE__\n"
        );
        assert!(skip_to_shebang("p 1\n").is_none());
    }
}
