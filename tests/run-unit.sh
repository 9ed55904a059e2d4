#!/bin/sh
# Runs unit-test programs; prints each one's summary and a total line.
total_p=0 total_f=0 status=0
for t in "$@"; do
    out=$("$t") || status=1
    printf '%s\n' "$out"
    line=$(printf '%s\n' "$out" | tail -n 1)
    p=$(printf '%s' "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(printf '%s' "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    if [ -z "$p" ]; then echo "$t: crashed or printed no summary"; p=0 f=1 status=1; fi
    total_p=$((total_p + p)) total_f=$((total_f + f))
done
echo "unit: $total_p passed, $total_f failed"
exit $status
