//! `Etc.sysconf`, `Etc.confstr` and `IO#pathconf` (defined by `require "etc"`, as CRuby's etc
//! extension defines them) with the `Etc::SC_*`, `Etc::CS_*` and `Etc::PC_*` name constants.
//! The C library calls are in object/os.rs.

use super::errno;
use crate::object::os;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

/// The names CRuby's etc defines on Linux (glibc's numbers), in CRuby's set.
const NAMES: &[(&str, i64)] = &[
    ("CS_GNU_LIBC_VERSION", 2),
    ("CS_GNU_LIBPTHREAD_VERSION", 3),
    ("CS_PATH", 0),
    ("CS_POSIX_V6_ILP32_OFF32_CFLAGS", 1116),
    ("CS_POSIX_V6_ILP32_OFF32_LDFLAGS", 1117),
    ("CS_POSIX_V6_ILP32_OFF32_LIBS", 1118),
    ("CS_POSIX_V6_ILP32_OFFBIG_CFLAGS", 1120),
    ("CS_POSIX_V6_ILP32_OFFBIG_LDFLAGS", 1121),
    ("CS_POSIX_V6_ILP32_OFFBIG_LIBS", 1122),
    ("CS_POSIX_V6_LP64_OFF64_CFLAGS", 1124),
    ("CS_POSIX_V6_LP64_OFF64_LDFLAGS", 1125),
    ("CS_POSIX_V6_LP64_OFF64_LIBS", 1126),
    ("CS_POSIX_V6_LPBIG_OFFBIG_CFLAGS", 1128),
    ("CS_POSIX_V6_LPBIG_OFFBIG_LDFLAGS", 1129),
    ("CS_POSIX_V6_LPBIG_OFFBIG_LIBS", 1130),
    ("CS_POSIX_V6_WIDTH_RESTRICTED_ENVS", 1),
    ("CS_POSIX_V7_ILP32_OFF32_CFLAGS", 1132),
    ("CS_POSIX_V7_ILP32_OFF32_LDFLAGS", 1133),
    ("CS_POSIX_V7_ILP32_OFF32_LIBS", 1134),
    ("CS_POSIX_V7_ILP32_OFFBIG_CFLAGS", 1136),
    ("CS_POSIX_V7_ILP32_OFFBIG_LDFLAGS", 1137),
    ("CS_POSIX_V7_ILP32_OFFBIG_LIBS", 1138),
    ("CS_POSIX_V7_LP64_OFF64_CFLAGS", 1140),
    ("CS_POSIX_V7_LP64_OFF64_LDFLAGS", 1141),
    ("CS_POSIX_V7_LP64_OFF64_LIBS", 1142),
    ("CS_POSIX_V7_LPBIG_OFFBIG_CFLAGS", 1144),
    ("CS_POSIX_V7_LPBIG_OFFBIG_LDFLAGS", 1145),
    ("CS_POSIX_V7_LPBIG_OFFBIG_LIBS", 1146),
    ("CS_POSIX_V7_WIDTH_RESTRICTED_ENVS", 5),
    ("CS_V6_ENV", 1148),
    ("CS_V7_ENV", 1149),
    ("PC_2_SYMLINKS", 20),
    ("PC_ALLOC_SIZE_MIN", 18),
    ("PC_ASYNC_IO", 10),
    ("PC_CHOWN_RESTRICTED", 6),
    ("PC_FILESIZEBITS", 13),
    ("PC_LINK_MAX", 0),
    ("PC_MAX_CANON", 1),
    ("PC_MAX_INPUT", 2),
    ("PC_NAME_MAX", 3),
    ("PC_NO_TRUNC", 7),
    ("PC_PATH_MAX", 4),
    ("PC_PIPE_BUF", 5),
    ("PC_PRIO_IO", 11),
    ("PC_REC_INCR_XFER_SIZE", 14),
    ("PC_REC_MAX_XFER_SIZE", 15),
    ("PC_REC_MIN_XFER_SIZE", 16),
    ("PC_REC_XFER_ALIGN", 17),
    ("PC_SYMLINK_MAX", 19),
    ("PC_SYNC_IO", 9),
    ("PC_VDISABLE", 8),
    ("SC_2_CHAR_TERM", 95),
    ("SC_2_C_BIND", 47),
    ("SC_2_C_DEV", 48),
    ("SC_2_FORT_DEV", 49),
    ("SC_2_FORT_RUN", 50),
    ("SC_2_LOCALEDEF", 52),
    ("SC_2_PBS", 168),
    ("SC_2_PBS_ACCOUNTING", 169),
    ("SC_2_PBS_CHECKPOINT", 175),
    ("SC_2_PBS_LOCATE", 170),
    ("SC_2_PBS_MESSAGE", 171),
    ("SC_2_PBS_TRACK", 172),
    ("SC_2_SW_DEV", 51),
    ("SC_2_UPE", 97),
    ("SC_2_VERSION", 46),
    ("SC_ADVISORY_INFO", 132),
    ("SC_AIO_LISTIO_MAX", 23),
    ("SC_AIO_MAX", 24),
    ("SC_AIO_PRIO_DELTA_MAX", 25),
    ("SC_ARG_MAX", 0),
    ("SC_ASYNCHRONOUS_IO", 12),
    ("SC_ATEXIT_MAX", 87),
    ("SC_AVPHYS_PAGES", 86),
    ("SC_BARRIERS", 133),
    ("SC_BC_BASE_MAX", 36),
    ("SC_BC_DIM_MAX", 37),
    ("SC_BC_SCALE_MAX", 38),
    ("SC_BC_STRING_MAX", 39),
    ("SC_CHILD_MAX", 1),
    ("SC_CLK_TCK", 2),
    ("SC_CLOCK_SELECTION", 137),
    ("SC_COLL_WEIGHTS_MAX", 40),
    ("SC_CPUTIME", 138),
    ("SC_DELAYTIMER_MAX", 26),
    ("SC_EXPR_NEST_MAX", 42),
    ("SC_FSYNC", 15),
    ("SC_GETGR_R_SIZE_MAX", 69),
    ("SC_GETPW_R_SIZE_MAX", 70),
    ("SC_HOST_NAME_MAX", 180),
    ("SC_IOV_MAX", 60),
    ("SC_IPV6", 235),
    ("SC_JOB_CONTROL", 7),
    ("SC_LINE_MAX", 43),
    ("SC_LOGIN_NAME_MAX", 71),
    ("SC_MAPPED_FILES", 16),
    ("SC_MEMLOCK", 17),
    ("SC_MEMLOCK_RANGE", 18),
    ("SC_MEMORY_PROTECTION", 19),
    ("SC_MESSAGE_PASSING", 20),
    ("SC_MONOTONIC_CLOCK", 149),
    ("SC_MQ_OPEN_MAX", 27),
    ("SC_MQ_PRIO_MAX", 28),
    ("SC_NGROUPS_MAX", 3),
    ("SC_NPROCESSORS_CONF", 83),
    ("SC_NPROCESSORS_ONLN", 84),
    ("SC_OPEN_MAX", 4),
    ("SC_PAGESIZE", 30),
    ("SC_PAGE_SIZE", 30),
    ("SC_PHYS_PAGES", 85),
    ("SC_PRIORITIZED_IO", 13),
    ("SC_PRIORITY_SCHEDULING", 10),
    ("SC_RAW_SOCKETS", 236),
    ("SC_READER_WRITER_LOCKS", 153),
    ("SC_REALTIME_SIGNALS", 9),
    ("SC_REGEXP", 155),
    ("SC_RE_DUP_MAX", 44),
    ("SC_RTSIG_MAX", 31),
    ("SC_SAVED_IDS", 8),
    ("SC_SEMAPHORES", 21),
    ("SC_SEM_NSEMS_MAX", 32),
    ("SC_SEM_VALUE_MAX", 33),
    ("SC_SHARED_MEMORY_OBJECTS", 22),
    ("SC_SHELL", 157),
    ("SC_SIGQUEUE_MAX", 34),
    ("SC_SPAWN", 159),
    ("SC_SPIN_LOCKS", 154),
    ("SC_SPORADIC_SERVER", 160),
    ("SC_SS_REPL_MAX", 241),
    ("SC_STREAM_MAX", 5),
    ("SC_SYMLOOP_MAX", 173),
    ("SC_SYNCHRONIZED_IO", 14),
    ("SC_THREADS", 67),
    ("SC_THREAD_ATTR_STACKADDR", 77),
    ("SC_THREAD_ATTR_STACKSIZE", 78),
    ("SC_THREAD_CPUTIME", 139),
    ("SC_THREAD_DESTRUCTOR_ITERATIONS", 73),
    ("SC_THREAD_KEYS_MAX", 74),
    ("SC_THREAD_PRIORITY_SCHEDULING", 79),
    ("SC_THREAD_PRIO_INHERIT", 80),
    ("SC_THREAD_PRIO_PROTECT", 81),
    ("SC_THREAD_PROCESS_SHARED", 82),
    ("SC_THREAD_ROBUST_PRIO_INHERIT", 247),
    ("SC_THREAD_ROBUST_PRIO_PROTECT", 248),
    ("SC_THREAD_SAFE_FUNCTIONS", 68),
    ("SC_THREAD_SPORADIC_SERVER", 161),
    ("SC_THREAD_STACK_MIN", 75),
    ("SC_THREAD_THREADS_MAX", 76),
    ("SC_TIMEOUTS", 164),
    ("SC_TIMERS", 11),
    ("SC_TIMER_MAX", 35),
    ("SC_TRACE", 181),
    ("SC_TRACE_EVENT_FILTER", 182),
    ("SC_TRACE_EVENT_NAME_MAX", 242),
    ("SC_TRACE_INHERIT", 183),
    ("SC_TRACE_LOG", 184),
    ("SC_TRACE_NAME_MAX", 243),
    ("SC_TRACE_SYS_MAX", 244),
    ("SC_TRACE_USER_EVENT_MAX", 245),
    ("SC_TTY_NAME_MAX", 72),
    ("SC_TYPED_MEMORY_OBJECTS", 165),
    ("SC_TZNAME_MAX", 6),
    ("SC_V6_ILP32_OFF32", 176),
    ("SC_V6_ILP32_OFFBIG", 177),
    ("SC_V6_LP64_OFF64", 178),
    ("SC_V6_LPBIG_OFFBIG", 179),
    ("SC_V7_ILP32_OFF32", 237),
    ("SC_V7_ILP32_OFFBIG", 238),
    ("SC_V7_LP64_OFF64", 239),
    ("SC_V7_LPBIG_OFFBIG", 240),
    ("SC_VERSION", 29),
    ("SC_XOPEN_CRYPT", 92),
    ("SC_XOPEN_ENH_I18N", 93),
    ("SC_XOPEN_REALTIME", 130),
    ("SC_XOPEN_REALTIME_THREADS", 131),
    ("SC_XOPEN_SHM", 94),
    ("SC_XOPEN_STREAMS", 246),
    ("SC_XOPEN_UNIX", 91),
    ("SC_XOPEN_VERSION", 89),
];

