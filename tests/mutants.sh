#!/usr/bin/env bash
# Weakens each shortcut of the chess perft kernel in turn and requires a
# test to fail (make mutants; tests/mutants/perft_kernel.txt lists them).
# For every mutant: src/chess/perft_kernel.c with one condition replaced is
# compiled with this build's flags and linked into tests/test_chess_kernel.c
# in place of the library's kernel; the test the list names must fail.  A
# mutant that survives is a shortcut no test guards; one whose text is no
# longer in the kernel is an out-of-date list: both fail this script.
# Mutants that touch code this build does not compile (the AVX-512 fills,
# or the scalar paths in a build that has them) are skipped, so run it in a
# native and a portable build.
# usage: tests/mutants.sh [--check] BUILD_DIR [NAME...]   (--check: only that
#        every mutant's text is still in the kernel, nothing compiled: what
#        make test runs; NAME...: only the mutants named; with
#        CC, CFLAGS, LDFLAGS set: the Makefile's compiler, its CPPFLAGS_ALL
#        CFLAGS_ALL and LDFLAGS_ALL; make mutants M="name ..." does it all)
set -u
cd "$(dirname "$0")/.."
check_only=0
[ "${1:-}" = --check ] && { check_only=1; shift; }
build=${1:?usage: tests/mutants.sh [--check] BUILD_DIR [NAME...]}
shift
only=" $* "
spec=tests/mutants/perft_kernel.txt
kernel=src/chess/perft_kernel.c
out=$build/mutants
mkdir -p "$out"
[ $check_only = 1 ] || [ -n "${CFLAGS:-}" ] || { echo "mutants.sh: CFLAGS unset (run it through make mutants)"; exit 2; }
read -r -a cflags <<< "${CFLAGS:-}"
read -r -a ldflags <<< "${LDFLAGS:-}"
cc=${CC:-cc}
objs=("$build/obj/tests/test_chess_kernel.o" "$build/obj/tests/harness.o")
lib=$build/libbitboard.a
if [ $check_only = 0 ]; then
    for f in "${objs[@]}" "$lib"; do
        [ -e "$f" ] || { echo "mutants.sh: no $f (make mutants builds it)"; exit 2; }
    done
fi

# Does this build count the last ply's fills in AVX-512 vectors
# (perft_kernel.c's KSLIDE_VEC)?
defs=$("$cc" "${cflags[@]}" -dM -E -x c /dev/null 2>/dev/null)
vector=0
if grep -q '__AVX512F__ 1' <<< "$defs" && grep -q '__AVX512VPOPCNTDQ__ 1' <<< "$defs" &&
        grep -q '__x86_64__ 1' <<< "$defs" && ! printf '%s\n' "${cflags[@]}" | grep -qx -- '-DBB_PORTABLE'; then
    vector=1
fi

# build NAME SOURCE: the test program with SOURCE as its kernel, in $out/NAME
build() {
    "$cc" "${cflags[@]}" ${MUT_OPT:+"$MUT_OPT"} -Isrc/chess -fPIC -c "$2" -o "$out/$1.o" &&
        "$cc" "${cflags[@]}" "${ldflags[@]}" -o "$out/$1" "${objs[@]}" "$out/$1.o" "$lib"
}

pass=0 fail=0 skip=0
# the kernel as it is: every test passes when built this way
if [ $check_only = 1 ]; then
    :
elif build unchanged "$kernel" > "$out/unchanged.log" 2>&1 && "$out/unchanged" >> "$out/unchanged.log" 2>&1; then
    echo "the kernel as it is: every test of test_chess_kernel passes"
else
    echo "FAIL the kernel as it is does not pass test_chess_kernel ($out/unchanged.log):"
    tail -n 20 "$out/unchanged.log" | sed 's/^/    /'
    echo "mutants: 0 passed, 1 failed"
    exit 1
fi

# one mutant: $name $needs $kills $nth $from $to
try() {
    [ "$only" = "  " ] || [[ $only == *" $name "* ]] || return 0
    if [ $check_only = 0 ] && { { [ "$needs" = vector ] && [ $vector = 0 ]; } || { [ "$needs" = scalar ] && [ $vector = 1 ]; }; }; then
        echo "SKIP $name: needs the $needs build"
        skip=$((skip + 1))
        return
    fi
    local src=$out/$name.c
    # the Nth occurrence of the text, replaced literally (perl: no pattern characters)
    if ! FROM=$from TO=$to NTH=$nth perl -0777 -ne '
            my ($f, $t, $n) = ($ENV{FROM}, $ENV{TO}, $ENV{NTH} || 1);
            my ($pos, $count, $at) = (0, 0, -1);
            while ((my $i = index($_, $f, $pos)) >= 0) { $count++; $at = $i if $count == $n; $pos = $i + 1; }
            exit 3 if $at < 0 || (!$ENV{NTH} && $count != 1);
            substr($_, $at, length $f) = $t; print;' "$kernel" > "$src"; then
        echo "FAIL $name: its text is not in $kernel ${nth:+"at occurrence $nth"}${nth:-exactly once}: update $spec"
        fail=$((fail + 1))
        return
    fi
    if [ $check_only = 1 ]; then
        if cmp -s "$src" "$kernel"; then
            echo "FAIL $name: replacing its text changes nothing"
            fail=$((fail + 1))
        elif ! grep -q "RUN($kills);" tests/test_chess_kernel.c; then
            echo "FAIL $name: no test $kills in tests/test_chess_kernel.c"
            fail=$((fail + 1))
        else
            pass=$((pass + 1))
        fi
        rm -f "$src"
        return
    fi
    if ! build "$name" "$src" > "$out/$name.log" 2>&1; then
        echo "FAIL $name: does not compile ($out/$name.log)"
        fail=$((fail + 1))
        return
    fi
    if timeout 120 "$out/$name" -k "$kills" >> "$out/$name.log" 2>&1; then
        echo "FAIL $name survived: $kills passes with it ($out/$name.c)"
        fail=$((fail + 1))
    else
        echo "killed $name by $kills: $(grep -m1 -A1 '^FAIL' "$out/$name.log" | tail -n 1 | sed 's/^ *//' | cut -c1-150)"
        pass=$((pass + 1))
    fi
    rm -f "$out/$name" "$out/$name.o"
}

name='' needs=any kills='' nth='' from='' to=''
flush() {
    [ -n "$name" ] || return 0
    if [ -z "$kills" ] || [ -z "$from" ]; then
        echo "FAIL $name: a mutant needs kills and from ($spec)"
        fail=$((fail + 1))
    else
        try
    fi
    name='' needs=any kills='' nth='' from='' to=''
}
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
    '#'* | '') continue ;;
    esac
    key=${line%% *} value=${line#"$key"}
    value=${value#"${value%%[! ]*}"}
    case $key in
    mutant) flush; name=$value ;;
    needs) needs=$value ;;
    kills) kills=$value ;;
    nth) nth=$value ;;
    from) from=$value ;;
    to) to=$value ;;
    *) echo "FAIL $spec: unknown key '$key'"; fail=$((fail + 1)) ;;
    esac
done < "$spec"
flush
echo "mutants: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
