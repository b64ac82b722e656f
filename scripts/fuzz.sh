#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs each for a bounded time.
#
#   scripts/fuzz.sh [TARGET...]        every target when none is named (see --list)
#   scripts/fuzz.sh --list             the targets, one per line
#
# Environment:
#   FUZZ_SECONDS=60        how long each target runs (make fuzz)
#   FUZZ_SEED=             libFuzzer's -seed; set for a repeatable run (make test uses 1)
#   FUZZ_JOBS=1            how many targets run at once
#   FUZZ_CONFIG=release    the build configuration; make test's smoke run uses debug,
#                          which compiles in a third of the CPU time and still finds a
#                          target that crashes on its seeds (it executes fewer inputs)
#   FUZZ_SELFTEST_SECONDS=60  how long the planted crash may take to be found
#
# Before the real targets, the `planted-crash` target must find its planted crash: a
# build whose coverage instrumentation silently went missing would otherwise fuzz blind
# and report nothing, which looks exactly like success.
#
# Each target starts from the checked-in seeds (Fuzz/corpus/<target>) plus what earlier
# runs found (.build/fuzz/corpus/<target>, kept between runs), with its dictionary
# (Fuzz/dict/). Per target it prints executions, executions per second, coverage and
# features; a crash, a timeout (10 s for one input) or running out of memory saves the
# input under .build/fuzz/crashes/<target>/ and makes the script exit non-zero.
# Logs: .build/fuzz/logs/<target>.log. Reproduce one input:
#   Fuzz/.build/$FUZZ_CONFIG/fuzz-<target> .build/fuzz/crashes/<target>/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
selftest_seconds=${FUZZ_SELFTEST_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
config=${FUZZ_CONFIG:-release}
case "$config" in
    release|debug) ;;
    *) echo "fuzz: FUZZ_CONFIG must be release or debug, not '$config'" >&2; exit 64 ;;
esac
work=.build/fuzz

all_targets() {
    sed -n 's/^ *fuzzTarget("\([a-z-]*\)".*/\1/p' Fuzz/Package.swift | grep -v '^planted-crash$'
}

if [ "${1:-}" = --list ]; then
    all_targets
    exit 0
fi
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
    sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(all_targets)
fi
for target in "${targets[@]}"; do
    if ! all_targets | grep -qx "$target"; then
        echo "fuzz: no target '$target'; the targets are: $(all_targets | tr '\n' ' ')" >&2
        exit 64
    fi
done

# Coverage must be asked for explicitly: SwiftPM's --sanitize=fuzzer links libFuzzer's
# main but passes no -sanitize-coverage to the compiler.
echo "fuzz: building Fuzz/ ($config, fuzzer + address sanitizer)"
# The same flags for --show-bin-path: without them SwiftPM would plan a different build
# and recompile everything next time.
build=(swift build -c "$config" --package-path Fuzz --sanitize=fuzzer --sanitize=address
       -Xswiftc -sanitize-coverage=edge,pc-table,inline-8bit-counters,trace-cmp)
"${build[@]}"
bin=$("${build[@]}" --show-bin-path)

mkdir -p "$work/logs" "$work/corpus" "$work/crashes"
# The Swift runtime's backtracer would take over the fatal signal, print for seconds and
# leave libFuzzer no chance to save the input; libFuzzer's own handler does both.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}

# One target: run, then print its line. Returns 1 when it found anything.
run_one() {
    local target=$1 time=$2
    local log="$work/logs/$target.log" crashes="$work/crashes/$target/" corpus="$work/corpus/$target"
    mkdir -p "$crashes" "$corpus"
    local args=(-max_total_time="$time" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
                -artifact_prefix="$crashes" -close_fd_mask=1)
    [ -n "${FUZZ_SEED:-}" ] && args+=(-seed="$FUZZ_SEED")
    [ -f "Fuzz/dict/$target.dict" ] && args+=(-dict="Fuzz/dict/$target.dict")
    local seeds=()
    [ -d "Fuzz/corpus/$target" ] && seeds+=("Fuzz/corpus/$target")
    local status=0
    "$bin/fuzz-$target" "${args[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1 || status=$?
    local runs speed cov ft rss
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    if [ "$status" -eq 0 ]; then
        printf '%-16s %12s runs %9s/s  cov %6s  ft %7s  rss %5s MB  ok\n' \
            "$target" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "${rss:-?}"
        return 0
    fi
    local what
    what=$(grep -m1 -E '^==[0-9]+== ?ERROR|^SUMMARY|Fatal error|invariant broken' "$log" || echo "exit status $status")
    printf '%-16s %12s runs  FOUND: %s\n' "$target" "${runs:-?}" "$what"
    local artifact
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
    echo "                 input: ${artifact:-see $log}"
    echo "                 log:   $log"
    return 1
}

echo "fuzz: self-test (the planted crash must be found within ${selftest_seconds} s)"
rm -rf "$work/crashes/planted-crash" "$work/corpus/planted-crash"
if run_one planted-crash "$selftest_seconds" >/dev/null; then
    echo "fuzz: the planted crash was NOT found: this build does not instrument coverage, so no result below would mean anything." >&2
    exit 70
fi
found_after=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/logs/planted-crash.log" | tail -n 1)
echo "fuzz: self-test ok (found after ${found_after:-?} executions)"

echo "fuzz: ${#targets[@]} target(s), ${seconds} s each, ${jobs} at a time"
printf '%-16s %12s      %9s    %10s  %10s\n' target executions "exec/s" coverage features
failed=0
results="$work/results"
rm -rf "$results" && mkdir -p "$results"
running=0
for target in "${targets[@]}"; do
    ( if run_one "$target" "$seconds" >"$results/$target"; then :; else echo failed >>"$results/$target.failed"; fi ) &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait
for target in "${targets[@]}"; do
    cat "$results/$target"
    [ -e "$results/$target.failed" ] && failed=$((failed + 1))
done
if [ "$failed" -gt 0 ]; then
    echo "fuzz: $failed target(s) found a problem; the inputs are under $work/crashes/." >&2
    exit 1
fi
echo "fuzz: no crash, hang or invariant broken in ${#targets[@]} target(s)."
