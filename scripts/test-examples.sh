#!/usr/bin/env bash
# Builds the example plugins the way a third party would, outside the main
# package, and loads each through the C ABI alone:
#
#   examples/c-render-target   one C file, built with the one cc line its comment shows,
#                              through pkg-config from a scratch install of the headers
#   examples/c-composer        plain C against sensebridge.h, reading its settings from
#                              the config entries of ABI 1.2 (no JSON parser)
#   examples/swift-composer    its own Swift package depending on the SDK by path
#   examples/c-perceiver       one C file, a light detector, built with one cc line
#   examples/c-source          one C file, a source of PGM/PPM pictures, likewise
#
# For each library: only sensebridge_plugin_entry is exported (nm -D), its manifest
# agrees with its descriptor (the same ABI minor, no newer than the header's: a minor is
# the oldest host a plugin needs, docs/PLUGIN_ABI.md), and sb-smoke (scripts/tools/abi-smoke.c) passes from a
# staging directory holding just the manifest and the library. sb-smoke is also run
# against a deliberately careless fixture, which must fail, so a PASS here means
# something. sb-smoke's config entries are held to the table the host's codec is
# tested with. When the CLI exists, `sensebridge plugins list --json` must list the
# first three, and the conformance harness must pass every example (sb-smoke does not
# drive a perceiver; the harness does).
# Last, the code quoted in docs/PLUGIN_ABI.md and docs/WRITING_PLUGINS.md must
# still match these files (scripts/tools/check_docs.py, which `swift test` also runs
# on every doc: DocCheckTests).
#
# Ends with "test-examples: N passed, M failed"; exits 1 when anything failed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
header_dir="$root/Sources/CSenseBridgeABI/include"
out="$root/.build/examples"
smoke="$root/.build/tools/sb-smoke"
cli="$root/.build/debug/sensebridge"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/sensebridge-examples.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$out"
# The ABI version of the header the examples are built against; their manifests may
# declare no newer minor.
header_major="$(sed -n 's/^#define SB_ABI_MAJOR \([0-9][0-9]*\)u$/\1/p' "$header_dir/sensebridge.h")"
header_minor="$(sed -n 's/^#define SB_ABI_MINOR \([0-9][0-9]*\)u$/\1/p' "$header_dir/sensebridge.h")"

passed=0 failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
section() { echo; echo "== $*"; }

# Prints "id kind runtime library abi_major abi_minor" from a manifest, separated by
# the ASCII unit separator: a tab would let `read` merge the empty runtime of a C plugin.
manifest_fields() {
    python3 - "$1" <<'PY'
import json, sys
m = json.load(open(sys.argv[1], encoding="utf-8"))
abi = m.get("abi", {})
print("\x1f".join(str(v) for v in (m["id"], m["kind"], m.get("runtime", ""), m["library"],
                                abi.get("major", ""), abi.get("minor", ""))))
PY
}

# Only the entry symbol may be exported: anything else could bind to another
# plugin's copy of the same name.
check_exports() {  # library, label
    local exported
    exported="$(nm -D --defined-only --extern-only "$1" | awk '{print $NF}' | sort | tr '\n' ' ')"
    if [ "$exported" = "sensebridge_plugin_entry " ]; then
        pass "$2 exports only sensebridge_plugin_entry"
    else
        fail "$2 exports more than sensebridge_plugin_entry: $exported"
    fi
}

# Stages manifest + library into $scratch/plugins and runs sb-smoke with the
# manifest's id, kind and runtime as expectations. Extra arguments go to sb-smoke.
stage_and_smoke() {  # manifest, built library, label, sb-smoke args...
    local manifest="$1" library="$2" label="$3"
    shift 3
    local id kind runtime name major minor
    IFS=$'\x1f' read -r id kind runtime name major minor < <(manifest_fields "$manifest")
    if [ "$name" != "$(basename "$library")" ]; then
        fail "$label: manifest names library '$name' but the build produced $(basename "$library")"
        return
    fi
    if [ "$major" != "$header_major" ] || ! [ "$minor" -le "$header_minor" ] 2>/dev/null; then
        fail "$label: manifest declares ABI $major.$minor; the header it was built against is $header_major.$header_minor, and no plugin can need a newer host than its header knows"
        return
    fi
    mkdir -p "$scratch/plugins"
    cp "$manifest" "$library" "$scratch/plugins/"
    pass "$label staged as $scratch/plugins/$name with $(basename "$manifest")"
    if "$smoke" "$scratch/plugins/$name" --expect-id "$id" --expect-kind "$kind" --expect-runtime "$runtime" \
        --expect-abi "$major.$minor" "$@" \
        >"$scratch/$label.smoke" 2>&1; then
        pass "$label: sb-smoke ($(tail -n 1 "$scratch/$label.smoke"))"
    else
        fail "$label: sb-smoke failed:"
        sed 's/^/    /' "$scratch/$label.smoke"
    fi
}

