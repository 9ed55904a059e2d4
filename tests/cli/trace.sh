#!/usr/bin/env bash
# Golden tests for bitboard trace: the terminal pictures, --list, --check and
# its exit status, --input, the SVG (well-formed XML with the expected number
# of steps and labelled cells) and the HTML page (self-contained), and the
# errors.  The browser test (tests/browser/) steps the page in Chromium.
# usage: tests/cli/trace.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/trace
. "$here/golden.lib"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gather='x & 0x0101010101010101; * 0x0102040810204080; >> 56'
# the partial products <<0 and <<56 of this multiplier both reach bit 56
bad_gather='x & 0x0101010101010101; * 0x0102040810204081; >> 56'

# pictures
golden_case gather 0 trace "$gather"
golden_case gather-input 0 trace "$gather" --input a1,a3,b2
golden_case shift-up 0 trace 'x << 8' --input e4,h8
golden_case shift-down 0 trace 'x >> 8'
golden_case bad-gather 0 trace "$bad_gather"
golden_case two-inputs 0 trace 'input p o; p & o; >> 1'
golden_case xor 0 trace 'x ^ 0xff; let t = x; >> 9; ^ t; & 0xff00'
golden_case color 0 trace 'x >> 60' --color always
golden_case no-color 0 trace 'x >> 60' --color never
# colour by default on a terminal only, and never with NO_COLOR set
if command -v script > /dev/null; then
    esc=$'\e'
    tty_out=$(script -qec "'$BIN' trace 'x >> 60'" /dev/null)
    tty_nc=$(NO_COLOR=1 script -qec "'$BIN' trace 'x >> 60'" /dev/null)
    pipe_out=$("$BIN" trace 'x >> 60' | cat)
    if [[ $tty_out == *"$esc["* && $tty_nc != *"$esc"* && $pipe_out != *"$esc"* ]]; then
        golden_pass=$((golden_pass + 1))
    else
        echo "FAIL color-auto: colours must appear on a terminal, not with NO_COLOR nor in a pipe"
        golden_fail=$((golden_fail + 1))
    fi
else
    echo "SKIP color-auto: no script(1) to run the CLI on a terminal"
fi
golden_case flip-vertical 0 trace flip_vertical
golden_case line-file-e4 0 trace line_extract_mul_file --square e4
golden_stdin gather 0 <(printf '%s\n' "$gather") trace -
golden_stdin gather 0 <(printf '# gather file a\nx & 0x0101010101010101\n* 0x0102040810204080\n>> 56\n') trace -
golden_case list 0 trace --list

