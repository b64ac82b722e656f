#!/usr/bin/python3
"""OpenCV's own Python binding running the object detector's model: the anchor the
plugin (Plugins/ObjectDetector) is compared with, in its tests and in `make bench`.

    detection_reference.py MODEL CONFIG detect THRESHOLD IMAGE...
    detection_reference.py MODEL CONFIG time ROUNDS THREADS IMAGE...
    detection_reference.py rgb IMAGE OUT

Both read each image with cv2.imread (BGR) and prepare it as OpenCV's samples do for
SSD MobileNetV2 COCO: blobFromImage(image, 1.0, (300, 300), swapRB=True).

detect prints one JSON line: {"images": {"name.png": [{"classId": 1, "score": 0.806,
"box": [x0, y0, x1, y1]}, ...]}}, every row scoring at least THRESHOLD, boxes as the
model gave them (normalized, unclipped).

time prints one JSON line: {"microsecondsPerFrame": {"name.png": median, ...}}: per
image, the median over ROUNDS of blobFromImage + setInput + forward (what the plugin
does per frame, after its image has arrived), with cv2.setNumThreads(THREADS), after
one untimed pass per image.

rgb writes IMAGE as the plugin's frames carry it, for the bench, which has no PNG
decoder: b"SBRGB1", uint32 width, uint32 height (little-endian), then the RGB rows.

Run it with /usr/bin/python3: Debian's python3-opencv is built for the system Python.
"""
import json
import os
import statistics
import struct
import sys
import time

import cv2


def load(model, config):
    return cv2.dnn.readNet(model, config)


def prepare(image):
    return cv2.dnn.blobFromImage(image, 1.0, (300, 300), swapRB=True)


def read(path):
    image = cv2.imread(path)
    if image is None:
        sys.exit(f"detection_reference: {path}: cv2.imread could not read it")
    return image


def detect(net, threshold, paths):
    images = {}
    for path in paths:
        net.setInput(prepare(read(path)))
        rows = net.forward()[0, 0]
        images[os.path.basename(path)] = [
            {"classId": int(row[1]), "score": float(row[2]), "box": [float(value) for value in row[3:7]]}
            for row in rows if row[2] >= threshold
        ]
    return {"images": images}


def timing(net, rounds, threads, paths):
    cv2.setNumThreads(threads)
    figures = {}
    for path in paths:
        image = read(path)
        net.setInput(prepare(image))
        net.forward()
        samples = []
        for _ in range(rounds):
            started = time.perf_counter_ns()
            net.setInput(prepare(image))
            net.forward()
            samples.append((time.perf_counter_ns() - started) / 1000)
        figures[os.path.basename(path)] = statistics.median(samples)
    return {"microsecondsPerFrame": figures}


def write_rgb(path, out):
    image = cv2.cvtColor(read(path), cv2.COLOR_BGR2RGB)
    height, width = image.shape[:2]
    with open(out, "wb") as handle:
        handle.write(b"SBRGB1" + struct.pack("<II", width, height) + image.tobytes())


def main(arguments):
    if len(arguments) == 3 and arguments[0] == "rgb":
        write_rgb(arguments[1], arguments[2])
        return
    if len(arguments) < 5 or arguments[2] not in ("detect", "time"):
        sys.exit(__doc__)
    model, config, mode = arguments[0], arguments[1], arguments[2]
    net = load(model, config)
    if mode == "detect":
        result = detect(net, float(arguments[3]), arguments[4:])
    else:
        result = timing(net, int(arguments[3]), int(arguments[4]), arguments[5:])
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
