//! The REPL in a pseudo-terminal (rexpect): what issue 5 checks by hand in tmux. A multi-line
//! method and a class, an exception the session survives, Ctrl-C discarding an input and
//! interrupting an infinite loop, Tab completion of `"abc".up`, and history recalled after a
//! restart. Each test uses its own HOME (for ~/.rubra_history) and NO_COLOR.

use rexpect::session::{PtySession, spawn_command};
use std::process::Command;

const TIMEOUT_MS: u64 = 10_000;

fn start(home: &std::path::Path) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rubra"));
    cmd.env("HOME", home)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(TIMEOUT_MS)).expect("spawn rubra in a pty");
    p.exp_string("rubra(main):001> ").expect("first prompt");
    p
}

fn home(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rubra-pty-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch home");
    dir
}

#[test]
fn multi_line_definitions_errors_and_interrupts() {
    let dir = home("session");
    let mut p = start(&dir);
    p.send_line("def add(a, b)").unwrap();
    p.send_line("  a + b").unwrap();
    p.send_line("end").unwrap();
    p.exp_string("=> :add").unwrap();
    p.exp_string("rubra(main):004> ").unwrap();
    p.send_line("class Pair; def initialize(a) = @a = a; def twice = @a * 2; end")
        .unwrap();
    p.exp_string("=> :twice").unwrap();
    p.send_line("add(Pair.new(20).twice, 2)").unwrap();
    p.exp_string("=> 42").unwrap();
    p.send_line("raise ArgumentError, 'bad'").unwrap();
    // on a terminal the report is highlighted, as CRuby's error printer does there
    p.exp_string("(rubra):6:in '<main>': \x1b[1mbad (\x1b[1;4mArgumentError\x1b[m\x1b[1m)\x1b[m")
        .unwrap();
    p.exp_string("rubra(main):007> ").unwrap();
    // Ctrl-C discards a half-typed input
    p.send("half typed").unwrap();
    p.flush().unwrap();
    p.send_control('c').unwrap();
    p.exp_string("rubra(main):007> ").unwrap();
    // and interrupts running code
    p.send_line("while true; end").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.send_control('c').unwrap();
    p.exp_string("Interrupt (\x1b[1;4mInterrupt\x1b[m\x1b[1m)")
        .unwrap();
    p.send_line("add(1, 1)").unwrap();
    p.exp_string("=> 2").unwrap();
    // a native sleeping is interrupted too
    p.send_line("sleep").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.send_control('c').unwrap();
    p.exp_string("Interrupt (\x1b[1;4mInterrupt\x1b[m\x1b[1m)")
        .unwrap();
    // a real syntax error is reported when Enter is pressed, and the session goes on
    p.send_line("x = )").unwrap();
    p.exp_string("(SyntaxError)").unwrap();
    p.send_line("add(2, 3)").unwrap();
    p.exp_string("=> 5").unwrap();
    p.send_line("exit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn tab_completes_methods() {
    let dir = home("complete");
    let mut p = start(&dir);
    p.send("\"abc\".upc").unwrap();
    p.send("\t").unwrap();
    p.flush().unwrap();
    p.exp_string("upcase").unwrap();
    p.send("!\r").unwrap();
    p.flush().unwrap();
    p.exp_string("=> \"ABC\"").unwrap();
    // The next prompt is drawn once the editor is back in raw mode; a Ctrl-D sent earlier
    // reaches the terminal in cooked mode and is lost.
    p.exp_string("rubra(main):002> ").unwrap();
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn history_survives_a_restart() {
    let dir = home("history");
    let mut p = start(&dir);
    p.send_line("remembered = 6 * 7").unwrap();
    p.exp_string("=> 42").unwrap();
    p.exp_string("rubra(main):002> ").unwrap();
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
    let text = std::fs::read_to_string(dir.join(".rubra_history")).expect("history file");
    assert!(text.contains("remembered = 6 * 7"), "{text}");

    let mut p = start(&dir);
    p.send("\x1b[A").unwrap(); // Up
    p.flush().unwrap();
    p.exp_string("remembered = 6 * 7").unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("=> 42").unwrap();
    p.exp_string("rubra(main):002> ").unwrap();
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
}
