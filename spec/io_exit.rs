//! Output is never lost and never reordered (issue 4, object-model.md §7): buffered bytes are
//! written out however a program ends (normal end, exit, abort, an uncaught exception, throw,
//! SystemStackError, at_exit), to a file, a pipe and a terminal; a File left open is flushed
//! too; and the mixed-output spec prints the same bytes to a file and to a terminal as the
//! oracle printed to a pipe.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn rubra() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_rubra"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    c
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rubra-exit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `src` with stdout redirected to a file; returns (stdout bytes, stderr, status).
fn run_to_file(dir: &Path, src: &str) -> (Vec<u8>, String, i32) {
    let prog = dir.join("prog.rb");
    std::fs::write(&prog, src).unwrap();
    let out = dir.join("stdout.txt");
    let f = std::fs::File::create(&out).unwrap();
    let o = rubra().arg(&prog).stdout(f).output().unwrap();
    (
        std::fs::read(&out).unwrap(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.code().unwrap_or(-1),
    )
}

fn run_to_pipe(dir: &Path, src: &str) -> Output {
    let prog = dir.join("prog.rb");
    std::fs::write(&prog, src).unwrap();
    rubra().arg(&prog).output().unwrap()
}

fn count_lines(b: &[u8]) -> usize {
    b.iter().filter(|&&c| c == b'\n').count()
}

#[test]
fn a_million_lines_then_an_exception_lose_nothing() {
    let dir = scratch("million");
    let src = "i = 0\nwhile i < 1_000_000\n  puts \"line #{i}\"\n  i += 1\nend\nraise \"boom\"\n";
    let (out, err, status) = run_to_file(&dir, src);
    assert_eq!(count_lines(&out), 1_000_000);
    assert!(out.ends_with(b"line 999999\n"));
    assert!(err.contains("boom (RuntimeError)"), "stderr: {err}");
    assert_eq!(status, 1);
    let o = run_to_pipe(&dir, src);
    assert_eq!(count_lines(&o.stdout), 1_000_000);
    assert!(String::from_utf8_lossy(&o.stderr).contains("boom (RuntimeError)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_left_open_is_flushed_when_the_program_dies() {
    let dir = scratch("open-file");
    let path = dir.join("data.txt");
    let src = format!(
        "f = File.open({:?}, \"w\")\n200_000.times {{ |i| f.puts i }}\nraise ArgumentError, \"late\"\n",
        path.to_str().unwrap()
    );
    let (_, err, status) = run_to_file(&dir, &src);
    assert!(err.contains("late (ArgumentError)"), "stderr: {err}");
    assert_eq!(status, 1);
    let data = std::fs::read(&path).unwrap();
    assert_eq!(count_lines(&data), 200_000);
    assert!(data.ends_with(b"199999\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_way_out_flushes_standard_output() {
    let dir = scratch("ways");
    let head = "5000.times { |i| puts \"row #{i}\" }\n";
    let cases: &[(&str, i32, &str)] = &[
        ("", 0, ""),
        ("exit 3\n", 3, ""),
        ("abort \"bye\"\n", 1, "bye"),
        ("throw :nowhere\n", 1, "uncaught throw :nowhere"),
        ("def f = f\nf\n", 1, "stack level too deep"),
        (
            "at_exit { puts \"row 5000\" }\nraise \"x\"\n",
            1,
            "x (RuntimeError)",
        ),
        ("$stderr.puts \"err\"\nexit\n", 0, "err"),
    ];
    for (tail, want_status, want_err) in cases {
        let src = format!("{head}{tail}");
        let (out, err, status) = run_to_file(&dir, &src);
        let want_lines = if tail.contains("row 5000") {
            5001
        } else {
            5000
        };
        assert_eq!(count_lines(&out), want_lines, "program: {tail}");
        assert_eq!(status, *want_status, "program: {tail}");
        assert!(err.contains(want_err), "program: {tail} stderr: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn exit_bang_skips_flushing_as_in_cruby() {
    // CRuby's exit! is _exit(2): at_exit handlers do not run and buffered output is dropped
    let dir = scratch("exit-bang");
    let (out, _, status) = run_to_file(&dir, "at_exit { puts 1 }\nprint \"a\"\nexit! 4\n");
    assert_eq!((out.as_slice(), status), (&b""[..], 4));
    std::fs::remove_dir_all(&dir).unwrap();
}

const MIXED: &str = "spec/core/io/mixed_output_spec.rb";

fn expected_mixed() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read(root.join("spec/core/io/mixed_output_spec.out")).unwrap()
}

#[test]
fn mixed_output_to_a_file_is_what_the_oracle_printed() {
    let dir = scratch("mixed-file");
    let out = dir.join("out.txt");
    let f = std::fs::File::create(&out).unwrap();
    let st = rubra().arg(MIXED).stdout(f).status().unwrap();
    assert!(st.success());
    assert_eq!(std::fs::read(&out).unwrap(), expected_mixed());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mixed_output_to_a_terminal_is_what_the_oracle_printed() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rubra"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).arg(MIXED);
    let mut p = rexpect::session::spawn_command(cmd, Some(10_000)).expect("pty");
    let got = p.exp_eof().expect("output until the end");
    // rexpect hands bytes over as Latin-1 characters; the terminal turns "\n" into "\r\n"
    let got: Vec<u8> = got
        .replace("\r\n", "\n")
        .chars()
        .map(|c| c as u32 as u8)
        .collect();
    let want = expected_mixed();
    let first_diff = got.iter().zip(&want).position(|(a, b)| a != b);
    assert!(
        got == want,
        "{} bytes vs {} expected; first difference at {first_diff:?}",
        got.len(),
        want.len()
    );
}

#[test]
fn a_closed_pipe_ends_the_program_with_sigpipe_as_ruby() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let mut child = rubra()
        .args(["-e", "loop { puts 1 }"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 2];
    out.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"1\n");
    drop(out);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.signal(), Some(13), "status {:?}", o.status);
    assert!(o.stderr.is_empty());
}

/// The parent's buffered output, its children's output (fork, system, backquotes, spawn,
/// popen) and a forked child's uncaught exception arrive in CRuby's order, once each, to a
/// file and to a pipe; a child ended by `exit!` loses what it buffered, as in CRuby.
#[test]
fn children_and_the_parent_write_in_order_and_once() {
    let dir = scratch("children");
    let src = r#"
print "1 parent, "
puts "buffered"
pid = fork do
  puts "2 forked child"
  at_exit { puts "3 child at_exit" }
end
Process.wait(pid)
puts "4 parent after wait"
system("echo 5 system")
puts "6 " + `echo backquotes`
Process.wait(spawn("echo", "7 spawn"))
IO.popen("cat", "w") { |io| io.puts "8 popen" }
pid = fork { puts "lost"; exit!(0) }
Process.wait(pid)
pid = fork { raise "child boom" }
Process.wait(pid)
puts "9 status #{$?.exitstatus}"
"#;
    let want = "1 parent, buffered\n2 forked child\n3 child at_exit\n4 parent after wait\n\
                5 system\n6 backquotes\n7 spawn\n8 popen\n9 status 1\n";
    let (out, err, status) = run_to_file(&dir, src);
    assert_eq!(String::from_utf8_lossy(&out), want);
    assert!(err.contains("child boom (RuntimeError)"), "stderr: {err}");
    assert_eq!(status, 0);
    let o = run_to_pipe(&dir, src);
    assert_eq!(String::from_utf8_lossy(&o.stdout), want);
    assert_eq!(o.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}
