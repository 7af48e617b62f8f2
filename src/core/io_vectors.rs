//! The IO vectors of object-model.md §7 (CRuby Bug #13085), as Ruby programs reading the
//! counters: writing a mutable string leaves no state on it, and a read/write copy loop that
//! reuses one buffer allocates nothing per round.

use crate::interp::Interpreter;
use crate::object::heap::rarray;

/// Runs `src` with `DIR` bound to a fresh scratch directory; returns the Integers of the Array
/// it evaluates to.
fn run(name: &str, src: &str) -> Vec<i64> {
    let dir = std::env::temp_dir().join(format!("rubra-io-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut i = Interpreter::new();
    let prelude = format!(
        "DIR = {:?}\n{}\ndef objects(&b) = allocs(&b).last\n",
        dir.to_str().unwrap(),
        super::string_vectors::PRELUDE
    );
    let v = i
        .eval(&format!("{prelude}{src}"), "io_vector.rb")
        .expect("runs");
    let out = rarray(v).vec.iter().map(|x| x.as_fixnum()).collect();
    std::fs::remove_dir_all(&dir).unwrap();
    out
}

#[test]
fn writing_a_mutable_string_then_mutating_it_copies_nothing() {
    let src = r#"
s = "x" * 16384
f = File.open(DIR + "/out.bin", "w")
cow = hidden = reuses = 0
n = objects do
  cow = counter(:cow_copies) do
    hidden = counter(:io_hidden_buffer_writes) do
      reuses = counter(:io_hidden_buffer_reuses) do
        i = 0
        while i < 100
          f.write(s)
          s.setbyte(0, i)
          i += 1
        end
      end
    end
  end
end
f.close
[n, cow, hidden, reuses, File.open(DIR + "/out.bin") { |g| g.size }, s.frozen? ? 1 : 0]
"#;
    // 0 objects and 0 copy-on-write copies; each write went through the hidden buffer, which
    // was allocated once and reused 99 times; the string was not frozen
    assert_eq!(run("mutable", src), [0, 0, 100, 99, 1_638_400, 0]);
}

#[test]
fn a_read_write_loop_with_one_buffer_allocates_nothing_per_round() {
    let src = r#"
File.open(DIR + "/src.bin", "w") { |f| f.write("abcdefgh" * 131072) }
src = File.open(DIR + "/src.bin")
dst = File.open(DIR + "/dst.bin", "w")
buf = String.new
rounds = 0
n = objects do
  while src.read(16384, buf)
    dst.write(buf)
    rounds += 1
  end
end
src.close
dst.close
[n, rounds, File.open(DIR + "/dst.bin") { |g| g.size }, RubyVM.stat(:io_write_objects)]
"#;
    assert_eq!(run("copy", src), [0, 64, 1_048_576, 0]);
}

#[test]
fn small_writes_fill_the_8k_buffer_before_any_system_call() {
    let src = r#"
f = File.open(DIR + "/small.txt", "w")
calls = bytes = 0
calls = counter(:io_write_syscalls) do
  bytes = counter(:io_write_buffer_bytes) do
    # 819 lines of 10 bytes fit the 8 KiB buffer; the 820th does not and goes out with them
    820.times { f.write("123456789\n") }
  end
end
f.close
[calls, bytes, File.open(DIR + "/small.txt") { |g| g.size }]
"#;
    assert_eq!(run("small", src), [1, 8190, 8200]);
}
