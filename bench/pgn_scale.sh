#!/usr/bin/env bash
# Issue 50's figures, side by side in one run (not run by make test; the
# machine may be shared: run it twice and say how noisy it was):
#   a GAMES-game file from tools/gen_pgn.c, compressed with zstd -19;
#   CLI, every move played: 1 thread on the plain file, 1 and 2 threads on .pgn.zst;
#   the filter job (both Elos >= 2000, written out as PGN) against pgn-extract;
#   Python to arrays (read_pgn_arrays) against python-chess + zstandard on a slice;
#   peak RSS (GNU time's maximum resident set) at 20k and GAMES games.
# usage: bench/pgn_scale.sh [GAMES] [WORKDIR]   (build first: make cli python tools)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
GAMES=${1:-200000}
W=${2:-/tmp/bb-pgn-bench}
B=$root/build/bitboard
PATH=$PATH:/usr/games
mkdir -p "$W" && cd "$W" || exit 1
grep -m1 vendor_id /proc/cpuinfo; grep -m1 'cpu family' /proc/cpuinfo; grep -m1 '^model[[:space:]]' /proc/cpuinfo
"$B" --version 2>/dev/null | head -1; zstd --version; command -v pgn-extract > /dev/null && dpkg -l pgn-extract | tail -1
[ -f big.pgn ] || "$root/build/tools/gen_pgn" --games "$GAMES" --seed 1 -o big.pgn
[ -f big.pgn.zst ] || zstd -19 -T2 -q big.pgn -o big.pgn.zst
[ -f small.pgn ] || "$root/build/tools/gen_pgn" --games 20000 --seed 1 -o small.pgn
t() { /usr/bin/time -f "%e s %M KB" "$@" 2>&1 >/dev/null | tail -1; }
echo "plain, 1 thread:  $(t "$B" chess pgn big.pgn --stats --quiet)"
echo "zst, 1 thread:    $(t "$B" chess pgn big.pgn.zst --stats --quiet)"
echo "zst, 2 threads:   $(t "$B" chess pgn big.pgn.zst --stats --quiet --threads 2)"
echo "compressed MB:    $(stat -c %s big.pgn.zst | awk '{printf "%.1f", $1 / 1e6}')"
echo "filter, ours:        $(t "$B" chess pgn big.pgn --export --filter elo=2000.. --quiet)"
if command -v pgn-extract > /dev/null; then
    printf '%s\n' 'WhiteElo >= "2000"' 'BlackElo >= "2000"' > elo.tags
    echo "filter, pgn-extract: $(t pgn-extract -s -t elo.tags -o /dev/null big.pgn)"
fi
echo "RSS 20k arrays:   $(t python3 -c "import sys; sys.path.insert(0, '$root/python'); from bitboard import chess
n = sum(len(b['move']) for b in chess.read_pgn_arrays('small.pgn'))")"
echo "RSS ${GAMES} arrays: $(t python3 -c "import sys; sys.path.insert(0, '$root/python'); from bitboard import chess
n = sum(len(b['move']) for b in chess.read_pgn_arrays('big.pgn.zst', threads=2))")"
