#!/usr/bin/env bash
# Drives an NBoard engine as the NBoard GUI does: the GUI's lines come on
# standard input and go to the engine one by one; after a go, a hint or a
# ping the next line waits for its answer (=== ..., the `status` that ends a
# hint, pong N, or the `status error:` that refuses it), so a ping or quit
# never lands in the middle of a search and the transcript is the same on
# every run.  Prints what the engine writes; --transcript prints each GUI
# line as `< LINE` and each engine line as `> LINE`.  The exit status is the
# engine's.  A line after quit is still written (the engine must ignore it).
# usage: tests/cli/othello/nboard_gui.sh [--transcript] ENGINE [ARGS...] < GUI-LINES
set -u
gui='' eng=''
if [ "${1:-}" = --transcript ]; then gui='< ' eng='> '; shift; fi
trap '' PIPE
coproc ENGINE { "$@"; }
pid=$ENGINE_PID
# copies of the pipes' ends: bash forgets the coprocess's when it ends
exec {to}>&"${ENGINE[1]}" {from}<&"${ENGINE[0]}"
eval "exec ${ENGINE[1]}>&- ${ENGINE[0]}<&-"

# await PATTERN WHAT: prints the engine's lines up to one matching PATTERN
await() {
    local line
    while IFS= read -r -t 60 -u "$from" line; do
        printf '%s%s\n' "$eng" "$line"
        if [[ $line =~ $1 ]]; then return 0; fi
    done
    echo "nboard_gui: no answer to '$2' (the engine ended or took 60 s)" >&2
    return 1
}

quit=0
while IFS= read -r cmd || [ -n "$cmd" ]; do
    [ -n "$gui" ] && printf '%s%s\n' "$gui" "$cmd"
    printf '%s\n' "$cmd" >&"$to" 2> /dev/null
    [ $quit = 1 ] && continue
    read -r w1 w2 _ <<< "$cmd"
    case ${w1:-} in
        go) await '^(=== |status error: go)' "$cmd" || break ;;
        hint) await '^(status$|status error: hint)' "$cmd" || break ;;
        ping) await "^(pong ${w2:-}\$|status error: ping)" "$cmd" || break ;;
        quit) quit=1 ;;
    esac
done
exec {to}>&-
while IFS= read -r -u "$from" line; do printf '%s%s\n' "$eng" "$line"; done
wait "$pid"
