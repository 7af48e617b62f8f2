//! The tags file (`spec/ruby_spec/tags.txt`): the examples of the ruby/spec snapshot known not to
//! pass, one per line, as mspec keeps them, `TAG:FILE:DESCRIPTION`:
//!
//! - `fails:core/float/abs_spec.rb:Float#abs returns NaN if NaN`: the example fails or raises;
//!   it still runs, and the runner reports it once it passes (so the tag is removed);
//! - `crash:core/x/y_spec.rb:X#y does z`: the example kills rubra or hangs; it is not run (the
//!   stand-in skips it) so that the examples after it still run;
//! - `crash:core/x/y_spec.rb:<file>`: the file dies before any example starts; it still runs, and
//!   the runner reports it once it runs to its end.
//!
//! Descriptions are written as the stand-in reports them (newline, tab and backslash escaped).
//! `#` lines and blank lines are comments. `write` produces the file sorted, from a run's results.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The description that stands for a whole file in a `crash:` tag.
pub const WHOLE_FILE: &str = "<file>";

#[derive(Default, Clone)]
pub struct FileTags {
    pub fails: BTreeSet<String>,
    pub crash: BTreeSet<String>,
}

impl FileTags {
    pub fn file_crashes(&self) -> bool {
        self.crash.contains(WHOLE_FILE)
    }
}

/// Tags by spec file (its path relative to the snapshot's root).
pub type Tags = BTreeMap<String, FileTags>;

pub fn read(path: &Path) -> Result<Tags, String> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut tags = Tags::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(3, ':');
        let (Some(tag), Some(file), Some(desc)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!(
                "{}:{}: not TAG:FILE:DESCRIPTION",
                path.display(),
                n + 1
            ));
        };
        let entry = tags.entry(file.to_string()).or_default();
        match tag {
            "fails" => entry.fails.insert(desc.to_string()),
            "crash" => entry.crash.insert(desc.to_string()),
            _ => return Err(format!("{}:{}: unknown tag {tag:?}", path.display(), n + 1)),
        };
    }
    Ok(tags)
}

const HEADER: &str = "\
# Examples of the ruby/spec snapshot (../shared/ruby-spec) that rubra does not pass yet, as
# TAG:FILE:DESCRIPTION (spec/ruby_spec/tags.rs says what the tags mean). The runner
# (`cargo test --test ruby_spec`) fails on a failing example that is not listed here and on a
# listed example that passes. Regenerate with `RUBY_SPEC_RETAG=1 cargo test --test ruby_spec`.
";

pub fn write(path: &Path, tags: &Tags) -> std::io::Result<()> {
    let mut out = String::from(HEADER);
    for (file, t) in tags {
        for d in &t.crash {
            out.push_str(&format!("crash:{file}:{d}\n"));
        }
        for d in &t.fails {
            out.push_str(&format!("fails:{file}:{d}\n"));
        }
    }
    fs::write(path, out)
}
