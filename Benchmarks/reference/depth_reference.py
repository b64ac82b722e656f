#!/usr/bin/env python3
"""The NumPy anchor of the depth-reduction figure: the same rule as
Sources/SenseBridgeCore/Awareness/DepthReduction.swift, written the way NumPy is
written: strided slicing (every 4th pixel from the region of interest's first column,
as the seed samples), world heights from the pose, floor heights (the world height plus
5 cm for each metre of the sample's distance beyond 3 m of the camera), np.partition
for the floor quantile, masks for the floor's clearance, a minimum per zone.

    depth_reference.py FRAMES [ROUNDS]

FRAMES is the bench's frame file (all little-endian):
    b"SBDEPTH1", uint32 count, then per frame:
    uint32 width, uint32 height, float32 fx, fy, cx, cy, float32 pose[16] (column-major
    camera-to-world), float32 metres[width*height] (row-major).

Times every frame ROUNDS times (default 20) and prints one JSON line:
{"microsecondsPerFrame": {"256x192": mean over the frames of each one's median, ...}, "frames": [{"nearest": m or null,
"failure": null or "noValidSamples" | "onlyFloor", "zones": [l, c, r]}, ...]}.
The rule's constants are DepthReduction's: clearance 0.10 m, quantile 0.01, range 20 m,
trusted range 3 m, allowance 0.05 m per metre beyond it.
"""
import json
import statistics
import struct
import sys
import time

import numpy as np

CLEARANCE = np.float32(0.10)
QUANTILE = 0.01
MAXIMUM_RANGE = np.float32(20)
TRUSTED_RANGE = np.float32(3)
ALLOWANCE_PER_METRE = np.float32(0.05)


def read_frames(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"SBDEPTH1":
        raise SystemExit(f"{path}: not a SenseBridge bench frame file")
    (count,) = struct.unpack_from("<I", data, 8)
    offset, frames = 12, []
    for _ in range(count):
        width, height = struct.unpack_from("<II", data, offset)
        offset += 8
        fx, fy, cx, cy = struct.unpack_from("<4f", data, offset)
        offset += 16
        pose = np.frombuffer(data, dtype="<f4", count=16, offset=offset)
        offset += 64
        metres = np.frombuffer(data, dtype="<f4", count=width * height, offset=offset).reshape(height, width)
        offset += 4 * width * height
        frames.append((width, height, np.float32(fx), np.float32(fy), np.float32(cx), np.float32(cy), pose, metres))
    return frames


def reduce(frame):
    width, height, fx, fy, cx, cy, pose, metres = frame
    stride = max(1, min(4, width // 64))
    roi_start = width // 4
    roi_end = max(roi_start + 1, width - roi_start)
    first = roi_start % stride
    sampled = metres[::stride, first::stride]
    us = np.arange(first, width, stride, dtype=np.float32)
    vs = np.arange(0, height, stride, dtype=np.float32)
    x_slope = (us - cx) / fx
    y_slope = -(vs - cy) / fy
    x_term = pose[1] * x_slope
    y_term = pose[5] * y_slope - pose[9]
    with np.errstate(invalid="ignore", over="ignore"):
        usable = (sampled > 0) & (sampled <= MAXIMUM_RANGE)
        heights = sampled * (x_term[None, :] + y_term[:, None]) + pose[13]
        distance = sampled * np.sqrt(x_slope[None, :] ** 2 + (1 + y_slope[:, None] ** 2))
        floor_heights = heights + np.maximum(distance - TRUSTED_RANGE, 0) * ALLOWANCE_PER_METRE
    usable &= np.isfinite(heights) & np.isfinite(floor_heights)
    columns = np.arange(first, width, stride)
    in_region = (columns >= roi_start) & (columns < roi_end)
    usable_floor_heights = floor_heights[usable]
    if usable_floor_heights.size == 0 or not usable[:, in_region].any():
        return None, "noValidSamples", [None, None, None]
    rank = min(usable_floor_heights.size - 1, int(usable_floor_heights.size * QUANTILE))
    floor = np.partition(usable_floor_heights, rank)[rank]
    with np.errstate(invalid="ignore"):
        above = usable & (heights > floor + CLEARANCE)
    depths = np.where(above, sampled, np.inf)
    zone_of_column = np.minimum(2, columns * 3 // width)
    zones = []
    for zone in range(3):
        part = depths[:, zone_of_column == zone]
        value = float(part.min()) if part.size else float("inf")
        zones.append(value if np.isfinite(value) else None)
    nearest = float(depths[:, in_region].min())
    if not np.isfinite(nearest):
        return None, "onlyFloor", zones
    return nearest, None, zones


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    frames = read_frames(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    by_size = {}
    for frame in frames:
        by_size.setdefault(f"{frame[0]}x{frame[1]}", []).append(frame)
    per_frame = {}
    for size, group in by_size.items():
        medians = []
        for frame in group:
            reduce(frame)  # warm: the frame in cache, as when it has just been decoded
            times = []
            for _ in range(rounds):
                start = time.perf_counter_ns()
                reduce(frame)
                times.append((time.perf_counter_ns() - start) / 1000)
            medians.append(statistics.median(times))
        per_frame[size] = statistics.fmean(medians)
    outcomes = []
    for frame in frames:
        nearest, failure, zones = reduce(frame)
        outcomes.append({"nearest": nearest, "failure": failure, "zones": zones})
    print(json.dumps({"microsecondsPerFrame": per_frame, "frames": outcomes}))


if __name__ == "__main__":
    main()
