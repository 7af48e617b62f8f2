#!/usr/bin/env bash
# Runs benchmark programs under RUBRA_GC_STRESS=1 (a collection at every safepoint that follows an
# allocation: finds objects a native forgot to root) and checks that each prints exactly what the
# normal run prints. The subset is the programs that finish in seconds under stress: every
# collection walks the whole live heap, so split_lines.rb and fluentd.rb (hundreds of thousands
# of live strings) take hours, and time_now.rb/write_lines.rb about a minute in a release build.
# Usage: bench/gc_stress.sh [RUBRA_BINARY]   (default target/debug/rubra, as CI builds it)
set -euo pipefail
cd "$(dirname "$0")/.."
rubra="${1:-target/debug/rubra}"
pass=0
fail=0
for w in fib while_loop blocks objects substring_curve; do
  normal="$(SIZE=100 "$rubra" "bench/ruby/$w.rb")"
  stressed="$(SIZE=100 RUBRA_GC_STRESS=1 timeout 300 "$rubra" "bench/ruby/$w.rb")" || true
  if [ "$normal" == "$stressed" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "gc stress: bench/ruby/$w.rb differs"
  fi
done
echo "gc-stress: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
