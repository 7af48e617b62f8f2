"""Running one program once and measuring it: CPU time (user + sys) and wall time from wait4(2),
peak RSS from GNU time's %M, its exit status, and a digest of its standard output.

Peak RSS goes through /usr/bin/time because Linux carries a process's peak RSS across exec: a
program forked from this Python process would report at least Python's own peak (~20 MB), while
one forked from GNU time starts from time's (~2 MB)."""
import hashlib
import os
import re
import resource
import statistics
import subprocess
import tempfile
import threading
import time


GNU_TIME = "/usr/bin/time"


class Run:
    """One run's measurements; `status` is "ok", "error" (non-zero exit) or "timeout"."""

    def __init__(self, status, cpu, wall, rss_kb, digest, last_line, out, err):
        self.status = status
        self.cpu = cpu
        self.wall = wall
        self.rss_kb = rss_kb
        self.digest = digest
        self.last_line = last_line
        self.out = out
        self.err = err


def run(argv, env_extra=None, timeout=None, keep_output=False, cpu_limit=None, rss=True):
    """Runs argv; `timeout` bounds the wall time, `cpu_limit` (seconds) the CPU time through
    RLIMIT_CPU, which a busy machine does not stretch. `rss=False` runs it without GNU time
    (no peak RSS), so that its CPU and wall time are the program's alone: GNU time's own exec
    and start-up add about a millisecond, which is most of what a start-up measurement
    measures."""
    env = dict(os.environ)
    env.update(env_extra or {})
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as rss_file:
        rss_file = rss_file if rss else None
        if rss_file:
            argv = [GNU_TIME, "-f", "%M", "-o", rss_file.name] + list(argv)
        start = time.monotonic()
        limit = None
        if cpu_limit:
            secs = int(cpu_limit) + 1
            limit = lambda: resource.setrlimit(resource.RLIMIT_CPU, (secs, secs + 1))
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env,
                                start_new_session=True, preexec_fn=limit)
        timed_out = []

        def kill():
            timed_out.append(True)
            os.killpg(proc.pid, 9)

        timer = threading.Timer(timeout, kill) if timeout else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if timer:
            timer.cancel()
        digest, last, text = _digest(out, keep_output)
        err.seek(0)
        err.seek(max(0, os.fstat(err.fileno()).st_size - 4000))
        err_text = err.read().decode("utf-8", "replace")
        report = rss_file.read() if rss_file else ""
        words = report.split()
        rss_kb = int(words[-1]) if words and words[-1].isdigit() else None
        # GNU time notes a death by signal: SIGXCPU (24) or SIGKILL (9) is the CPU limit.
        killed = re.search(r"terminated by signal (\d+)", report)
    cpu = usage.ru_utime + usage.ru_stime
    if timed_out or (cpu_limit and killed and killed.group(1) in ("9", "24")):
        state = "timeout"
    elif proc.returncode != 0:
        state = "error"
    else:
        state = "ok"
    return Run(state, cpu, wall, rss_kb, digest, last, text, err_text)


def _digest(f, keep):
    f.seek(0)
    h = hashlib.sha256()
    tail = b""
    kept = []
    while True:
        chunk = f.read(1 << 20)
        if not chunk:
            break
        h.update(chunk)
        tail = (tail + chunk)[-4096:]
        if keep:
            kept.append(chunk)
    lines = tail.rstrip(b"\n").split(b"\n")
    text = b"".join(kept).decode("utf-8", "replace") if keep else ""
    return h.hexdigest(), lines[-1].decode("utf-8", "replace"), text


def median(xs):
    return statistics.median(xs) if xs else None


def geomean(xs):
    xs = [x for x in xs if x]
    return statistics.geometric_mean(xs) if xs else None
