//! The ruby/spec runner (`cargo test --test ruby_spec [-- FILTER]`): runs every spec file of the
//! snapshot in `../shared/ruby-spec` (beside the crate) under rubra with the project's mspec
//! stand-in (spec/ruby_spec/mspec/), each file as its own process with a timeout, and compares the
//! failing examples with spec/ruby_spec/tags.txt (tags.rs).
//!
//! The snapshot is copied to `target/tmp/ruby-spec/` with a `spec_helper.rb` that loads the
//! stand-in (the snapshot's files `require_relative` it from the root, and the snapshot itself is
//! not ours to change). Each file runs as file_run.rs says. The run fails when an example that is
//! not tagged fails or raises, when a file dies (a signal, a panic, a timeout) in an untagged
//! example, and when a tag is out of date (a `fails:` example that passes, a `crash:` file that
//! runs to its end, a tag that matches nothing): tags.txt is a ratchet like spec/pending.txt.
//!
//! It prints one line per file, then the totals per class and in all, and the time taken.
//! `RUBY_SPEC_RETAG=1` rewrites tags.txt from the run instead of checking it (an example that
//! kills the process is tagged `crash:` and the file run again without it); `RUBY_SPEC_RETAG=all`
//! also tries the examples already tagged `crash:`. `RUBY_SPEC_TIMEOUT` (seconds, default 20) and
//! `RUBY_SPEC_JOBS` (default 2) tune the run; `RUBY_SPEC_VERBOSE=1` also prints the tagged
//! examples' failures; `RUBY_SPEC_DIR` names another snapshot. FILTER arguments (several allowed)
//! keep the files whose path contains one of them.

mod file_run;
mod tags;

use file_run::{FileRun, Outcome, Setup, copy_tree, run_file};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};
use tags::{FileTags, Tags, WHOLE_FILE};

/// A file's last run and the examples it was run without.
type Ran = (FileRun, Vec<String>);

/// How often a file is run again in retag mode after an example killed it.
const MAX_RERUNS: usize = 40;

#[derive(Default, Clone, Copy)]
struct Counts {
    files: usize,
    died: usize,
    passed: usize,
    failed: usize,
    errored: usize,
    skipped: usize,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.files += o.files;
        self.died += o.died;
        self.passed += o.passed;
        self.failed += o.failed;
        self.errored += o.errored;
        self.skipped += o.skipped;
    }
    fn examples(&self) -> usize {
        self.passed + self.failed + self.errored
    }
}

