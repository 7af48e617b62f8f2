//! Conformance spec runner (`cargo test --test spec [-- FILTER]`).
//!
//! Runs every `spec/**/*_spec.rb` (sorted) as `rubra spec/.../x_spec.rb` from the crate root, with
//! stdin closed and a 10 s timeout, on 2 threads, and compares with what CRuby 4.0 printed (made by
//! `spec/regen`):
//! - stdout must equal `x_spec.out` byte for byte;
//! - the exit status must equal `x_spec.status` (no file: 0);
//! - stderr must equal `x_spec.err` (no file: stderr must be empty), except for syntax errors: when
//!   the first line of `x_spec.err` ends with `(SyntaxError)` (or prism printed a source excerpt
//!   after it, as for an unknown magic-comment encoding), only the first line of stderr is
//!   checked, and only its `PATH:LINE:` head (everything up to and including the colon after the
//!   line number) and its ` (SyntaxError)` tail; prism's message and detail lines are not compared.
//!
//! REPL sessions, `spec/repl/*_session.rb`, run as `rubra --repl` with the file on stdin (HOME set to
//! a scratch directory for the history file, NO_COLOR=1); their stdout must equal
//! `x_session.out`, made by `spec/repl/regen` (which replays the session under the oracle).
//!
//! Every spec runs with `TZ=UTC` (the oracle has no zone database: its local time is UTC), unless
//! its first line is `# env: TZ=<zone>`, which sets that zone instead (such specs' expected
//! output comes from the system ruby, see spec/regen and spec/README.md).
//!
//! A FILTER argument keeps only specs whose path contains it. Specs listed in `spec/pending.txt`
//! are known failures: failing counts as skipped, passing is an error (remove the line: a ratchet).
//! The last line is `N passed, N failed, N skipped`; the exit status is 1 if anything failed.

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(10);
/// Under `RUBRA_GC_STRESS=1` (a collection at every allocation) programs run many times slower.
const STRESS_TIMEOUT: Duration = Duration::from_secs(90);

/// How long a spec may run: `STRESS_TIMEOUT` under GC stress, else `TIMEOUT`.
fn time_limit() -> Duration {
    if std::env::var_os("RUBRA_GC_STRESS").is_some_and(|v| v == "1") {
        STRESS_TIMEOUT
    } else {
        TIMEOUT
    }
}

const THREADS: usize = 2;
const MAX_DIFF_LINES: usize = 40;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let mut all = Vec::new();
    collect_specs(&root.join("spec"), "spec", &mut all);
    all.sort();
    let pending = read_pending(&root.join("spec/pending.txt"));
    // Under GC stress, the specs in spec/gc_stress_skip.txt (too slow, or a known divergence
    // being investigated) are not run.
    let stress_skip = if std::env::var_os("RUBRA_GC_STRESS").is_some_and(|v| v == "1") {
        read_pending(&root.join("spec/gc_stress_skip.txt"))
    } else {
        Vec::new()
    };
    let specs: Vec<String> = all
        .iter()
        .filter(|s| filter.as_ref().is_none_or(|f| s.contains(f.as_str())))
        .filter(|s| !stress_skip.contains(s))
        .cloned()
        .collect();

    // Run the specs on THREADS workers; results are printed in path order afterwards.
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<Vec<String>>>> = specs.iter().map(|_| Mutex::new(None)).collect();
    thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(spec) = specs.get(i) else { break };
                    *results[i].lock().unwrap() = Some(check(root, spec));
                }
            });
        }
    });

    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for (spec, result) in specs.iter().zip(results) {
        let problems = result.into_inner().unwrap().unwrap_or_default();
        match (problems.is_empty(), pending.iter().any(|p| p == spec)) {
            (true, false) => passed += 1,
            (false, true) => skipped += 1,
            (true, true) => {
                failed += 1;
                println!("FAIL {spec}: now passes: remove it from spec/pending.txt");
            }
            (false, false) => {
                failed += 1;
                println!("FAIL {spec}");
                for p in problems {
                    println!("{p}");
                }
            }
        }
    }
    if filter.is_none() {
        for p in pending.iter().filter(|p| !all.contains(p)) {
            failed += 1;
            println!("FAIL {p}: listed in spec/pending.txt but there is no such spec");
        }
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    if failed > 0 {
        std::process::exit(1);
    }
}

