#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer, with every binary and plugin built with it.
#
#   scripts/sanitize.sh [address|thread ...]    both, address first, when none is named
#
# For each sanitizer, in a scratch directory of its own (.build/sanitize-<name>, so the
# plain build in .build/ is left alone):
#   1. `swift build --build-tests --sanitize=<name>`: the CLI, the plugin runner, every
#      shipped plugin and the tests, all instrumented;
#   2. the plugins staged from that build (scripts/stage-plugins.sh), and the C fixture
#      plugins the tests compile built with -fsanitize=<name> as well
#      (SENSEBRIDGE_TEST_CFLAGS), so a call across the C ABI is checked on both sides;
#   3. `swift test --sanitize=<name>` with SENSEBRIDGE_TEST_BUILD and
#      SENSEBRIDGE_TEST_PLUGINS pointing the tests at that build, so the CLI, runner and
#      plugins they start are the instrumented ones.
# Every process writes its reports to .build/sanitize-<name>/reports/ (the sanitizer's
# log_path): the tests start many child processes whose stderr they keep to themselves,
# and a report there would otherwise be read by nobody. The script prints the test
# result and each report's first lines, and exits non-zero on a failed test or any
# report.
#
# Environment:
#   SANITIZE_FILTER=   a `swift test --filter` expression, to run part of the suite
#
# Suppressions (scripts/sanitize/<name>.supp) each carry the reason beside them.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)
for name in "${sanitizers[@]}"; do
    case "$name" in
        address|thread) ;;
        -h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "sanitize: unknown sanitizer '$name'; use address or thread." >&2; exit 64 ;;
    esac
done

# The C fixtures are built by the toolchain's own clang, whose sanitizer runtime is the
# one linked into the Swift binaries (gcc's libasan cannot share a process with it).
clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
[ -x "$clang" ] || { echo "sanitize: no clang beside swift ($clang)." >&2; exit 69; }

# The Swift runtime's backtracer would answer the sanitizer's fatal signal itself.
export SWIFT_BACKTRACE=enable=no
status=0
for name in "${sanitizers[@]}"; do
    scratch=".build/sanitize-$name"
    reports="$PWD/$scratch/reports"
    rm -rf "$reports" && mkdir -p "$reports"
    flags=(--sanitize="$name" --scratch-path "$scratch")
    # The ThreadSanitizer runtime is linked statically into each executable, which exports
    # only part of it; a plugin library's Swift code also calls __tsan_external_write and
    # its kin, so without every symbol exported the host cannot load an instrumented
    # plugin ("undefined symbol: __tsan_external_write"). AddressSanitizer's list is whole.
    [ "$name" = thread ] && flags+=(-Xlinker --export-dynamic)
    build=(swift build "${flags[@]}")
    echo "sanitize: building everything with --sanitize=$name in $scratch"
    "${build[@]}" --build-tests
    bin=$("${build[@]}" --show-bin-path)  # absolute
    # Where an installed CLI looks (<prefix>/lib/sensebridge/plugins beside <prefix>/bin):
    # a test that runs the instrumented CLI without --plugin-path finds them there too.
    plugins="$(dirname "$bin")/lib/sensebridge/plugins"
    scripts/stage-plugins.sh --clean --bin-path "$bin" --dest "$plugins" >/dev/null

    supp="$PWD/scripts/sanitize/$name.supp"
    # Fatal signals and failed allocations behave as they do without a sanitizer: a
    # plugin that segfaults dies by SIGSEGV, and malloc past a memory limit returns
    # NULL. The host's crash handling is what the tests check ("crashed with SIGSEGV",
    # the runner's memory limit); with the sanitizer's own handlers every such plugin
    # would instead "exit with status 1" after a report. What the sanitizer finds by
    # instrumentation (an overflow, a use after free, a race, a leak) is still reported.
    signals="handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:handle_abort=0:allocator_may_return_null=1"
    case "$name" in
        address)
            # Leaks are reported too: a plugin that leaks per call is a bug the harness
            # also hunts, and here it is found with its stack.
            export ASAN_OPTIONS="log_path=$reports/asan:detect_leaks=1:halt_on_error=0:abort_on_error=0:$signals${ASAN_EXTRA_OPTIONS:+:$ASAN_EXTRA_OPTIONS}"
            export LSAN_OPTIONS="suppressions=$PWD/scripts/sanitize/leak.supp:print_suppressions=0"
            ;;
        thread)
            export TSAN_OPTIONS="log_path=$reports/tsan:halt_on_error=0:second_deadlock_stack=1:$signals:suppressions=$supp:print_suppressions=0${TSAN_EXTRA_OPTIONS:+:$TSAN_EXTRA_OPTIONS}"
            ;;
    esac

    log="$scratch/test.log"
    filter=()
    [ -n "${SANITIZE_FILTER:-}" ] && filter=(--filter "$SANITIZE_FILTER")
    echo "sanitize: swift test --sanitize=$name ${filter[*]} (log: $log)"
    started=$(date +%s)
    test_status=0
    SENSEBRIDGE_TEST_BUILD="$bin" SENSEBRIDGE_TEST_PLUGINS="$plugins" \
        SENSEBRIDGE_TEST_CFLAGS="-fsanitize=$name -g" SENSEBRIDGE_TEST_CC="$clang" \
        swift test "${flags[@]}" "${filter[@]}" >"$log" 2>&1 || test_status=$?
    elapsed=$(( $(date +%s) - started ))
    summary=$(grep -E '^(✔|✘) Test run with|^Executed [0-9]+ tests' "$log" | tail -n 2 | tr '\n' ' ')
    echo "sanitize: $name: swift test exited $test_status after $((elapsed / 60)) min $((elapsed % 60)) s: ${summary:-no summary line, see $log}"
    [ "$test_status" -ne 0 ] && { grep -E '^✘ ' "$log" | head -n 20 || true; status=1; }

    # A fixture that crashes or exhausts its memory on purpose (the host must survive it)
    # is reported by the sanitizer like any crash; its source line says so with
    # "sanitize: deliberate", and such a report is listed apart, not counted as a finding.
    shopt -s nullglob
    found=("$reports"/*)
    shopt -u nullglob
    findings=()
    deliberate=0
    for report in "${found[@]}"; do
        site=$(grep -m1 -oE '^SUMMARY: [A-Za-z]+Sanitizer: [A-Za-z-]+ [^ ]+:[0-9]+:[0-9]+' "$report" | awk '{print $NF}' || true)
        site=${site%:*}  # file:line, the column dropped
        file=${site%:*}; line=${site##*:}
        if [ -n "$site" ] && [ -f "$file" ] && sed -n "${line}p" "$file" | grep -q 'sanitize: deliberate'; then
            deliberate=$((deliberate + 1))
        else
            findings+=("$report")
        fi
    done
    [ "$deliberate" -gt 0 ] && echo "sanitize: $name: $deliberate report(s) from fixtures that crash or exhaust memory on purpose (marked 'sanitize: deliberate')."
    if [ ${#findings[@]} -eq 0 ]; then
        echo "sanitize: $name: no other report from any process."
    else
        status=1
        echo "sanitize: $name: ${#findings[@]} report file(s) under $reports:"
        for report in "${findings[@]}"; do
            echo "--- $report"
            grep -m1 -E 'ERROR: |WARNING: ThreadSanitizer|SUMMARY: ' "$report" || head -n 3 "$report"
            grep -m1 -E '^SUMMARY: ' "$report" || true
        done
    fi
done
exit "$status"
