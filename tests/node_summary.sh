# Sourced by the scripts that run `node --test` (tests/js.sh,
# tests/browser/run.sh): node_summary NAME OUTFILE RC prints the failures
# (with their first lines), the skipped tests, and "NAME: N passed, M
# failed, K skipped"; returns non-zero when something failed (a run that
# failed without a failed test counts one).
node_summary() {
    local name=$1 out=$2 rc=$3 p f s
    grep -E '^not ok|^# (tests|pass|fail)' "$out"
    [ "$rc" -ne 0 ] && grep -A25 '^not ok' "$out" | head -n 80
    p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$out") f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$out")
    s=$(sed -n 's/^# skipped \([0-9]*\)$/\1/p' "$out")
    p=${p:-0} f=${f:-0} s=${s:-0}
    [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    grep -E '^# Subtest: .*# SKIP|^ok .*# SKIP' "$out" | sed 's/^/SKIP /'
    echo "$name: $p passed, $f failed, $s skipped"
    [ "$f" -eq 0 ]
}
