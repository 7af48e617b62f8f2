//! Rewrites lalrpop's `___goto` into a table lookup.
//!
//! lalrpop emits the goto function as `match nt { N => match state { 3 | 17 | 40..=42 => T, ..,
//! _ => D }, .. }`. On rubra's canonical LR(1) tables (tens of thousands of states) LLVM turns
//! those matches into long compare chains: about 200 instructions per goto, a tenth of the
//! time spent parsing a large program. The rewrite keeps the same mapping as data: for each
//! nonterminal, its state ranges sorted by their first state (adjacent ranges with the same
//! target merged) and its default, found by binary search.

/// One nonterminal's row of the goto function.
struct Row {
    /// (first state, last state, target), sorted, not overlapping.
    ranges: Vec<(u32, u32, u32)>,
    default: u32,
}

/// Replaces the `___goto` function in `rust` (lalrpop's output) by a table lookup. Panics when
/// the function does not have the shape this rewrite knows, so that a lalrpop upgrade that
/// changes it is noticed when the parser is regenerated, not when it runs.
pub fn rewrite(rust: &str) -> String {
    let head = "    fn ___goto(state: i32, nt: usize) -> i32 {\n";
    let start = rust.find(head).expect("lalrpop's ___goto function");
    let end = start + rust[start..].find("\n    }\n").expect("the end of ___goto") + 7;
    let rows = parse(&rust[start + head.len()..end]);
    let mut out = String::with_capacity(rust.len());
    out.push_str(&rust[..start]);
    out.push_str(&emit(&rows));
    out.push_str(&rust[end..]);
    out
}

fn num(s: &str) -> u32 {
    let n: u32 = s
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("a state number: {s:?}"));
    assert!(
        n <= u16::MAX as u32,
        "state {n} does not fit the u16 goto table"
    );
    n
}

fn parse(body: &str) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    let mut open: Option<(usize, Vec<(u32, u32, u32)>)> = None;
    for line in body.lines().map(str::trim) {
        if line.is_empty() || matches!(line, "match nt {" | "}" | "},") {
            continue;
        }
        if let Some(nt) = line.strip_suffix(" => match state {") {
            open = Some((num(nt) as usize, Vec::new()));
            continue;
        }
        let (pat, target) = line
            .strip_suffix(',')
            .and_then(|l| l.rsplit_once(" => "))
            .unwrap_or_else(|| panic!("unexpected line in ___goto: {line:?}"));
        let target = target.trim();
        match (&mut open, pat) {
            (Some((nt, ranges)), "_") => {
                let (nt, mut ranges) = (*nt, std::mem::take(ranges));
                ranges.sort_unstable();
                let mut merged: Vec<(u32, u32, u32)> = Vec::with_capacity(ranges.len());
                for r in ranges {
                    match merged.last_mut() {
                        Some(last) if last.1 + 1 == r.0 && last.2 == r.2 => last.1 = r.1,
                        Some(last) => {
                            assert!(last.1 < r.0, "overlapping goto ranges");
                            merged.push(r)
                        }
                        None => merged.push(r),
                    }
                }
                set(&mut rows, nt, merged, num(target));
                open = None;
            }
            (Some((_, ranges)), pat) => {
                let t = num(target);
                for p in pat.split('|') {
                    let (lo, hi) = match p.split_once("..=") {
                        Some((lo, hi)) => (num(lo), num(hi)),
                        None => (num(p), num(p)),
                    };
                    ranges.push((lo, hi, t));
                }
            }
            // a nonterminal whose goto does not depend on the state
            (None, "_") => assert_eq!(target, "0", "the default of the goto function"),
            (None, nt) => set(&mut rows, num(nt) as usize, Vec::new(), num(target)),
        }
    }
    assert!(open.is_none(), "unterminated match in ___goto");
    rows
}

fn set(rows: &mut Vec<Row>, nt: usize, ranges: Vec<(u32, u32, u32)>, default: u32) {
    while rows.len() <= nt {
        rows.push(Row {
            ranges: Vec::new(),
            default: 0,
        });
    }
    rows[nt] = Row { ranges, default };
}

fn emit(rows: &[Row]) -> String {
    let mut index = String::new();
    let mut ranges = String::new();
    let mut n = 0usize;
    for r in rows {
        index.push_str(&format!("({}, {}, {}), ", n, n + r.ranges.len(), r.default));
        for &(lo, hi, t) in &r.ranges {
            ranges.push_str(&format!("({lo}, {hi}, {t}), "));
        }
        n += r.ranges.len();
    }
    format!(
        "    // rewritten by tools/regen-parser (goto_table.rs): lalrpop's match as a table
    fn ___goto(state: i32, nt: usize) -> i32 {{
        let Some(&(start, end, default)) = ___GOTO_ROWS.get(nt) else {{ return 0 }};
        let row = &___GOTO_RANGES[start as usize..end as usize];
        let state = state as u32;
        match row.partition_point(|r| (r.0 as u32) <= state) {{
            0 => default as i32,
            i => {{
                let r = row[i - 1];
                if state <= r.1 as u32 {{ r.2 as i32 }} else {{ default as i32 }}
            }}
        }}
    }}
    /// Per nonterminal: its ranges in `___GOTO_RANGES` and the target of every other state.
    static ___GOTO_ROWS: [(u32, u32, u16); {}] = [{}];
    /// (first state, last state, target), sorted by first state within each row.
    static ___GOTO_RANGES: [(u16, u16, u16); {}] = [{}];
",
        rows.len(),
        index,
        n,
        ranges
    )
}