/// Adds the paths (relative to the crate root, with `/`) of all `*_spec.rb` files (and REPL
/// `*_session.rb` files) under `dir`.
fn collect_specs(dir: &Path, rel: &str, out: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            collect_specs(&path, &format!("{rel}/{name}"), out);
        } else if name.ends_with("_spec.rb") || name.ends_with("_session.rb") {
            out.push(format!("{rel}/{name}"));
        }
    }
}

/// The spec paths listed in pending.txt (blank lines and `#` comments ignored).
fn read_pending(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Runs one spec; returns a description of every mismatch (empty when it passes).
fn check(root: &Path, spec: &str) -> Vec<String> {
    let base = root.join(spec.trim_end_matches(".rb"));
    let expected = |ext: &str| fs::read(base.with_extension(ext)).ok();
    let Some(want_out) = expected("out") else {
        let regen = if spec.ends_with("_session.rb") {
            "spec/repl/regen"
        } else {
            "spec/regen"
        };
        return vec![format!("  missing .out file: run {regen} {spec}")];
    };
    let want_err = expected("err").unwrap_or_default();
    let want_status: i32 = expected("status")
        .map(|s| String::from_utf8_lossy(&s).trim().parse().unwrap_or(-1))
        .unwrap_or(0);

    let run = match run_rubra(root, spec) {
        Ok(run) => run,
        Err(e) => return vec![format!("  could not run rubra: {e}")],
    };
    let mut problems = Vec::new();
    if run.timed_out {
        problems.push(format!(
            "  timed out after {} s (killed)",
            time_limit().as_secs()
        ));
    }
    let got_status = run.status.and_then(|s| s.code());
    if got_status != Some(want_status) {
        let got = match run.status {
            Some(s) => s.code().map_or_else(|| s.to_string(), |c| c.to_string()),
            None => "none (killed)".to_string(),
        };
        problems.push(format!("  exit status: expected {want_status}, got {got}"));
    }
    if run.stdout != want_out {
        problems.push("  stdout differs (-expected +actual):".to_string());
        problems.extend(diff(&want_out, &run.stdout));
    }
    if let Some((head, tail)) = syntax_error_head(&want_err) {
        let first = run.stderr.split(|&b| b == b'\n').next().unwrap_or(&[]);
        if !(first.starts_with(head.as_bytes()) && first.ends_with(tail.as_bytes())) {
            problems.push(format!(
                "  stderr: first line must be `{head} ...{tail}`, got:"
            ));
            problems.push(format!("  +{}", String::from_utf8_lossy(first)));
        }
    } else if run.stderr != want_err {
        problems.push("  stderr differs (-expected +actual):".to_string());
        problems.extend(diff(&want_err, &run.stderr));
    }
    problems
}

/// For an expected stderr whose first line is `PATH:LINE: ... (SyntaxError)`, or another error
/// that prism reported with a source excerpt (its second line starts with `> `: the ArgumentError
/// of an unknown magic-comment encoding), the parts of that line that rubra must reproduce: the
/// head `PATH:LINE:` and the tail ` (SyntaxError)` (or ` (ArgumentError)`).
fn syntax_error_head(err: &[u8]) -> Option<(String, String)> {
    let mut lines = err.split(|&b| b == b'\n');
    let first = String::from_utf8_lossy(lines.next()?).into_owned();
    let excerpt = lines.next().is_some_and(|l| l.starts_with(b"> "));
    let tail = match first.rfind(" (") {
        Some(at) if first.ends_with(')') => first[at..].to_string(),
        _ => return None,
    };
    if tail != " (SyntaxError)" && !excerpt {
        return None;
    }
    let (path, rest) = first.split_once(':')?;
    let line: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!line.is_empty() && rest[line.len()..].starts_with(':'))
        .then(|| (format!("{path}:{line}:"), tail))
}

/// The TZ a spec runs with: `# env: TZ=<zone>` on its first line, else UTC.
fn spec_tz(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_default();
    let first = text.lines().next().unwrap_or("");
    first
        .strip_prefix("# env: TZ=")
        .map(|z| z.trim().to_string())
        .unwrap_or_else(|| "UTC".to_string())
}

struct Run {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: Option<ExitStatus>,
    timed_out: bool,
}

