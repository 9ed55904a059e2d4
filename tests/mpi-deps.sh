#!/usr/bin/env bash
# Installs Open MPI (Debian's openmpi-bin and libopenmpi-dev) when mpicc or
# mpirun is missing and this runs as root; used by make MPI=1 and the MPI
# tests.  Exit 0 if both are there afterwards.
set -u
if command -v mpicc >/dev/null && command -v mpirun >/dev/null; then exit 0; fi
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "installing openmpi-bin libopenmpi-dev (needed by bitboard-mpi)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openmpi-bin libopenmpi-dev; } \
        >/dev/null 2>&1 || echo "could not install openmpi-bin libopenmpi-dev"
fi
command -v mpicc >/dev/null && command -v mpirun >/dev/null
