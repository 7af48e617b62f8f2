//! The string vectors of object-model.md §2, §3 and §5, as Ruby programs reading the counters
//! (`GC.stat`, `GC.stat_heap`, `RubyVM.stat`): each program returns the numbers the design
//! gives, and the tests compare them exactly.

use crate::interp::Interpreter;
use crate::object::heap::rarray;

/// Runs `src` (with the subseq cutoff set to `cutoff`) and returns the Integers of the Array it
/// evaluates to.
fn run(src: &str, cutoff: usize) -> Vec<i64> {
    let mut i = Interpreter::new();
    i.vm.heap.subseq_embed_max = cutoff;
    // a magic comment must stay on the first line
    let (magic, body) = match src.strip_prefix("# frozen_string_literal: true\n") {
        Some(rest) => ("# frozen_string_literal: true\n", rest),
        None => ("", src),
    };
    let v = i
        .eval(&format!("{magic}{PRELUDE}\n{body}"), "vector.rb")
        .expect("runs");
    rarray(v).vec.iter().map(|x| x.as_fixnum()).collect()
}

/// `allocs { }`: objects allocated by the block, per pool (40, 80, 160, 320, 640), then total.
/// `counter(:key) { }`: how much the block moved one of rubra's counters. Shared by the other
/// counter tests (io_vectors.rs, time.rs).
pub(crate) const PRELUDE: &str = r#"
def allocs
  # no allocation between the two readings but the block's
  b0 = GC.stat_heap(0, :total_allocated_objects)
  b1 = GC.stat_heap(1, :total_allocated_objects)
  b2 = GC.stat_heap(2, :total_allocated_objects)
  b3 = GC.stat_heap(3, :total_allocated_objects)
  b4 = GC.stat_heap(4, :total_allocated_objects)
  t = GC.stat(:total_allocated_objects)
  yield
  t = GC.stat(:total_allocated_objects) - t
  b0 = GC.stat_heap(0, :total_allocated_objects) - b0
  b1 = GC.stat_heap(1, :total_allocated_objects) - b1
  b2 = GC.stat_heap(2, :total_allocated_objects) - b2
  b3 = GC.stat_heap(3, :total_allocated_objects) - b3
  b4 = GC.stat_heap(4, :total_allocated_objects) - b4
  [b0, b1, b2, b3, b4, t]
end
def counter(key)
  before = RubyVM.stat(key)
  yield
  RubyVM.stat(key) - before
end
"#;

#[test]
fn byteslice_of_a_448_byte_string_at_cutoff_128() {
    let src = r#"
s = "a" * 448
x = nil
r = allocs { x = s.byteslice(320, 128) }
r += allocs { x = s.byteslice(128, 320) }
f = s.dup.freeze
r += allocs { x = f.byteslice(320, 128) }
r
"#;
    let r = run(src, 128);
    assert_eq!(
        r[0..6],
        [0, 0, 1, 0, 0, 1],
        "a 128-byte tail copy: pool 160"
    );
    assert_eq!(
        r[6..12],
        [1, 0, 0, 0, 1, 2],
        "a root in pool 640 and a shared header"
    );
    assert_eq!(
        r[12..18],
        [1, 0, 0, 0, 0, 1],
        "a frozen source shares: one header"
    );
}

#[test]
fn byteslice_of_a_448_byte_string_at_cutoff_15() {
    let r = run(
        r#"s = "a" * 448; x = nil; allocs { x = s.byteslice(320, 128) }"#,
        15,
    );
    assert_eq!(r, [1, 0, 0, 0, 1, 2]);
}

#[test]
fn tails_of_a_5001_byte_mutable_heap_string() {
    let src = r#"
s = "x" * 5001
t = nil
r = allocs { t = s[-100..] }
r += allocs { t = s[-300..] }
r += allocs { t = s[-400..] }
r + [RubyVM.stat(:root_by_takeover), t.bytesize]
"#;
    let r = run(src, 128);
    assert_eq!(
        r[0..6],
        [0, 0, 1, 0, 0, 1],
        "100 bytes: one copy in pool 160"
    );
    assert_eq!(r[11], 2, "300 bytes: a take-over root and the shared tail");
    assert_eq!(r[17], 1, "the next tail shares the same root");
    assert_eq!(r[18..], [1, 400]);
}