fn run_rubra(root: &Path, spec: &str) -> std::io::Result<Run> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rubra"));
    cmd.env("TZ", spec_tz(&root.join(spec)));
    if spec.ends_with("_session.rb") {
        let home = std::env::temp_dir().join(format!("rubra-spec-home-{}", std::process::id()));
        fs::create_dir_all(&home)?;
        cmd.arg("--repl")
            .env("HOME", home)
            .env("NO_COLOR", "1")
            .stdin(fs::File::open(root.join(spec))?);
    } else {
        cmd.arg(spec).stdin(Stdio::null());
    }
    let mut child = cmd
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out_pipe.read_to_end(&mut buf);
        buf
    });
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err_pipe.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if start.elapsed() > time_limit() {
            timed_out = true;
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        thread::sleep(Duration::from_millis(5));
    };
    Ok(Run {
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        status,
        timed_out,
    })
}

/// A compact unified-style line diff: changed lines with one line of context, `@@` hunk headers,
/// at most MAX_DIFF_LINES lines. A line without a final newline is marked `\ no newline`.
fn diff(want: &[u8], got: &[u8]) -> Vec<String> {
    let a: Vec<&[u8]> = want.split_inclusive(|&b| b == b'\n').collect();
    let b: Vec<&[u8]> = got.split_inclusive(|&b| b == b'\n').collect();
    let ops = if a.len() * b.len() <= 4_000_000 {
        lcs_ops(&a, &b)
    } else {
        naive_ops(&a, &b)
    };
    let show = |sign: char, line: &[u8]| {
        let text = String::from_utf8_lossy(line);
        match text.strip_suffix('\n') {
            Some(t) => format!("  {sign}{t}"),
            None => format!("  {sign}{text}\\ no newline"),
        }
    };
    // Keep an op if it is a change or within one line of a change.
    let changed: Vec<bool> = ops.iter().map(|op| !matches!(op, Op::Same(..))).collect();
    let near = |i: usize| {
        changed[i.saturating_sub(1)..(i + 2).min(ops.len())]
            .iter()
            .any(|&c| c)
    };
    let mut lines = Vec::new();
    let mut last_kept = None;
    for (i, op) in ops.iter().enumerate() {
        if !near(i) {
            continue;
        }
        if last_kept != Some(i.wrapping_sub(1)) {
            let (ai, bi) = match *op {
                Op::Same(x, y) => (x, y),
                Op::Del(x, y) | Op::Add(x, y) => (x, y),
            };
            lines.push(format!("  @@ -{} +{} @@", ai + 1, bi + 1));
        }
        last_kept = Some(i);
        lines.push(match *op {
            Op::Same(x, _) => show(' ', a[x]),
            Op::Del(x, _) => show('-', a[x]),
            Op::Add(_, y) => show('+', b[y]),
        });
    }
    if lines.len() > MAX_DIFF_LINES {
        let more = lines.len() - MAX_DIFF_LINES;
        lines.truncate(MAX_DIFF_LINES);
        lines.push(format!("  ... ({more} more diff lines)"));
    }
    lines
}

/// One step of an edit script; each carries the current line numbers in expected and actual.
enum Op {
    Same(usize, usize),
    Del(usize, usize),
    Add(usize, usize),
}

fn lcs_ops(a: &[&[u8]], b: &[&[u8]]) -> Vec<Op> {
    // len[i][j] = length of the longest common subsequence of a[i..] and b[j..].
    let w = b.len() + 1;
    let mut len = vec![0u32; (a.len() + 1) * w];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            len[i * w + j] = if a[i] == b[j] {
                len[(i + 1) * w + j + 1] + 1
            } else {
                len[(i + 1) * w + j].max(len[i * w + j + 1])
            };
        }
    }
    let (mut i, mut j, mut ops) = (0, 0, Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            ops.push(Op::Same(i, j));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || len[(i + 1) * w + j] >= len[i * w + j + 1]) {
            ops.push(Op::Del(i, j));
            i += 1;
        } else {
            ops.push(Op::Add(i, j));
            j += 1;
        }
    }
    ops
}

/// For huge outputs: common prefix and suffix, everything between them replaced.
fn naive_ops(a: &[&[u8]], b: &[&[u8]]) -> Vec<Op> {
    let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let max_suf = a.len().min(b.len()) - pre;
    let suf = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_suf)
        .take_while(|(x, y)| x == y)
        .count();
    let mut ops: Vec<Op> = (0..pre).map(|i| Op::Same(i, i)).collect();
    ops.extend((pre..a.len() - suf).map(|i| Op::Del(i, pre)));
    ops.extend((pre..b.len() - suf).map(|j| Op::Add(a.len() - suf, j)));
    ops.extend((0..suf).map(|k| Op::Same(a.len() - suf + k, b.len() - suf + k)));
    ops
}
