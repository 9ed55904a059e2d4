#!/usr/bin/env bash
# Golden tests for othello show, moves, play and perft (the demo, its Othello
# section included, is checked whole by tests/cli/sym.sh).
# usage: tests/cli/othello.sh path/to/bitboard     (UPDATE=1 to rewrite goldens)
set -u
BIN=${1:-build/bitboard}
here=$(cd "$(dirname "$0")" && pwd)
GOLDEN=$here/othello
. "$here/golden.lib"

start='---------------------------OX------XO--------------------------- X'
tiger='------------------XO------XXX------OXX-----O-------------------- O'
# white has no move, black has g8; then the full board
white_pass='XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-X O'
over='XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOX O'

# show: every format; the position string in its spellings; --moves
golden_case show-start 0 othello show
golden_case show-start-named 0 othello show START
golden_case show-string 0 othello show "$start"
golden_case show-respelled 0 othello show '...........................o*......*o........................... x'
golden_case show-white 0 othello show "$tiger"
golden_case show-hex 0 -o hex othello show "$tiger"
golden_case show-squares 0 -o squares othello show
golden_case show-json 0 -o json othello show "$tiger"
golden_case show-moves 0 othello show --moves f5d6c3d3c4
golden_case show-moves-position 0 othello show "$tiger" --moves=f4
golden_case show-must-pass 0 othello show "$white_pass"
golden_case show-game-over 0 othello show "$over"
golden_case show-game-over-json 0 -o json othello show "$over"

# moves: the legal squares; one square's flips; every method gives the same
golden_case moves-start 0 othello moves
golden_case moves-position 0 othello moves "$tiger"
golden_case moves-squares 0 -o squares othello moves "$tiger"
golden_case moves-hex 0 -o hex othello moves --moves f5d6
golden_case moves-json 0 -o json othello moves "$tiger"
golden_case moves-must-pass 0 othello moves "$white_pass"
golden_case moves-game-over 0 othello moves "$over"
golden_case moves-flips 0 othello moves "$tiger" b3
golden_case moves-flips-start 0 othello moves F5
golden_case moves-flips-squares 0 -o squares othello moves "$tiger" b3
golden_case moves-flips-json 0 -o json othello moves "$tiger" b3
golden_case moves-flips-many 0 othello moves e3 --moves f5d6c3d3c4f4f6f3e6e7d7g6
for m in lookup shifts avx2 avx512 LOOKUP; do
    if "$BIN" othello moves --method $m > /dev/null 2>&1; then
        golden_case moves-position 0 othello moves "$tiger" --method $m
        golden_case moves-flips-many 0 othello moves e3 --moves f5d6c3d3c4f4f6f3e6e7d7g6 --method=$m
    else
        echo "SKIP moves-method-$m: not available here"
        golden_case "err-method-$m-unavailable" 2 othello moves --method $m
    fi
done

# play: moves in any case, spaced or not, passes implicit and explicit
golden_case play-tiger 0 othello play start f5d6c3 D3 c4
golden_case play-spaced 0 othello play start 'f5 d6 c3 d3 c4'
golden_case play-hex 0 -o hex othello play start f5d6c3d3c4
golden_case play-json 0 -o json othello play start f5d6c3d3c4
golden_case play-implicit-pass 0 othello play "$white_pass" g8
golden_case play-pass-pa 0 othello play "$white_pass" PA g8
golden_case play-pass-dashes 0 othello play "$white_pass" -- g8
# a whole game with three passes: written, as --, left out
game=e6f4c3d6e3c4d3d2b3f6f5g6g4b2d1h3f7b4b5c2g5g3b1e1h4e8g8e2g7a2h2h8c6g2e7h6f1d8c1c5f2c7a1a5a3g1f8d7f3a4b6a6h1PAb7a7a8b8c8PAh7PAh5
golden_case play-game 0 othello play start "$game"
golden_case play-game 0 othello play start "${game//PA/--}"
golden_case play-game 0 othello play start "${game//PA/}"
golden_case play-nothing 0 -o hex othello play "$tiger"

