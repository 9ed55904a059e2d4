#!/usr/bin/env bash
# The man page (docs/bitboard.1) renders without a warning, every command
# `bitboard help` lists has a section heading of its own in COMMANDS and its
# own tag there, NAME names every module, EXIT STATUS lists each status
# once, and the README's header table names every header.  Installs groff
# (Debian's groff-base) when missing and run as root.
# Ends with "man: N passed, M failed".
set -u
cd "$(dirname "$0")/.."
BIN=${1:-build/bitboard}
page=${MAN_PAGE:-docs/bitboard.1}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

if ! command -v groff > /dev/null; then
    if command -v apt-get > /dev/null && [ "$(id -u)" = 0 ]; then
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq groff-base; } > /dev/null 2>&1
    fi
    command -v groff > /dev/null || { echo "man: groff is missing and could not be installed"; echo "man: 0 passed, 1 failed"; exit 1; }
fi

# every warning groff knows is an error
warn=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
if [ -z "$warn" ]; then ok; else bad "groff warns: $warn"; fi

text=$(groff -man -Tutf8 -P-cbou -rLL=100n "$page" 2>/dev/null)
# COMMANDS: from its heading to the next section heading
commands=$(printf '%s\n' "$text" | awk '/^COMMANDS/ { on = 1; next } /^[A-Z][A-Z ]+$/ { on = 0 } on')
headings=$(printf '%s\n' "$commands" | grep -E '^   [^ ]')
names=$("$BIN" help | awk '/^Commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }')
[ -n "$names" ] || bad "no command names from '$BIN help'"
for n in $names; do
    # a heading that names the command (a word of its own), and its tag: a
    # line at the tag indent that starts with the command
    if printf '%s\n' "$headings" | grep -qE "(^|[ ,])$n(,|$)"; then ok; else bad "COMMANDS has no section heading naming '$n'"; fi
    if printf '%s\n' "$commands" | grep -qE "^       $n( |$)"; then ok; else bad "COMMANDS has no tag line for '$n'"; fi
done

# NAME mentions every module
name_line=$(awk '/^\.SH NAME/ { getline; print; exit }' "$page")
for w in symmetr canonical lines rotated attacks Othello chess perft tracer; do
    if printf '%s' "$name_line" | grep -q "$w"; then ok; else bad "NAME does not mention '$w': $name_line"; fi
done

# EXIT STATUS: each status once
statuses=$(printf '%s\n' "$text" | awk '/^EXIT STATUS/ { on = 1; next } /^[A-Z][A-Z ]+$/ { on = 0 } on && /^       [0-9]+( |$)/ { print $1 }')
dups=$(printf '%s\n' "$statuses" | sort | uniq -d)
if [ -z "$dups" ] && [ "$(printf '%s\n' "$statuses" | tr '\n' ' ')" = "0 1 2 130 " ]; then ok
else bad "EXIT STATUS lists '$(printf '%s\n' "$statuses" | tr '\n' ' ')' (want 0 1 2 130, each once)"; fi

# man itself reads it (as `man -l` users do), when man is there
if command -v man > /dev/null; then
    if MANWIDTH=80 man -l "$page" 2>&1 | grep -q 'EXIT STATUS'; then ok; else bad "man -l $page"; fi
fi

# the README's header table names every public header
for h in include/bitboard/*.h; do
    n=${h#include/}
    if grep -qF "| \`$n\` |" README.md; then ok; else bad "README's header table lacks $n"; fi
done

echo "man: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