# Runs sb-smoke with each "code|config", which create must refuse with that status and a
# message: one PASS for all of them, or a FAIL for each it did not refuse so.
refuses_configs() {  # library, label, what the PASS line says was refused, "code|config"...
    local library="$1" label="$2" what="$3" refused=0 entry code config
    shift 3
    for entry in "$@"; do
        code="${entry%%|*}" config="${entry#*|}"
        if "$smoke" "$library" --no-self-tests -q --config "$config" --expect-create-error "$code" \
            >"$scratch/hostile.smoke" 2>&1; then
            refused=$((refused + 1))
        else
            fail "$label should refuse config $config with status $code:"; sed 's/^/    /' "$scratch/hostile.smoke"
        fi
    done
    if [ "$refused" = "$#" ]; then pass "$label refuses $refused $what"; fi
}

section "sb-smoke, the C driver"
if make --no-print-directory tools >"$scratch/tools.log" 2>&1; then
    pass "sb-smoke builds with cc -std=c11 -Werror"
else
    fail "sb-smoke does not build:"; sed 's/^/    /' "$scratch/tools.log"
    echo "test-examples: $passed passed, $failed failed"
    exit 1
fi

# sb-smoke hands a plugin the config entries of ABI 1.2 from its own C flattener; the
# host's come from the codec. Both are held to one table, which ConfigEntryCodecTests
# reads too, so a C plugin that passes sb-smoke reads the same settings in the host.
if python3 - "$smoke" Tests/Fixtures/config-entries.jsonl >"$scratch/entries.log" 2>&1 <<'PY'
import json, subprocess, sys
smoke, table = sys.argv[1], sys.argv[2]
cases = [json.loads(line) for line in open(table, encoding="utf-8") if line.strip()]
wrong = 0
for case in cases:
    out = subprocess.run([smoke, "--print-config-entries", case["config"]], capture_output=True, check=True).stdout
    got = json.loads(out.decode("utf-8"))
    if got != case["entries"]:
        wrong += 1
        print(f"{case['name']}: {case['config']!r} gave {got!r}, expected {case['entries']!r}")
print(f"{len(cases)} cases")
sys.exit(1 if wrong or not cases else 0)
PY
then
    pass "sb-smoke flattens config to the entries the host gives ($(tail -n 1 "$scratch/entries.log") in Tests/Fixtures/config-entries.jsonl)"
else
    fail "sb-smoke's config entries differ from the shared table:"; sed 's/^/    /' "$scratch/entries.log"
fi

section "examples/c-render-target (C, one file, one cc line from pkg-config)"
# A scratch install of the headers and sensebridge.pc, as `make install` lays them out.
prefix="$scratch/prefix"
install -d "$prefix/include/sensebridge"
install -m 0644 "$header_dir/sensebridge.h" "$header_dir/sensebridge_util.h" "$prefix/include/sensebridge/"
scripts/write-pkgconfig.sh "$prefix" "$prefix/lib/pkgconfig/sensebridge.pc"
# The cc line is the one teletype.c's opening comment shows (and the guide quotes):
# run as written, in a directory holding only a copy of teletype.c.
teletype_build="$scratch/teletype-build"
mkdir -p "$teletype_build"
cp examples/c-render-target/teletype.c "$teletype_build/"
cc_line="$(sed -n '/^ \*     cc /,/[^\\]$/p' examples/c-render-target/teletype.c | sed 's/^ \*  *//; s/\\$//' | tr '\n' ' ')"
c_library="$teletype_build/libteletype_target.so"
if [ -n "$cc_line" ] && (cd "$teletype_build" && PKG_CONFIG_PATH="$prefix/lib/pkgconfig" bash -c "$cc_line") \
    >"$scratch/teletype-cc.log" 2>&1 && [ -f "$c_library" ]; then
    pass "teletype builds out of tree with the one line its comment shows: $cc_line"
    check_exports "$c_library" "libteletype_target.so"
    # Every warning an error, through the installed headers, as C11.
    installed_cflags="$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags sensebridge)"
    # shellcheck disable=SC2086 # pkg-config prints words
    if cc -std=c11 -fsyntax-only -Wall -Wextra -pedantic -Werror -Wstrict-prototypes -Wmissing-prototypes \
        -Wconversion -Wshadow $installed_cflags examples/c-render-target/teletype.c >"$scratch/teletype-warnings.log" 2>&1; then
        pass "teletype.c compiles with -Wall -Wextra -pedantic -Wconversion -Wshadow -Werror"
    else
        fail "teletype.c has warnings:"; sed 's/^/    /' "$scratch/teletype-warnings.log"
    fi
    # One message, one line: a newline, an escape, NEL and U+2028 in the text become
    # spaces; the unknown signal and the invalid UTF-8 sb-smoke also renders add nothing.
    written="$scratch/teletype.txt"
    stage_and_smoke examples/c-render-target/teletype.json "$c_library" teletype \
        --config "{\"path\": \"$written\"}" --text "$(printf 'Door\nopen\033\302\205now\342\200\250!')"
    expected="$(printf '[00:00:01.500] scene: Door open  now !\n[00:00:01.800] status: after interrupt')"
    if [ -f "$written" ] && [ "$(cat "$written")" = "$expected" ]; then
        pass "teletype wrote exactly the two valid messages, one line each, control characters as spaces"
    else
        fail "teletype file $written should hold exactly:"; echo "$expected" | sed 's/^/    /'
        echo "    but holds:"; sed 's/^/    /' "$written" 2>/dev/null || echo "    (no file)"
    fi
    # Config a person could plausibly write into a profile, each refused with a
    # status and a message instead of a crash or a file somewhere unexpected. Only the
    # host resolves {output}: left as it is, the path is not absolute.
    hostile_configs=(
        '2|{}'
        '2|{"path": "{output}/teletype.txt"}'
        '2|{"paht": "/tmp/teletype.txt"}'
        "2|{\"path\": \"$scratch/unknown-key.txt\", \"colour\": \"red\"}"
        '2|{"path": 7}'
        '2|{"path": "relative.txt"}'
        '2|{"path": "/tmp/a", "path": "/tmp/b"}'
        '2|{"path": "/tmp/\ud800"}'
        '2|{"path": "/tmp/\u0000x"}'
        '2|{"path": "/tmp/x",}'
        '2|{"path": "/tmp/x"} trailing'
        '2|'"{\"$(printf '%.0s€' {1..200})\": 1}"
        "2|$(printf '{"path": "/tmp/\xff"}')"
        '7|{"path": "/nonexistent-directory/teletype.txt"}'
    )
    refuses_configs "$scratch/plugins/libteletype_target.so" teletype \
        "hostile configs with the right status and a UTF-8 message" "${hostile_configs[@]}"
