#!/usr/bin/env bash
# Lists every C++ source and header in src/ and apps/ longer than the house
# limit for it (600 lines): a file past it holds more than one topic and is
# split along its seams, each new file saying in its header comment what it
# holds (as record/pgn.cpp was into its scanner, reader and writer). Exit 1
# if any file is over its limit. The .inc files are weights that `asterism
# train` writes, data rather than code, and are not counted. An optional
# argument names another checkout to look at (the default is this one).
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
limit=${CPP_FILE_LINE_LIMIT:-600}
# Files over the limit that are owed a split, each held to its length when
# this check was written (a ratchet), so that it cannot grow: each is one
# search template (alpha-beta, MCTS), which DESIGN.md would split by object,
# not by file, and that wants more care than the session that added this
# check had left. Take a line out when its file is split.
declare -A owed=(
  [src/search/alphabeta.h]=858
  [src/search/mcts.h]=764
)
# shellcheck source=scripts/line-limits.sh
source "$(dirname "${BASH_SOURCE[0]}")/line-limits.sh"
count_over_limits "$limit" owed < <(find src apps -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.hpp' \) -print0 | sort -z)
if ((over > 0)); then
  echo "$over C++ file(s) over $limit lines; split them along their seams" >&2
  exit 1
fi
echo "every C++ file in src/ and apps/ is within its limit ($limit lines, or the length it is held to while owed a split)"