/// Defines the constants, `Etc.sysconf`, `Etc.confstr` and `IO#pathconf`.
pub fn init(vm: &mut Vm, etc: Value) {
    for &(name, v) in NAMES {
        vm.const_set(etc, intern(name), Value::fixnum(v));
    }
    vm.define_singleton_natives(
        etc,
        &[
            ("sysconf", etc_sysconf, 1, 1),
            ("confstr", etc_confstr, 1, 1),
        ],
    );
    let io = vm.c.io;
    vm.define_natives(io, &[("pathconf", io_pathconf, 1, 1)]);
}

/// A name argument as C's `int` (NUM2INT: TypeError, RangeError).
fn int_arg(vm: &mut Vm, v: Value) -> VmResult<i32> {
    let n = super::array::num2long(vm, v)?;
    i32::try_from(n).map_err(|_| {
        let what = if n < 0 { "small" } else { "big" };
        vm.raise_str(
            vm.c.range_error,
            &format!("integer {n} too {what} to convert to 'int'"),
        )
    })
}

/// A limit as CRuby answers it: nil when the system says it has none, Errno when it fails.
fn limit(vm: &mut Vm, r: Result<Option<i64>, i32>, func: &str) -> VmResult {
    match r {
        Ok(Some(n)) => Ok(vm.int(n)),
        Ok(None) => Ok(Value::NIL),
        Err(e) => Err(errno::raise(vm, e, None, func)),
    }
}

/// Etc.sysconf(name) -> Integer or nil
fn etc_sysconf(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = int_arg(vm, a[0])?;
    limit(vm, os::sysconf(name), "sysconf")
}

/// Etc.confstr(name) -> String or nil
fn etc_confstr(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = int_arg(vm, a[0])?;
    match os::confstr(name) {
        Ok(Some(s)) => Ok(vm.str_new(&s)),
        Ok(None) => Ok(Value::NIL),
        Err(e) => Err(errno::raise(vm, e, None, "confstr")),
    }
}

/// io.pathconf(name) -> Integer or nil
fn io_pathconf(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = int_arg(vm, a[0])?;
    let fd = super::io::open_stream(vm, s)?.fd;
    limit(vm, os::fpathconf(fd, name), "fpathconf")
}
