#!/usr/bin/env bash
# The substring size curve: bench/ruby/substring_curve.rb for each size, under rubra at cutoffs
# 15 and 128 and under ruby 3.1, side by side in one hyperfine run per size. Prints mean times
# and rubra's ratios to ruby. Needs a release build (cargo build --release), ruby and hyperfine
# (bench/compare.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
rubra=${RUBRA:-target/release/rubra}
printf '%6s %12s %12s %12s %8s %8s\n' size rubra-15 rubra-128 ruby 15/ruby 128/ruby
for size in 1 23 100 250 500 1000; do
  hyperfine -N --warmup 1 --runs "${RUNS:-5}" --export-json /tmp/rubra-curve.json \
    "env SIZE=$size RUBRA_SUBSEQ_EMBED_MAX=15 $rubra bench/ruby/substring_curve.rb" \
    "env SIZE=$size RUBRA_SUBSEQ_EMBED_MAX=128 $rubra bench/ruby/substring_curve.rb" \
    "env SIZE=$size ruby bench/ruby/substring_curve.rb" >/dev/null 2>&1
  python3 - "$size" <<'PY'
import json, sys
r = [x["mean"] * 1000 for x in json.load(open("/tmp/rubra-curve.json"))["results"]]
print(f"{sys.argv[1]:>6} {r[0]:>10.1f}ms {r[1]:>10.1f}ms {r[2]:>10.1f}ms {r[0]/r[2]:>7.2f}x {r[1]/r[2]:>7.2f}x")
PY
done