else
    fail "teletype does not build with the line its comment shows (${cc_line:-no cc line found}):"
    sed 's/^/    /' "$scratch/teletype-cc.log"
fi

section "examples/c-composer (C, header only, config from key/value entries)"
composer_library="$out/c-composer/libnamelist_composer.so"
composer_manifest=examples/c-composer/name-list.json
# The manifest's defaults as one JSON object: what the host would pass to create.
composer_defaults="$(python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1], encoding="utf-8"))["config"]["defaults"], ensure_ascii=False))' "$composer_manifest")"
if make --no-print-directory -C examples/c-composer HEADER_DIR="$header_dir" \
    BUILD_DIR="$out/c-composer" CFLAGS="-O2 -g -Werror"; then
    pass "name-list composer builds with HEADER_DIR"
    check_exports "$composer_library" "libnamelist_composer.so"
    stage_and_smoke "$composer_manifest" "$composer_library" name-list --config "$composer_defaults"
    if grep -qF '"a chair and a table"' "$scratch/name-list.smoke"; then
        pass "name-list composer says \"a chair and a table\" for sb-smoke's chair, table, chair (the second chair is less sure)"
    else
        fail "name-list composer did not compose \"a chair and a table\":"; sed 's/^/    /' "$scratch/name-list.smoke"
    fi
    # Spanish names come from the config entries; without them Spanish is declined by name.
    "$smoke" "$scratch/plugins/libnamelist_composer.so" --no-self-tests --locale es --labels chair,table \
        --config "$composer_defaults" >"$scratch/name-list-es.smoke" 2>&1 || true
    "$smoke" "$scratch/plugins/libnamelist_composer.so" --no-self-tests --locale es --labels chair \
        >"$scratch/name-list-es-default.smoke" 2>&1 || true
    if grep -qF '"una silla y una mesa"' "$scratch/name-list-es.smoke" \
        && grep -qF "no 'es' name for the label 'chair'" "$scratch/name-list-es-default.smoke"; then
        pass "name-list composer reads names.es.* from its config entries, and declines Spanish without them, naming the label"
    else
        fail "name-list composer in Spanish:"; sed 's/^/    /' "$scratch/name-list-es.smoke" "$scratch/name-list-es-default.smoke"
    fi
    # Settings a profile could get wrong: each refused at create with a message. The
    # dotted key cannot be flattened, so the host passes NULL entries.
    refuses_configs "$scratch/plugins/libnamelist_composer.so" "name-list composer" \
        "bad settings with SB_ERR_INVALID_CONFIG and a message" \
        '2|{"style": "loud"}' \
        '2|{"colour": "red"}' \
        '2|{"names": {"fr": {"chair": "une chaise"}}}' \
        '2|{"names": {"en": {"chair": "a seat"}}}' \
        '2|{"names": {"es": {"chair": " "}}}' \
        '2|{"names.es.chair": "una silla"}'
else
    fail "name-list composer does not build with HEADER_DIR"
