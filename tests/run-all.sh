#!/usr/bin/env bash
# make test: every configuration and every kind of test; prints one summary
# line per part and ends with the total "N passed, M failed, K skipped".
# make check (--check): the unit tests of one configuration (the make command
# line's, gcc native by default) and the CLI golden tests, same summary.
set -u
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
mode=full
[ "${1:-}" = --check ] && mode=check

# install PACKAGE...: installs Debian packages the suite needs, when it can.
install_packages() {
    echo "installing $* (needed by make test)"
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >/dev/null 2>&1 ||
            echo "could not install $*"
    else
        echo "cannot install $*: install them and re-run make test"
    fi
}

# The tools the full suite needs beyond gcc and make; the machine image has
# them, and a bare Debian machine gets them here.
if [ $mode = full ]; then
    missing=()
    command -v clang >/dev/null || missing+=(clang)
    command -v g++ >/dev/null || missing+=(g++) # the C++ consumers (clang++ comes with clang)
    command -v cmake >/dev/null || missing+=(cmake)
    command -v pkg-config >/dev/null || missing+=(pkgconf)
    if [ ${#missing[@]} -gt 0 ]; then
        install_packages "${missing[@]}"
        for m in "${missing[@]}"; do
            [ "$m" = pkgconf ] && m=pkg-config
            command -v "$m" >/dev/null || { echo "make test needs $m"; exit 1; }
        done
    fi
    # libFuzzer is part of clang's runtime package (libclang-rt-N-dev on
    # Debian 12; older releases ship it with clang itself).  Without it the
    # fuzz part fails (it never passes without running).
    fuzz_probe=$(mktemp -d)
    printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' > "$fuzz_probe/p.c"
    if ! clang -fsanitize=fuzzer,address,undefined "$fuzz_probe/p.c" -o "$fuzz_probe/p" >/dev/null 2>&1; then
        major=$(clang -dumpversion 2>/dev/null | cut -d. -f1)
        install_packages "libclang-rt-$major-dev"
    fi
    rm -rf "$fuzz_probe"
fi

# The compressors the input tests make their files with (tests/test_input.c,
# tests/cli/compressed.sh), in make check too.
missing=()
for c in zstd gzip bzip2; do command -v $c >/dev/null || missing+=($c); done
[ ${#missing[@]} -gt 0 ] && install_packages "${missing[@]}"

total_p=0 total_f=0 total_s=0
log=build/test-logs
mkdir -p "$log"

total_cpu=0
# A part's summary line: "N passed, M failed" or "N passed, M failed, K skipped",
# alone or after "name: ".
summary_re='(^|: )[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$'

# part NAME COMMAND...: runs a part; its last summary line counts, and a part
# that fails without one (or fails while its line says 0 failed) counts as
# one failure.
# Each part's line gives its wall time and the CPU time (user + system) of
# what it ran.
part_times=()
part() {
    local name=$1; shift
    local rc=0 t0=$SECONDS cpu TIMEFORMAT='%U %S'
    { time "$@" > "$log/$name.log" 2>&1 || rc=$?; } 2> "$log/$name.cpu"
    local took=$((SECONDS - t0))
    cpu=$(awk '{ printf "%d", $1 + $2 + 0.5 }' "$log/$name.cpu" 2>/dev/null)
    cpu=${cpu:-0}
    total_cpu=$((total_cpu + cpu))
    part_times+=("$took $name")
    echo "== $name (${took} s, ${cpu} s CPU)"
    grep -E "$summary_re" "$log/$name.log" | grep -v '^unit: ' | sed 's/^/   /' || true
    grep '^SKIP ' "$log/$name.log" | sed 's/^/   /' || true
    local line p=0 f=0 s=0
    line=$(grep -E "$summary_re" "$log/$name.log" | tail -n 1)
    if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
        p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]} s=${BASH_REMATCH[4]:-0}
    fi
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1
        echo "   $name FAILED (exit $rc); the end of $log/$name.log:"
        tail -n 25 "$log/$name.log" | sed 's/^/   | /'
    elif [ "$f" -ne 0 ]; then
        grep -E '^FAIL|error' "$log/$name.log" | head -n 20 | sed 's/^/   | /'
    fi
    total_p=$((total_p + p)) total_f=$((total_f + f)) total_s=$((total_s + s))
}

# Parts that use one core at a time (the CLI goldens, the page in Chromium,
# the gallery, the man page) run side by side, in lanes: each lane's parts
# one after another in the background, their printouts and counts kept in
# files and shown in the lanes' order once all have ended.  lane NAME
# [--nice] [--after L1,L2...] PART... where each PART is "name command args"
# (one string, split on spaces); --after: the lane starts once lanes L1,
# L2... have ended (each marks $log/lane-NAME.end); --nice: the lane runs at
# a lower priority (nice 10), so that it takes the CPU the lane on the
# critical path leaves idle rather than slowing it down.
lane_names=()
lane() {
    local lname=$1; shift
    local waits= low=
    while :; do
        case ${1:-} in
        --after) waits=${2//,/ }; shift 2 ;;
        --nice) low=1; shift ;;
        *) break ;;
        esac
    done
    lane_names+=("$lname")
    rm -f "$log/lane-$lname.end"
    (
        [ -n "$low" ] && { renice -n 10 -p "$BASHPID" > /dev/null 2>&1 || true; }
        total_p=0 total_f=0 total_s=0 total_cpu=0 part_times=()
        for w in $waits; do while [ ! -e "$log/lane-$w.end" ]; do sleep 1; done; done
        for spec in "$@"; do
            # shellcheck disable=SC2086
            part $spec
        done
        echo "$total_p $total_f $total_s $total_cpu" > "$log/lane-$lname.counts"
        printf '%s\n' "${part_times[@]}" > "$log/lane-$lname.times"
        touch "$log/lane-$lname.end"
    ) > "$log/lane-$lname.out" 2>&1 &
}
# lanes_end: waits for every lane, prints what they printed, adds their counts.
lanes_end() {
    wait
    local lname p f s c
    for lname in "${lane_names[@]}"; do
        cat "$log/lane-$lname.out"
        if read -r p f s c < "$log/lane-$lname.counts" 2>/dev/null; then
            total_p=$((total_p + p)) total_f=$((total_f + f)) total_s=$((total_s + s)) total_cpu=$((total_cpu + ${c:-0}))
            while read -r t n; do [ -n "$n" ] && part_times+=("$t $n"); done < "$log/lane-$lname.times"
        else
            echo "== lane $lname ended without its counts"; total_f=$((total_f + 1))
        fi
    done
    lane_names=()
}

