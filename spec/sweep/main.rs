//! The call sweep (`cargo test --test sweep`): calls every native method of every core class and
//! module with receivers and arguments of every kind, with and without blocks, in batches, and
//! reports every death (a signal, a Rust panic, a hang) with the smallest program reproducing it.
//! See spec/README.md ("The call sweep") for the options and the last full run's result.

mod calls;
mod run;

use calls::{Call, Denylist, Gen, Plan, Rng};
use run::{Runner, run_batch};
use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

struct Opts {
    full: bool,
    seed: u64,
    gc_stress: bool,
    known: Option<PathBuf>,
    oracles: Vec<PathBuf>,
    bin: PathBuf,
    jobs: usize,
    batch: usize,
    timeout: u64,
    receivers: Option<usize>,
    calls: Option<usize>,
    only: Vec<String>,
    report: Option<PathBuf>,
    max_time: Option<u64>,
}

fn usage() -> ! {
    eprintln!(
        "usage: cargo test [--release] --test sweep -- [--full] [--seed N] [--gc-stress] \
         [--known FILE] [--oracle RUBY]... [--bin RUBRA] [--jobs N] [--batch N] [--timeout SECS] \
         [--receivers N] [--calls N] [--only SUBSTR]... [--report FILE] [--max-time SECS]"
    );
    std::process::exit(2)
}

fn opts() -> Opts {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut o = Opts {
        full: false,
        seed: 1,
        gc_stress: false,
        known: None,
        oracles: vec![],
        bin: PathBuf::from(env!("CARGO_BIN_EXE_rubra")),
        jobs: 2,
        batch: 0,
        timeout: 0,
        receivers: None,
        calls: None,
        only: vec![],
        report: None,
        max_time: None,
    };
    let mut known_set = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--full" => o.full = true,
            "--seed" => o.seed = val().parse().unwrap_or_else(|_| usage()),
            "--gc-stress" => o.gc_stress = true,
            "--known" => {
                o.known = Some(PathBuf::from(val()));
                known_set = true
            }
            "--no-known" => known_set = true,
            "--oracle" => o.oracles.push(PathBuf::from(val())),
            "--bin" => o.bin = PathBuf::from(val()),
            "--jobs" => o.jobs = val().parse().unwrap_or_else(|_| usage()),
            "--batch" => o.batch = val().parse().unwrap_or_else(|_| usage()),
            "--timeout" => o.timeout = val().parse().unwrap_or_else(|_| usage()),
            "--receivers" => o.receivers = Some(val().parse().unwrap_or_else(|_| usage())),
            "--calls" => o.calls = Some(val().parse().unwrap_or_else(|_| usage())),
            "--only" => o.only.push(val()),
            "--report" => o.report = Some(PathBuf::from(val())),
            "--max-time" => o.max_time = Some(val().parse().unwrap_or_else(|_| usage())),
            // What cargo's test runner passes to every harness-less target.
            "--nocapture" | "--quiet" | "-q" | "--test-threads" | "--color" | "--format" => {}
            _ if a.starts_with("--test-threads=") || a.starts_with("--color=") => {}
            "-h" | "--help" => usage(),
            _ => usage(),
        }
    }
    // The CI subset skips the methods known to crash today; a full run finds them all.
    if !known_set && !o.full {
        o.known = Some(root.join("spec/sweep/known.txt"));
    }
    if o.batch == 0 {
        o.batch = if o.gc_stress { 150 } else { 1000 };
    }
    if o.timeout == 0 {
        o.timeout = if o.gc_stress {
            60
        } else if o.full {
            10
        } else {
            20
        };
    }
    o
}

/// A group of deaths with one signature.
struct Group {
    detail: String,
    hits: usize,
    sigs: BTreeMap<String, usize>,
    repro: String,
}

#[derive(Default)]
struct State {
    queue: VecDeque<Vec<Call>>,
    calls_made: usize,
    batches_ok: usize,
    batches_died: usize,
    batches_total: usize,
    groups: BTreeMap<String, Group>,
    ended_early: BTreeMap<String, usize>,
    hangs: BTreeMap<String, usize>,
    skipped: usize,
}