fn main() {
    let started = Instant::now();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let snapshot = match std::env::var_os("RUBY_SPEC_DIR") {
        Some(d) => PathBuf::from(d),
        None => root.join("../shared/ruby-spec"),
    };
    if !snapshot.join("core").is_dir() {
        eprintln!(
            "ruby_spec: the ruby/spec snapshot is missing: expected {} (a copy of shared/ beside \
             the repository, as CI has it; or set RUBY_SPEC_DIR)",
            snapshot.join("core").display()
        );
        std::process::exit(1);
    }
    let retag = std::env::var("RUBY_SPEC_RETAG").unwrap_or_default();
    let retag = match retag.as_str() {
        "" | "0" => None,
        "all" => Some(true),
        _ => Some(false),
    };
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let filter = !filters.is_empty();
    let verbose = std::env::var_os("RUBY_SPEC_VERBOSE").is_some();
    let timeout = env_number("RUBY_SPEC_TIMEOUT", 20);
    let jobs = env_number("RUBY_SPEC_JOBS", 2).max(1) as usize;

    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ruby-spec");
    let stand_in = root.join("spec/ruby_spec/mspec");
    prepare_work(&snapshot, &work, &stand_in);
    let mut files = Vec::new();
    collect(&work.join("core"), "core", &mut files);
    files.sort();
    let files: Vec<String> = files
        .into_iter()
        .filter(|f| filters.is_empty() || filters.iter().any(|p| f.contains(p.as_str())))
        .collect();
    let tags_path = root.join("spec/ruby_spec/tags.txt");
    let tags = tags::read(&tags_path).unwrap_or_else(|e| {
        eprintln!("ruby_spec: {e}");
        std::process::exit(1)
    });
    let setup = Setup {
        rubra: PathBuf::from(env!("CARGO_BIN_EXE_rubra")),
        stand_in: stand_in.join("run_file.rb"),
        work: work.clone(),
        timeout: Duration::from_secs(timeout),
    };

    // Run the files on `jobs` workers; results are printed in path order afterwards.
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<Ran>>> = files.iter().map(|_| Mutex::new(None)).collect();
    thread::scope(|scope| {
        for slot in 0..jobs {
            let (next, results, files, tags, setup) = (&next, &results, &files, &tags, &setup);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(file) = files.get(i) else { break };
                    let t = tags.get(file).cloned().unwrap_or_default();
                    let r = run_one(setup, file, &t, retag, slot);
                    *results[i].lock().unwrap() = Some(r);
                }
            });
        }
    });
    let results: Vec<Ran> = results
        .into_iter()
        .map(|r| r.into_inner().unwrap().expect("every file ran"))
        .collect();
    let _ = fs::remove_dir_all(&work);

    let mut problems = Vec::new();
    let mut per_class: BTreeMap<String, Counts> = BTreeMap::new();
    let mut new_tags = if filter { tags.clone() } else { Tags::new() };
    for (file, (run, skipped)) in files.iter().zip(&results) {
        let t = tags.get(file).cloned().unwrap_or_default();
        let counts = count(run);
        println!("{}", file_line(file, run, &counts));
        if retag.is_some() {
            new_tags.insert(file.clone(), retag_file(run, skipped));
        } else {
            check(file, run, &t, &mut problems);
            if verbose {
                print_tagged(file, run, &t);
            }
        }
        let class = file.split('/').nth(1).unwrap_or("").to_string();
        per_class.entry(class).or_default().add(&counts);
    }
    if retag.is_none() && !filter {
        for file in tags.keys().filter(|f| !files.contains(f)) {
            problems.push(format!(
                "STALE TAG {file}: tags.txt lists a file the snapshot does not have"
            ));
        }
    }

    let mut total = Counts::default();
    println!();
    println!(
        "| class | files | examples | passed | failed | errored | skipped | files that died |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (class, c) in &per_class {
        println!("{}", table_row(class, c));
        total.add(c);
    }
    println!("{}", table_row("**total**", &total));
    println!();
    for p in &problems {
        println!("{p}");
    }
    println!(
        "ruby/spec: {} files, {} examples: {} passed, {} failed, {} errored, {} skipped; {} files died; \
         {} problems; {:.0} s",
        total.files,
        total.examples(),
        total.passed,
        total.failed,
        total.errored,
        total.skipped,
        total.died,
        problems.len(),
        started.elapsed().as_secs_f64()
    );
    if retag.is_some() {
        new_tags.retain(|_, t| !t.fails.is_empty() || !t.crash.is_empty());
        if let Err(e) = tags::write(&tags_path, &new_tags) {
            eprintln!("ruby_spec: writing {}: {e}", tags_path.display());
            std::process::exit(1);
        }
        println!("wrote {}", tags_path.display());
    } else if !problems.is_empty() {
        std::process::exit(1);
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A fresh copy of the snapshot, plus the `spec_helper.rb` its files require.
fn prepare_work(snapshot: &Path, work: &Path, stand_in: &Path) {
    let _ = fs::remove_dir_all(work);
    for dir in ["core", "fixtures", "shared"] {
        if snapshot.join(dir).is_dir()
            && let Err(e) = copy_tree(&snapshot.join(dir), &work.join(dir))
        {
            eprintln!(
                "ruby_spec: copying {} to {}: {e}",
                snapshot.display(),
                work.display()
            );
            std::process::exit(1);
        }
    }
    // As ruby/spec's own spec_helper: the stand-in, CODE_LOADING_DIR, warnings off.
    let helper = format!(
        "# Made by spec/ruby_spec/main.rs: ruby/spec's files require this; it loads rubra's mspec stand-in.\n\
         require {:?}\n\
         CODE_LOADING_DIR = {:?} unless defined?(CODE_LOADING_DIR)\n\
         $VERBOSE = nil\n",
        stand_in.join("mspec.rb").to_string_lossy(),
        work.join("fixtures/code").to_string_lossy()
    );
    fs::write(work.join("spec_helper.rb"), helper).expect("writing spec_helper.rb");
}

fn collect(dir: &Path, rel: &str, out: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            collect(&path, &format!("{rel}/{name}"), out);
        } else if name.ends_with("_spec.rb") {
            out.push(format!("{rel}/{name}"));
        }
    }
}

/// Runs one file; in retag mode again and again, each time without the example that killed the
/// previous run. Returns the run and the examples it did not run.
fn run_one(setup: &Setup, file: &str, t: &FileTags, retag: Option<bool>, slot: usize) -> Ran {
    let mut skip: Vec<String> = match retag {
        Some(true) => vec![],
        _ => t
            .crash
            .iter()
            .filter(|d| *d != WHOLE_FILE)
            .cloned()
            .collect(),
    };
    loop {
        let run = run_file(setup, file, &skip, slot);
        match (&run.died_in, retag) {
            (Some(d), Some(_)) if !run.done && skip.len() < MAX_RERUNS && !skip.contains(d) => {
                skip.push(d.clone());
            }
            _ => return (run, skip),
        }
    }
}

