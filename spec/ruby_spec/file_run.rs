//! Runs one spec file of the snapshot as its own `rubra` process and reads what its examples
//! reported.
//!
//! The command is `rubra <crate>/spec/ruby_spec/mspec/run_file.rb core/x/y_spec.rb` from the root
//! of the snapshot's working copy, stdin closed, stdout and stderr kept, with:
//! - `RUBY_SPEC_REPORT`: the file the stand-in writes one line per event to (context.rb);
//! - `RUBY_SPEC_SKIP`: the descriptions not to run (`crash:` tags), one per line;
//! - `RUBY_SPEC_TMPDIR`: the file's scratch directory (`tmp(...)`), removed afterwards;
//! - `RUBY_SPEC_ROOT`, `RUBY_EXE`, `TZ=UTC`.
//!
//! A process that runs longer than the timeout is killed. An example that started but reported
//! nothing, with no end-of-file line after it, is the one that killed the process or hung.

use std::fs;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Passed,
    Failed(String),
    Errored(String),
    /// The example called `skip`.
    Skipped,
    /// Not run: a `crash:` tag.
    Excluded,
}

pub struct FileRun {
    pub examples: Vec<(String, Outcome)>,
    /// The file ran to its end.
    pub done: bool,
    pub timed_out: bool,
    /// The example running when the process died or was killed.
    pub died_in: Option<String>,
    /// How the process ended, for the report ("exit status 1", "signal 11", "timeout").
    pub ending: String,
    /// The last lines of stderr, for the report of a death.
    pub stderr_tail: String,
    pub seconds: f64,
}

pub struct Setup {
    pub rubra: PathBuf,
    pub stand_in: PathBuf,
    pub work: PathBuf,
    pub timeout: Duration,
}

/// Runs `file` (relative to the working copy), not running the examples in `skip`; `slot` names
/// the scratch files of this worker.
pub fn run_file(setup: &Setup, file: &str, skip: &[String], slot: usize) -> FileRun {
    let scratch = setup.work.join(format!(".run{slot}"));
    let _ = fs::remove_dir_all(&scratch);
    let _ = fs::create_dir_all(&scratch);
    let report = scratch.join("report.txt");
    let skip_file = scratch.join("skip.txt");
    let tmpdir = scratch.join("tmp");
    let _ = fs::write(&skip_file, skip.join("\n"));
    let start = Instant::now();
    let spawned = Command::new(&setup.rubra)
        .arg(&setup.stand_in)
        .arg(file)
        .current_dir(&setup.work)
        .env("RUBY_SPEC_REPORT", &report)
        .env("RUBY_SPEC_SKIP", &skip_file)
        .env("RUBY_SPEC_TMPDIR", &tmpdir)
        .env("RUBY_SPEC_ROOT", &setup.work)
        .env("RUBY_EXE", &setup.rubra)
        .env("TZ", "UTC")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // its own process group, so that a child it forks (Process/fork specs) is killed with
        // it: an orphan would keep the output pipes open and the readers below waiting
        .process_group(0)
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            return FileRun {
                examples: vec![],
                done: false,
                timed_out: false,
                died_in: None,
                ending: format!("could not run {}: {e}", setup.rubra.display()),
                stderr_tail: String::new(),
                seconds: 0.0,
            };
        }
    };
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out_pipe.read_to_end(&mut buf);
    });
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err_pipe.read_to_end(&mut buf);
        buf
    });
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) => {}
            Err(_) => break None,
        }
        if start.elapsed() > setup.timeout {
            timed_out = true;
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        thread::sleep(Duration::from_millis(5));
    };
    // whatever the file forked and left behind goes with it
    kill_group(child.id());
    let seconds = start.elapsed().as_secs_f64();
    let _ = out_reader.join();
    let stderr = err_reader.join().unwrap_or_default();
    let text = fs::read(&report).unwrap_or_default();
    let _ = fs::remove_dir_all(&scratch);

    let mut run = parse_report(&String::from_utf8_lossy(&text));
    run.timed_out = timed_out;
    run.seconds = seconds;
    run.ending = match status {
        _ if timed_out => format!("timed out after {} s", setup.timeout.as_secs()),
        Some(s) => match s.code() {
            Some(c) => format!("exit status {c}"),
            None => format!("killed: {s}"),
        },
        None => "no exit status".to_string(),
    };
    if !run.done || status.is_none_or(|s| !s.success()) {
        run.stderr_tail = tail(&String::from_utf8_lossy(&stderr), 6);
    }
    run
}

/// Reads the stand-in's report lines (see context.rb's RubySpecReport).
pub fn parse_report(text: &str) -> FileRun {
    let mut run = FileRun {
        examples: vec![],
        done: false,
        timed_out: false,
        died_in: None,
        ending: String::new(),
        stderr_tail: String::new(),
        seconds: 0.0,
    };
    let mut running: Option<String> = None;
    for line in text.lines() {
        let mut fields = line.splitn(3, '\t');
        let kind = fields.next().unwrap_or("");
        let desc = fields.next().unwrap_or("").to_string();
        let msg = fields.next().unwrap_or("").to_string();
        let outcome = match kind {
            "S" => {
                if let Some(prev) = running.replace(desc) {
                    run.examples.push((prev, Outcome::Passed));
                }
                continue;
            }
            "D" => {
                if let Some(prev) = running.take() {
                    run.examples.push((prev, Outcome::Passed));
                }
                run.done = true;
                continue;
            }
            "F" => Outcome::Failed(msg),
            "E" => Outcome::Errored(msg),
            "K" => Outcome::Skipped,
            "X" => Outcome::Excluded,
            _ => continue,
        };
        if running.as_deref() == Some(desc.as_str()) {
            running = None;
        }
        run.examples.push((desc, outcome));
    }
    run.died_in = running;
    run
}

fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(n);
    lines[from..]
        .iter()
        .map(|l| format!("    {}", l.chars().take(300).collect::<String>()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Copies a directory tree (files and directories; symlinks as the files they point at).
pub fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let src = entry.path();
        let dst = to.join(entry.file_name());
        if src.is_dir() {
            copy_tree(&src, &dst)?;
        } else {
            fs::copy(&src, &dst)?;
        }
    }
    Ok(())
}

/// Sends SIGKILL to process group `pgid` (the file's rubra and anything it forked).
fn kill_group(pgid: u32) {
    use nix::sys::signal::{Signal, killpg};
    let _ = killpg(nix::unistd::Pid::from_raw(pgid as i32), Signal::SIGKILL);
}
