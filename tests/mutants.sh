#!/usr/bin/env bash
# Weakens each shortcut of the chess perft kernel in turn and requires a
# test to fail (make mutants; tests/mutants/perft_kernel.txt lists them).
# For every mutant: src/chess/perft_kernel.c with one condition replaced is
# compiled with this build's flags and linked into tests/test_chess_kernel.c
# in place of the library's kernel; the test the list names must fail.  A
# mutant of the rules both generators share (`file src/chess/legal_inline.h`)
# compiles the kernel and src/chess/movegen.c against the weakened header,
# and each test it names (SUITE:TEST for a test of tests/test_SUITE.c, whose
# object is compiled here if the build has none) must fail.  A
# mutant that survives is a shortcut no test guards; one whose text is no
# longer in its file is an out-of-date list: both fail this script.
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
header=src/chess/legal_inline.h
out=$build/mutants
mkdir -p "$out"
[ $check_only = 1 ] || [ -n "${CFLAGS:-}" ] || { echo "mutants.sh: CFLAGS unset (run it through make mutants)"; exit 2; }
read -r -a cflags <<< "${CFLAGS:-}"
read -r -a ldflags <<< "${LDFLAGS:-}"
cc=${CC:-cc}
harness=$build/obj/tests/harness.o
lib=$build/libbitboard.a
if [ $check_only = 0 ]; then
    for f in "$build/obj/tests/test_chess_kernel.o" "$harness" "$lib"; do
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

# suite_obj SUITE: the object of tests/test_SUITE.c, the build's or one compiled here
suite_obj() {
    local o=$build/obj/tests/test_$1.o
    if [ ! -e "$o" ]; then
        o=$out/test_$1.o
        [ -e "$o" ] || "$cc" "${cflags[@]}" -Itests -Ibench -c "tests/test_$1.c" -o "$o" || return 1
    fi
    echo "$o"
}

# build NAME SUITE SOURCE...: the test program of SUITE with the SOURCE
# objects in place of the library's, in $out/NAME.SUITE
build() {
    local name=$1 suite=$2 o objs=() sobj
    shift 2
    for f in "$@"; do
        o=$out/$name.$(basename "$f" .c).o
        [ -e "$o" ] || "$cc" "${cflags[@]}" ${MUT_OPT:+"$MUT_OPT"} -Isrc/chess -fPIC -c "$f" -o "$o" || return 1
        objs+=("$o")
    done
    sobj=$(suite_obj "$suite") || return 1
    "$cc" "${cflags[@]}" "${ldflags[@]}" -o "$out/$name.$suite" "$sobj" "$harness" "${objs[@]}" "$lib"
}

pass=0 fail=0 skip=0
rm -f "$out"/test_*.o # the suites' objects compiled here: from the sources as they are now
# the kernel as it is: every test passes when built this way
if [ $check_only = 1 ]; then
    :
elif rm -f "$out"/unchanged.* && build unchanged chess_kernel "$kernel" > "$out/unchanged.log" 2>&1 &&
        "$out/unchanged.chess_kernel" >> "$out/unchanged.log" 2>&1; then
    echo "the kernel as it is: every test of test_chess_kernel passes"
else
    echo "FAIL the kernel as it is does not pass test_chess_kernel ($out/unchanged.log):"
    tail -n 20 "$out/unchanged.log" | sed 's/^/    /'
    echo "mutants: 0 passed, 1 failed"
    exit 1
fi