fn count(run: &FileRun) -> Counts {
    let mut c = Counts {
        files: 1,
        died: usize::from(!run.done),
        ..Counts::default()
    };
    for (_, o) in &run.examples {
        match o {
            Outcome::Passed => c.passed += 1,
            Outcome::Failed(_) => c.failed += 1,
            Outcome::Errored(_) => c.errored += 1,
            Outcome::Skipped | Outcome::Excluded => c.skipped += 1,
        }
    }
    if let Some(_d) = &run.died_in {
        c.errored += 1;
    }
    c
}

fn file_line(file: &str, run: &FileRun, c: &Counts) -> String {
    let mut line = format!(
        "{file}: {} passed, {} failed, {} errored",
        c.passed, c.failed, c.errored
    );
    if c.skipped > 0 {
        line.push_str(&format!(", {} skipped", c.skipped));
    }
    if !run.done {
        line.push_str(&format!(" (died: {})", run.ending));
    }
    line.push_str(&format!(" [{:.2} s]", run.seconds));
    line
}

fn table_row(class: &str, c: &Counts) -> String {
    let pct = if c.examples() == 0 {
        0.0
    } else {
        100.0 * c.passed as f64 / c.examples() as f64
    };
    format!(
        "| {class} | {} | {} | {} ({pct:.0}%) | {} | {} | {} | {} |",
        c.files,
        c.examples(),
        c.passed,
        c.failed,
        c.errored,
        c.skipped,
        c.died
    )
}

/// Compares one file's run with its tags; every mismatch is a problem.
fn check(file: &str, run: &FileRun, t: &FileTags, problems: &mut Vec<String>) {
    let failing: BTreeSet<&str> = run
        .examples
        .iter()
        .filter(|(_, o)| matches!(o, Outcome::Failed(_) | Outcome::Errored(_)))
        .map(|(d, _)| d.as_str())
        .collect();
    let mut seen = BTreeSet::new();
    for (desc, outcome) in &run.examples {
        seen.insert(desc.as_str());
        match outcome {
            Outcome::Failed(m) | Outcome::Errored(m) if !t.fails.contains(desc) => {
                let kind = if matches!(outcome, Outcome::Failed(_)) {
                    "FAIL"
                } else {
                    "ERROR"
                };
                problems.push(format!("{kind} {file}: {desc}\n    {}", shorten(m)));
            }
            Outcome::Passed if t.fails.contains(desc) && !failing.contains(desc.as_str()) => {
                problems.push(format!(
                    "NOW PASSES {file}: {desc}\n    remove `fails:{file}:{desc}` from spec/ruby_spec/tags.txt"
                ));
            }
            _ => {}
        }
    }
    if let Some(d) = &run.died_in {
        problems.push(format!(
            "DIED {file}: in `{d}` ({})\n{}\n    tag it `crash:{file}:{d}` if it cannot be fixed now",
            run.ending, run.stderr_tail
        ));
    } else if !run.done && !t.file_crashes() {
        problems.push(format!(
            "DIED {file}: before any example ({})\n{}",
            run.ending, run.stderr_tail
        ));
    }
    if run.done && t.file_crashes() {
        problems.push(format!(
            "NOW RUNS {file}: remove `crash:{file}:{WHOLE_FILE}` from spec/ruby_spec/tags.txt"
        ));
    }
    if run.done {
        for d in t.fails.iter().chain(t.crash.iter()) {
            if d != WHOLE_FILE && !seen.contains(d.as_str()) {
                problems.push(format!("STALE TAG {file}: `{d}` matches no example"));
            }
        }
    }
}

/// With RUBY_SPEC_VERBOSE: the tagged examples' failures too, to see what they need.
fn print_tagged(file: &str, run: &FileRun, t: &FileTags) {
    for (desc, outcome) in &run.examples {
        if let Outcome::Failed(m) | Outcome::Errored(m) = outcome
            && t.fails.contains(desc)
        {
            println!("TAGGED {file}: {desc}\n    {}", shorten(m));
        }
    }
}

/// The tags a retag run gives a file.
fn retag_file(run: &FileRun, skipped: &[String]) -> FileTags {
    let mut t = FileTags::default();
    for (d, o) in &run.examples {
        match o {
            Outcome::Failed(_) | Outcome::Errored(_) => {
                t.fails.insert(d.clone());
            }
            Outcome::Excluded if skipped.contains(d) => {
                t.crash.insert(d.clone());
            }
            _ => {}
        }
    }
    match &run.died_in {
        Some(d) => {
            t.crash.insert(d.clone());
        }
        None if !run.done => {
            t.crash.insert(WHOLE_FILE.to_string());
        }
        None => {}
    }
    t
}

fn shorten(msg: &str) -> String {
    let s: String = msg.chars().take(400).collect();
    if s.len() < msg.len() {
        format!("{s}...")
    } else {
        s
    }
}