# positions: distinct positions per ply, as they are and up to symmetry
# (quiet: the times on stderr change run to run); passes and game overs;
# --moves, -o json; every error of N
golden_case positions-6 0 othello positions 6 --quiet
golden_case positions-6 0 othello positions 6 --quiet --threads 2
golden_case positions-6 0 othello positions 6 --quiet --threads=3
golden_case positions-json 0 -o json othello positions 3 --quiet
golden_case positions-moves 0 othello positions 4 --moves f5d6 --quiet
golden_case positions-position 0 othello positions 3 "$tiger" --quiet
golden_case positions-must-pass 0 othello positions 3 "$white_pass" --quiet
golden_case positions-game-over 0 othello positions 2 "$over" --quiet
golden_case err-positions-none 2 othello positions
golden_case err-positions-word 2 othello positions six
golden_case err-positions-zero 2 othello positions 0
golden_case err-positions-negative 2 othello positions -2
golden_case err-positions-big 2 othello positions 12
golden_case err-positions-huge 2 othello positions 99999999999999999999999
golden_case err-positions-extra 2 othello positions 3 start start
golden_case err-positions-position 2 othello positions 3 "${start/OX/O}"
golden_case err-positions-convention 2 othello positions 3 --convention bik
golden_case err-positions-each 2 othello positions 3 --each
# without --quiet: one line per ply on stderr with its time and memory, then a summary
check_positions_stderr() {
    local out err ok=1
    out=$("$BIN" othello positions 2 2> /tmp/othello-positions.$$) || { echo "FAIL positions-stderr: exit status $?"; ok=0; }
    err=$(cat /tmp/othello-positions.$$); rm -f /tmp/othello-positions.$$
    [ "$out" = $'1 4 1\n2 12 3' ] || { echo "FAIL positions-stderr: stdout '$out'"; ok=0; }
    local t='[0-9]+\.[0-9]{3} s' m='[0-9]+\.[0-9] MiB'
    [[ $err =~ ^positions:\ ply\ 1\ in\ $t\ \($t\ in\ all\),\ peak\ RSS\ $m$'\n'positions:\ ply\ 2\ in\ $t\ \($t\ in\ all\),\ peak\ RSS\ $m$'\n'positions:\ 2\ plies\ in\ $t\;\ the\ sets\ held\ $m\ at\ most,\ peak\ RSS\ $m$ ]] ||
        { echo "FAIL positions-stderr: stderr '$err'"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_positions_stderr
# out of memory: an error naming the ply, status 1 (a sanitizer build, which
# cannot start under the limit, skips)
check_positions_memory() {
    if ! (ulimit -v 200000 && "$BIN" othello positions 1 --quiet > /dev/null 2>&1) 2> /dev/null; then
        echo "SKIP positions-out-of-memory: this binary does not start with 200 MB of address space"
        return
    fi
    # in a subshell (the limit stays there): it passes if its count of failures did not grow
    (ulimit -v 200000 && f=$golden_fail && golden_case positions-out-of-memory 1 othello positions 10 --quiet &&
        [ "$golden_fail" = "$f" ])
    if [ $? = 0 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_positions_memory

# perft: counts (quiet: the rate on stderr changes run to run), every
# convention, --each, -o json, methods, threads, from a position
golden_case perft-5 0 othello perft 5 --quiet
golden_case perft-0 0 othello perft 0 --quiet
golden_case perft-each 0 othello perft 7 --each --quiet
golden_case perft-each-json 0 -o json othello perft 4 --each --quiet
golden_case perft-json 0 -o json othello perft 6 --convention bik --quiet
golden_case perft-position 0 othello perft 4 "$tiger" --quiet
golden_case perft-moves 0 othello perft 4 --moves f5d6c3d3c4 --quiet
golden_case perft-must-pass 0 othello perft 3 "$white_pass" --each --quiet
golden_case perft-game-over 0 othello perft 2 "$over" --each --quiet
for c in oeis bik nopass; do
    golden_case perft-must-pass-$c 0 othello perft 3 "$white_pass" --each --quiet --convention $c
    golden_case perft-game-over-$c 0 othello perft 2 "$over" --each --quiet --convention=$c
done
golden_case perft-5 0 othello perft 5 --quiet --threads 2
golden_case perft-5 0 othello perft 5 --quiet --method lookup
golden_case perft-each 0 othello perft 7 --each --quiet --convention nopass
# the table: any size (0: none), symmetry on or off, threads: the same counts
golden_case perft-5 0 othello perft 5 --quiet --hash 0
golden_case perft-5 0 othello perft 5 --quiet --hash=1 --no-symmetry
golden_case perft-5 0 othello perft 5 --quiet --hash 16 --threads 3
golden_case perft-each 0 othello perft 7 --each --quiet --hash 1
golden_case perft-each 0 othello perft 7 --each --quiet --hash 0 --threads 2
golden_case perft-each 0 othello perft 7 --each --quiet --no-symmetry --threads 2
golden_case perft-deep 0 othello perft 10 --each --quiet
golden_case perft-deep 0 othello perft 10 --each --quiet --hash 1 --threads 2
golden_case perft-deep 0 othello perft 10 --each --quiet --hash 0
golden_case perft-deep-bik 0 othello perft 10 --each --quiet --convention bik --hash 2 --threads 2
golden_case perft-deep-nopass 0 othello perft 10 --each --quiet --convention nopass --no-symmetry
for c in oeis bik nopass; do
    golden_case perft-must-pass-$c 0 othello perft 3 "$white_pass" --each --quiet --convention $c --hash 1 --threads 2
    golden_case perft-late-$c 0 othello perft 10 --moves "${game:0:100}" --each --quiet --convention $c
    golden_case perft-late-$c 0 othello perft 10 --moves "${game:0:100}" --each --quiet --convention $c --hash 0
    golden_case perft-late-$c 0 othello perft 10 --moves "${game:0:100}" --each --quiet --convention $c --threads 2
done
# without --quiet: the count on stdout, one rate line on stderr
check_rate() {
    local out err ok=1
    out=$("$BIN" othello perft 5 --hash 0 2> /tmp/othello-rate.$$) || { echo "FAIL perft-rate: exit status $?"; ok=0; }
    err=$(cat /tmp/othello-rate.$$); rm -f /tmp/othello-rate.$$
    [ "$out" = 1396 ] || { echo "FAIL perft-rate: stdout '$out'"; ok=0; }
    [[ $err =~ ^perft:\ 1396\ leaves\ at\ depth\ 5\ in\ [0-9.]+\ s:\ [0-9.]+\ M\ leaves/s\ \(oeis,\ 1\ thread\)$ ]] ||
        { echo "FAIL perft-rate: stderr '$err'"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_rate
# with the table (the default): a second line, the table's use
check_table_line() {
    local name=$1 want=$2 out err ok=1; shift 2
    out=$("$BIN" othello perft "$@" 2> /tmp/othello-rate.$$) || { echo "FAIL $name: exit status $?"; ok=0; }
    err=$(tail -n 1 /tmp/othello-rate.$$); rm -f /tmp/othello-rate.$$
    [ "$out" = 55092 ] || { echo "FAIL $name: stdout '$out'"; ok=0; }
    [[ $err =~ ^perft:\ table\ [0-9]+\ MiB,\ $want:\ [0-9]+\ probes,\ [0-9.]+%\ hits,\ [0-9]+\ stores$ ]] ||
        { echo "FAIL $name: stderr '$err'"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_table_line perft-table-line 'positions up to symmetry' 7 --hash 1
check_table_line perft-table-line-no-symmetry 'positions as they are' 7 --no-symmetry --hash 2
# --each: the rate line gives the count at DEPTH, and the sum over the depths
# as that (-o json too: the count at depth 3 is 56, not 72)
check_each_rate() {
    local name=$1 out err ok=1; shift
    out=$("$BIN" "$@" 2> /tmp/othello-rate.$$) || { echo "FAIL $name: exit status $?"; ok=0; }
    err=$(cat /tmp/othello-rate.$$); rm -f /tmp/othello-rate.$$
    [[ $err =~ ^perft:\ 56\ leaves\ at\ depth\ 3\;\ depths\ 1\.\.3:\ 72\ leaves\ in\ [0-9.]+\ s ]] ||
        { echo "FAIL $name: stderr '$err'"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_each_rate perft-each-rate othello perft 3 --each
check_each_rate perft-each-rate-json -o json othello perft 3 --each
# the default table grows with the depth: none below 11 (a shallow count
# stays instant), 4 MiB at 11, 16 MiB at 12
check_default_table() {
    local name=$1 depth=$2 want=$3 err ok=1
    err=$("$BIN" othello perft "$depth" --threads 2 2>&1 >/dev/null | sed -n 's/^perft: table \([0-9]*\) MiB.*/\1/p')
    [ "$err" = "$want" ] || { echo "FAIL $name: table '$err' MiB, want '$want'"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_default_table perft-default-table-9 9 ''
check_default_table perft-default-table-10 10 ''
check_default_table perft-default-table-11 11 4
check_default_table perft-default-table-12 12 16
# a table that cannot be had is the machine's fault (status 1); skipped where
# 64 GiB can be allocated
if [ "$(awk '/^MemTotal:/ { print int($2 / 1048576) }' /proc/meminfo 2>/dev/null || echo 0)" -lt 60 ]; then
    golden_case err-hash-unavailable 1 othello perft 5 --hash 65536
else
    echo "SKIP err-hash-unavailable: this machine may hold a 64 GiB table"
fi
# Ctrl-C (SIGINT): the count stops, "interrupted" on stderr, exit status 130,
# nothing half-printed on stdout (with --each, the depths finished before)
check_interrupt() {
    local name=$1 out err status ok=1; shift
    # --foreground: the signal to the program only, once (not to the group as well)
    local t0=$SECONDS
    # the outer timeout: a walk that ignores the signal fails here, not hangs
    out=$(timeout -s KILL 25 timeout --foreground --preserve-status -s INT 1 "$BIN" othello perft "$@" 2> /tmp/othello-int.$$)
    status=$?
    [ $((SECONDS - t0)) -le 21 ] || { echo "FAIL $name: stopped $((SECONDS - t0)) s after it began, 1 s after SIGINT was due"; ok=0; }
    err=$(cat /tmp/othello-int.$$); rm -f /tmp/othello-int.$$
    [ "$status" = 130 ] || { echo "FAIL $name: exit status $status, want 130"; ok=0; }
    [[ $err =~ ^bitboard:\ othello\ perft:\ interrupted\ at\ depth\ [0-9]+\ after\ [0-9]+\.[0-9]\ s$ ]] || { echo "FAIL $name: stderr '$err'"; ok=0; }
    if [[ " $* " == *" --each "* ]]; then
        local k=1 line
        while IFS= read -r line; do
            [ "$line" = "$k $("$BIN" othello perft $k --quiet)" ] || { echo "FAIL $name: stdout line '$line'"; ok=0; }
            k=$((k + 1))
            [ $k -le 9 ] || break
        done <<< "$out"
    else
        [ -z "$out" ] || { echo "FAIL $name: stdout '$out'"; ok=0; }
    fi
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_interrupt perft-interrupt 19
check_interrupt perft-interrupt-threads 19 --threads 2
check_interrupt perft-interrupt-no-table 19 --hash 0 --threads 2
check_interrupt perft-interrupt-each 19 --each --quiet
# without a table from a midgame position (issue 52: 58 s to stop, the
# subtrees listed 8 plies down before the stop flag was watched)
check_interrupt perft-interrupt-midgame 16 --hash 0 --moves f5d6c3d3c4f4f6f3e6e7c6
# othello positions: the same message, the plies done before it kept
check_positions_interrupt() {
    local out err status ok=1
    out=$(timeout --foreground --preserve-status -s INT 2 "$BIN" othello positions 11 --quiet 2> /tmp/othello-int.$$)
    status=$?
    err=$(cat /tmp/othello-int.$$); rm -f /tmp/othello-int.$$
    [ "$status" = 130 ] || { echo "FAIL positions-interrupt: exit status $status, want 130"; ok=0; }
    [[ $err =~ ^bitboard:\ othello\ positions:\ interrupted\ after\ [0-9]+\.[0-9]\ s$ ]] ||
        { echo "FAIL positions-interrupt: stderr '$err'"; ok=0; }
    [[ $out == "1 4 1"* ]] || { echo "FAIL positions-interrupt: stdout '${out:0:40}'"; ok=0; }
    if [ $ok = 1 ]; then golden_pass=$((golden_pass + 1)); else golden_fail=$((golden_fail + 1)); fi
}
check_positions_interrupt

# Errors: a message naming what and where, exit status 2
golden_case err-no-sub 2 othello
golden_case err-sub 2 othello frob
golden_case err-short 2 othello show 'XO X'
golden_case err-long 2 othello show "-$start"
golden_case err-cell 2 othello show "${start/OX/OZ}"
golden_case err-side-missing 2 othello show "${start% X}"
golden_case err-side-split 2 othello show "${start% X}" X
golden_case err-side-bad 2 othello show "${start% X} B"
golden_case err-trailing 2 othello show "$start O"
golden_case err-show-extra 2 othello show start start
# a transcript where the position goes: the error says to give it as --moves
golden_case err-show-transcript 2 othello show f5d6c3
golden_case err-moves-transcript-spaced 2 othello moves 'f5 d6'
golden_case err-show-not-transcript 2 othello show f5f5
golden_case err-moves-square 2 othello moves start i9
golden_case err-moves-extra 2 othello moves start f5 d6
golden_case err-moves-occupied 2 othello moves e4
golden_case err-moves-flips-nothing 2 othello moves a1
golden_case err-moves-option 2 othello moves --moves f5i9
golden_case err-moves-option-illegal 2 othello show --moves f5d6c3d3c4a1
golden_case err-moves-option-twice 2 othello show --moves f5 --moves d6
golden_case err-moves-option-missing 2 othello show --moves
golden_case err-play-none 2 othello play
golden_case err-play-occupied 2 othello play start f5d6 f5
golden_case err-play-flips-nothing 2 othello play start f5 a1
golden_case err-play-not-a-move 2 othello play start f5d6x3
golden_case err-play-pass 2 othello play start PA
golden_case err-play-game-over 2 othello play "$over" a1
golden_case err-play-moves-option 2 othello play start --moves f5
golden_case err-play-position 2 othello play f5d6
golden_case err-perft-none 2 othello perft
golden_case err-perft-depth 2 othello perft x
golden_case err-perft-depth-negative 2 othello perft -1
golden_case err-perft-depth-big 2 othello perft 61
# DEPTH is at most BB_OTHELLO_PERFT_MAX_DEPTH (19, the deepest published count
# from the start that fits in 64 bits): 20 is refused with the reason; 19 runs
# (from a finished game: nothing to count, at once)
golden_case err-perft-too-deep 2 othello perft 20
golden_case perft-deepest 0 othello perft 19 "$(printf 'X%.0s' $(seq 64)) X" --quiet
golden_case err-perft-extra 2 othello perft 3 start start
golden_case err-perft-position 2 othello perft 3 "${start/OX/O}"
golden_case err-convention 2 othello perft 3 --convention chess
golden_case err-convention-missing 2 othello perft 3 --convention
golden_case err-convention-twice 2 othello perft 3 --convention bik --convention oeis
golden_case err-convention-show 2 othello show --convention bik
golden_case err-each-moves 2 othello moves --each
golden_case err-threads 2 othello perft 3 --threads 0
golden_case err-threads-word 2 othello perft 3 --threads two
golden_case err-threads-missing 2 othello perft 3 --threads
golden_case err-hash 2 othello perft 3 --hash big
golden_case err-hash-negative 2 othello perft 3 --hash -1
golden_case err-hash-huge 2 othello perft 3 --hash 65537
golden_case err-hash-missing 2 othello perft 3 --hash
golden_case err-hash-twice 2 othello perft 3 --hash 1 --hash 2
golden_case err-hash-show 2 othello show --hash 16
golden_case err-no-symmetry-moves 2 othello moves --no-symmetry
golden_case err-method 2 othello moves --method fancy
golden_case err-method-missing 2 othello moves --method
golden_case err-method-twice 2 othello moves --method lookup --method shifts
golden_case err-option 2 othello show --frob
golden_case err-escape 2 othello show $'\e[2J'

# A board string that begins with '-' (a1 and b1 empty) is a position for
# every command that takes one, and "--" ends the options everywhere
dash_pos='---------------------------OX------XXX-------------------------- O'
for end in no yes; do
    if [ $end = no ]; then got=$("$BIN" othello search "$dash_pos" --depth 4 2>&1)
    else got=$("$BIN" othello search --depth 4 -- "$dash_pos" 2>&1); fi
    got=${got%, * s}
    if [ "$got" = "score -0.36 (depth 4), best d6, pv d6 c4 f4, 160 nodes" ]; then golden_pass=$((golden_pass + 1))
    else echo "FAIL dash-search (after --: $end): $got"; golden_fail=$((golden_fail + 1)); fi
done
golden_case dash-show 0 othello show "$dash_pos"
golden_case dash-show-end 0 othello show -- "$dash_pos"
golden_case dash-moves 0 othello moves "$dash_pos" d6
golden_case dash-play-end 0 othello -o hex play -- "$dash_pos" d6
golden_case dash-perft 0 othello perft 3 "$dash_pos" --quiet
golden_case dash-positions 0 othello positions 2 "$dash_pos" --quiet
golden_case dash-end-global 0 -- othello show "$dash_pos"
golden_case dash-end-help 2 othello show -- --help
golden_case dash-match-end 2 othello match depth:1 -- --openings
golden_case dash-games-end 2 othello games -- --check

# Help
golden_case help-othello 0 help othello
golden_case help-othello-flag 0 othello -h
# a subcommand's --help is its own page (nboard: its protocol, options, time)
golden_case help-nboard 0 othello nboard --help
golden_case help-solve 0 othello solve --help
golden_case help-search 0 othello search -h
golden_case help-match 0 othello match --help
golden_case help-games 0 othello games --help
# every subcommand with options of its own has its own page (not the othello
# page, not another's, naming the subcommand); the others are on the othello page
generic=$("$BIN" help othello)
pages=""
for sub in show moves play perft positions solve search nboard match games; do
    page=$("$BIN" othello "$sub" --help 2>&1); st=$?
    case $sub in
        solve | search | nboard | match | games) own=1 ;;
        *) own=0 ;;
    esac
    if [ "$st" != 0 ] || ! grep -q "othello $sub" <<< "$page"; then
        echo "FAIL help-every-$sub: status $st, or no 'othello $sub' in its help"; golden_fail=$((golden_fail + 1))
    elif [ $own = 1 ] && { [ "$page" = "$generic" ] || grep -qxF "$(md5sum <<< "$page")" <<< "$pages"; }; then
        echo "FAIL help-every-$sub: the othello page or another subcommand's, not its own"; golden_fail=$((golden_fail + 1))
    elif [ $own = 0 ] && [ "$page" != "$generic" ]; then
        echo "FAIL help-every-$sub: not the othello page, which documents it"; golden_fail=$((golden_fail + 1))
    else golden_pass=$((golden_pass + 1)); fi
    pages+="$(md5sum <<< "$page")"$'\n'
done

# The NBoard sessions go through othello/nboard_gui.sh, which waits for each go's,
# hint's and ping's answer before the next line, as the GUI does (the engine
# reads its input while it searches: a ping or quit sent during a search
# stops it)
# (nboard_case NAME STATUS FILE [--transcript] ARGS...)
nboard_case() {
    local name=$1 want=$2 file=$3 engine=$BIN flag=(); shift 3
    if [ "${1:-}" = --transcript ]; then flag=(--transcript); shift; fi
    BIN=$GOLDEN/nboard_gui.sh
    golden_stdin "$name" "$want" "$file" "${flag[@]}" "$engine" "$@"
    BIN=$engine
}

# othello nboard: a scripted NBoard session (the GUI's side on stdin): name,
# ping, a game set in GGF, go and hint at depth 6, moves legal and not,
# every error answered with a status line, nothing after quit
nboard_case nboard-session 0 "$GOLDEN/nboard-session.in" othello nboard
golden_case nboard-bad-depth 2 othello nboard --depth 0
# a refused set game leaves no position (go, hint and move refuse until a
# good one); error lines escaped and cut; a finished game: go refuses as
# move PA does
nboard_case nboard-refused 0 "$GOLDEN/nboard-refused.in" othello nboard
# ping echoes its number (refuses one that is not), set depth 5abc, hint x,
# go now refused; hint N gives N moves, best first; hint in a finished game refused
nboard_case nboard-protocol 0 "$GOLDEN/nboard-protocol.in" othello nboard
# with --time, set depth is answered with a status line, not ignored silently
nboard_case nboard-time-depth 0 "$GOLDEN/nboard-time-depth.in" othello nboard --time 0.5
# the NBoard GUI's own order, as its engine log shows it: nboard 2, set depth,
# set contempt, set game (with the clock: TI, each move's /EVAL/TIME), a ping
# before every go, hint and move, the engine's move played back with move,
# hint N for the human's side, an undo as a new set game, quit; the whole
# transcript, both sides (< the GUI, > the engine), at fixed depths
nboard_case nboard-gui 0 "$GOLDEN/nboard-gui.in" --transcript othello nboard
# the clock: set game's TI, TB, TW and each move's /TIME, then move M/EVAL/TIME,
# give the engine's time left (3 s, 2.5 s, over, 0.5 s, 0.1 s, none, with an
# increment, white's own TW); each go says its budget in a status line, at
# depth 1 so that the moves are the same on every run; a clock it cannot
# read, a move's time it cannot read: status lines, the game and the move taken
nboard_case nboard-clock 0 "$GOLDEN/nboard-clock.in" othello nboard
# the same sessions with the clock alone deciding (no set depth) and with
# --time 0.5 (capped by the clock): every go answered, every budget under the
# time left (the moves may differ from run to run: no golden)
clock_budgets() {
    local name=$1 out; shift
    out=$(grep -v '^set depth' "$GOLDEN/nboard-clock.in" | bash "$GOLDEN/nboard_gui.sh" "$BIN" othello nboard "$@" 2>&1)
    local gos answers bad
    gos=$(grep -c '^go$' "$GOLDEN/nboard-clock.in") answers=$(grep -c '^=== [A-H][1-8]/' <<< "$out")
    # each status clock line: left L ... at most H; H under L unless L is gone (then 0.001)
    bad=$(awk '/^status clock:/ { l = $3; h = $(NF-1); if (!(h < l || (l <= 0.001 && h == 0.001))) print }' <<< "$out")
    if [ "$answers" = "$gos" ] && [ -z "$bad" ] && grep -q '^status clock: 0.100 s left' <<< "$out"; then
        golden_pass=$((golden_pass + 1))
    else
        echo "FAIL $name: $answers answers to $gos go, budgets past the time left: ${bad:-none}"; golden_fail=$((golden_fail + 1))
    fi
}
clock_budgets nboard-clock-alone
clock_budgets nboard-clock-time --time 0.5


# input is read during a search: a ping stops it (the search's answer is not
# sent: the GUI has moved on) and is answered at once; a quit ends the engine.
# The writer keeps the input open, so only the ping or the quit can end the
# wait (timeout 60 ends a test that fails); depth 60 from the start would take
# years, so each search is certainly stopped, whenever the line arrives.
nboard_during() {
    local name=$1 want=$2 first=$3 then=$4 fifo out st
    fifo=$(mktemp -u) out=$(mktemp)
    mkfifo "$fifo"
    timeout 60 "$BIN" othello nboard < "$fifo" > "$out" 2>&1 &
    local pid=$!
    exec {w}> "$fifo"
    printf "$first" >&$w
    sleep 1
    printf "$then" >&$w
    if [[ $then == *quit* ]]; then wait $pid; st=$?; exec {w}>&-; else exec {w}>&-; wait $pid; st=$?; fi
    if [ "$st" = 0 ] && [ "$(cat "$out")" = "$want" ]; then golden_pass=$((golden_pass + 1))
    else echo "FAIL $name: status $st, output:"; head -n 5 "$out"; golden_fail=$((golden_fail + 1)); fi
    rm -f "$fifo" "$out"
}
# quit with the input still open: the engine ends, with no answer to the go
nboard_during nboard-quit-in-go '' 'set depth 60\ngo\n' 'quit\n'
# ping: pong 5 and no === for the stopped go; then a new go answers (the input
# ends after it: the end of the input does not stop a search)
nboard_during nboard-ping-in-go $'pong 5\n=== D3/-1.45' 'set depth 60\ngo\n' 'ping 5\nset depth 3\ngo\n'
nboard_during nboard-ping-in-hint 'pong 6' 'set depth 60\nhint 1\n' 'ping 6\n'
nboard_during nboard-ping-in-hints 'pong 7' 'set depth 60\nhint 4\n' 'ping 7\n'

# othello match: two settings of the search, then the NBoard engine (this
# program's own, through a pipe) against the search at the same depth: the
# same engine, so each opening's two games mirror each other; the games in
# GGF read back; the errors
golden_case match-depths 0 othello match depth:2 depth:1 --openings 2 --ply 4
golden_case match-nboard 0 othello match "nboard:$BIN othello nboard --depth 2" depth:2 --openings 2 --ply 4
tmp_ggf=$(mktemp)
"$BIN" othello match depth:1 depth:1 --openings 1 --ply 2 --ggf "$tmp_ggf" > /dev/null
golden_case match-ggf-reads 0 othello games "$tmp_ggf"
# each game's result in RE (black's disc difference, as GGF writes it), not RE[]
if grep -q 'RE\[\]' "$tmp_ggf" || ! grep -q 'RE\[[-+][0-9]*\.000\]' "$tmp_ggf"; then
    echo "FAIL match-ggf-result: $(grep -o 'RE\[[^]]*\]' "$tmp_ggf" | head -n 2 | tr '\n' ' ')"; golden_fail=$((golden_fail + 1))
else golden_pass=$((golden_pass + 1)); fi
rm -f "$tmp_ggf"
golden_case match-bad-engine 2 othello match depth:0 depth:1
golden_case match-one-engine 2 othello match depth:1
golden_case match-engine-gone 1 othello match nboard:false depth:1 --openings 1
golden_case match-bad-ply 2 othello match depth:1 depth:1 --ply 0
# an nboard engine's fault forfeits that game, not the match: one error line
# each, the engine started again for the next game, the forfeits counted in
# the summary, status 1 after the report.  Fake engines: one that plays a
# move that is not legal, one that never answers a go (--move-time 1), one
# that ends at a go; cat (it echoes, never answers ping) fails at the start.
golden_case match-forfeit-illegal 1 othello match depth:1 "nboard:sh $GOLDEN/engine-fake.sh illegal" --openings 2 --ply 2
golden_case match-forfeit-sleeps 1 othello match "nboard:sh $GOLDEN/engine-fake.sh sleeps" depth:1 --openings 1 --ply 2 --move-time 1
golden_case match-forfeit-exits 1 othello match depth:1 "nboard:sh $GOLDEN/engine-fake.sh exits" --openings 1 --ply 2
golden_case match-cat 1 othello match depth:2 nboard:cat --openings 1 --move-time 0.5
golden_case match-bad-move-time 2 othello match depth:1 depth:1 --move-time 0
# --clock S[+I]: the games the same as without it (depths decide), every move
# timed, the clock and the times in the GGF (read back by othello games);
# a side whose time runs out loses on time: the search at 2 s a move with 1 s
# for the game (it starts no depth before 1 s), an engine that never answers
# (restarted for the next game, no --move-time wait); the clock's errors
clock_match() {
    local name=$1 want=$2 out st; shift 2
    out=$(timeout 60 "$BIN" othello match "$@" 2>&1); st=$?
    shift $#
    if [ "$st" != "$want" ]; then
        { echo "FAIL $name: status $st, not $want"; head -n 5 <<< "$out"; } >&2; return 1
    fi
    printf '%s\n' "$out"
}
check_clock() {
    local name=$1 ok=$2
    if [ "$ok" = 1 ]; then golden_pass=$((golden_pass + 1)); else echo "FAIL $name"; golden_fail=$((golden_fail + 1)); fi
}
plain=$("$BIN" othello match depth:1 depth:2 --openings 1 --ply 2 | grep '^game ')
clock_ggf=$(mktemp)
if timed=$(clock_match match-clock 0 depth:1 depth:2 --openings 1 --ply 2 --clock 600+1 --ggf "$clock_ggf"); then
    ok=0
    if [ "$(grep '^game ' <<< "$timed")" = "$plain" ] && grep -q 'the clock: 600 s a side, +1 s a move$' <<< "$timed" &&
        grep -q '; lost on time: A 0, B 0;' <<< "$timed" && grep -qE "^A's moves: [0-9]+ timed, mean [0-9.]+ s, longest" <<< "$timed" &&
        grep -q 'TI\[10:00/00:01\]' "$clock_ggf" && grep -qE 'B\[[a-h][1-8]//[0-9.]+\]' "$clock_ggf" &&
        "$BIN" othello games "$clock_ggf" > /dev/null; then ok=1; fi
    check_clock match-clock $ok
else check_clock match-clock 0; fi
rm -f "$clock_ggf"
if out=$(clock_match match-clock-slow 1 time:2 depth:1 --openings 1 --ply 2 --clock 1); then
    ok=0
    if [ "$(grep -c '(A loses on time)$' <<< "$out")" = 2 ] && grep -q 'lost on time: A 2, B 0' <<< "$out" &&
        grep -q 'othello match: time:2 loses the game on time after' <<< "$out"; then ok=1; fi
    check_clock match-clock-slow $ok
else check_clock match-clock-slow 0; fi
if out=$(clock_match match-clock-silent 1 "nboard:sh $GOLDEN/engine-fake.sh sleeps" depth:1 --openings 1 --ply 2 --clock 0.5); then
    ok=0
    if [ "$(grep -c '(A loses on time)$' <<< "$out")" = 2 ] && grep -q 'lost on time: A 2, B 0' <<< "$out"; then ok=1; fi
    check_clock match-clock-silent $ok
else check_clock match-clock-silent 0; fi
golden_case match-clock-bad 2 othello match depth:1 depth:1 --clock 0
golden_case match-clock-bad-increment 2 othello match depth:1 depth:1 --clock 5+x
golden_case match-clock-no-clock 2 othello match clock depth:1

golden_finish cli-othello
