# shellcheck shell=bash
# Functions the bench scripts share; sourced, never run. The caller sets
# `scratch` (a folder of its own) before calling measure.
# shellcheck disable=SC2154  # scratch, workdir, gen and kSeed: set by the caller

# The median of the numbers given as arguments.
median() {
  printf '%s\n' "$@" | sort -g |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Runs one command, its output thrown away, and prints "SECONDS RSS_KB CPU_SECONDS": wall
# seconds from bash's microsecond clock (/usr/bin/time's %e has two decimals, too coarse for
# small runs), the peak RSS (%M, KiB) and user + system CPU seconds from /usr/bin/time. On
# failure shows the command's stderr and returns non-zero; its stderr stays in
# $scratch/stderr.out either way.
measure() {
  local start end rc=0
  start=$EPOCHREALTIME
  /usr/bin/time -f '%e %M %U %S' -o "$scratch/time.out" "$@" >/dev/null 2>"$scratch/stderr.out" ||
    rc=$?
  end=$EPOCHREALTIME
  if ((rc != 0)); then
    echo "$(basename "$0"): failed (exit $rc): $*" >&2
    tail -n 20 "$scratch/stderr.out" >&2
    return 1
  fi
  awk -v s="$start" -v e="$end" '{ rss = $2; cpu = $3 + $4 } END { printf "%.6f %d %.2f\n", e - s, rss, cpu }' \
    "$scratch/time.out"
}

# The first field of measure's output, and the second.
seconds_of() { echo "${1%% *}"; }
rss_of() { local rest=${1#* }; echo "${rest%% *}"; }

# The generator's Pajé trace of SIZE in $workdir (of CONTAINERS containers when given, else the
# generator's default), made unless a previous run left it there, and its path:
# "paje_trace SIZE [CONTAINERS]". Written under a temporary name first, so that an interrupted
# run never leaves a truncated trace to be reused. The caller sets `workdir`, `gen` and `kSeed`.
paje_trace() {
  local size=$1 containers=${2:-} file="$workdir/trace-$1.paje" more=()
  if [[ -n $containers ]]; then
    file="$workdir/trace-$1-c$containers.paje"
    more=(--containers "$containers")
  fi
  if [[ ! -s $file ]]; then
    "$gen" --size "$size" --seed "$kSeed" "${more[@]}" "$file.tmp"
    mv "$file.tmp" "$file"
  fi
  echo "$file"
}
