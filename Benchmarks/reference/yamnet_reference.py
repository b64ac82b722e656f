#!/usr/bin/python3
"""YAMNet alone: the anchor the listening bench compares SenseBridge's alerts with.

    yamnet_reference.py MODEL CLASS_MAP THRESHOLD CLIP.wav...

MODEL is the float YAMNet graph the sound classifier runs (ONNX, input [1,1,96,64]
log-mel, output 521 logits), run here with OpenCV's own Python binding (cv2.dnn) on one
thread; CLASS_MAP is YAMNet's yamnet_class_map.csv (index, mid, display_name). Each clip
is a 16 kHz mono 16-bit WAV (scripts/make-sound-clips.py).

The frontend is YAMNet's own (its features.py and params.py), written here in NumPy so it
shares nothing with SenseBridge's: the waveform padded as YAMNet pads it, frames of
25 ms (400 samples) every 10 ms (160) under a periodic Hann window, the magnitude of a
512-point FFT, 64 mel bands from 125 to 7500 Hz on the HTK mel scale (the weights of
tf.signal.linear_to_mel_weight_matrix, DC bin zero), log(mel + 0.001), and patches of
96 frames (0.96 s) every 48 (0.48 s).

The rule, YAMNet alone: a patch alerts when the score (the sigmoid of the logit, as
YAMNet's own head) of any safety class reaches THRESHOLD. The safety classes are the
AudioSet classes SenseBridge alerts on: "Smoke detector, smoke alarm", "Fire alarm",
"Siren", "Civil defense siren", "Police car (siren)", "Ambulance (siren)" and "Fire
engine, fire truck (siren)" (AudioSet has no carbon-monoxide alarm). Generic "Alarm",
"Alarm clock", "Buzzer", "Beep, bleep" and "Car alarm" are not safety sounds: counting
them would alert on every microwave. A patch's time is when its last sample was heard
(its start + 0.975 s): the earliest moment a classifier could say what it holds.

Prints one JSON object: {"threshold", "safetyClasses", "patchMicroseconds" (median
forward time), "clips": {"name.wav": {"patches", "alerts": [patch times], "firstAlert"
(seconds or null), "top": {display name: patches where it was the top class}}}}.

Run it with /usr/bin/python3: Debian's python3-opencv is built for the system Python.
"""
import csv
import json
import os
import statistics
import sys
import time
import wave

import cv2
import numpy as np

# YAMNet's frontend is written once, in sound_reference.py beside this file (the
# sound classifier's tests hold the plugin to it); this anchor adds YAMNet's own padding.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sound_reference import HOP, PATCH, PATCH_HOP, SAMPLE_RATE as RATE, WINDOW, logmel  # noqa: E402

SAFETY_CLASSES = ["Smoke detector, smoke alarm", "Fire alarm", "Siren", "Civil defense siren",
                  "Police car (siren)", "Ambulance (siren)", "Fire engine, fire truck (siren)"]


def pad(waveform):
    """YAMNet's pad_waveform: at least one patch, then whole patch hops, with zeros."""
    minimum = int(np.ceil((PATCH * HOP + WINDOW - HOP)))
    count = max(len(waveform), minimum)
    hops = int(np.ceil((count - minimum) / (PATCH_HOP * HOP)))
    return np.pad(waveform, [0, minimum + hops * PATCH_HOP * HOP - len(waveform)])


def read(path):
    with wave.open(path, "rb") as handle:
        if (handle.getframerate(), handle.getnchannels(), handle.getsampwidth()) != (RATE, 1, 2):
            sys.exit(f"yamnet_reference: {path}: not a 16 kHz mono 16-bit WAV")
        return np.frombuffer(handle.readframes(handle.getnframes()), dtype="<i2").astype(np.float64) / 32768.0


def class_names(path):
    with open(path, newline="") as handle:
        rows = list(csv.reader(handle))
    if not rows or rows[0][:3] != ["index", "mid", "display_name"]:
        sys.exit(f"yamnet_reference: {path}: not YAMNet's class map (index,mid,display_name)")
    return [row[2] for row in rows[1:]]


def main(arguments):
    if len(arguments) < 4:
        sys.exit(__doc__)
    model, class_map, threshold, clips = arguments[0], arguments[1], float(arguments[2]), arguments[3:]
    names = class_names(class_map)
    missing = [name for name in SAFETY_CLASSES if name not in names]
    if missing:
        sys.exit(f"yamnet_reference: {class_map}: no class {missing[0]!r}")
    safety = [names.index(name) for name in SAFETY_CLASSES]
    cv2.setNumThreads(1)
    net = cv2.dnn.readNetFromONNX(model)
    timings, results = [], {}
    for path in clips:
        alerts, top = [], {}
        for k, patch in enumerate(logmel(pad(read(path)))):
            started = time.perf_counter_ns()
            net.setInput(patch.astype(np.float32)[None, None])
            logits = net.forward()[0].astype(np.float64)
            timings.append((time.perf_counter_ns() - started) / 1000)
            scores = 1 / (1 + np.exp(-logits))
            end = round(k * PATCH_HOP * HOP / RATE + (PATCH * HOP + WINDOW - HOP) / RATE, 3)
            if scores[safety].max() >= threshold:
                alerts.append(end)
            name = names[int(np.argmax(scores))]
            top[name] = top.get(name, 0) + 1
        results[os.path.basename(path)] = {"patches": sum(top.values()), "alerts": alerts,
                                           "firstAlert": alerts[0] if alerts else None, "top": top}
    print(json.dumps({"threshold": threshold, "safetyClasses": SAFETY_CLASSES,
                      "patchMicroseconds": statistics.median(timings) if timings else None, "clips": results}))


if __name__ == "__main__":
    main(sys.argv[1:])