# marking NAME COMMAND...: runs the command, then creates $log/NAME (its
# status kept); after NAME COMMAND...: waits for $log/NAME (made by a part of
# another lane), then runs the command.
marking() {
    local mark=$1 rc=0; shift
    "$@" || rc=$?
    touch "$log/$mark"
    return $rc
}
after() {
    local mark=$1; shift
    while [ ! -e "$log/$mark" ]; do sleep 1; done
    "$@"
}

M=("$MAKE" --no-print-directory)
if [ $mode = check ]; then
    # the make command line's variables (CC=, ARCH=, T=...) reach this make
    # through MAKEFLAGS, and so does the caller's -j
    build=${BB_CHECK_BUILD:-build}
    case ${MAKEFLAGS:-} in *jobserver*) ;; *) M+=(-j"$JOBS") ;; esac
    # the differential check's tenth (2,000 positions; make test runs all)
    export BB_DIFF_SHARE=${BB_DIFF_SHARE:-10}
    part unit "${M[@]}" all unit
    # the tree's shape: file sizes, who includes whom, the build's parts
    part tree tests/tree.sh
    # the CLI tests in two lanes, the longest first, dealt out in turn
    heavy=" chess othello perft_journal othello_solve trace "
    cli_order=()
    for t in tests/cli/*.sh; do case $heavy in *" $(basename "$t" .sh) "*) cli_order+=("$t") ;; esac; done
    for t in tests/cli/*.sh; do case $heavy in *" $(basename "$t" .sh) "*) ;; *) cli_order+=("$t") ;; esac; done
    cli_x=() cli_y=() i=0
    for t in "${cli_order[@]}"; do
        spec="cli-$(basename "$t" .sh) bash $t $build/bitboard"
        if [ $((i % 2)) = 0 ]; then cli_x+=("$spec"); else cli_y+=("$spec"); fi
        i=$((i + 1))
    done
    [ ${#cli_x[@]} -gt 0 ] && lane x "${cli_x[@]}"
    [ ${#cli_y[@]} -gt 0 ] && lane y "${cli_y[@]}"
    lanes_end
else
    # the five configurations are fixed: nothing from the caller's make
    # command line (SAN=1, T=...) leaks into them
    unset MAKEFLAGS MAKEOVERRIDES MFLAGS MAKELEVEL BB_TEST_SLICE BB_DIFF_PART
    # (and the soak's driver, whose smoke mode runs in lane a below)
    # Every test runs in every configuration.  The heavy loops' inputs
    # (random positions against slow references, walks, proofs) all run in
    # gcc native, the vector code; the portable build (the scalar code) runs
    # half of them, a different half from run to run; the other three each
    # run a different third of them (BB_TEST_SLICE, tests/harness.h), every
    # input once more between them.  gcc native's chess differential check
    # runs the tenth every configuration runs and a quarter of the rest, a
    # different quarter from run to run (BB_DIFF_PART, tests/test_chess_diff.c).
    # make unit (no slice) runs every input, and the soak draws fresh ones.
    # BB_TEST_ROTATE=R replays a run's choice (printed here).
    rotate=${BB_TEST_ROTATE:-$RANDOM}
    [[ $rotate =~ ^[0-9]+$ ]] || { echo "make test: BB_TEST_ROTATE='$rotate' is not a number"; exit 2; }
    echo "== this run's share of the heavy loops (replay: make test BB_TEST_ROTATE=$rotate): gcc native's chess_diff BB_DIFF_PART=$((rotate % 4))/4, portable BB_TEST_SLICE=$((rotate % 2))/2"
    # gcc native first (build/: the CLI, the soak, the library every lane
    # below uses), then the WebAssembly module and the page, built once
    # here: the npm package's tests (lane b) and the browser tests (lane c)
    # run side by side and would each start the same build into the same
    # files
    part gcc-native   env BB_DIFF_PART=$((rotate % 4))/4 "${M[@]}" -j"$JOBS" CC=gcc BUILD=build all unit build/tests/soak
    part wasm-web     "${M[@]}" -j"$JOBS" BUILD=build web
    # Then everything that needs only those, side by side in lanes: the
    # other four configurations one after another (lane k, each in its own
    # build directory: the longest lane), and beside them, at a lower
    # priority (--nice), the parts that wait on processes more than they
    # compute (the CLI goldens, Chromium, node), which leave a core idle at
    # times.  gcc x86-64 comes first and marks x86.done: the
    # ABI check (lane f) and the python part's portable path (lane c) use
    # its library.  (No path here holds a space.)
    rm -f "$log/x86.done"
    # (gcc x86-64 with -g: tests/abi.sh describes this build's shared
    # library, the flags of its own ABI build, instead of building the
    # library again.  BB_NO_FORCE_INLINE under the sanitizers: the chess
    # generator's and perft kernel's specialized bodies took 16 and 24 s to
    # compile, 2 and 4 s once each; the same source, which the four builds
    # before it run inlined)
    lane k "gcc-x86-64 marking x86.done env BB_TEST_SLICE=0/3 ${M[*]} -j$JOBS CC=gcc ARCH=x86-64 OPT=-O2 CFLAGS=-g BUILD=build/x86-64 all unit" \
           "clang-native env BB_TEST_SLICE=1/3 ${M[*]} -j$JOBS CC=clang BUILD=build/clang all unit" \
           "portable env BB_TEST_SLICE=$((rotate % 2))/2 ${M[*]} -j$JOBS CC=gcc ARCH=x86-64 PORTABLE=1 BUILD=build/portable all unit" \
           "asan-ubsan env BB_TEST_SLICE=2/3 ${M[*]} -j$JOBS CC=clang SAN=1 DEBUG=1 CPPFLAGS=-DBB_NO_FORCE_INLINE BUILD=build/asan all unit"
    # the soak's smoke mode (make soak-smoke) and ThreadSanitizer (its own
    # build, build/tsan), the CLI goldens, the trace page in headless
    # Chromium (installed there when missing), docs/gallery/ against what the
    # tracer draws now, the man page, and the tree's shape (tests/tree.sh)
    lane a --nice "soak-smoke build/tests/soak --smoke" "tsan tests/tsan.sh" \
           "cli-attacks bash tests/cli/attacks.sh build/bitboard" "cli-chess bash tests/cli/chess.sh build/bitboard" \
           "cli-errors bash tests/cli/errors.sh build/bitboard" "cli-lines bash tests/cli/lines.sh build/bitboard" \
           "gallery tests/gallery.sh --check build/bitboard" "man tests/man.sh build/bitboard" \
           "mutants-list tests/mutants.sh --check build" "version tests/version.sh build/bitboard" "tree tests/tree.sh"
    lane b --nice "cli-othello bash tests/cli/othello.sh build/bitboard" "cli-sym bash tests/cli/sym.sh build/bitboard" \
           "cli-trace bash tests/cli/trace.sh build/bitboard" "cli-chess-pgn bash tests/cli/chess_pgn.sh build/bitboard" \
           "cli-chess-book bash tests/cli/chess_book.sh build/bitboard" "cli-chess-epd bash tests/cli/chess_epd.sh build/bitboard" \
           "cli-othello-solve bash tests/cli/othello_solve.sh build/bitboard" \
           "cli-othello-games bash tests/cli/othello_games.sh build/bitboard" \
           "cli-perft-journal bash tests/cli/perft_journal.sh build/bitboard" "cli-demo bash tests/cli/demo.sh build/bitboard" \
           "cli-outfiles bash tests/cli/outfiles.sh build/bitboard" "cli-compressed bash tests/cli/compressed.sh build/bitboard" \
           "cli-progress bash tests/cli/progress.sh build/bitboard" \
           "js tests/js.sh"
    lane c --nice "browser tests/browser/run.sh build/bitboard $log" "stockfish tests/stockfish.sh build/bitboard" \
           "cli-perm bash tests/cli/perm.sh build/bitboard" "python after x86.done tests/python.sh"
    # the fuzz targets' build (clang compiles the library again, with
    # coverage), then the ABI check (on the gcc x86-64 build's library,
    # built with -g for it; and a CMake shared build in build/abi/cmake)
    # then make release in a throwaway clone (its ABI description from the
    # same library)
    lane f --nice "fuzz-build ${M[*]} -j$JOBS fuzz-build" "abi after x86.done env BB_ABI_BUILD=build/x86-64 tests/abi.sh" \
           "release tests/release.sh"
    # Once lanes a, b, c and f have ended (lane k uses other build
    # directories and goes on beside): the build test (it touches headers
    # and rebuilds build/), then the consumers and install paths (they
    # install from build/), beside the fuzz targets (each FUZZ_SECONDS_TEST
    # (3) from its corpus: they run what lane f built and call no make) and
    # then MPI, which makes in build/ too and so waits for the build test's
    # end
    rm -f "$log/build.done"
    fuzz_all=()
    for f in tests/fuzz/fuzz_*.c; do fuzz_all+=("build/fuzz/$(basename "$f" .c)"); done
    fuzz_run="fuzz tests/fuzz/run.sh ${FUZZ_SECONDS_TEST:-3} build/fuzz"
    # frontends (the CLI, Python and JS read the same positions alike) after
    # lanes b and c, whose js and python parts built both packages
    lane d --nice --after a,b,c,f "build marking build.done tests/build.sh" "consumers tests/consumer/run.sh" \
           "install-paths tests/install-paths.sh" "packaging tests/packaging.sh" "${fuzz_run/fuzz/fuzz-a} ${fuzz_all[*]:0:4}" \
           "frontends tests/frontends.sh build/bitboard"
    lane e --nice --after a,b,c,f "${fuzz_run/fuzz/fuzz-b} ${fuzz_all[*]:4}" "mpi after build.done tests/mpi.sh"
    lanes_end
    # every tests/cli/*.sh has a lane above
    for t in tests/cli/*.sh; do
        grep -q "bash $t build/bitboard" "$0" || { echo "== $t is in no lane of tests/run-all.sh"; total_f=$((total_f + 1)); }
    done
fi

# where the time went: the five slowest parts, and the whole run
echo
echo "slowest parts (of ${SECONDS} s in all, ${total_cpu} s CPU in the parts):"
printf '%s\n' "${part_times[@]}" | sort -rn | head -n 5 | while read -r t n; do printf '  %4d s  %s\n' "$t" "$n"; done
echo
echo "$total_p passed, $total_f failed, $total_s skipped"
[ "$total_f" -eq 0 ]
