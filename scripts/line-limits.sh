# The loop that the file-length checks share (check-file-length.sh for C++,
# check-web-size.sh for the page), sourced by both: each file against the
# house limit, or against the length it is held to while owed a split.

# Reads NUL-separated file names on stdin and checks each against the limit
# $1 or, for a file that the associative array named $2 lists, the length it
# holds it to; prints a line for each file over its cap and for each file
# held over the limit, and sets `over` to the number of files over their cap.
count_over_limits() {
  local limit=$1 file lines cap
  local -n held=$2
  over=0
  while IFS= read -r -d '' file; do
    lines=$(wc -l <"$file")
    cap=${held[$file]:-$limit}
    if ((lines > cap)); then
      echo "$file is $lines lines (limit $cap)"
      over=$((over + 1))
    elif ((cap > limit)); then
      echo "$file is $lines lines: over $limit, owed a split (held to $cap)"
    fi
  done
}
