//! Parses Prism's syntax fixtures (`../shared/prism-fixtures/`, outside this repository; see
//! ARCHITECTURE.md) and checks that every file listed in `prism_accepted.txt` (those the
//! grammar accepted when the list was last written) still parses. The list only grows as the
//! grammar covers more of the corpus. Without the corpus (a machine that has only this
//! repository) the test says so and checks nothing.

use std::path::PathBuf;

fn corpus() -> Option<PathBuf> {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [
        here.join("../../shared/prism-fixtures"),
        PathBuf::from("/work/shared/prism-fixtures"),
    ]
    .into_iter()
    .find(|p| p.is_dir())
}

#[test]
fn accepted_fixtures_still_parse() {
    let Some(dir) = corpus() else {
        eprintln!("prism fixtures not found next to the repository: skipped");
        return;
    };
    let list = include_str!("prism_accepted.txt");
    let mut failures = Vec::new();
    let mut n = 0;
    for name in list.lines().filter(|l| !l.is_empty()) {
        let Ok(src) = std::fs::read(dir.join(name)) else {
            failures.push(format!("{name}: missing"));
            continue;
        };
        n += 1;
        let src = String::from_utf8_lossy(&src);
        if let Err(e) = rubra_parser::parser::parse_program(&src) {
            failures.push(format!("{name}:{e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} fixtures no longer parse:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(n > 900, "only {n} fixtures read");
}