fi

section "examples/swift-composer (Swift, SDK by path)"
swift_out="$out/swift-composer"
if swift build --package-path examples/swift-composer --scratch-path "$swift_out"; then
    swift_library="$(swift build --package-path examples/swift-composer --scratch-path "$swift_out" --show-bin-path)/libCountingComposer.so"
    pass "counting composer builds as its own package"
    check_exports "$swift_library" "libCountingComposer.so"
    stage_and_smoke examples/swift-composer/counting-composer.json "$swift_library" counting-composer \
        --labels chair,table,chair
    if "$smoke" "$scratch/plugins/libCountingComposer.so" --no-self-tests -q --config '{"maxWords": 3}' \
        --expect-create-error 2 >"$scratch/composer-config.smoke" 2>&1; then
        pass "counting composer refuses a setting it does not have"
    else
        fail "counting composer accepted an unknown setting:"; sed 's/^/    /' "$scratch/composer-config.smoke"
    fi
    if grep -q '"two chairs and a table"' "$scratch/counting-composer.smoke"; then
        pass "counting composer says \"two chairs and a table\" for chair, table, chair"
    else
        fail "counting composer did not compose \"two chairs and a table\":"
        sed 's/^/    /' "$scratch/counting-composer.smoke"
    fi
else
    fail "counting composer does not build"
fi
# Its tests drive the composer through SenseBridgeTesting's embedded host, as a third
# party's would, and run the harness on the built library when the CLI is there (then
# none may be skipped).
if SENSEBRIDGE_CLI="$([ -x "$cli" ] && echo "$cli")" swift test --package-path examples/swift-composer \
    --scratch-path "$swift_out" >"$scratch/swift-test.log" 2>&1 \
    && ! { [ -x "$cli" ] && grep -q ') skipped' "$scratch/swift-test.log"; }; then
    pass "counting composer's own tests ($(grep -E 'Test run with' "$scratch/swift-test.log" | tail -n 1 | sed 's/^[^A-Za-z]*//'))"
else
    fail "counting composer's own tests:"; sed 's/^/    /' "$scratch/swift-test.log"
fi

# The one-file examples are built exactly as their first lines say, with one cc line:
# once against the source tree (HEADER_DIR), once through pkg-config from the teletype
# section's scratch install of both headers.
build_single_file() {  # source, library, label
    mkdir -p "$(dirname "$2")"
    if cc -std=c11 -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -pedantic -Werror -I"$header_dir" \
        -o "$2.header-dir" "$1" >"$scratch/$3.build" 2>&1; then
        pass "$3 builds with one cc line against HEADER_DIR, -Wall -Wextra -pedantic -Werror"
    else
        fail "$3 does not build against HEADER_DIR:"; sed 's/^/    /' "$scratch/$3.build"
    fi
    # shellcheck disable=SC2046 # pkg-config's flags are words
    if cc -std=c11 -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -pedantic -Werror \
        $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags sensebridge) \
        -o "$2" "$1" >"$scratch/$3.build" 2>&1; then
        pass "$3 builds with one cc line through 'pkg-config --cflags sensebridge' from a scratch install"
        check_exports "$2" "$(basename "$2")"
    else
        fail "$3 does not build through pkg-config:"; sed 's/^/    /' "$scratch/$3.build"
        return 1
    fi
}
# The manifest declares the oldest host the plugin needs: no newer than the header.
declares_oldest_host() {  # manifest, label
    local id kind runtime name major minor
    IFS=$'\x1f' read -r id kind runtime name major minor < <(manifest_fields "$1")
    if [ "$major" = "$header_major" ] && [ "$minor" -le "$header_minor" ]; then
        pass "$2: manifest declares ABI $major.$minor, the oldest host it needs (the header is $header_major.$header_minor)"
    else
        fail "$2: manifest declares ABI $major.$minor; the header it was built against is $header_major.$header_minor"
    fi
}
# Runs the conformance harness on a staged example, as section D of WRITING_PLUGINS.md says.
harness_passes() {  # id
    if [ ! -x "$cli" ]; then
        echo "SKIP sensebridge plugins test $1: the CLI is not built in this checkout ($cli)"
    elif SENSEBRIDGE_PLUGIN_PATH="$scratch/plugins" "$cli" plugins test "$1" >"$scratch/harness-$1.log" 2>&1; then
        pass "sensebridge plugins test $1: $(tail -n 1 "$scratch/harness-$1.log")"
    else
        fail "sensebridge plugins test $1 failed:"; grep -E '^(FAIL|[0-9]+ passed)' "$scratch/harness-$1.log" | sed 's/^/    /'
    fi
}

