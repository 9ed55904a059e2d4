#!/usr/bin/env bash
# Golden tests for show, transform, canonical, help, demo and bad input.
# usage: tests/cli/sym.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/sym
. "$here/golden.lib"

diagram=$'8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . 1 . . . .\n4 . . . . 1 . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 1 . . . . . . .\n  a b c d e f g h'

# show, every input form and output format
golden_case show-hex 0 show 0x0000000810000000
golden_case show-decimal 0 show 34628173824
golden_case show-binary 0 -o hex show 0b100000000000000000000000000000000000
golden_case show-squares 0 -o squares show "e4 d5"
golden_case show-json 0 -o json show e4,d5
golden_case show-none-upper 0 -o Squares show NONE None
golden_case show-json-empty 0 -o json show none 0xffffffffffffffff
"$BIN" -o json show e4,d5 none 0xffffffffffffffff > "${TMPDIR:-/tmp}/bb-cli-in.$$"
printf '{"squares":["h8"]}\n{ "hex" : "0x1" }\n' >> "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin show-json-stdin 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex show -
golden_case show-json-arg 0 -o squares show '{"hex":"0x0000000000000081","squares":["a1","h1"],"count":2}'
golden_case bad-json-disagree 2 show '{"hex":"0x1","squares":["a2"],"count":1}'
golden_case bad-json-wrapper 2 show '{"sym":"identity","board":{"hex":"0x1"}}'
golden_case show-othello 0 --othello show e4,c3
golden_case show-diagram-arg 0 -o squares show "$diagram"
golden_case show-many 0 -o hex show a1 h8 none 0xff
golden_case show-output-eq 0 --output=squares show 0x3

# transform
golden_case transform-cw-hex 0 -o hex transform rotate_cw 0x1
golden_case transform-all-hex 0 -o hex transform all e4,e5,d4
golden_case transform-all-squares 0 -o squares transform all a1,b1
golden_case transform-all-json 0 -o json transform all a1
golden_case transform-all-upper 0 -o hex transform ALL h8
golden_case transform-json 0 -o json transform rotate_180 a1 e4,d5
golden_case transform-all-diagram 0 transform all c2,c3,c4,c5,c6,c7,d7,e7,f7,d5,e5
golden_case transform-diag 0 transform flip_diagonal a1,b1,c1
printf '0x1\n# a comment\n\ne4,d5\n0xff00000000000000\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin transform-stdin 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex transform flip_vertical -
golden_stdin transform-stdin-all 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex transform all -
printf '0x1\n0x2\nzz9\n0x4\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin transform-stdin-bad-line 2 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex transform flip_vertical -
rm -f "${TMPDIR:-/tmp}/bb-cli-in.$$"

# canonical
golden_case canonical-hex 0 -o hex canonical 0x0000000000000080
golden_case canonical-pair 0 -o hex canonical h1 a1,h8
golden_case canonical-diagram 0 canonical c2,c3,c4,c5,c6,c7,d7,e7,f7,d5,e5
golden_case canonical-json 0 -o json canonical h1 a1
golden_case canonical-json-one 0 -o json canonical 0x80
golden_case canonical-squares 0 -o squares canonical h1 a1,h8
golden_case canonical-othello 0 --othello canonical h1 a1
printf '0x80\n# a comment\n\ne4\n0x0000000810000000\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin canonical-stdin 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex canonical -
golden_stdin canonical-stdin-json 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o json canonical -
golden_stdin canonical-stdin-diagram 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" canonical -
printf '0x80 | a1\nh1|a1,h8\n  e4 d5 | none  \n# pairs\n0xff00 | 0xff000000000000\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin canonical-pairs 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex canonical - -
golden_stdin canonical-pairs-json 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o json canonical - -
golden_stdin canonical-pairs-diagram 0 "${TMPDIR:-/tmp}/bb-cli-in.$$" canonical - -
printf '0x80 | a1\n0x80 a1\n0x1 | 0x2\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin canonical-pairs-no-bar 2 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex canonical - -
printf '0x80 | a1 | b2\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin canonical-pairs-two-bars 2 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex canonical - -
printf 'e4,d5 | e4,i9\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin canonical-pairs-bad-second 2 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex canonical - -
printf 'e4,i9 | a1\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin canonical-pairs-bad-first 2 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex canonical - -
printf '0x1\n0x2\nzz9\n0x4\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin canonical-stdin-bad-line 2 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex canonical -
printf '0x1\n0x80 | a1\n' > "${TMPDIR:-/tmp}/bb-cli-in.$$"
golden_stdin canonical-stdin-pair-line 2 "${TMPDIR:-/tmp}/bb-cli-in.$$" -o hex canonical -
golden_case canonical-one-dash 2 canonical - a1
golden_case canonical-no-args 2 canonical
rm -f "${TMPDIR:-/tmp}/bb-cli-in.$$"

# help and demo
golden_case help 0 help
golden_case help-transform 0 help transform
golden_case help-flag 0 --help
golden_case help-canonical 0 help canonical
golden_case help-after-command 0 canonical -h
golden_case demo 0 demo
golden_case demo-othello 0 --othello demo

# bad input: a clear message naming the token and where, exit status 2
golden_case bad-hex 2 show 0x1g
golden_case bad-square 2 show i9
golden_case bad-square-list 2 show e4,i9
golden_case bad-empty 2 show ""
golden_case bad-65-bits 2 show 0x1ffffffffffffffff
golden_case bad-decimal-overflow 2 show 18446744073709551616
golden_case bad-9-rows 2 show "${diagram/  a b c d e f g h/0 . . . . . . . .}"
golden_case bad-files-between 2 show "$diagram"$'\n. . . . . . . .'
golden_case bad-cell 2 show "${diagram/5 . . . 1/5 . . . ?}"
golden_case bad-sym 2 transform rotate_90 0x1
golden_case bad-transform-noboard 2 transform rotate_cw
golden_case bad-command 2 frobnicate
golden_case bad-option 2 --frob show 0x1
golden_case bad-format 2 -o xml show 0x1
golden_case bad-format-missing 2 show 0x1 -o
golden_case bad-help-topic 2 help frobnicate
golden_case bad-canonical-args 2 canonical 1 2 3
golden_case bad-no-args 2
golden_case bad-demo-args 2 demo extra

golden_finish cli-sym
