#!/usr/bin/env bash
# make wasm's helper.
#   tools/wasm.sh check       clang can build for wasm32-wasi (wasi-libc, clang's
#                             wasm32 builtins, wasm-ld); installs Debian's
#                             packages for them when missing and run as root
#   tools/wasm.sh size FILE   prints FILE's size, raw and gzipped
set -u
cc=${WASM_CC:-clang}
case ${1:-} in
check)
    probe() {
        local d
        d=$(mktemp -d)
        printf '#include <string.h>\nint f(const char *s);\nint f(const char *s) { return (int)strlen(s); }\n' > "$d/p.c"
        "$cc" --target=wasm32-wasi -O2 -mexec-model=reactor "$d/p.c" -o "$d/p.wasm" > "$d/log" 2>&1
        local rc=$?
        [ $rc -ne 0 ] && probe_log=$(head -n 3 "$d/log")
        rm -rf "$d"
        return $rc
    }
    probe_log=
    if probe; then exit 0; fi
    major=$("$cc" -dumpversion 2>/dev/null | cut -d. -f1)
    pkgs="wasi-libc libclang-rt-$major-dev-wasm32 lld"
    if command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
        echo "make wasm: installing $pkgs (Debian)"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs > /dev/null 2>&1 ||
            { apt-get update -qq > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs > /dev/null 2>&1; }
        probe && exit 0
    fi
    echo "make wasm: $cc cannot build for wasm32-wasi: ${probe_log:-no compiler}" >&2
    echo "make wasm: install Debian's $pkgs (clang $major's wasm32 builtins, wasi-libc, wasm-ld)" >&2
    exit 1 ;;
size)
    f=${2:?tools/wasm.sh size FILE}
    [ -f "$f" ] || { echo "tools/wasm.sh: no $f" >&2; exit 1; }
    echo "$f: $(wc -c < "$f") bytes, $(gzip -9c "$f" | wc -c) gzipped" ;;
*)
    echo "usage: tools/wasm.sh check | size FILE" >&2; exit 2 ;;
esac
