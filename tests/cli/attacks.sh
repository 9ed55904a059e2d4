#!/usr/bin/env bash
# Golden tests for attacks and attacks --methods (the demo, attacks section
# included, is checked whole by tests/cli/sym.sh).
# usage: tests/cli/attacks.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/attacks
. "$here/golden.lib"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# Every piece, every output format
golden_case rook-diagram 0 attacks rook e4 e7,b4,e2,g4,a1,h8
golden_case rook-empty 0 attacks rook a1
golden_case rook-hex 0 -o hex attacks rook e4 e7,b4,e2,g4,a1,h8
golden_case rook-squares 0 -o squares attacks rook e4 e7,b4,e2,g4,a1,h8
golden_case rook-json 0 -o json attacks rook e4 e7,b4,e2,g4,a1,h8
golden_case bishop-diagram 0 attacks bishop c1 d2,b2,h6
golden_case bishop-hex 0 -o hex attacks bishop c1 d2,b2
golden_case bishop-full 0 -o squares attacks bishop d4 0xffffffffffffffff
golden_case queen-diagram 0 attacks queen d4 d6,f6,b4,a1,c3,h8,d1
golden_case queen-squares 0 -o squares attacks queen d4 d6,f6,b4
golden_case queen-json 0 -o json attacks queen h8 h1,a1,b2
golden_case knight-diagram 0 attacks knight g1 e2,f3,h3,g3
golden_case knight-corner 0 -o squares attacks knight a1
golden_case knight-json 0 -o json attacks knight e4 d6
golden_case king-hex 0 -o hex attacks king e1
golden_case king-json 0 -o json attacks king h8
golden_case king-diagram 0 attacks king b7 a8,c8,c6,d7
golden_case pawn-default-white 0 -o squares attacks pawn e4
golden_case pawn-white-diagram 0 attacks pawn e2 d3,f3,e3
golden_case pawn-black 0 -o squares attacks pawn e4 --color black
golden_case pawn-black-diagram 0 attacks pawn e7 --color=BLACK d6,e6
golden_case pawn-color-white 0 -o hex attacks pawn a2 --color white
golden_case pawn-edge-black 0 -o squares attacks pawn h7 --color black
golden_case pawn-last-rank 0 -o squares attacks pawn e8
golden_case pawn-json 0 -o json attacks pawn e4 d5 --color black
golden_case pawn-json-white 0 -o json attacks pawn b2
# whether the piece's square is occupied does not matter
golden_case own-square-occupied 0 -o hex attacks rook e4 e4,e6
golden_case own-square-empty 0 -o hex attacks rook e4 e6
# names in any case, options anywhere after the command
golden_case upper-case 0 -o squares attacks ROOK E4 E6
golden_case options-first 0 -o squares attacks --method magic bishop c1 d2
# OCC as any BOARD: a diagram, --othello, JSON
diagram=$'8 . . . . . . . .\n7 . . . . 1 . . .\n6 . . . . . . . .\n5 . . . . . . . .\n4 . 1 . . . . 1 .\n3 . . . . . . . .\n2 . . . . 1 . . .\n1 . . . . . . . .\n  a b c d e f g h'
golden_case occ-diagram 0 -o squares attacks rook e4 "$diagram"
golden_case othello 0 --othello attacks rook e4 e7,b4,e2,g4,a1,h8
golden_case othello-occ 0 --othello -o squares attacks rook e4 "$("$BIN" --othello show e7,b4)"
golden_case othello-pawn 0 --othello attacks pawn e2 d3
golden_case occ-json 0 -o squares attacks queen a1 '{"hex":"0x0000000000000202"}'

# Every method gives the same sets: each of them is compared with one golden
# per piece, over a stream of occupancies (and without --method: the default)
printf '0x0\n0xffffffffffffffff\n0x000228004a000840\n0x0000102a44a81000\ne4\ne4,e5,d4,f4,e3\n' > "$tmp"
printf 'a1,h8,a8,h1\n0x8142241818244281\n0xff00ff00ff00ff00\n0x5555aaaa5555aaaa\n0x1000000000000010\n' >> "$tmp"
for p in rook bishop queen; do
    golden_stdin "methods-$p" 0 "$tmp" -o hex attacks $p e4 -
    for m in naive rotated kindergarten magic hyperbola kogge-stone Kogge_Stone MAGIC; do
        golden_stdin "methods-$p" 0 "$tmp" -o hex attacks $p e4 - --method $m
    done
    golden_stdin "methods-$p-corner" 0 "$tmp" -o hex attacks $p h1 -
    for m in naive rotated kindergarten magic hyperbola kogge-stone; do
        golden_stdin "methods-$p-corner" 0 "$tmp" -o hex attacks $p h1 - --method=$m
    done
done
# pext: the same sets where the build has BMI2, else an error naming it
if "$BIN" -o json attacks --methods | grep -q '"method":"pext","available":true'; then
    for p in rook bishop queen; do
        golden_stdin "methods-$p" 0 "$tmp" -o hex attacks $p e4 - --method pext
        golden_stdin "methods-$p-corner" 0 "$tmp" -o hex attacks $p h1 - --method PEXT
    done
    echo "SKIP method-pext-unavailable: this build has pext"