section "examples/c-perceiver (C, one file: a light detector)"
light_library="$out/c-perceiver/liblight_detector.so"
if build_single_file examples/c-perceiver/light_detector.c "$light_library" "light detector"; then
    declares_oldest_host examples/c-perceiver/light-detector.json "light detector"
    mkdir -p "$scratch/plugins"
    cp examples/c-perceiver/light-detector.json "$light_library" "$scratch/plugins/"
    # sb-smoke drives sources, composers and targets; a perceiver meets the harness alone.
    harness_passes com.example.light-detector
fi

section "examples/c-source (C, one file: PGM and PPM pictures)"
pnm_library="$out/c-source/libpnm_source.so"
if build_single_file examples/c-source/pnm_source.c "$pnm_library" "PNM source"; then
    declares_oldest_host examples/c-source/pnm-source.json "PNM source"
    mkdir -p "$scratch/plugins"
    cp -r examples/c-source/frames "$scratch/plugins/"
    if "$smoke" "$pnm_library" --expect-id com.example.pnm-source --expect-kind sensing-source --frames 3 \
        --config "{\"path\": \"$root/examples/c-source/frames\", \"interval\": 10}" >"$scratch/pnm.smoke" 2>&1 \
        && grep -q 'frame 0: image 320x214, 3 byte' "$scratch/pnm.smoke" && grep -q 'frame 1: image 320x214, 1 byte' "$scratch/pnm.smoke" \
        && grep -q 'next_frame 2: end of stream' "$scratch/pnm.smoke"; then
        pass "PNM source: sb-smoke reads its two frames (RGB, then gray) and the end of the stream ($(tail -n 1 "$scratch/pnm.smoke"))"
    else
        fail "PNM source: sb-smoke:"; sed 's/^/    /' "$scratch/pnm.smoke"
    fi
    cp examples/c-source/pnm-source.json "$pnm_library" "$scratch/plugins/"
    refuses_configs "$pnm_library" "PNM source" "settings it cannot use with SB_ERR_INVALID_CONFIG and a message" \
        '2|{}' \
        '2|{"path": "relative/frames"}' \
        '2|{"path": "/nonexistent/frames"}' \
        "2|{\"path\": \"$root/examples/c-source/frames\", \"interval\": -1}" \
        "2|{\"path\": \"$root/examples/c-source/frames\", \"fps\": 10}"
    harness_passes com.example.pnm-source
fi

section "sb-smoke can fail: a careless fixture"
fixture="$out/fixtures/libcareless_target.so"
mkdir -p "$(dirname "$fixture")"
if cc -std=c11 -fPIC -shared -fvisibility=hidden -I"$header_dir" -o "$fixture" \
    scripts/tools/fixtures/careless_target.c; then
    status=0
    "$smoke" "$fixture" >"$scratch/careless.smoke" 2>&1 || status=$?
    expected_failures=(
        "FAIL create refuses config not json"
        "FAIL render refuses invalid UTF-8"
        "FAIL the plugin wrote nothing to stdout"
        "FAIL every logged value carries a privacy label"
    )
    missing=""
    for line in "${expected_failures[@]}"; do
        grep -qF "$line" "$scratch/careless.smoke" || missing="$missing; $line"
    done
    if [ "$status" = 1 ] && [ -z "$missing" ]; then
        pass "sb-smoke exits 1 on the careless fixture and names its four broken rules"
    else
        fail "sb-smoke on the careless fixture: exit $status, missing${missing:- nothing}:"
        sed 's/^/    /' "$scratch/careless.smoke"
    fi
else
    fail "the careless fixture does not build"
fi

section "forward compatibility: a minor is the oldest host a plugin needs"
# Hosts that know less are sb-smoke built against the 1.0 and 1.4 headers kept in
# Tests/Fixtures/abi (from this repository's history); the host that knows more is
# today's, sb-smoke and the CLI. The plugin is the C fixture render target
# (Tests/Fixtures/c/fixture_plugin.c), built against the 1.0 header (so declaring 1.0),
# against today's header declaring 1.0, and against today's header declaring today's
# minor. It logs the host version it can see, read only under SB_STRUCT_HAS.
compat="$out/compat"
compat_plugins="$scratch/compat-plugins"
mkdir -p "$compat" "$compat_plugins"
old_hosts=()
# Each old header beside today's sensebridge_util.h, which works with any 1.x header: a
# tool or plugin built against an older header keeps the helpers.
for version in 1.0 1.4; do
    mkdir -p "$compat/include-$version"
    cp "Tests/Fixtures/abi/$version/sensebridge.h" "$header_dir/sensebridge_util.h" "$compat/include-$version/"
done
for version in 1.0 1.4; do
    if cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic -Werror -Wstrict-prototypes -Wmissing-prototypes \
        -I"$compat/include-$version" -o "$compat/sb-smoke-$version" scripts/tools/abi-smoke.c \
        scripts/tools/smoke_config.c scripts/tools/smoke_utf8.c -ldl -pthread 2>"$scratch/smoke-$version.log"; then
        pass "sb-smoke builds against the $version header, as a $version host"
        old_hosts+=("$version")
    else
        fail "sb-smoke does not build against the $version header:"; sed 's/^/    /' "$scratch/smoke-$version.log"
    fi
