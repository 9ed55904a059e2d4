#!/usr/bin/env bash
# make soak: the C areas (build/tests/soak) and the script areas (python:
# tests/soak/soak_python.py, cli: tests/soak/soak_cli.py) with one seed,
# the time shared out by the number of areas each runs, one after another.
# Prints the seed, every failure with the command that replays it, each
# area's line, and the total "soak: N passed, M failed" (cases); exit status
# 1 if any case failed (or a part ended without its counts), 2 on bad
# arguments.
#   tests/soak/run.sh [--seconds N] [--seed S] [--area NAME]... [--build DIR]
# An --area value may hold several names (spaces or commas).  SOAK_MAKE and
# PYTHON come from the Makefile (the python area builds the package with
# them, and runs under that Python).
set -u
cd "$(dirname "$0")/../.."
me=tests/soak/run.sh
seconds=600 seed= build=build
areas=()
bad() { echo "$me: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
    --seconds | --seed | --area | --build)
        [ $# -ge 2 ] || bad "$1 needs a value"
        case $1 in
        --seconds) seconds=$2 ;;
        --seed) seed=$2 ;;
        --area) for a in ${2//,/ }; do areas+=("$a"); done ;;
        --build) build=$2 ;;
        esac
        shift 2 ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) bad "$1 is not an option (--help)" ;;
    esac
done
[[ $seconds =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk "BEGIN { exit !($seconds > 0) }" ||
    bad "SECONDS (--seconds): '$seconds' is not a positive number of seconds"
if [ -z "$seed" ]; then
    seed=0x$(od -An -N8 -tx8 /dev/urandom | tr -d ' \n')
elif ! [[ $seed =~ ^(0[xX][0-9a-fA-F]{1,16}|[0-9]+)$ ]]; then
    bad "SEED (--seed): '$seed' is not a seed (0x... hex or decimal)"
fi
soak=$build/tests/soak
[ -x "$soak" ] || bad "$soak is missing (make $soak)"
PY=${PYTHON:-python3}

# the areas: the C driver's, then the scripts'
mapfile -t c_all < <("$soak" --list | awk '{ print $1 }')
c_sel=() script_sel=()
if [ ${#areas[@]} -eq 0 ]; then
    c_sel=("${c_all[@]}") script_sel=(python cli)
else
    for a in "${areas[@]}"; do
        if [ "$a" = python ] || [ "$a" = cli ]; then
            script_sel+=("$a")
        elif printf '%s\n' "${c_all[@]}" | grep -qxF -- "$a"; then
            c_sel+=("$a")
        else
            bad "AREA (--area): no area '$a' (areas: ${c_all[*]} python cli)"
        fi
    done
fi
n=$((${#c_sel[@]} + ${#script_sel[@]}))
share() { awk "BEGIN { printf \"%.2f\", $seconds * $1 / $n }"; }
echo "soak: seed $seed, $seconds s, areas: ${c_sel[*]} ${script_sel[*]}"
echo "soak: replay the seed with make soak SEED=$seed (AREA= to narrow it)"

total_p=0 total_f=0
# part NAME COMMAND...: runs it, its output shown as it comes; adds the
# counts of its last "soak: N passed, M failed" (shown as "NAME: ..."); a
# part without that line, or failing while it says 0 failed, is one failure
part() {
    local name=$1 out rc line
    shift
    out=$(mktemp)
    "$@" 2>&1 | tee "$out" | sed -u "s/^soak: \([0-9]* passed, [0-9]* failed\)$/($name: \1)/"
    rc=${PIPESTATUS[0]}
    line=$(grep -E '^soak: [0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    rm -f "$out"
    if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
        total_p=$((total_p + BASH_REMATCH[1])) total_f=$((total_f + BASH_REMATCH[2]))
        [ "$rc" -ne 0 ] && [ "${BASH_REMATCH[2]}" -eq 0 ] && { echo "FAIL $name: exit status $rc"; total_f=$((total_f + 1)); }
    else
        echo "FAIL $name: ended (status $rc) without its counts"
        total_f=$((total_f + 1))
    fi
}

if [ ${#c_sel[@]} -gt 0 ]; then
    args=()
    for a in "${c_sel[@]}"; do args+=(--area "$a"); done
    part "C areas" "$soak" --seconds "$(share ${#c_sel[@]})" --seed "$seed" "${args[@]}"
fi
for a in "${script_sel[@]}"; do
    part "$a" env SOAK_MAKE="${SOAK_MAKE:-make}" PYTHON="$PY" "$PY" "tests/soak/soak_$a.py" \
        --seconds "$(share 1)" --seed "$seed" --build "$build"
done
echo "soak: $total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
