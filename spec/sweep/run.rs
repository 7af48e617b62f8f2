//! The call sweep's runner: runs one Ruby program under rubra in a scratch directory (stdin from
//! /dev/null, output captured, a timeout, an address-space limit), says whether it died, and
//! bisects a batch that died down to the call (or the shortest run of calls) that kills it.

use crate::calls::{Call, batch_program, repro_program};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How to run programs.
pub struct Runner {
    pub bin: PathBuf,
    pub scratch: PathBuf,
    pub timeout: Duration,
    pub gc_stress: bool,
    /// `ulimit -v` in KiB: a runaway allocation fails fast instead of swapping the machine.
    pub mem_kib: u64,
    pub counter: AtomicU64,
}

/// What became of one run.
pub struct Run {
    pub timed_out: bool,
    pub signal: Option<i32>,
    pub code: Option<i32>,
    pub stderr: String,
    /// Standard output, when asked for (the enumeration); else empty.
    pub stdout: String,
    /// The lines of `sweep.log`: call indices, then `done`.
    pub log: String,
}

/// A death: `key` groups deaths of one root cause, `detail` is what a reader needs to see.
#[derive(Clone, Debug, PartialEq)]
pub struct Death {
    pub key: String,
    pub detail: String,
}

fn signal_name(s: i32) -> &'static str {
    match s {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        _ => "signal",
    }
}

/// Digits to `N`, so one panic with different indices is one group.
pub fn normalize(s: &str) -> String {
    let mut out = String::new();
    let mut in_num = false;
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !in_num {
                out.push('N');
            }
            in_num = true;
        } else {
            in_num = false;
            out.push(c);
        }
    }
    out
}

impl Runner {
    pub fn run(
        &self,
        program: &str,
        timeout: Duration,
        env_stress: bool,
        keep_stdout: bool,
    ) -> Run {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let dir = self.scratch.join(format!("b{n}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        let prog = dir.join("prog.rb");
        std::fs::write(&prog, program).expect("write program");
        let out = std::fs::File::create(dir.join("stdout.txt")).expect("stdout file");
        let err = std::fs::File::create(dir.join("stderr.txt")).expect("stderr file");
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!(
                "ulimit -v {} 2>/dev/null; exec \"$0\" \"$@\"",
                self.mem_kib
            ))
            .arg(&self.bin)
            .arg("prog.rb")
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .env("TZ", "UTC")
            .env("HOME", &dir)
            .env_remove("RUBRA_GC_STRESS");
        if env_stress {
            cmd.env("RUBRA_GC_STRESS", "1");
        }
        let mut child = cmd.spawn().expect("spawn rubra");
        let start = Instant::now();
        let mut timed_out = false;
        let status = loop {
            if let Some(st) = child.try_wait().expect("wait") {
                break st;
            }
            if start.elapsed() > timeout {
                timed_out = true;
                let _ = child.kill();
                break child.wait().expect("wait");
            }
            std::thread::sleep(Duration::from_millis(3));
        };
        let stderr = read_capped(&dir.join("stderr.txt"));
        let log = std::fs::read_to_string(dir.join("sweep.log")).unwrap_or_default();
        let stdout = if keep_stdout {
            std::fs::read_to_string(dir.join("stdout.txt")).unwrap_or_default()
        } else {
            String::new()
        };
        let _ = std::fs::remove_dir_all(&dir);
        Run {
            timed_out,
            signal: if timed_out { None } else { status.signal() },
            code: status.code(),
            stderr,
            stdout,
            log,
        }
    }

    pub fn run_calls(&self, calls: &[&Call]) -> Run {
        let owned: Vec<Call> = calls.iter().map(|c| (*c).clone()).collect();
        self.run(&batch_program(&owned), self.timeout, self.gc_stress, false)
    }
}

/// The head and the tail of a file (a program may print a lot).
fn read_capped(p: &Path) -> String {
    let b = std::fs::read(p).unwrap_or_default();
    let s = if b.len() > 65536 {
        let mut v = b[..16384].to_vec();
        v.extend_from_slice(b"\n...\n");
        v.extend_from_slice(&b[b.len() - 16384..]);
        v
    } else {
        b
    };
    String::from_utf8_lossy(&s).into_owned()
}

impl Run {
    /// The index of the call that was running last (the last index in the log), if any.
    pub fn last_call(&self) -> Option<usize> {
        self.log.lines().rev().find_map(|l| l.trim().parse().ok())
    }

    pub fn done(&self) -> bool {
        self.log.lines().any(|l| l == "done")
    }

