#!/usr/bin/env bash
# Peak memory (maximum resident set size, from /usr/bin/time) and wall time of the memory
# workloads, for rubra (release build), Debian's ruby 3.1 and mruby side by side:
#   copy_loop.rb   1 GiB through read(16384, buf) / write(buf)   (object-model.md §7)
#   time_hold.rb   1,000,000 Time objects held in an array        (object-model.md §6)
# Installs the peers and GNU time from Debian's packages when they are missing.
set -euo pipefail
cd "${RUBRA_ROOT:-$(dirname "$0")/..}"
need=()
command -v ruby >/dev/null || need+=(ruby)
command -v mruby >/dev/null || need+=(mruby)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
fi
cargo build --release --quiet
[ -f /tmp/rubra-bench-1g.bin ] || head -c 1073741824 /dev/zero >/tmp/rubra-bench-1g.bin
printf '%-16s %-8s %10s %10s\n' workload command "peak KB" "seconds"
for w in ${WORKLOADS:-copy_loop time_hold}; do
  [ -f "bench/ruby/$w.rb" ] || continue
  for cmd in target/release/rubra ruby mruby; do
    if /usr/bin/time -o /tmp/rubra-mem.txt -f "%M %e" "$cmd" "bench/ruby/$w.rb" >/dev/null 2>&1; then
      out=$(tail -1 /tmp/rubra-mem.txt)
    else
      out="failed -"
    fi
    printf '%-16s %-8s %10s %10s\n' "$w" "${cmd##*/}" $out
  done
done
