#!/usr/bin/env bash
# Times the stages of `make test`: `stage-time.sh NAME COMMAND...` runs COMMAND and records how long stage NAME
# took; `--reset` forgets earlier records; `--summary` prints every stage's time and the total.
set -uo pipefail
cd "$(dirname "$0")/.."
record=target/stage-times.txt
mkdir -p target

case "${1:-}" in
  --reset)
    rm -f "$record"
    exit 0
    ;;
  --summary)
    [ -f "$record" ] || exit 0
    echo
    echo "make test: time per stage"
    awk -F'\t' '
      { printf "  %-22s %4dm %02ds  %s\n", $1, $2 / 60, $2 % 60, $3; total += $2 }
      END { printf "  %-22s %4dm %02ds\n", "total", total / 60, total % 60 }
    ' "$record"
    exit 0
    ;;
  "" )
    echo "usage: stage-time.sh NAME COMMAND... | --reset | --summary" >&2
    exit 2
    ;;
esac

name=$1
shift
started=$(date +%s)
"$@"
status=$?
ended=$(date +%s)
outcome=ok
[ "$status" -eq 0 ] || outcome="failed (exit $status)"
printf '%s\t%d\t%s\n' "$name" "$((ended - started))" "$outcome" >> "$record"
exit "$status"