done
compat_fixture() {  # header directory, library name, id, extra cc flags...
    local headers="$1" name="$2" id="$3"
    shift 3
    cc -std=c11 -fPIC -shared -fvisibility=hidden -Wall -Wextra -Werror -I"$headers" -o "$compat/lib$name.so" \
        Tests/Fixtures/c/fixture_plugin.c -lpthread -DFIXTURE_ID="\"$id\"" -DFIXTURE_LOG_HOST_VERSION=1 "$@"
}
compat_manifest() {  # manifest name, library name, id, declared minor
    printf '{"schema": "sensebridge.plugin-manifest/1", "id": "%s", "kind": "render-target", "version": "1.0.0",
 "abi": {"major": %s, "minor": %s}, "library": "lib%s.so", "displayName": {"en": "%s"}}\n' \
        "$3" "$header_major" "$4" "$2" "$1" >"$compat_plugins/$1.json"
    cp "$compat/lib$2.so" "$compat_plugins/"
}
# Runs one sb-smoke on one library: it must pass, and the plugin must have seen host
# version $3 (1.0 when the host services end before the version, or it cannot know of it).
smoke_sees_host() {  # sb-smoke, library, host version the plugin must report, label
    if "$1" "$2" --no-self-tests --expect-abi "$header_major.0" >"$scratch/compat.smoke" 2>&1 \
        && grep -q "log info fixture.host-version host=$3\$" "$scratch/compat.smoke"; then
        pass "$4 ($(tail -n 1 "$scratch/compat.smoke"); it saw host $3)"
    else
        fail "$4:"; sed 's/^/    /' "$scratch/compat.smoke"
    fi
}
newest="$header_major.$header_minor"
if compat_fixture "$compat/include-1.0" built-1-0 com.example.built-against-1-0 \
    && compat_fixture "$header_dir" needs-1-0 com.example.needs-1-0 -DFIXTURE_ABI_MINOR=0 \
    && compat_fixture "$header_dir" needs-newest com.example.needs-newest \
    && compat_fixture "$header_dir" claims-next com.example.next-in-descriptor -DFIXTURE_ABI_MINOR=$((header_minor + 1)); then
    pass "the fixture target builds against the 1.0 header and against today's, declaring 1.0, $newest and 1.$((header_minor + 1))"
    # Built against 1.0, it has no host version to read: it sees a 1.0 host, and reads
    # nothing of the longer host services a $newest host passes.
    smoke_sees_host "$smoke" "$compat/libbuilt-1-0.so" 1.0 \
        "a plugin built against the 1.0 header runs in today's sb-smoke, a $newest host"
    for version in "${old_hosts[@]}"; do
        smoke_sees_host "$compat/sb-smoke-$version" "$compat/libneeds-1-0.so" "$version" \
            "a plugin built against the $newest header that declares 1.0 runs in a $version sb-smoke"
        status=0
        "$compat/sb-smoke-$version" "$compat/libneeds-newest.so" >"$scratch/compat-newest.smoke" 2>&1 || status=$?
        refusal="FAIL ABI $newest refused: the plugin needs a host of ABI $newest or later, and this host provides $version"
        if [ "$status" = 1 ] && grep -qxF "$refusal" "$scratch/compat-newest.smoke" \
            && ! grep -q 'fixture.host-version' "$scratch/compat-newest.smoke"; then
            pass "a plugin that declares $newest is refused by a $version sb-smoke before create, naming both versions"
        else
            fail "a $version sb-smoke and a plugin that declares $newest: exit $status, expected the line '$refusal':"
            sed 's/^/    /' "$scratch/compat-newest.smoke"
        fi
    done
else
    fail "the fixture target does not build for the forward-compatibility checks"
fi
# PluginKit's default minor for a composer is 1.0, and the Swift example declares it:
# a 1.0 host runs it, self-tests included (they see a 1.0 host too).
if [ -n "${swift_library:-}" ] && [ -f "${swift_library:-}" ] && [ "${#old_hosts[@]}" -gt 0 ] && [ "${old_hosts[0]}" = 1.0 ]; then
    if "$compat/sb-smoke-1.0" "$swift_library" --expect-abi "$header_major.0" --labels chair,table,chair \
            >"$scratch/compat-swift.smoke" 2>&1 \
        && grep -q '"two chairs and a table"' "$scratch/compat-swift.smoke"; then
        pass "the Swift counting composer (PluginKit, declaring 1.0) runs in a 1.0 sb-smoke ($(tail -n 1 "$scratch/compat-swift.smoke"))"
    else
        fail "the Swift counting composer in a 1.0 sb-smoke:"; sed 's/^/    /' "$scratch/compat-swift.smoke"
    fi
