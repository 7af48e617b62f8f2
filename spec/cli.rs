//! The command line against CRuby: each `spec/cli/cases/NAME.cmd` (rubra's arguments, one a
//! line; a line `< FILE` feeds FILE to stdin) runs `rubra` in a fresh copy of
//! `spec/cli/fixtures`; its stdout followed by every file of the directory must equal
//! `NAME.out`, which `spec/cli/regen` made by running NAME.rb (the same program written out)
//! under the oracle (which has no stdin and no rubra switches). `-n`, `-p`, `-a`, `-F`, `-l`,
//! `-i`, `-0`, `-s`, `-r`, `-I`, `-C`, `-W` and ARGF on stdin are covered so.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

/// Every file under `dir`, sorted by relative path, as the regen script prints them.
fn dump(dir: &Path, out: &mut Vec<u8>) {
    fn walk(base: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(base, &p, files);
            } else {
                let rel = p.strip_prefix(base).unwrap().to_string_lossy().into_owned();
                files.push((rel, p));
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, dir, &mut files);
    files.sort();
    for (rel, p) in files {
        out.extend_from_slice(format!("== {rel}\n").as_bytes());
        out.extend_from_slice(&std::fs::read(p).unwrap());
    }
}

fn run_case(root: &Path, name: &str) -> Result<(), String> {
    let cases = root.join("spec/cli/cases");
    let cmd = std::fs::read_to_string(cases.join(format!("{name}.cmd"))).unwrap();
    let expected = std::fs::read(cases.join(format!("{name}.out"))).unwrap();
    let dir = std::env::temp_dir().join(format!("rubra-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&root.join("spec/cli/fixtures"), &dir);
    let mut c = Command::new(env!("CARGO_BIN_EXE_rubra"));
    c.current_dir(&dir).env_remove("RUBYLIB");
    c.stdin(Stdio::null());
    for line in cmd.lines() {
        match line.strip_prefix("< ") {
            Some(f) => {
                c.stdin(std::fs::File::open(dir.join(f)).unwrap());
            }
            None => {
                c.arg(line);
            }
        }
    }
    let o = c.output().unwrap();
    let mut out = o.stdout.clone();
    dump(&dir, &mut out);
    let _ = std::fs::remove_dir_all(&dir);
    if out != expected || !o.status.success() {
        return Err(format!(
            "{name}: status {:?}\n--- expected\n{}\n--- got\n{}\n--- stderr\n{}",
            o.status.code(),
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&o.stderr)
        ));
    }
    Ok(())
}

#[test]
fn command_line_cases_match_the_oracle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(root.join("spec/cli/cases"))
        .unwrap()
        .filter_map(|e| {
            let n = e.unwrap().file_name().to_string_lossy().into_owned();
            n.strip_suffix(".cmd").map(String::from)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 10, "cases: {names:?}");
    let failures: Vec<String> = names
        .iter()
        .filter_map(|n| run_case(root, n).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `-x`: the program starts at its `#!ruby` line, line numbers counted from the file's start
/// (the oracle cannot run `-x`; the expected line number is the file's own).
#[test]
fn dash_x_skips_to_the_shebang_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let o = Command::new(env!("CARGO_BIN_EXE_rubra"))
        .current_dir(root.join("spec/cli/fixtures"))
        .args(["-x", "script.txt"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), "4\nafter shebang\n");
    let o = Command::new(env!("CARGO_BIN_EXE_rubra"))
        .current_dir(root.join("spec/cli/fixtures"))
        .args(["-x", "in1.txt"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no Ruby script found"));
}

/// A program on stdin is read as a file is (the oracle has no stdin; ruby 3.1 gives the same
/// statuses, output and error line): any bytes in a comment, a SyntaxError at the line of a
/// byte that is not UTF-8 in a literal, raw bytes kept under a BINARY magic comment.
#[test]
fn a_program_on_stdin_is_read_as_a_file_is() {
    use std::io::Write;
    let run = |program: &[u8]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_rubra"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        c.stdin.take().unwrap().write_all(program).unwrap();
        c.wait_with_output().unwrap()
    };
    let o = run(b"p 1 # \xff\np 2\n");
    assert_eq!((o.status.code(), &o.stdout[..]), (Some(0), &b"1\n2\n"[..]));
    let o = run(b"p 1 # \xff\np \"a\xffb\"\n");
    assert_eq!((o.status.code(), &o.stdout[..]), (Some(1), &b""[..]));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("-:2: invalid multibyte") && err.trim_end().ends_with("(SyntaxError)"),
        "{err}"
    );
    let o = run(b"# encoding: binary\np \"a\xffb\".bytes\n");
    assert_eq!(o.stdout, b"[97, 255, 98]\n");
}

/// `-v`, `--version`, `-h` and bad switches, as `ruby` answers them.
#[test]
fn version_help_and_bad_switches() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_rubra"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let v = run(&["-v"]);
    let text = String::from_utf8_lossy(&v.stdout).into_owned();
    assert!(
        text.starts_with("rubra ") && text.contains("ruby 4.0.0"),
        "{text}"
    );
    assert_eq!(run(&["--version"]).stdout, v.stdout);
    let d = run(&["-e", "print RUBY_DESCRIPTION, \"\\n\""]);
    assert_eq!(d.stdout, v.stdout);
    let vw = run(&["-v", "-e", "p $VERBOSE"]);
    assert!(String::from_utf8_lossy(&vw.stdout).ends_with("\ntrue\n"));
    let h = run(&["-h"]);
    for flag in [
        "-n ",
        "-p ",
        "-a ",
        "-i[extension]",
        "-Idirectory",
        "-rlibrary",
        "-x[directory]",
    ] {
        assert!(String::from_utf8_lossy(&h.stdout).contains(flag), "{flag}");
    }
    let bad = run(&["-q"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("invalid option -q"));
    let lib = run(&["-rno_such_lib_here", "-e", "p 1"]);
    assert_eq!(lib.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&lib.stderr)
            .contains("cannot load such file -- no_such_lib_here (LoadError)")
    );
}

/// RUBYLIB's directories come after `-I`'s on the load path.
#[test]
fn rubylib_extends_the_load_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let o = Command::new(env!("CARGO_BIN_EXE_rubra"))
        .current_dir(root.join("spec/cli/fixtures"))
        .env("RUBYLIB", "lib:sub")
        .args([
            "-I",
            "/tmp",
            "-e",
            "require 'helper'; p $LOAD_PATH.map { |d| File.basename(d) }, Helper::X",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "[\"tmp\", \"lib\", \"sub\"]\n[:helper, true]\n"
    );
}

/// `trap`: a Proc handler runs at the next safepoint after the signal, "IGNORE" drops it,
/// "DEFAULT" for INT raises Interrupt, `trap("EXIT")` runs before the at_exit handlers (the
/// oracle has no signals).
#[test]
fn trap_handlers_run_at_safepoints() {
    let src = "at_exit { puts 'at_exit' }\n\
        trap('EXIT') { puts 'exit trap' }\n\
        trap('INT') { |n| puts \"int #{n}\" }\n\
        trap('USR1', 'IGNORE')\n\
        Process.kill('INT', Process.pid)\n\
        i = 0; i += 1 while i < 100_000\n\
        Process.kill('USR1', $$)\n\
        i = 0; i += 1 while i < 100_000\n\
        trap('INT', 'DEFAULT')\n\
        begin\n\
          Process.kill('INT', Process.pid)\n\
          i = 0; i += 1 while i < 100_000\n\
        rescue Interrupt => e\n\
          puts e.class\n\
        end\n";
    let o = Command::new(env!("CARGO_BIN_EXE_rubra"))
        .args(["-e", src])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "int 2\nInterrupt\nexit trap\nat_exit\n"
    );
    assert_eq!(o.status.code(), Some(0));
}
