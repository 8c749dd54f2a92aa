#!/usr/bin/env bash
# `asterism bench` with its pinned defaults (apps/asterism/cli.h) must print
# the signature recorded in tests/data/bench_signature.txt. The signature
# counts moves, perft nodes and search digests, so it moves only when
# behaviour does; a commit that changes it says the new one in its message
# and updates the file.
#
# Usage: bench_test.sh ASTERISM_BINARY SIGNATURE_FILE
set -uo pipefail
bin=$1
want=$(tr -d '[:space:]' <"$2")
got=$("$bin" bench | sed -n 's/^Bench: //p')
if [ "$got" = "$want" ]; then
  echo "Bench: $got (as recorded)"
else
  echo "FAIL: Bench: ${got:-none}, recorded $want (update $2 and say so in the commit if the change is meant)" >&2
  exit 1
fi
