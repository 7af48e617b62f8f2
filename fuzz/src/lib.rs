//! What the fuzz targets share: running on a large stack (as the `rubra` command does) and
//! running a program under a time limit that a watchdog thread enforces through `Vm::interrupt`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The stack the `rubra` command gives the interpreter (src/main.rs): deep but bounded recursion
/// in the parser, compiler and VM must end in SystemStackError, not a native stack overflow.
pub const STACK: usize = 1 << 30;

/// How long one program may run before the watchdog interrupts it (and keeps interrupting it:
/// a program may rescue Interrupt). libFuzzer's `-timeout` catches code that never reaches a
/// safepoint.
pub const RUN_LIMIT: Duration = Duration::from_millis(500);

/// Runs `f` on a thread with the interpreter's stack and waits for it. A panic there aborts the
/// process through libfuzzer-sys's panic hook, which is what libFuzzer reports as a crash.
pub fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .expect("fuzz thread")
        .join()
        .unwrap_or_else(|_| std::process::abort())
}

/// Lexes and parses `src`; a syntax error is a fine outcome.
pub fn parse(src: &str) {
    let _ = rubra::parser::parse_program(src);
}

type Slot = Mutex<Option<(Arc<AtomicBool>, Instant)>>;

fn watchdog() -> &'static Slot {
    static SLOT: OnceLock<&'static Slot> = OnceLock::new();
    SLOT.get_or_init(|| {
        let slot: &'static Slot = Box::leak(Box::new(Mutex::new(None)));
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(5));
                if let Some((flag, deadline)) = &*slot.lock().unwrap()
                    && Instant::now() >= *deadline
                {
                    flag.store(true, Ordering::Relaxed);
                }
            }
        });
        slot
    })
}

/// Compiles and runs `src` as the main script of a fresh interpreter (as `rubra FILE` does:
/// at_exit handlers, the uncaught-exception report, flushing), interrupted after `RUN_LIMIT`.
/// Ruby exceptions, exit statuses and output are all fine outcomes.
pub fn run(src: &str) {
    let mut interp = rubra::Interpreter::new();
    *watchdog().lock().unwrap() = Some((interp.vm.interrupt.clone(), Instant::now() + RUN_LIMIT));
    interp.set_argv("fuzz.rb", &[]);
    let _ = interp.run_main(src, "fuzz.rb");
    *watchdog().lock().unwrap() = None;
}