# --check: 0 proven, 1 not what it claims, 2 bad program text
golden_case check-form 0 trace flip_vertical --check
golden_case check-gather 0 trace "$gather" --check
golden_case check-bad-gather 1 trace "$bad_gather" --check
golden_case check-hyperbola 0 trace hyperbola_file --check
golden_case check-square 0 trace line_extract_mul_diagonal --square c1 --check
# --check proves at the square given, not the form's example square (it said
# WRONG at a1 once: it proved the a1 program against the definition at e4)
golden_case check-square-a1 0 trace line_extract_mul_rank --square a1 --check
golden_case check-square-h8 0 trace line_extract_pext_antidiagonal --square h8 --check
golden_case check-bad-text 2 trace 'x & 0xZZ' --check
# one rule for a form and for all of them: 0 only when nothing is wrong or
# unproven (three whole-board forms are refused: 100 to 128 input bits)
golden_case check-all 1 trace all --check
# --against: a program against a form or another program
hflip_wrong='dswap 0x5555555555555554 1; dswap 0x3333333333333333 2; dswap 0x0f0f0f0f0f0f0f0f 4'
golden_case against-form-wrong 1 trace "$hflip_wrong" --against flip_horizontal
golden_case against-form-wrong-check 1 trace "$hflip_wrong" --against flip_horizontal --check
golden_case against-form 0 trace "${hflip_wrong/5554/5555}" --against flip_horizontal
golden_case against-form-square 0 trace line_extract_mul_file --square e4 --against line_extract_pext_file
golden_case against-form-square-wrong 1 trace line_extract_mul_file --square e4 --against line_extract_pext_rank
golden_case against-program 0 trace 'x << 8' --against 'x rol 8; andnot 0xff'
golden_case against-collision 1 trace 'input a b; a & 0x5555555555555557; << 1; | b' --against 'input a b; a & 0x5555555555555555; << 1; | b'
golden_case against-refused 1 trace 'input a b; a & 0x5555555555555555; << 1; | b' --against 'input a b; a & 0x5555555555555555; << 1; | b'
golden_case two-inputs-values 0 trace 'input p o; p & o' --input p=e4 --input o=e4,d5 --color never
golden_case err-against-inputs 2 trace 'x' --against rook_fill
golden_case err-against-name 2 trace 'x' --against flip_horizontl
golden_case err-against-text 2 trace 'x' --against 'x & 0xZZ'
golden_case err-against-missing 2 trace 'x' --against
golden_case err-against-twice 2 trace 'x' --against flip_vertical --against flip_vertical
golden_case err-against-svg 2 trace 'x' --against flip_vertical --svg /tmp/x.svg
# bitgather (bit n = bit I_n): flip_vertical's indices are a permutation,
# proven equal to the form; the headings abbreviate the 64 indices
flip_indices=56,57,58,59,60,61,62,63,48,49,50,51,52,53,54,55,40,41,42,43,44,45,46,47,32,33,34,35,36,37,38,39
flip_indices=$flip_indices,24,25,26,27,28,29,30,31,16,17,18,19,20,21,22,23,8,9,10,11,12,13,14,15,0,1,2,3,4,5,6,7
golden_case bitgather 0 trace "bitgather $flip_indices" --input e2
golden_case bitgather-against 0 trace "bitgather $flip_indices" --against flip_vertical
golden_case bitgather-against-wrong 1 trace "bitgather ${flip_indices/,50,/,51,}" --against flip_vertical
# bshuf (pshufb): 0x80 and 0xff zero a byte, 0x08..0x0f read the zero high
# qword, bits 4..6 are ignored (0x71 is byte 1)
golden_case bshuf 0 trace 'bshuf 0x8008ff7f71050403' --input 0x8877665544332211
golden_case err-bitgather-count 2 trace 'x bitgather 7,6,5,4,3,2,1,0,15,14,13,12'
golden_case err-bitgather-index 2 trace 'x bitgather 7,6,64'
golden_case err-bshuf-variable 2 trace 'input a b; a bshuf b'