else
    golden_case method-pext-unavailable 2 attacks rook e4 --method pext
    echo "SKIP methods-*-pext: this build has no pext"
fi

# '-' streams OCC from standard input, one result a line (diagrams apart)
printf 'e5\n# a comment\n\nd4,f4 e6\n0x0\n' > "$tmp"
golden_stdin stdin-squares 0 "$tmp" -o squares attacks rook e4 -
golden_stdin stdin-diagram 0 "$tmp" attacks bishop d5 -
golden_stdin stdin-json 0 "$tmp" -o json attacks knight e4 -
golden_stdin stdin-pawn 0 "$tmp" -o hex attacks pawn e4 - --color black
printf 'e5\nzz9\n0x1\n' > "$tmp"
golden_stdin stdin-bad-line 2 "$tmp" -o squares attacks rook e4 -
golden_full full-attacks-endless 1 -o hex attacks rook e4 - < <(yes 0x1)

# Errors: a message naming what and where, exit status 2
golden_case err-no-args 2 attacks
golden_case err-no-square 2 attacks rook
golden_case err-piece 2 attacks rk e4
golden_case err-square 2 attacks rook e9
golden_case err-square-number 2 attacks rook 12
golden_case err-occ-hex 2 attacks rook e4 0x1g
golden_case err-occ-square 2 attacks rook e4 e4,i9
golden_case err-occ-diagram 2 attacks rook e4 "${diagram/4 . 1/4 . ?}"
golden_case err-too-many 2 attacks rook e4 0x1 0x2
golden_case err-method-leaper 2 attacks knight e4 --method magic
golden_case err-method-pawn 2 attacks pawn e4 --method naive
golden_case err-color-rook 2 attacks rook e4 --color black
golden_case err-method-unknown 2 attacks rook e4 --method fancy
golden_case err-method-missing 2 attacks rook e4 --method
golden_case err-method-empty 2 attacks rook e4 --method=
golden_case err-method-twice 2 attacks rook e4 --method=naive --method magic
golden_case err-color-unknown 2 attacks pawn e4 --color red
golden_case err-color-missing 2 attacks pawn e4 --color
golden_case err-color-twice 2 attacks pawn e4 --color white --color black
golden_case err-option 2 attacks rook e4 --frob
golden_case err-short-option 2 attacks rook e4 -m
golden_case err-option-before 2 --method magic attacks rook e4
golden_case err-methods-extra 2 attacks --methods rook
golden_case err-methods-method 2 attacks --methods --method magic
golden_case err-escape 2 attacks $'ro\e[2Jok' e4

# Help
golden_case help-attacks 0 help attacks
golden_case help-attacks-flag 0 attacks -h

# attacks --methods: the seven methods in enum order, which are in this build
# (all but pext always), exactly one default (pext or magic; pext only if in
# the build), the table bytes as a number (their values change as the
# methods' tables do); -o json says the same.
check_methods() {
    local names=(naive rotated kindergarten magic pext hyperbola kogge-stone)
    local text json hex ok=1 defaults=0 dflt='' i line jline want avail bytes d
    text=$("$BIN" attacks --methods 2>&1) || { echo "FAIL methods: exit status $?"; ok=0; }
    json=$("$BIN" -o json attacks --methods 2>&1) || { echo "FAIL methods-json: exit status $?"; ok=0; }
    hex=$("$BIN" -o hex attacks --methods 2>&1) || { echo "FAIL methods-hex: exit status $?"; ok=0; }
    [ "$hex" = "$text" ] || { echo "FAIL methods: -o hex prints other than the text"; ok=0; }
    [ "$(printf '%s\n' "$text" | wc -l)" = 7 ] || { echo "FAIL methods: not 7 lines:"; printf '%s\n' "$text"; ok=0; }
    [ "$(printf '%s\n' "$json" | wc -l)" = 7 ] || { echo "FAIL methods-json: not 7 lines:"; printf '%s\n' "$json"; ok=0; }
    for i in 0 1 2 3 4 5 6; do
        line=$(printf '%s\n' "$text" | sed -n "$((i + 1))p")
        jline=$(printf '%s\n' "$json" | sed -n "$((i + 1))p")
        if [[ $line =~ ^${names[i]}\ +([0-9]+)\ bytes(\ \ default)?$ ]]; then
            avail=true bytes=${BASH_REMATCH[1]} d=false
            [ -n "${BASH_REMATCH[2]}" ] && d=true defaults=$((defaults + 1)) dflt=${names[i]}
        elif [ "${names[i]}" = pext ] && [ "$line" = "pext          not in this build (pext needs BMI2)" ]; then
            avail=false bytes=null d=false
        else
            echo "FAIL methods: line $((i + 1)) is '$line'"; ok=0; continue
        fi
        want="{\"method\":\"${names[i]}\",\"available\":$avail,\"bytes\":$bytes,\"default\":$d}"
        [ "$jline" = "$want" ] || { echo "FAIL methods-json: line $((i + 1)) is '$jline', want '$want'"; ok=0; }
    done
    [ $defaults = 1 ] || { echo "FAIL methods: $defaults methods marked default"; ok=0; }
    [ "$dflt" = pext ] || [ "$dflt" = magic ] || { echo "FAIL methods: default '$dflt' (pext or magic)"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_methods

golden_finish cli-attacks
