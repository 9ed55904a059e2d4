#!/usr/bin/env bash
# make test: every configuration and every kind of test; prints one summary
# line per part and ends with the total "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
# The tools the suite needs beyond gcc and make; the machine image has them,
# and a bare Debian machine gets them here.
missing=()
command -v clang >/dev/null || missing+=(clang)
command -v cmake >/dev/null || missing+=(cmake)
command -v pkg-config >/dev/null || missing+=(pkgconf)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]} (needed by make test)"
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "cannot install ${missing[*]}: install them and re-run make test"; exit 1
    fi
fi

total_p=0 total_f=0
log=build/test-logs
mkdir -p "$log"

# part NAME COMMAND...: runs a part; its last "N passed, M failed" line counts,
# and a part that fails without one counts as one failure.
part() {
    local name=$1; shift
    echo "== $name"
    if "$@" > "$log/$name.log" 2>&1; then rc=0; else rc=$?; fi
    grep -E '(^|: )[0-9]+ passed, [0-9]+ failed$' "$log/$name.log" | grep -v '^unit: ' || true
    local line p f
    line=$(grep -E '(^|: )[0-9]+ passed, [0-9]+ failed$' "$log/$name.log" | tail -n 1)
    p=$(printf '%s' "$line" | sed -n 's/.*\b\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
    f=$(printf '%s' "$line" | sed -n 's/.*\b\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
    if [ -z "$p" ]; then p=0 f=0; fi
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
        echo "   $name FAILED (exit $rc); the end of $log/$name.log:"
        tail -n 25 "$log/$name.log" | sed 's/^/   | /'
    elif [ "$f" -ne 0 ]; then
        grep -E '^FAIL|error' "$log/$name.log" | head -n 20 | sed 's/^/   | /'
    fi
    total_p=$((total_p + p)) total_f=$((total_f + f))
}

part gcc-native       $MAKE -j"$JOBS" --no-print-directory CC=gcc all unit
part clang-native     $MAKE -j"$JOBS" --no-print-directory CC=clang BUILD=build/clang all unit
part gcc-x86-64       $MAKE -j"$JOBS" --no-print-directory CC=gcc ARCH=x86-64 BUILD=build/x86-64 all unit
part portable         $MAKE -j"$JOBS" --no-print-directory CC=gcc ARCH=x86-64 PORTABLE=1 BUILD=build/portable all unit
part asan-ubsan       $MAKE -j"$JOBS" --no-print-directory CC=clang SAN=1 BUILD=build/asan all unit
for t in tests/cli/*.sh; do
    [ -e "$t" ] || continue
    part "cli-$(basename "$t" .sh)" bash "$t" build/bitboard
done
[ -x tests/consumer/run.sh ] && part consumers tests/consumer/run.sh

echo
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
