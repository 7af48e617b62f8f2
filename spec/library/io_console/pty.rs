//! io/console on a real terminal (rexpect's pseudo-terminal): the window size set and read
//! back, `echo=`/`echo?`, `raw` with a block, `getch` returning one key without Enter, `noecho`
//! hiding a typed line, `IO.console`. (rexpect starts its terminal with echo off; the script
//! turns it on first.) The Ruby specs beside this file cover what io/console does
//! when the IO is not a terminal (the spec runner has none).

use rexpect::session::spawn_command;
use std::process::Command;

const SCRIPT: &str = r#"
require "io/console"
$stdout.sync = true
io = $stdin
io.winsize = [30, 100]
p io.winsize
io.echo = true
p io.echo?
io.echo = false
p io.echo?
io.echo = true
p io.echo?
p(io.raw { |i| i.equal?(io) })
p io.echo?
puts "ready>"
c = io.getch
p c
puts "pass>"
s = io.noecho { |i| i.gets }
p s
p io.echo?
p IO.console.class, IO.console.equal?(IO.console)
p IO.console(:close)
"#;

#[test]
fn terminal_modes_and_keys() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rubra"));
    cmd.arg("-e").arg(SCRIPT).env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(10_000)).expect("spawn rubra in a pty");
    p.exp_string("[30, 100]").unwrap();
    p.exp_string("true").unwrap();
    p.exp_string("false").unwrap();
    p.exp_string("true").unwrap();
    p.exp_string("true").unwrap();
    p.exp_string("true").unwrap();
    p.exp_string("ready>").unwrap();
    p.send("x").unwrap();
    p.flush().unwrap();
    p.exp_string("\"x\"").unwrap();
    p.exp_string("pass>").unwrap();
    p.send_line("secret").unwrap();
    let before = p.exp_string("\"secret\\n\"").unwrap();
    assert!(
        !before.contains("secret"),
        "the typed line was echoed: {before:?}"
    );
    p.exp_string("true").unwrap();
    p.exp_string("File").unwrap();
    p.exp_string("true").unwrap();
    p.exp_string("nil").unwrap();
    p.exp_eof().unwrap();
}
