#!/usr/bin/env bash
# edax_zero.sh EDAX_SRC OUT [ARCH]: builds Edax from its source tree EDAX_SRC
# (abulmo/edax-reversi; 4.6 is the tag v4.6, commit 713a434) with its own
# makefile and release flags into OUT/bin, and writes OUT/data/eval.dat, an
# evaluation file whose every weight is 0 (Edax's trained weights are not in
# its repository).  Our own script: no Edax code is copied.
#
# The build: `make build CC=gcc ARCH=$ARCH BIN=$OUT/bin` in EDAX_SRC/src,
# which runs gcc -std=c17 -Ofast -fwhole-program -flto=auto
# -fomit-frame-pointer -DNDEBUG -march=$ARCH all.c (ARCH: x86-64-v3 unless
# given; Edax's makefile lists x86-64, -v2, -v3, -v4, native, armv8...).
# The program is OUT/bin/lEdax-$ARCH.
#
# The file, as eval.c's eval_open reads it (native byte order, little-endian
# here): the uint32 0x45444158 ("EDAX"), the uint32 0x4556414c ("EVAL"),
# three uint32 version, release, build (written 0 0 0: Edax only prints
# them), a double date (0.0), then for each of EVAL_N_PLY (61) plies n_w
# (114364) packed int16 weights, all 0 here.  The two sizes are read from
# EDAX_SRC/src/eval.c so that a different Edax fails loudly here instead of
# reading a short file.
#
# Edax reads data/eval.dat relative to its working directory unless given
# -eval-file FILE.
set -eu
die() { echo "edax_zero: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: edax_zero.sh EDAX_SRC OUT [ARCH]"
src=$1 out=$2 arch=${3:-x86-64-v3}
[ -f "$src/src/eval.c" ] && [ -f "$src/src/Makefile" ] || die "$src is not an Edax source tree (no src/eval.c, src/Makefile)"
mkdir -p "$out/bin" "$out/data"
out=$(cd "$out" && pwd)

n_w=$(sed -n 's/^[[:space:]]*const uint32_t n_w = \([0-9]*\);.*/\1/p' "$src/src/eval.c")
n_ply=$(sed -n 's/^static const uint32_t EVAL_N_PLY = \([0-9]*\);.*/\1/p' "$src/src/eval.c")
[ -n "$n_w" ] && [ -n "$n_ply" ] || die "cannot find n_w and EVAL_N_PLY in $src/src/eval.c: not the eval.c this script knows"
grep -q 'fread(&date, sizeof (double), 1, f)' "$src/src/eval.c" || die "eval.c's header is not EDAX EVAL version release build date"

echo "edax_zero: building $(sed -n 's/^#define EDAX_NAME "\(.*\)"/\1/p' "$src/src/const.h") for $arch into $out/bin"
(cd "$src/src" && make build CC=gcc ARCH="$arch" BIN="$out/bin") || die "the build failed"
[ -x "$out/bin/lEdax-$arch" ] || die "no $out/bin/lEdax-$arch after the build"

# header: "XADE" "LAVE" are EDAX and EVAL as little-endian bytes; 3 x uint32 0; double 0.0
f=$out/data/eval.dat
{
    printf 'XADELAVE'
    head -c 20 /dev/zero
    head -c $((2 * n_w * n_ply)) /dev/zero
} > "$f.tmp"
mv "$f.tmp" "$f"
size=$(wc -c < "$f")
[ "$size" -eq $((28 + 2 * n_w * n_ply)) ] || die "$f has $size bytes"
echo "edax_zero: $f: $size bytes ($n_ply plies x $n_w weights, all 0)"