# one mutant: $name $file $needs $kills $nth $from $to
try() {
    [ "$only" = "  " ] || [[ $only == *" $name "* ]] || return 0
    if [ $check_only = 0 ] && { { [ "$needs" = vector ] && [ $vector = 0 ]; } || { [ "$needs" = scalar ] && [ $vector = 1 ]; }; }; then
        echo "SKIP $name: needs the $needs build"
        skip=$((skip + 1))
        return
    fi
    local dir=$out/$name srcs
    rm -rf "$dir" "$dir.log" "$out/$name".*.o && mkdir -p "$dir"
    local src=$dir/$(basename "$file")
    # the Nth occurrence of the text, replaced literally (perl: no pattern characters)
    if ! FROM=$from TO=$to NTH=$nth perl -0777 -ne '
            my ($f, $t, $n) = ($ENV{FROM}, $ENV{TO}, $ENV{NTH} || 1);
            my ($pos, $count, $at) = (0, 0, -1);
            while ((my $i = index($_, $f, $pos)) >= 0) { $count++; $at = $i if $count == $n; $pos = $i + 1; }
            exit 3 if $at < 0 || (!$ENV{NTH} && $count != 1);
            substr($_, $at, length $f) = $t; print;' "$file" > "$src"; then
        echo "FAIL $name: its text is not in $file ${nth:+"at occurrence $nth"}${nth:-exactly once}: update $spec"
        fail=$((fail + 1))
        return
    fi
    # the tests that must fail: SUITE:TEST, or TEST of test_chess_kernel
    local kill suite test bad=0
    for kill in $kills; do
        suite=chess_kernel test=$kill
        [[ $kill == *:* ]] && suite=${kill%%:*} test=${kill#*:}
        if [ ! -e "tests/test_$suite.c" ] || ! grep -q "RUN($test);" "tests/test_$suite.c"; then
            echo "FAIL $name: no test $test in tests/test_$suite.c"
            bad=1
        fi
    done
    if cmp -s "$src" "$file"; then
        echo "FAIL $name: replacing its text changes nothing"
        bad=1
    fi
    if [ $check_only = 1 ] || [ $bad = 1 ]; then
        [ $bad = 1 ] && fail=$((fail + 1)) || pass=$((pass + 1))
        rm -rf "$dir"
        return
    fi
    # the sources compiled: the kernel alone, or every file that includes the header
    if [ "$file" = "$header" ]; then
        cp "$kernel" src/chess/movegen.c "$dir/"
        srcs=("$dir/perft_kernel.c" "$dir/movegen.c")
    else
        srcs=("$src")
    fi
    local survived=() failed_by=()
    for kill in $kills; do
        suite=chess_kernel test=$kill
        [[ $kill == *:* ]] && suite=${kill%%:*} test=${kill#*:}
        if ! build "$name" "$suite" "${srcs[@]}" >> "$dir.log" 2>&1; then
            echo "FAIL $name: does not compile ($dir.log)"
            fail=$((fail + 1))
            return
        fi
        if timeout 300 "$out/$name.$suite" -k "$test" >> "$dir.log" 2>&1; then
            survived+=("$kill")
        else
            failed_by+=("$kill")
        fi
        rm -f "$out/$name.$suite"
    done
    if [ ${#survived[@]} -gt 0 ]; then
        echo "FAIL $name survived: ${survived[*]} passes with it ($src)"
        fail=$((fail + 1))
    else
        echo "killed $name by ${failed_by[*]}: $(grep -m1 -A1 '^FAIL' "$dir.log" | tail -n 1 | sed 's/^ *//' | cut -c1-150)"
        pass=$((pass + 1))
        rm -rf "$dir" "$out/$name".*.o
    fi
}

name='' file=$kernel needs=any kills='' nth='' from='' to=''
flush() {
    [ -n "$name" ] || return 0
    if [ -z "$kills" ] || [ -z "$from" ]; then
        echo "FAIL $name: a mutant needs kills and from ($spec)"
        fail=$((fail + 1))
    else
        try
    fi
    name='' file=$kernel needs=any kills='' nth='' from='' to=''
}
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
    '#'* | '') continue ;;
    esac
    key=${line%% *} value=${line#"$key"}
    value=${value#"${value%%[! ]*}"}
    case $key in
    mutant) flush; name=$value ;;
    file) file=$value ;;
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