fn main() {
    let o = opts();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let started = Instant::now();
    let deny = Denylist::parse(
        &std::fs::read_to_string(root.join("spec/sweep/denylist.txt")).expect("denylist.txt"),
    )
    .unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let known: Vec<String> = match &o.known {
        Some(p) => std::fs::read_to_string(p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect(),
        None => vec![],
    };
    let scratch = std::env::temp_dir().join(format!("rubra-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch dir");
    let runner = Runner {
        bin: o.bin.clone(),
        scratch: scratch.clone(),
        timeout: Duration::from_secs(o.timeout),
        gc_stress: o.gc_stress,
        mem_kib: 6 * 1024 * 1024,
        counter: AtomicU64::new(0),
    };

    // 1. Ask rubra what it defines, and what each value of the pool is.
    let en = runner.run(
        &calls::enumerate_program(calls::POOL),
        Duration::from_secs(120),
        false,
        true,
    );
    if en.death("<enumerate>").is_some() || en.code != Some(0) {
        eprintln!("the enumeration program failed under rubra:\n{}", en.stderr);
        std::process::exit(1);
    }
    let (values, allocs, meths) = calls::parse_enumeration(&en.stdout, calls::POOL);
    // known.txt names methods (skipped) and `Class.allocate` values (not used).
    let allocs: Vec<_> = allocs
        .into_iter()
        .filter(|v| !known.contains(&v.expr))
        .collect();
    let meths: Vec<_> = meths
        .into_iter()
        .filter(|m| o.only.is_empty() || o.only.iter().any(|s| m.sig().contains(s.as_str())))
        .filter(|m| !known.contains(&m.sig()))
        .collect();

    // 2. Generate the calls.
    let plan = if o.full {
        Plan {
            receivers: o.receivers.unwrap_or(12),
            calls: o.calls.unwrap_or(32),
        }
    } else {
        Plan {
            receivers: o.receivers.unwrap_or(3),
            calls: o.calls.unwrap_or(5),
        }
    };
    let mut g = Gen {
        values: &values,
        allocs: &allocs,
        deny: &deny,
        rng: Rng(o.seed),
    };
    let mut all = vec![];
    for m in &meths {
        all.extend(g.calls_for(m, &plan));
    }
    let total_calls = all.len();
    eprintln!(
        "sweep: {} methods, {} values, {} allocated receivers, {} calls (seed {}, {}{})",
        meths.len(),
        values.len(),
        allocs.len(),
        total_calls,
        o.seed,
        if o.full { "full" } else { "CI subset" },
        if o.gc_stress {
            ", RUBRA_GC_STRESS=1"
        } else {
            ""
        }
    );
    let mut st = State::default();
    // Batches in a seeded random order, so a run cut short by --max-time still covers every class.
    let mut chunks: Vec<Vec<Call>> = all.chunks(o.batch).map(|c| c.to_vec()).collect();
    let mut rng = Rng(o.seed ^ 0x5eed);
    for i in (1..chunks.len()).rev() {
        chunks.swap(i, rng.below(i + 1));
    }
    st.queue.extend(chunks);
    st.batches_total = st.queue.len();
    let st = Mutex::new(st);

    // 3. Run the batches, bisecting the ones that die.
    std::thread::scope(|s| {
        for _ in 0..o.jobs.max(1) {
            s.spawn(|| {
                loop {
                    if o.max_time.is_some_and(|t| started.elapsed().as_secs() >= t) {
                        break;
                    }
                    let Some(mut batch) = st.lock().unwrap().queue.pop_front() else {
                        break;
                    };
                    // A method that hung twice is not called on infinite or huge values again:
                    // every hang costs two timeouts, and one repro per method is enough.
                    {
                        let mut guard = st.lock().unwrap();
                        let before = batch.len();
                        batch.retain(|c| {
                            !c.unbounded || guard.hangs.get(&c.sig).is_none_or(|&n| n < 2)
                        });
                        guard.skipped += before - batch.len();
                        if batch.is_empty() {
                            continue;
                        }
                    }
                    let res = run_batch(&runner, &batch);
                    let mut st = st.lock().unwrap();
                    st.calls_made += res.ran;
                    if !res.rest.is_empty() {
                        st.queue.push_front(res.rest);
                    }
                    if let Some(sig) = res.ended_early {
                        *st.ended_early.entry(sig).or_default() += 1;
                    }
                    match res.death {
                        None => st.batches_ok += 1,
                        Some((mut death, repro, sig)) => {
                            st.batches_died += 1;
                            regroup(&mut death, &repro);
                            if death.key.starts_with("hang in ") {
                                let m = death.key["hang in ".len()..].to_string();
                                *st.hangs.entry(m).or_default() += 1;
                            }
                            eprintln!("  death: {} ({sig})", death.detail);
                            let g = st.groups.entry(death.key.clone()).or_insert(Group {
                                detail: death.detail.clone(),
                                hits: 0,
                                sigs: BTreeMap::new(),
                                repro: repro.clone(),
                            });
                            g.hits += 1;
                            *g.sigs.entry(sig).or_default() += 1;
                            if repro.len() < g.repro.len() {
                                g.repro = repro;
                            }
                        }
                    }
                    let done = st.batches_ok + st.batches_died;
                    if done % 20 == 0 {
                        eprintln!(
                            "  ... {} calls made, {} batches run, {} death groups, {:.0}s",
                            st.calls_made,
                            done,
                            st.groups.len(),
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let st = st.into_inner().unwrap();

    // 4. Check each group against CRuby, when one is given: a death CRuby shows too is not ours.
    // Only hangs are checked: CRuby does not panic, and where rubra aborts on a failed allocation
    // CRuby raises NoMemoryError. Two checks at a time.
    let keys: Vec<&String> = st.groups.keys().filter(|k| k.starts_with("hang")).collect();
    let verdicts: Mutex<BTreeMap<String, String>> = Mutex::new(BTreeMap::new());
    let next = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..o.jobs.max(1) {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(key) = keys.get(i) else { break };
                    let g = &st.groups[*key];
                    let mut verdict = String::new();
                    for (j, oracle) in o.oracles.iter().enumerate() {
                        let dir = scratch.join(format!("oracle-{i}-{j}"));
                        let v = cruby_verdict(oracle, &dir, &g.repro, o.timeout.max(10));
                        verdict.push_str(&format!("  {}: {v}\n", oracle.display()));
                    }
                    verdicts.lock().unwrap().insert((*key).clone(), verdict);
                }
            });
        }
    });
    let verdicts = verdicts.into_inner().unwrap();
    let mut report = String::new();
    let mut ours = 0;
    for (n, (key, g)) in st.groups.iter().enumerate() {
        let verdict = verdicts.get(key).cloned().unwrap_or_default();
        let also = verdict.contains("ALSO");
        if !also {
            ours += 1;
        }
        let sigs: Vec<String> = g.sigs.iter().map(|(s, c)| format!("{s} ({c})")).collect();
        report.push_str(&format!(
            "\n## death {} {}\n{key}\n{}\nhits: {}; methods: {}\n{verdict}repro (run in an empty directory):\n```ruby\n{}```\n",
            n + 1,
            if also { "(CRuby shows it too: not counted)" } else { "" },
            g.detail,
            g.hits,
            sigs.join(", "),
            g.repro
        ));
    }
    if !st.ended_early.is_empty() {
        report.push_str("\n## calls that ended the process without dying (deny them?)\n");
        for (s, c) in &st.ended_early {
            report.push_str(&format!("{s} ({c})\n"));
        }
    }
    print!("{report}");
    if let Some(p) = &o.report {
        std::fs::write(p, &report).expect("write report");
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!(
        "\nsweep: {} calls made ({} skipped after two hangs) in {} batches ({} planned) in {:.0}s; {} death groups ({} not shown by CRuby)",
        st.calls_made,
        st.skipped,
        st.batches_ok + st.batches_died,
        st.batches_total,
        started.elapsed().as_secs_f64(),
        st.groups.len(),
        ours
    );
    let left: usize = st.queue.iter().map(|b| b.len()).sum();
    if left > 0 {
        println!("stopped at --max-time: {left} calls not run");
    }
    println!("{} passed, {} failed", st.batches_ok, st.batches_died);
    if ours > 0 {
        std::process::exit(1);
    }
}

/// A signal with nothing on stderr is grouped by the method that died, unless the repro holds an
/// object made by `allocate` (an object without the payload its class's natives expect): then
/// by that class, since it is the likely cause whatever method met it.
fn regroup(death: &mut run::Death, repro: &str) {
    if !death.key.starts_with("signal ") || !death.key.contains(" in ") {
        return;
    }
    let mut allocated: Vec<&str> = repro
        .match_indices(".allocate")
        .filter_map(|(i, _)| {
            let head = &repro[..i];
            let start = head
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '_'))
                .map_or(0, |j| j + 1);
            let name = &head[start..];
            (!name.is_empty()).then_some(name)
        })
        .collect();
    allocated.sort();
    allocated.dedup();
    if !allocated.is_empty() {
        let head = death.key.split(" in ").next().unwrap_or("").to_string();
        death.key = format!("{head} with {}", allocated.join(", ") + ".allocate");
    }
}

/// What CRuby does with a repro: "ALSO hangs", "ALSO dies", or "runs" (so the death is rubra's).
fn cruby_verdict(oracle: &PathBuf, dir: &std::path::Path, repro: &str, secs: u64) -> String {
    let _ = std::fs::create_dir_all(dir);
    let prog = dir.join("repro.rb");
    std::fs::write(&prog, repro).expect("write repro");
    let mut child = match std::process::Command::new(oracle)
        .arg(&prog)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(dir.join("stderr.txt")).expect("stderr file"))
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return format!("could not run: {e}"),
    };
    let start = Instant::now();
    loop {
        if let Ok(Some(st)) = child.try_wait() {
            use std::os::unix::process::ExitStatusExt;
            let err = std::fs::read_to_string(dir.join("stderr.txt")).unwrap_or_default();
            return if st.signal().is_some() || err.contains("[BUG]") {
                format!("ALSO dies ({st})")
            } else {
                format!("runs ({st})")
            };
        }
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            return format!("ALSO hangs (no result in {secs}s)");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
