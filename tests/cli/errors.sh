#!/usr/bin/env bash
# Golden tests for failures: write errors stop the program (status 1), bad
# input is named with its place (status 2), and no message carries a raw
# control character.
# usage: tests/cli/errors.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/errors
. "$here/golden.lib"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# Write errors: stdout on /dev/full.  Endless input must stop at the first
# failed write (timeout 10 fails the test otherwise) ...
golden_full full-transform-endless 1 -o hex transform rotate_cw - < <(yes 0x1)
golden_full full-canonical-endless 1 -o hex canonical - < <(yes 0x80)
golden_full full-pairs-endless 1 -o json canonical - - < <(yes '0x80 | a1')
golden_full full-show-endless 1 show - < <(yes e4)
golden_full full-rotated-endless 1 -o squares rotated 45 - < <(yes 0xff)
golden_full full-all-endless 1 -o json transform all - < <(yes e4)
# ... and finite input is not read to its end: a bad last line is never reached
{ yes 0x1 | head -n 200000; echo zz9; } > "$tmp"
golden_full full-finite 1 -o hex transform flip_vertical - < "$tmp"
golden_full full-finite-canonical 1 -o hex canonical - < "$tmp"
# short output: the error shows when stdout is flushed at the end
golden_full full-show 1 show e4 < /dev/null
golden_full full-help 1 help < /dev/null
golden_full full-help-command 1 help canonical < /dev/null
golden_full full-help-flag 1 --help < /dev/null
golden_full full-version 1 --version < /dev/null
golden_full full-demo 1 demo < /dev/null
golden_full full-deposit 1 deposit 0xff e4 rank < /dev/null
# a bad argument still says so, with status 2, when stdout is full too
golden_full full-bad-board 2 show zz < /dev/null

# Control characters in arguments and input come out escaped
golden_case escape-board 2 show $'\e[2J'
golden_case escape-command 2 $'\e[31mred'
golden_case escape-option 2 $'--\a' show 0x1
golden_case escape-square 2 line 0x1 $'e\r' rank
golden_case escape-symmetry 2 transform $'rot\tate' 0x1
golden_case escape-cell 2 show $'8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . \x7f . . . .\n4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . . . . . . .'
golden_case escape-utf8 2 show $'e4,\xc3\xa94'
printf '0x1\n\e]0;title\a\n' > "$tmp"
golden_stdin escape-stdin 2 "$tmp" -o hex show -

# Strict diagrams: every malformed one is an error naming line and column
D=$'8 . . . . . . . .\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . 1 . . . .\n4 . . . . 1 . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 1 . . . . . . .\n  a b c d e f g h'
golden_case diagram-ok 0 -o squares show "$D"
golden_case diagram-lost-cell 2 -o hex show "${D/1 1 . . . . . . ./1 . . . . . . .}"
golden_case diagram-lost-label 2 -o hex show "${D/6 . /. }"
golden_case diagram-wrong-label 2 -o hex show "${D/4 . /3 . }"
golden_case diagram-blank-line 2 -o hex show "${D/5 . /$'\n'5 . }"
golden_case diagram-files-between 2 -o hex show "${D/5 . /  a b c d e f g h$'\n'5 . }"
golden_case diagram-bad-files 2 -o hex show "${D/a b c d e f g h/a b c d e f g i}"
golden_case diagram-othello-as-chess 2 -o hex show "$("$BIN" --othello show e4)"
golden_case diagram-othello 0 --othello -o squares show "$("$BIN" --othello show e4)"
golden_case diagram-unlabelled 0 -o squares show $'........\n........\n........\n........\n........\n........\n........\n1 . . . . . . .'
golden_case squares-two-words 0 -o hex show "a1 b2" $'a1 b2\n'

# A closed pipe (`... | head`) is normal for a filter: status 1, no message,
# not SIGPIPE's 141; for a stream and for the bulk commands alike
check_closed_pipe() {
    local name=$1 err status; shift
    err=$(mktemp)
    yes e4 | head -n 300000 | "$BIN" "$@" 2> "$err" | head -n 2 > /dev/null
    status=${PIPESTATUS[2]}
    if [ "$status" = 1 ] && [ ! -s "$err" ]; then
        golden_pass=$((golden_pass + 1))
    else
        echo "FAIL $name: exit status $status (want 1), stderr '$(head -c 200 "$err")'"; golden_fail=$((golden_fail + 1))
    fi
    rm -f "$err"
}
check_closed_pipe closed-pipe-show -o hex show -
check_closed_pipe closed-pipe-transform -o hex transform rotate_cw -
check_closed_pipe closed-pipe-canonical -o json canonical -

# No golden file holds a raw control character (tab and newline aside)
bad=$(grep -lP '[\x00-\x08\x0b-\x1f\x7f]' "$here"/*/*.stderr.exact 2>/dev/null)
if [ -n "$bad" ]; then
    echo "FAIL raw control characters in: $bad"; golden_fail=$((golden_fail + 1))
else
    golden_pass=$((golden_pass + 1))
fi

golden_finish cli-errors
