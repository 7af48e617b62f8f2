#!/bin/sh
# Runs one fuzz target (built by `cargo +nightly fuzz build`) the way the recorded runs in
# README.md were made: one job, as user nobody (programs the `run` target executes can write and
# delete files; nobody cannot touch the repository or the system), in a scratch directory, the
# program's stdout/stderr discarded (-close_fd_mask=3), stdin from /dev/null, memory capped.
# Usage: fuzz/fuzz.sh TARGET SECONDS [extra libFuzzer flags]   (run as root, or as any user
# without the setpriv step if that user owns corpus/ and artifacts/)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=$1; secs=$2; shift 2
bin=$here/target/x86_64-unknown-linux-gnu/release/$target
scratch=${TMPDIR:-/tmp}/rubra-fuzz-scratch/$target
mkdir -p "$scratch" "$here/corpus/$target" "$here/artifacts/$target"
drop=""
if [ "$(id -u)" = 0 ]; then
    chown -R nobody:nogroup "$scratch" "$here/corpus/$target" "$here/artifacts/$target"
    drop="setpriv --reuid=nobody --regid=nogroup --clear-groups"
fi
cd "$scratch"
exec $drop "$bin" "$here/corpus/$target" \
    -artifact_prefix="$here/artifacts/$target/" \
    -max_total_time="$secs" -jobs=1 -workers=1 -close_fd_mask=3 \
    -timeout=20 -rss_limit_mb=4096 -malloc_limit_mb=2048 -max_len=8192 \
    -print_final_stats=1 "$@" < /dev/null
