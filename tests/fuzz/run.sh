#!/usr/bin/env bash
# Runs libFuzzer targets, each for SECONDS, starting from its corpus in
# tests/fuzz/corpus/<name>/ (fuzz_board -> board).  New inputs go to
# OUTDIR/corpus/<name>/ and crashing inputs to OUTDIR/crashes/, both under
# build/, so the tree stays clean.  Ends with "fuzz: N passed, M failed".
# usage: tests/fuzz/run.sh SECONDS OUTDIR TARGET...      (make fuzz runs it)
set -u
here=$(cd "$(dirname "$0")" && pwd)
seconds=$1 out=$2; shift 2
case $seconds in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac
pass=0 fail=0
if [ $# -eq 0 ]; then echo "run.sh: no fuzz targets"; fail=1; fi
for bin in "$@"; do
    name=$(basename "$bin"); name=${name#fuzz_}
    seeds=$here/corpus/$name
    if [ ! -x "$bin" ]; then echo "FAIL $name: no program $bin"; fail=$((fail + 1)); continue; fi
    if [ -z "$(ls -A "$seeds" 2>/dev/null)" ]; then
        echo "FAIL $name: no seed corpus in $seeds"; fail=$((fail + 1)); continue
    fi
    mkdir -p "$out/corpus/$name" "$out/crashes" "$out/logs"
    log=$out/logs/$name.log
    echo "fuzz_$name: $seconds s from $(ls "$seeds" | wc -l) seeds (log: $log)"
    # the seeds first, then fuzzing; any crash, leak, sanitizer report or
    # failed round trip stops the run with a non-zero status
    if "$bin" -max_total_time="$seconds" -timeout=10 -max_len=4096 -print_final_stats=1 \
            -artifact_prefix="$out/crashes/$name-" "$out/corpus/$name" "$seeds" > "$log" 2>&1 &&
            grep -q '^Done [0-9]* runs' "$log"; then
        pass=$((pass + 1))
        grep -E '^Done [0-9]* runs|stat::number_of_executed_units' "$log" | head -n 1 | sed 's/^/    /'
    else
        fail=$((fail + 1))
        echo "FAIL $name: see $log"
        grep -E 'ERROR|assertion failed|runtime error|SUMMARY|Test unit written' "$log" | head -n 10 | sed 's/^/    /'
        echo "    reproduce: $bin <crash file>"
    fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
