#!/usr/bin/env bash
# Lists every function in src/ and apps/ longer than the house limit (60
# lines, DESIGN.md), as universal-ctags measures it (from the line of its name
# to its closing brace). A function may be longer when the comment just above
# it has a line starting "// Long:" that says why. Exit 1 if any function is
# over the limit without such a comment.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${FUNCTION_LINE_LIMIT:-60}
command -v ctags >/dev/null || { echo "error: ctags not found (Debian package universal-ctags; scripts/deps.sh)" >&2; exit 2; }
cd "$root"
mapfile -t files < <(find src apps python -name '*.cpp' -o -name '*.h' | sort)
over=0
while IFS=$'\t' read -r file start end name; do
  length=$((end - start + 1))
  ((length > limit)) || continue
  # The comment block directly above the function, read upwards.
  explained=0
  for ((l = start - 1; l > 0; l--)); do
    above=$(sed -n "${l}p" "$file")
    [[ $above =~ ^[[:space:]]*// ]] || break
    if [[ $above =~ ^[[:space:]]*//\ Long: ]]; then explained=1; break; fi
  done
  ((explained)) && continue
  echo "$file:$start: $name is $length lines (limit $limit)"
  over=$((over + 1))
done < <(ctags --languages=C++ --kinds-C++=f --fields=+ne --extras=-q -o - "${files[@]}" |
         awk -F'\t' '{ line=""; end=""; scope="";
                       for (i = 4; i <= NF; i++) {
                         if ($i ~ /^line:/) line = substr($i, 6);
                         else if ($i ~ /^end:/) end = substr($i, 5);
                         else if ($i ~ /^(class|struct|namespace|function):/) scope = substr($i, index($i, ":") + 1) "::";
                       }
                       if (line != "" && end != "") print $2 "\t" line "\t" end "\t" scope $1 }')
if ((over > 0)); then
  echo "$over function(s) over $limit lines; split them or say why in a '// Long:' comment above" >&2
  exit 1
fi
echo "every function in src/, apps/ and python/ is at most $limit lines (or says why it is longer)"
