#!/bin/sh
# Builds the fuzz corpora from the repository's specs and Prism's parser fixtures:
#   corpus/parse: spec/**/*.rb, spec/repl/*_session.rb and every ../shared/prism-fixtures/**/*.txt
#                 (the invalid and version-specific ones too: the parser must survive them)
#   corpus/run:   spec/**/*.rb plus the fixtures that are Ruby 4.0 syntax (the top level, 3.4/,
#                 4.0/ and seattlerb/whitequark; not 3.3-3.3/, 3.3-4.0/ or 4.1/), see the
#                 fixtures' README.md
# Files are named by their content hash (libFuzzer's own convention), so reruns add nothing new.
# Usage: fuzz/seed-corpus.sh [SHARED_DIR]   (default: ../shared next to the repository)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
shared=${1:-$root/../shared}
fixtures=$shared/prism-fixtures
[ -d "$fixtures" ] || { echo "no $fixtures (pass the shared/ directory)" >&2; exit 1; }
mkdir -p "$here/corpus/parse" "$here/corpus/run"
add() { # add DIR FILE...
    dir=$1; shift
    for f in "$@"; do
        h=$(sha1sum "$f" | cut -d' ' -f1)
        cp "$f" "$dir/$h"
    done
}
specs=$(find "$root/spec" -name '*.rb' | sort)
all_fixtures=$(find "$fixtures" -name '*.txt' | sort)
run_fixtures=$(find "$fixtures" -name '*.txt' \
    -not -path '*/3.3-3.3/*' -not -path '*/3.3-4.0/*' -not -path '*/4.1/*' | sort)
# shellcheck disable=SC2086
add "$here/corpus/parse" $specs $all_fixtures
# shellcheck disable=SC2086
add "$here/corpus/run" $specs $run_fixtures
echo "corpus/parse: $(ls "$here/corpus/parse" | wc -l) files, corpus/run: $(ls "$here/corpus/run" | wc -l) files"
