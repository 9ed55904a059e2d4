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
# The programs run UNIT_JOBS at a time (default: the cores), each into files
# of its own; their output is printed in the order given, as if one by one.
jobs_max=${UNIT_JOBS:-$(nproc 2>/dev/null || echo 2)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The longest programs start first, so that no core is left alone with one
# of them at the end (the rest fill in beside them); output keeps the order
# given.
slow_first=" test_chess_diff test_othello_solve test_othello_eval test_chess test_chess_perft test_othello_tt test_trace_forms "
order=()
for pass in slow rest; do
    i=0
    for t in "$@"; do
        case $slow_first in *" $(basename "$t") "*) [ $pass = slow ] && order+=($i) ;; *) [ $pass = rest ] && order+=($i) ;; esac
        i=$((i + 1))
    done
done
progs=("$@")
for i in ${order[@]+"${order[@]}"}; do
    t=${progs[$i]}
    ( "$t" ${args[@]+"${args[@]}"} > "$tmp/$i.out" 2> "$tmp/$i.err"; echo $? > "$tmp/$i.rc" ) &
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
done
wait
i=0
for t in "$@"; do
    cat "$tmp/$i.out"
    cat "$tmp/$i.err" >&2
    [ "$(cat "$tmp/$i.rc" 2>/dev/null)" = 0 ] || status=1
    line=$(tail -n 1 "$tmp/$i.out")
    if [[ $line =~ $re ]]; then
        total_p=$((total_p + BASH_REMATCH[1]))
        total_f=$((total_f + BASH_REMATCH[2]))
        total_s=$((total_s + BASH_REMATCH[3]))
    else
        echo "$t: crashed or printed no summary"
        total_f=$((total_f + 1)) status=1
    fi
    i=$((i + 1))
done
echo "unit: $total_p passed, $total_f failed, $total_s skipped"
exit $status