else
    fail "the Swift counting composer was not built, or there is no 1.0 sb-smoke, so it was not run in a 1.0 host"
fi
if [ -x "$cli" ] && [ -f "$compat/libclaims-next.so" ]; then
    # Today's host, which knows more, loads and runs the plugin built against 1.0 and the
    # one that declares 1.0; the conformance harness holds neither to today's minor.
    compat_manifest built-1-0 built-1-0 com.example.built-against-1-0 0
    compat_manifest needs-1-0 needs-1-0 com.example.needs-1-0 0
    for id in com.example.built-against-1-0 com.example.needs-1-0; do
        if SENSEBRIDGE_PLUGIN_PATH="$compat_plugins" "$cli" plugins test "$id" >"$scratch/compat-$id.log" 2>&1 \
            && grep -q "^pass  manifest .* ABI $header_major\.0," "$scratch/compat-$id.log"; then
            pass "sensebridge plugins test $id (declares 1.0): $(tail -n 1 "$scratch/compat-$id.log")"
        else
            fail "sensebridge plugins test $id (declares 1.0):"; grep -E '^(pass|FAIL|[0-9]+ passed)' "$scratch/compat-$id.log" | sed 's/^/    /'
        fi
    done
    # Today's host refuses what needs a newer one, from the manifest and from the
    # descriptor, saying which version it needs and its own.
    next="$header_major.$((header_minor + 1))"
    said="plugin needs a host of ABI $next or later, and this host provides $newest; update SenseBridge"
    compat_manifest next-in-manifest needs-newest com.example.next-in-manifest $((header_minor + 1))
    compat_manifest next-in-descriptor claims-next com.example.next-in-descriptor "$header_minor"
    SENSEBRIDGE_PLUGIN_PATH="$compat_plugins" "$cli" plugins list >"$scratch/compat-list.out" 2>&1 || true
    if grep -F "next-in-manifest.json: $said" "$scratch/compat-list.out" >/dev/null; then
        pass "sensebridge plugins list shows the manifest that declares $next as needing a newer host"
    else
        fail "sensebridge plugins list and a manifest that declares $next:"; sed 's/^/    /' "$scratch/compat-list.out"
    fi
    for id in com.example.next-in-manifest com.example.next-in-descriptor; do
        status=0
        SENSEBRIDGE_PLUGIN_PATH="$compat_plugins" "$cli" plugins test "$id" >"$scratch/compat-$id.log" 2>&1 || status=$?
        if [ "$status" != 0 ] && grep -F "$said" "$scratch/compat-$id.log" >/dev/null; then
            pass "sensebridge plugins test $id refuses it (exit $status): $(grep -F "$said" "$scratch/compat-$id.log" | head -n 1 | sed 's/^.*: plugin/plugin/' | cut -c1-80)…"
        else
            fail "sensebridge plugins test $id: exit $status, without '$said':"; sed 's/^/    /' "$scratch/compat-$id.log"
        fi
    done
else
    echo "SKIP the sensebridge CLI is not built in this checkout; today's host was sb-smoke only."
fi

section "the guides quote the examples' real files"
if scripts/tools/check_docs.py docs/PLUGIN_ABI.md docs/WRITING_PLUGINS.md >"$scratch/quotes.log" 2>&1; then
    pass "docs quote the examples verbatim ($(tail -n 1 "$scratch/quotes.log"))"
else
    fail "a doc no longer matches the files it quotes or the header:"; grep -v '^PASS' "$scratch/quotes.log" | sed 's/^/    /'
fi

section "sensebridge plugins list"
if [ -x "$cli" ]; then
    if SENSEBRIDGE_PLUGIN_PATH="$scratch/plugins" "$cli" plugins list --json >"$scratch/list.json" 2>"$scratch/list.err" \
        && python3 - "$scratch/list.json" com.example.teletype com.example.name-list com.example.counting-composer <<'PY'
import json, sys
listing = json.load(open(sys.argv[1], encoding="utf-8"))
def strings(value):
    if isinstance(value, dict):
        for v in value.values(): yield from strings(v)
    elif isinstance(value, list):
        for v in value: yield from strings(v)
    elif isinstance(value, str):
        yield value
