//! The subseq rule under regexp matching (object-model.md §3, issue 12): a match freezes its
//! subject once into a root (nothing new when it is frozen already) and the captures are
//! substrings of that root, so a capture that reaches the end of the subject and is longer
//! than 15 bytes is shared whatever the cutoff. Programs read the counters and the tests
//! compare the numbers exactly.

use crate::core::string_vectors::PRELUDE;
use crate::interp::Interpreter;
use crate::object::heap::rarray;

fn run(src: &str, cutoff: usize) -> Vec<i64> {
    let mut i = Interpreter::new();
    i.vm.heap.subseq_embed_max = cutoff;
    let v = i
        .eval(&format!("{PRELUDE}\n{src}"), "vector.rb")
        .expect("runs");
    rarray(v).vec.iter().map(|x| x.as_fixnum()).collect()
}

/// A mutable 80-byte line: one root (a frozen copy, pool 160), the MatchData, a copied
/// middle capture and a shared 40-byte tail: 4 objects at either cutoff.
const LINE: &str = r#"
RE = /\Akey:([a-z]+)\tmessage:(.*)\z/
line = "key:abc\tmessage:" + "m" * 64
m = nil
roots = counter(:root_by_copy) { m = RE.match(line) }
shared = counter(:substr_shared) { m[2] }
objs = allocs { m[1]; m[2] }
f = line.dup.freeze
froots = counter(:root_by_copy) { RE.match(f) }
fobjs = allocs { RE.match(f) }
[roots, shared] + objs + [froots, fobjs[5]]
"#;

#[test]
fn a_match_freezes_its_subject_once_and_shares_a_long_tail() {
    for cutoff in [15, 128] {
        // root_by_copy 1; m[2] shared; m[1] (3 bytes, pool 40) and m[2]'s 40-byte header;
        // a frozen subject makes no root, the match allocates only its MatchData
        assert_eq!(
            run(LINE, cutoff),
            vec![1, 1, 2, 0, 0, 0, 0, 2, 0, 1],
            "cutoff {cutoff}"
        );
    }
}

#[test]
fn a_heap_subject_gives_its_buffer_to_the_root() {
    let src = r#"
s = "x" * 1000 + "tail-of-the-subject"
t = counter(:root_by_takeover) { /(tail.*)/ =~ s }
c = counter(:root_by_copy) { /(tail.*)/ =~ s }
[t, c, $1.bytesize]
"#;
    // the first match moves the 1,019-byte buffer into a root; `s` is then shared, and the
    // second match reuses that root (a shared subject covering all of it)
    assert_eq!(run(src, 128), vec![1, 0, 19]);
}