#[test]
fn mutating_a_shared_string_copies_once_and_keeps_the_root() {
    let src = r#"
s = "q" * 448
t = s.byteslice(48, 400)
root_bytes = RubyVM.stat(:cow_bytes)
copies = counter(:cow_copies) { t << "!" }
again = counter(:cow_copies) { t << "?" }
[copies, again, RubyVM.stat(:cow_bytes) - root_bytes, s.bytesize, t.bytesize, (s == "q" * 448) ? 1 : 0]
"#;
    assert_eq!(run(src, 128), [1, 0, 400, 448, 402, 1]);
}

#[test]
fn frozen_literals_are_one_object_from_the_fstring_table() {
    let src = r#"# frozen_string_literal: true
def lit = "a literal"
ids = []
r = allocs { 1000.times { ids << lit.object_id } }
r + [ids.uniq.size, lit.frozen? ? 1 : 0]
"#;
    let r = run(src, 128);
    assert_eq!(r[..5], [0, 0, 0, 0, 0], "no string allocated");
    assert_eq!(r[6..], [1, 1]);
}

#[test]
fn hash_string_keys_and_dedup_intern() {
    let src = r#"
h = {}
k = +"key"
h[k] = 1
key = h.keys.first
a = -(+"dedup me")
b = -(+"dedup me")
[key.frozen? ? 1 : 0, key.equal?(k) ? 1 : 0, key.equal?(-"key") ? 1 : 0, a.equal?(b) ? 1 : 0,
 counter(:fstring_hits) { -"key" }]
"#;
    assert_eq!(run(src, 128), [1, 0, 1, 1, 1]);
}

#[test]
fn dead_fstrings_leave_the_table() {
    let src = r#"
i0 = RubyVM.stat(:fstring_inserts)
d0 = RubyVM.stat(:fstring_deletes)
1000.times { |i| -("tmp%d" % i) }
inserted = RubyVM.stat(:fstring_inserts) - i0
GC.start
[inserted, RubyVM.stat(:fstring_deletes) - d0]
"#;
    assert_eq!(run(src, 128), [1000, 1000]);
}

#[test]
fn split_pieces_follow_the_rule() {
    let src = r#"
line = "k:" + "v" * 80
pieces = nil
r = counter(:root_by_copy) { pieces = line.split(":", 2) }
[r, counter(:substr_copied) { line.split(":", 2) }, pieces[1].bytesize]
"#;
    assert_eq!(
        run(src, 128),
        [0, 2, 80],
        "an 80-byte tail is copied at 128"
    );
    assert_eq!(run(src, 15)[0], 1, "and shared through a new root at 15");
}

/// The fluentd workload of object-model.md §4, run from `bench/ruby/fluentd.rb` itself (two
/// iterations; its report lines are collected by a `puts` defined first).
fn fluentd(cutoff: usize) -> Vec<String> {
    let mut i = Interpreter::new();
    i.vm.heap.subseq_embed_max = cutoff;
    let bench = include_str!("../../bench/ruby/fluentd.rb");
    let body = bench
        .strip_prefix("# frozen_string_literal: true\n")
        .expect("the bench starts with the magic comment");
    let src = format!(
        "# frozen_string_literal: true\n$lines = []\n$iterations = 2\n\
         def puts(*a) = $lines.concat(a)\n{body}\n$lines"
    );
    let v = i.eval(&src, "fluentd.rb").expect("runs");
    rarray(v)
        .vec
        .iter()
        .map(|&l| String::from_utf8_lossy(crate::object::string::bytes(&i.vm.heap, l)).into_owned())
        .collect()
}

#[test]
fn fluentd_workload_at_cutoff_128() {
    let lines = fluentd(128);
    assert_eq!(
        lines[0],
        "iteration 1: 3000011 objects, 0 roots, 4 fstring interns (3 inserted)"
    );
    assert_eq!(
        lines[1],
        "iteration 2: 3000008 objects, 0 roots, 4 fstring interns (0 inserted)"
    );
    assert!(lines[2].starts_with("25782500 bytes;"), "{}", lines[2]);
}

#[test]
fn fluentd_workload_at_cutoff_15() {
    let lines = fluentd(15);
    // the first iteration also makes the buffer's root, by take-over, for its last piece
    assert_eq!(
        lines[0],
        "iteration 1: 3250012 objects, 250001 roots, 4 fstring interns (3 inserted)"
    );
    assert_eq!(
        lines[1],
        "iteration 2: 3250008 objects, 250000 roots, 4 fstring interns (0 inserted)"
    );
}
