#!/usr/bin/env bash
# Runs unit-test programs; prints each one's summary and a total line,
# "unit: N passed, M failed, K skipped".
# usage: tests/run-unit.sh [-k PATTERN]... PROGRAM...
#   -k PATTERN is passed to every program: run only the tests whose name
#   contains PATTERN.
set -u
args=()
while [ $# -gt 0 ]; do
    case $1 in
    -k) [ $# -ge 2 ] || { echo "run-unit.sh: -k needs a pattern" >&2; exit 2; }
        args+=(-k "$2"); shift 2 ;;
    *) break ;;
    esac
done
re='^.*: ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$'
total_p=0 total_f=0 total_s=0 status=0
for t in "$@"; do
    out=$("$t" ${args[@]+"${args[@]}"}) || status=1
    printf '%s\n' "$out"
    line=$(printf '%s\n' "$out" | tail -n 1)
    if [[ $line =~ $re ]]; then
        total_p=$((total_p + BASH_REMATCH[1]))
        total_f=$((total_f + BASH_REMATCH[2]))
        total_s=$((total_s + BASH_REMATCH[3]))
    else
        echo "$t: crashed or printed no summary"
        total_f=$((total_f + 1)) status=1
    fi
done
echo "unit: $total_p passed, $total_f failed, $total_s skipped"
exit $status