    /// The death this run shows, if it shows one; `sig` names the method that was running.
    pub fn death(&self, sig: &str) -> Option<Death> {
        if self.timed_out {
            return Some(Death {
                key: format!("hang in {sig}"),
                detail: "no result within the batch timeout".into(),
            });
        }
        if let Some(i) = self.stderr.find("panicked at ") {
            let rest = &self.stderr[i + "panicked at ".len()..];
            let mut lines = rest.lines();
            let loc = lines.next().unwrap_or("").trim_end_matches(':').to_string();
            let msg = lines.next().unwrap_or("").trim().to_string();
            return Some(Death {
                key: format!("panic at {loc}: {}", normalize(&msg)),
                detail: format!("panicked at {loc}: {msg}"),
            });
        }
        for marker in ["[BUG]", "internal error"] {
            if let Some(l) = self.stderr.lines().find(|l| l.contains(marker)) {
                return Some(Death {
                    key: format!("bug: {}", normalize(l.trim())),
                    detail: l.trim().to_string(),
                });
            }
        }
        if let Some(s) = self.signal {
            let tail = self
                .stderr
                .lines()
                .rfind(|l| {
                    l.contains("fatal runtime error")
                        || l.contains("memory allocation of")
                        || l.contains("overflowed its stack")
                })
                .unwrap_or("")
                .trim()
                .to_string();
            let name = signal_name(s);
            let key = if tail.is_empty() {
                format!("signal {s} ({name}) in {sig}")
            } else {
                format!("signal {s} ({name}): {}", normalize(&tail))
            };
            let detail = if tail.is_empty() {
                format!("killed by signal {s} ({name})")
            } else {
                format!("killed by signal {s} ({name}) after \"{tail}\"")
            };
            return Some(Death { key, detail });
        }
        if self.code == Some(101) {
            return Some(Death {
                key: format!("exit status 101 in {sig}"),
                detail: "exit status 101".into(),
            });
        }
        None
    }
}

/// The outcome of a batch: which calls ran, and the death with its smallest reproducing program.
pub struct BatchResult {
    /// Calls that ran (those after a death are returned in `rest` to be run again).
    pub ran: usize,
    pub death: Option<(Death, String, String)>,
    /// The calls after the one that died or ended the process (the caller runs them again).
    pub rest: Vec<Call>,
    /// The process ended early without dying (a call ended it): its signature.
    pub ended_early: Option<String>,
}

/// Runs a batch; on a death, finds the dying call and bisects to its smallest reproducer.
pub fn run_batch(r: &Runner, calls: &[Call]) -> BatchResult {
    let refs: Vec<&Call> = calls.iter().collect();
    let run = r.run_calls(&refs);
    let k = run.last_call();
    let sig_at = |k: Option<usize>| {
        k.map(|k| calls[k].sig.clone())
            .unwrap_or("<prelude>".into())
    };
    let Some(death) = run.death(&sig_at(k)) else {
        if run.done() || calls.is_empty() {
            return BatchResult {
                ran: calls.len(),
                death: None,
                rest: vec![],
                ended_early: None,
            };
        }
        let k = k.unwrap_or(0);
        return BatchResult {
            ran: k + 1,
            death: None,
            rest: calls[k + 1..].to_vec(),
            ended_early: Some(calls[k].sig.clone()),
        };
    };
    let Some(k) = k else {
        return BatchResult {
            ran: 0,
            death: Some((death, batch_program(calls), "<prelude>".into())),
            rest: vec![],
            ended_early: None,
        };
    };
    let same = |d: Option<Death>| d.is_some_and(|d| d.key == death.key);
    let sig = calls[k].sig.clone();
    let rest = calls[k + 1..].to_vec();
    // The call alone?
    if same(r.run_calls(&[&calls[k]]).death(&sig)) {
        let repro = repro_program(&[&calls[k]]);
        return BatchResult {
            ran: k + 1,
            death: Some((death, repro, sig)),
            rest,
            ended_early: None,
        };
    }
    // State-dependent: the shortest suffix of the prefix that still dies, then drop what it can.
    let (mut lo, mut hi) = (0usize, k); // calls[lo..=k] dies; find the largest start that does
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        let part: Vec<&Call> = calls[mid..=k].iter().collect();
        if same(r.run_calls(&part).death(&sig)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let mut keep: Vec<&Call> = calls[lo..=k].iter().collect();
    if !same(r.run_calls(&keep).death(&sig)) {
        // Not reproducible from a prefix alone (timing, or the whole batch is needed).
        let repro = repro_program(&calls[..=k].iter().collect::<Vec<_>>());
        return BatchResult {
            ran: k + 1,
            death: Some((death, repro, format!("{sig} (flaky)"))),
            rest,
            ended_early: None,
        };
    }
    if keep.len() <= 40 {
        let mut i = 0;
        while i + 1 < keep.len() {
            let mut trial = keep.clone();
            trial.remove(i);
            if same(r.run_calls(&trial).death(&sig)) {
                keep = trial;
            } else {
                i += 1;
            }
        }
    }
    let repro = repro_program(&keep);
    BatchResult {
        ran: k + 1,
        death: Some((death, repro, sig)),
        rest,
        ended_early: None,
    }
}
