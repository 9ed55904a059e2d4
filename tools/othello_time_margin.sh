#!/usr/bin/env bash
# othello_time_margin.sh WTB [GAMES] [BUDGETS]: how far the midgame search's
# time budget (`othello search --time S`) runs over, measured (not a test:
# docs/OTHELLO.md, "The midgame search").  From the first GAMES games (20)
# of the WTHOR file WTB it takes positions every 4 plies from ply 8 to the
# 14 empties where the solver takes over, searches each with every budget in
# BUDGETS ("0.05 0.2 1") pinned to CPU 1, and prints per budget: searches,
# the median and largest time taken, and the largest overshoot past the
# budget (ms).  Uses build/bitboard.
set -eu
wtb=${1:?usage: othello_time_margin.sh WTB [GAMES] [BUDGETS]}
games=${2:-20}
budgets=${3:-0.05 0.2 1}
bin=build/bitboard
[ -x "$bin" ] || { echo "othello_time_margin.sh: no $bin (make cli)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" othello games "$wtb" --transcripts | head -n "$games" | cut -d' ' -f1 > "$tmp/games"
for t in $budgets; do
    : > "$tmp/times"
    while read -r g; do
        n=$(( ${#g} / 2 ))
        for ((ply = 8; ply <= n && ply <= 46; ply += 4)); do
            pos=${g:0:$((2 * ply))}
            s=$(taskset -c 1 "$bin" othello search "$pos" --time "$t" -o json | grep -oE '"seconds": *[0-9.e+-]+' | grep -oE '[0-9.e+-]+$')
            echo "$s" >> "$tmp/times"
        done
    done < "$tmp/games"
    sort -g "$tmp/times" | awk -v t="$t" '{ a[NR] = $1; sum += $1 } END {
        over = a[NR] - t; if (over < 0) over = 0;
        printf "--time %s: %d searches, mean %.1f ms, median %.1f ms, largest %.1f ms, largest overshoot %.1f ms (%.1f%% of the budget)\n",
               t, NR, 1000 * sum / NR, 1000 * a[int((NR + 1) / 2)], 1000 * a[NR], 1000 * over, 100 * over / t }'
done