found = set(strings(listing))
missing = [plugin for plugin in sys.argv[2:] if plugin not in found]
sys.exit(f"not listed: {', '.join(missing)}" if missing else 0)
PY
    then
        pass "sensebridge plugins list --json lists the composers and the teletype from SENSEBRIDGE_PLUGIN_PATH"
    else
        fail "sensebridge plugins list --json does not list the composers and the teletype:"
        sed 's/^/    /' "$scratch/list.json" "$scratch/list.err"
    fi

    section "the host loads and calls the examples"
    # The conformance harness, exactly as docs/WRITING_PLUGINS.md tells an author to run it.
    for id in com.example.teletype com.example.name-list com.example.counting-composer; do
        if SENSEBRIDGE_PLUGIN_PATH="$scratch/plugins" "$cli" plugins test "$id" >"$scratch/harness-$id.log" 2>&1; then
            pass "sensebridge plugins test $id: $(tail -n 1 "$scratch/harness-$id.log")"
        else
            fail "sensebridge plugins test $id failed:"; grep -E '^(FAIL|[0-9]+ passed)' "$scratch/harness-$id.log" | sed 's/^/    /'
        fi
    done
    # The counting composer names only what it covers, and declines what it cannot say.
    counting_log="$scratch/harness-com.example.counting-composer.log"
    if grep -q '^pass  compose-grounding (.*es and vi were declined with SB_ERR_UNSUPPORTED$' "$counting_log"; then
        pass "counting composer's phrases ground in English and it declines es and vi"
    else
        fail "counting composer and compose-grounding:"; grep -E '^(pass|FAIL)  compose-' "$counting_log" | sed 's/^/    /'
    fi
    # A profile that names the C target, with the Swift composer describing a scene:
    # its counted subject gets the plural hedge ("there are", never "there's two").
    mkdir -p "$scratch/plugins/profiles"
    cat >"$scratch/plugins/profiles/examples.json" <<'JSON'
{"schema": "sensebridge.output-profile/1", "name": "examples",
 "composer": "com.example.counting-composer", "fallbackComposer": "org.sensebridge.label-list",
 "renderTargets": [{"id": "com.example.teletype"}]}
JSON
    printf '%s\n' '{"kind": "object", "label": "chair", "confidence": 0.9}' \
        '{"kind": "object", "label": "chair", "confidence": 0.85}' '{"kind": "object", "label": "table", "confidence": 0.88}' \
        >"$scratch/scene.jsonl"
    if SENSEBRIDGE_PLUGIN_PATH="$scratch/plugins:$root/.build/plugins" "$cli" describe --records "$scratch/scene.jsonl" \
            --profile examples --output "$scratch/out" >"$scratch/describe.out" 2>"$scratch/describe.err" \
        && grep -qx "It looks like there are two chairs and a table." "$scratch/describe.out" \
        && grep -q "two chairs and a table" "$scratch/out/teletype.txt"; then
        pass "describe through the examples: '$(head -n 1 "$scratch/describe.out")' reached the teletype file"
    else
        fail "describe through the example composer and target did not deliver:"
        sed 's/^/    /' "$scratch/describe.out" "$scratch/describe.err" "$scratch/out/teletype.txt" 2>/dev/null
    fi
    # The C composer in Spanish, through the host's whole pipeline: its names come from
    # the manifest's config entries, and the host's validator and grounding keep them.
    printf '%s\n' '{"kind": "object", "label": "chair", "confidence": 0.9}' \
        '{"kind": "object", "label": "table", "confidence": 0.88}' >"$scratch/scene-one-chair.jsonl"
    if SENSEBRIDGE_PLUGIN_PATH="$scratch/plugins:$root/.build/plugins" "$cli" describe --records "$scratch/scene-one-chair.jsonl" \
            --composer com.example.name-list --locale es --no-render --json >"$scratch/describe-es.json" 2>"$scratch/describe-es.err" \
        && python3 - "$scratch/describe-es.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1], encoding="utf-8"))
ok = report["acceptedComposerPhrases"] >= 1 and not report["refusedComposerPhrases"] \
    and any("una silla y una mesa" in sentence for sentence in report["sentences"])
sys.exit(0 if ok else f"not kept as composed: {report}")
PY
    then
        pass "describe --locale es through the C composer: '$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["sentences"][0])' "$scratch/describe-es.json")', kept by the host"
    else
        fail "describe --locale es through the C composer:"; sed 's/^/    /' "$scratch/describe-es.json" "$scratch/describe-es.err"
    fi
    # Two chairs in Spanish: its configured names are singular, so it declines rather
    # than say "una silla" over two, and the person hears the label list's count.
    if SENSEBRIDGE_PLUGIN_PATH="$scratch/plugins:$root/.build/plugins" "$cli" describe --records "$scratch/scene.jsonl" \
            --composer com.example.name-list --locale es --no-render >"$scratch/describe-es-two.out" 2>"$scratch/describe-es-two.err" \
        && grep -qx "Parece que hay dos sillas y una mesa." "$scratch/describe-es-two.out" \
        && ! grep -q "una silla" "$scratch/describe-es-two.out"; then
        pass "describe --locale es of two chairs through the C composer: '$(head -n 1 "$scratch/describe-es-two.out")', counted by the host"
    else
        fail "describe --locale es of two chairs through the C composer:"
        sed 's/^/    /' "$scratch/describe-es-two.out" "$scratch/describe-es-two.err"
    fi
else
    echo "SKIP the sensebridge CLI is not built in this checkout ($cli); the examples were loaded by sb-smoke only."
fi

echo
echo "test-examples: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
