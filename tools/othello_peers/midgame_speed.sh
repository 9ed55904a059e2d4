#!/usr/bin/env bash
# Midgame speed beside Egaroucid for Web (issue 48): 20 fixed positions of
# 36 empties (24 moves into games our engine played against itself from
# balanced openings, no pass), each searched by ours to depth D
# (`othello search T --depth D --threads 1 -o json`: its own seconds and
# nodes) and by Egaroucid for Web at level D (our NBoard driver,
# egaroucid_web_nboard: `set depth D`, `set game`, `go`; the time its
# driver measures around ai(), after a first search of another position
# so that its first-call costs are not counted), one after the other on one CPU, for D in
# DEPTHS (default "10 12 14").  Prints every run and, per depth, the median
# time of each side, the sum, and our nodes per second.
#   usage: tools/othello_peers/midgame_speed.sh EGAROUCID_DRIVER [CPU] [DEPTHS]
# (build the driver with tools/othello_peers/egaroucid_web.sh; build ours
# with make cli).  Not run by make test.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
B=$root/build/bitboard
E=${1:?usage: midgame_speed.sh EGAROUCID_DRIVER [CPU] [DEPTHS]}
CPU=${2:-0}
DEPTHS=${3:-10 12 14}
POSITIONS="
d3c3c4e3b2b3a2c5f6c2d1b1f2a3f4a1d2e2b4f3f1g4g3h3
d3c3c4e3b2b3a2c5f6e6f2a1c2a3b4b1d2c1d1e1c6a4f5e2
d3e3f4g3g4c5g2g5f3h4c4h1f5e2f2h2h6h5d2g1f1b4c6e6
d3e3f4g3g4c5g2g5f3h4c4b3f5c3h6e6b4h5d2h2a3h1b6a4
d3e3f2c4c5e2b4g1f5e6f6d6c7c6f7e7d8e8d7c8f3f4c3b5
d3e3f2c4c5e2b4g1f5e6f6d6c7c6f7e7f3c8d8e8d7f4c3b3
d3c5b6c3d6e3d2a7f3f4e6f6g4d7c4f5g5e2c6b4b5c7a4a3
d3c5b6c3d6e3d2a7b3c6f5f4f6c2c1c7d7c4b4e8c8a4a6a5
d3c5b6d2e3f5d1c2e6b5b1f3d6e2f4c4f6f2e1c6a5e7g4d7
d3c5b6d2e3f5d1c2c3c4b4a4d6e6b5b3c1a6f4g4f6c7a5d7
d3e3f4c5e2f3e6f6g4f7c4c3b4f2c2g3h3d2f1e1f5a4d6b3
d3e3f4c5e2f3e6f6f2f7c4c3b4b3c6a4f5c7a2g4g3d6d7c8
d3c5b6c3c6d2c2d6b3b4c4b5a5a3a6c1b2a1b1a2e3c7b7e6
d3c5b6c3c6d2c2d6b3b5a4c7d1a6c4b4c8a2e7e6d7e8b7c1
d3c3c4e3f5g6f3f6d2c1b3c2f4g5e1b5e2d1b1e6b4a5g4c5
d3c3c4e3f5g6f3f6d2c1e6g3c2b3e2e1d1f4f2f1b2e7g5b4
d3e3f2e2f3c5f6c4e1f4f5e6e7g3d2g4c3g6g5h5d6b3g2c1
d3e3f2e2f3c5f6c4c2f5e6f4c3d6d2e7g6g4g5f7h5h6f8e8
d3e3f4c3e2f3e6g4d2d1f1c2c4c1f2e1b1b5b3b4c5a3g5h6
d3e3f4c3e2f3e6g4d2c2c4d1f1e1c1c5f5b5b3b4a4a5a6b6
"
grep -m1 vendor_id /proc/cpuinfo; grep -m1 'cpu family' /proc/cpuinfo; grep -m1 '^model[[:space:]]' /proc/cpuinfo
ggf() { # a transcript as the GGF game NBoard's set game carries
    local t=$1 out="(;GM[Othello]PC[bitboard]PB[a]PW[b]RE[?]TI[0:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]" c=B i
    for ((i = 0; i < ${#t}; i += 2)); do out+="$c[${t:i:2}]"; [ $c = B ] && c=W || c=B; done
    printf '%s;)' "$out"
}
for D in $DEPTHS; do
    ours=() theirs=() nodes=0 osum=0
    n=0
    for T in $POSITIONS; do
        n=$((n + 1))
        j=$(taskset -c "$CPU" "$B" othello search "$T" --depth "$D" --threads 1 -o json)
        os=$(printf '%s' "$j" | sed 's/.*"seconds":\([0-9.]*\).*/\1/')
        on=$(printf '%s' "$j" | sed 's/.*"nodes":\([0-9]*\).*/\1/')
        es=$(printf 'nboard 2\nset depth %s\nset game %s\ngo\nset game %s\ngo\nquit\n' "$D" "$(ggf f5d6c3)" "$(ggf "$T")" |
             taskset -c "$CPU" "$E" 2>/dev/null | sed -n 's|^=== [^/]*/[^/]*/||p' | tail -1)
        printf 'depth %2s position %2d: ours %8.3f s %12s nodes   egaroucid-web %8.3f s\n' "$D" "$n" "$os" "$on" "$es"
        ours+=("$os") theirs+=("$es")
        nodes=$((nodes + on))
    done
    med() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
    sum() { printf '%s\n' "$@" | awk '{s+=$1} END {printf "%.3f", s}'; }
    so=$(sum "${ours[@]}") st=$(sum "${theirs[@]}")
    printf 'depth %s: ours median %s s, sum %s s, %s nodes, %.2f M nodes/s; egaroucid-web median %s s, sum %s s; ours/theirs %.2f\n' \
        "$D" "$(med "${ours[@]}")" "$so" "$nodes" "$(awk -v n="$nodes" -v s="$so" 'BEGIN {print n / s / 1e6}')" \
        "$(med "${theirs[@]}")" "$st" "$(awk -v a="$so" -v b="$st" 'BEGIN {print a / b}')"
done
