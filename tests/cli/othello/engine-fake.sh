#!/bin/sh
# A fake NBoard engine for othello match's tests: it answers the handshake
# (named fake-KIND), then at every go: illegal plays a1 (never legal this
# early), sleeps never answers, exits ends.
# usage: sh tests/cli/othello/engine-fake.sh illegal|sleeps|exits
kind=$1
while read -r cmd rest; do
    case $cmd in
        nboard) echo "set myname fake-$kind" ;;
        ping) echo "pong $rest" ;;
        go)
            case $kind in
                illegal) echo "=== A1/0.00" ;;
                sleeps) sleep 100 ;;
                *) exit 0 ;;
            esac ;;
        quit) exit 0 ;;
    esac
done
