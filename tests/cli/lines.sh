#!/usr/bin/env bash
# Golden tests for line, deposit, rotate45, rotated and convert (the demo,
# lines section included, is checked whole by tests/cli/sym.sh).
# usage: tests/cli/lines.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/lines
. "$here/golden.lib"

golden_case line-diagonal-diagram 0 line 0x0000102A44A81000 e4 diagonal
golden_case line-antidiagonal-hex 0 -o hex line 0x0000102A44A81000 e4 antidiagonal
golden_case line-file-json 0 -o json line e4,e6 e1 file
golden_case line-rank-squares 0 -o squares line 0xff00ff00 c2 rank
golden_case line-short-diagonal 0 -o hex line 0xffffffffffffffff g1 diagonal
golden_case line-bad-square 2 line 0 e9 rank
golden_case line-bad-line 2 line 0 e4 diag
golden_case line-bad-board 2 line 0xzz e4 rank
golden_case line-arity 2 line 0 e4
golden_case line-stdin 2 line - e4 rank

golden_case deposit-file-squares 0 -o squares deposit 0b101 e4 file
golden_case deposit-antidiagonal 0 -o hex deposit 0xff c1 antidiagonal
golden_case deposit-diagonal-diagram 0 deposit 255 g1 diagonal
golden_case deposit-too-big 2 deposit 300 e4 file
golden_case deposit-not-number 2 deposit 0xzz e4 file
golden_case deposit-negative 2 deposit -1 e4 file
golden_case deposit-json 0 -o json deposit 0x81 a1 rank
golden_case deposit-double-prefix 2 deposit 0x0x5 e4 rank
golden_case deposit-hex-too-big 2 deposit 0x100 e4 rank
golden_case deposit-square-list 2 deposit e4 e4 rank
golden_case deposit-spaces 0 -o hex deposit " 0b101 " e4 rank
golden_case deposit-max 0 -o hex deposit 0xFF a8 rank

golden_case rotate45-cw 0 -o hex rotate45 cw 0x8040201008040201
golden_case rotate45-ccw 0 -o hex rotate45 ccw 0x0102040810204080
golden_case rotate45-uncw 0 -o hex rotate45 uncw 0xff
golden_case rotate45-unccw-diagram 0 rotate45 unccw 0xff
golden_case rotate45-many 0 -o hex rotate45 cw e4 d5 0x1
golden_case rotate45-bad 2 rotate45 left 0x1
golden_case rotate45-arity 2 rotate45 cw
golden_case rotate45-upper 0 -o HEX rotate45 CW 0x8040201008040201
golden_case rotate45-json 0 -o json rotate45 cw 0x8040201008040201

golden_case rotated-90 0 -o hex rotated 90 0x0101010101010101
golden_case rotated-45 0 -o hex rotated 45 0x8040201008040201
golden_case rotated-315 0 -o hex rotated 315 0x0102040810204080
golden_case rotated-un45 0 -o squares rotated un45 0xff0000000
golden_case rotated-un315 0 -o squares rotated un315 0x7
golden_case rotated-un90 0 -o squares rotated un90 0xff
golden_case rotated-bad 2 rotated 46 0x1
golden_case rotated-bad-board 2 rotated 45 0x1 zz
golden_case rotated-json 0 -o json rotated 90 a1,a2

golden_case convert-berf 0 -o hex convert berf lerf 0x8000000000000000
golden_case convert-berlef 0 -o squares convert berlef lerf 0x1
golden_case convert-to-lefr 0 -o hex convert lerf lefr 0x2
golden_case convert-json 0 -o json convert berf lerf 0x8000000000000000
golden_case convert-bad-mapping 2 convert lerf lerx 0x1
golden_case convert-arity 2 convert lerf berf
golden_case convert-options 0 -o hex convert --from berf --to lerf 0x8000000000000000
golden_case convert-options-eq 0 -o hex convert --to=berlef --from=lerf a8
golden_case convert-options-default-to 0 -o squares convert --from berlef 0x1
golden_case convert-bad-option 2 convert --frm berf 0x1
golden_case convert-option-no-value 2 convert --from
golden_case convert-option-bad-mapping 2 convert --from=xx 0x1
golden_case convert-option-no-board 2 convert --from berf --to lerf

golden_case unknown-option-elsewhere 2 show --from berf 0x1

golden_case help-line 0 help line

# '-' reads boards from standard input, one per line
input=$(mktemp)
printf '0x1\n# a comment\n\n0x8000000000000000\n' > "$input"
golden_stdin rotated-45-stdin 0 "$input" -o hex rotated 45 -
golden_stdin rotate45-cw-stdin 0 "$input" -o hex rotate45 cw -
golden_stdin convert-stdin 0 "$input" -o squares convert --from lerf --to berf -
printf 'a1\nq9\n' > "$input"
golden_stdin convert-stdin-bad-line 2 "$input" -o hex convert --from lerf --to berf -
rm -f "$input"

golden_finish cli-lines
