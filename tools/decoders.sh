#!/bin/sh
# tools/decoders.sh CC: makes sure the headers of the decompressors that
# src/core/input.c uses are here (libzstd-dev, zlib1g-dev, libbz2-dev) before
# the library is built: installs the missing ones with apt-get when it can
# (as root), else says which formats a build without them cannot read.  The
# libraries themselves are loaded at run time (nothing more is linked).
# Always exits 0: a build without a header is a build that names the format
# it cannot read when it meets one.
cc=${1:-cc}
missing=
for pair in zstd.h:libzstd-dev zlib.h:zlib1g-dev bzlib.h:libbz2-dev; do
    h=${pair%%:*} pkg=${pair#*:}
    printf '#include <%s>\n' "$h" | "$cc" -E -x c - >/dev/null 2>&1 || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "installing$missing (to read compressed game files)"
    { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing ||
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing; }; } >/dev/null 2>&1 ||
        echo "could not install$missing: this build will not read the formats they decode"
else
    echo "note:$missing not installed: this build will not read the formats they decode (apt-get install$missing)"
fi
exit 0