# --svg: well-formed XML, one step group per state, every bit labelled
# svg_counts NAME STATES LABELS ARGS...: draws ARGS --svg and counts
svg_counts() {
    local name=$1 states=$2 labels=$3; shift 3
    local f="$tmp/$name.svg" got
    if ! "$BIN" trace "$@" --svg "$f" > "$tmp/out" 2>&1 || [ -s "$tmp/out" ]; then
        echo "FAIL svg-$name: bitboard trace $* --svg failed or printed:"; head -n 5 "$tmp/out"
        golden_fail=$((golden_fail + 1)); return
    fi
    got=$(python3 - "$f" <<'EOF'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
try:
    root = ET.parse(sys.argv[1]).getroot()
except ET.ParseError as e:
    print("not well-formed XML: %s" % e); sys.exit(0)
steps = [g for g in root.iter(ns + "g") if g.get("class") == "step"]
labs = [t for t in root.iter(ns + "text") if (t.get("class") or "").split()[:1] == ["lab"]]
print("%s %d %d" % (root.tag == ns + "svg", len(steps), len(labs)))
EOF
)
    if [ "$got" = "True $states $labels" ]; then golden_pass=$((golden_pass + 1))
    else echo "FAIL svg-$name: want 'True $states $labels' (svg root, steps, labelled cells), got '$got'"
        golden_fail=$((golden_fail + 1)); fi
}
# x >> 8: the input (64), then 56 bits in the value and 8 below bit 0
svg_counts shift-down 2 128 'x >> 8'
# gather: 64; 8 (file a); 36 in the value + 28 above bit 63; 8 + 28 below bit 0
svg_counts gather 4 172 "$gather"
svg_counts gather-input 4 172 "$gather" --input a1,h8
# flip_vertical: a byte swap: 64 + 64
svg_counts flip-vertical 2 128 flip_vertical
svg_counts bitgather 2 128 "bitgather $flip_indices"
# --svg - writes to standard output, the same bytes
"$BIN" trace "$gather" --svg - > "$tmp/stdout.svg" 2>&1
"$BIN" trace "$gather" --svg "$tmp/file.svg"
if cmp -s "$tmp/stdout.svg" "$tmp/file.svg"; then golden_pass=$((golden_pass + 1))
else echo "FAIL svg-stdout: --svg - differs from --svg FILE"; golden_fail=$((golden_fail + 1)); fi

# --html: one page, nothing from outside it, the trace embedded
if "$BIN" trace "$gather" --html "$tmp/page.html" --input e4 && [ -s "$tmp/page.html" ] &&
    ! grep -Eq 'https?:|<link|src=' "$tmp/page.html" && grep -q '"op":"\* 0x0102040810204080"' "$tmp/page.html"; then
    golden_pass=$((golden_pass + 1))
else
    echo "FAIL html: the page is missing, refers outside itself, or lacks the steps"; golden_fail=$((golden_fail + 1))
fi
# both files at once, the terminal picture left out
golden_case svg-and-html 0 trace 'x >> 8' --svg "$tmp/a.svg" --html "$tmp/a.html"
[ -s "$tmp/a.svg" ] && [ -s "$tmp/a.html" ] && golden_pass=$((golden_pass + 1)) ||
    { echo "FAIL svg-and-html: files not written"; golden_fail=$((golden_fail + 1)); }

# errors: what and where, exit status 2 (1 for a file that cannot be written)
golden_case err-unknown-op 2 trace 'x frob 3'
golden_case err-unknown-word 2 trace 'x & 0xff; >> 2; rotl 3'
golden_case err-bad-constant 2 trace 'x & 0xZZ'
golden_case err-shift-64 2 trace 'x << 64'
golden_case err-undefined 2 trace 'x & y'
golden_case err-empty 2 trace ''
golden_case err-not-a-form 2 trace flip_verticl
golden_stdin err-too-long 2 <(yes '<< 1' | head -n 100000) trace -
golden_case err-none 2 trace
golden_case err-two 2 trace 'x' '>> 8'
golden_case err-option 2 trace 'x' --frob
golden_case err-input 2 trace 'x' --input i9
golden_case err-input-many 2 trace 'x' --input e4 --input e5
golden_case err-input-name 2 trace 'input p o; p ^ o' --input q=e4
golden_case err-input-missing 2 trace 'x' --input
golden_case err-square 2 trace flip_vertical --square e4
golden_case err-square-bad 2 trace line_extract_mul_file --square z9
golden_case err-list-extra 2 trace --list flip_vertical
golden_case err-all 2 trace all
golden_case err-svg-missing 2 trace 'x' --svg
golden_case err-svg-twice 2 trace 'x' --svg a --svg b
golden_case err-svg-dir 1 trace 'x' --svg /nonexistent/dir/x.svg
golden_case err-color 2 trace 'x' --color sometimes
golden_case err-format 2 -o json trace 'x'
golden_case err-escape 2 trace $'x & \e[2J'

# help
golden_case help-trace 0 help trace

golden_finish cli-trace
