#!/usr/bin/env bash
# Golden tests for line, deposit, rotate45, rotated, convert and the demo's
# lines section.  $1 is the CLI.  Each case's standard output, standard error
# and exit status must match tests/cli/lines/NAME.exact exactly.
# UPDATE=1 rewrites the .exact files from the current output (review the diff).
set -u
cli=${1:?usage: lines.sh path/to/bitboard}
dir=$(cd "$(dirname "$0")" && pwd)/lines
pass=0 fail=0

# check NAME ARGS...: runs the CLI with ARGS and compares with NAME.exact.
check() {
    local name=$1; shift
    local out err rc got
    out=$("$cli" "$@" 2>/tmp/lines-cli-err.$$); rc=$?
    if [ -n "${SECTION:-}" ]; then # only the demo section titled $SECTION
        out=$(printf '%s\n' "$out" | awk -v t="$SECTION" '/^== [0-9]+\. / { on = index($0, t) > 0 } on')
    fi
    err=$(cat /tmp/lines-cli-err.$$)
    got=$(printf '%s\n--- stderr\n%s\n--- exit %d\n' "$out" "$err" "$rc")
    if [ "${UPDATE:-}" = 1 ]; then printf '%s\n' "$got" > "$dir/$name.exact"; fi
    if [ -f "$dir/$name.exact" ] && [ "$got" = "$(cat "$dir/$name.exact")" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: bitboard $*"
        if [ -f "$dir/$name.exact" ]; then diff <(printf '%s\n' "$got") "$dir/$name.exact" | head -n 20
        else echo "   (no $name.exact)"; fi
    fi
}

check line-diagonal-diagram line 0x0000102A44A81000 e4 diagonal
check line-antidiagonal-hex -o hex line 0x0000102A44A81000 e4 antidiagonal
check line-file-json -o json line e4,e6 e1 file
check line-rank-squares -o squares line 0xff00ff00 c2 rank
check line-short-diagonal -o hex line 0xffffffffffffffff g1 diagonal
check line-bad-square line 0 e9 rank
check line-bad-line line 0 e4 diag
check line-bad-board line 0xzz e4 rank
check line-arity line 0 e4
check deposit-file-squares -o squares deposit 0b101 e4 file
check deposit-antidiagonal -o hex deposit 0xff c1 antidiagonal
check deposit-diagonal-diagram deposit 255 g1 diagonal
check deposit-too-big deposit 300 e4 file
check deposit-not-number deposit 0xzz e4 file
check deposit-negative deposit -1 e4 file
check rotate45-cw -o hex rotate45 cw 0x8040201008040201
check rotate45-ccw -o hex rotate45 ccw 0x0102040810204080
check rotate45-uncw -o hex rotate45 uncw 0xff
check rotate45-unccw-diagram rotate45 unccw 0xff
check rotate45-many -o hex rotate45 cw e4 d5 0x1
check rotate45-bad rotate45 left 0x1
check rotate45-arity rotate45 cw
check rotated-90 -o hex rotated 90 0x0101010101010101
check rotated-45 -o hex rotated 45 0x8040201008040201
check rotated-315 -o hex rotated 315 0x0102040810204080
check rotated-un45 -o squares rotated un45 0xff0000000
check rotated-un315 -o squares rotated un315 0x7
check rotated-un90 -o squares rotated un90 0xff
check rotated-bad rotated 46 0x1
check rotated-bad-board rotated 45 0x1 zz
check convert-berf -o hex convert berf lerf 0x8000000000000000
check convert-berlef -o squares convert berlef lerf 0x1
check convert-to-lefr -o hex convert lerf lefr 0x2
check convert-bad-mapping convert lerf lerx 0x1
check convert-arity convert lerf berf
check convert-options -o hex convert --from berf --to lerf 0x8000000000000000
check convert-options-eq -o hex convert --to=berlef --from=lerf a8
check convert-options-default-to -o squares convert --from berlef 0x1
check convert-bad-option convert --frm berf 0x1
check convert-option-no-value convert --from
check convert-option-bad-mapping convert --from=xx 0x1
check convert-option-no-board convert --from berf --to lerf
check unknown-option-elsewhere show --from berf 0x1
SECTION='Lines, pseudo-rotations' check demo-lines demo
check help-line help line

echo "lines: $pass passed, $fail failed"
rm -f /tmp/lines-cli-err.$$
[ "$fail" -eq 0 ]
