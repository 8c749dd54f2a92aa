#!/usr/bin/env bash
# Fails if any C++ file differs from what clang-format (with the committed
# .clang-format) would write. Fix with: bash scripts/check-format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files -co --exclude-standard -- '*.h' '*.cpp')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "error: not clang-formatted: ${bad[*]} (run: bash scripts/check-format.sh --fix)" >&2
  exit 1
fi
echo "format ok (${#files[@]} files)"
