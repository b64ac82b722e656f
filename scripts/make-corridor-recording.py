#!/usr/bin/env python3
"""Writes samples/corridor.recording.jsonl: a synthetic walk down a corridor.

A chest-mounted depth camera (1.3 m up, pitched 20 degrees down, 60 degree
horizontal field of view, 32x24 samples) walks at 0.5 m/s towards a wall 6 m
away, passing a 0.5 m box standing on the floor. The floor is in view in every
frame, so the recording exercises floor rejection by gravity; a few samples
have no reading, as real sensors do. After every depth frame a records frame
carries what a detector reported on that pass (`scene_at`): the same scene over
several passes, as a real detector sees it, and once a dog that only one pass
saw, which the detection stabiliser must never name. Deterministic: the same
file every run.
"""
import json
import math
import sys

WIDTH, HEIGHT = 32, 24
FOV_X = math.radians(60)
FX = (WIDTH / 2) / math.tan(FOV_X / 2)
FY = FX
CX, CY = (WIDTH - 1) / 2, (HEIGHT - 1) / 2
CAMERA_HEIGHT = 1.3
PITCH = math.radians(20)
WALL_START = 6.0
SPEED = 0.5
BOX = {"x": (-0.35, 0.35), "y": (0.0, 0.5), "z_near": 3.0, "depth": 0.5}
TICK = 0.75
DURATION = 9.0


def camera_to_world():
    c, s = math.cos(-PITCH), math.sin(-PITCH)
    # column-major: columns are the images of the x, y, z axes, then the translation
    return [1, 0, 0, 0,
            0, c, s, 0,
            0, -s, c, 0,
            0, CAMERA_HEIGHT, 0, 1]


def ray(u, v):
    x, y, z = (u - CX) / FX, -(v - CY) / FY, -1.0
    c, s = math.cos(-PITCH), math.sin(-PITCH)
    return (x, c * y - s * z, s * y + c * z)


def box_hit(origin, direction, walked):
    near = BOX["z_near"] - walked
    bounds = [BOX["x"], BOX["y"], (-(near + BOX["depth"]), -near)]
    t_min, t_max = 0.0, math.inf
    for axis in range(3):
        o, d = origin[axis], direction[axis]
        low, high = bounds[axis]
        if abs(d) < 1e-9:
            if not low <= o <= high:
                return None
            continue
        t1, t2 = (low - o) / d, (high - o) / d
        t_min, t_max = max(t_min, min(t1, t2)), min(t_max, max(t1, t2))
    return t_min if t_min <= t_max and t_min > 0 else None


def depth_frame(walked):
    origin = (0.0, CAMERA_HEIGHT, 0.0)
    wall = WALL_START - walked
    metres = []
    for v in range(HEIGHT):
        for u in range(WIDTH):
            if (u * 7 + v * 13) % 97 == 0:
                metres.append(None)  # no return, as glass or a dark surface gives
                continue
            d = ray(u, v)
            hits = []
            if d[1] < 0:
                hits.append(-CAMERA_HEIGHT / d[1])
            if d[2] < 0:
                hits.append(wall / -d[2])
            box = box_hit(origin, d, walked)
            if box is not None:
                hits.append(box)
            metres.append(round(min(hits), 3) if hits else None)
    return {"width": WIDTH, "height": HEIGHT, "metres": metres,
            "cameraToWorld": [round(x, 6) for x in camera_to_world()],
            "intrinsics": [round(FX, 4), round(FY, 4), CX, CY]}


SCENES = [
    [{"kind": "object", "label": "door", "confidence": 0.84},
     {"kind": "object", "label": "chair", "confidence": 0.71},
     {"kind": "sound", "label": "speech", "confidence": 0.66}],
    [{"kind": "object", "label": "box", "confidence": 0.78},
     {"kind": "text", "label": "EXIT", "confidence": 0.9}],
    [{"kind": "object", "label": "wall", "confidence": 0.55},
     {"kind": "sound", "label": "smoke_alarm", "confidence": 0.81}],
]


# One detector pass that saw a dog no other pass saw: noise, never to be named.
FLICKER = {"kind": "object", "label": "dog", "confidence": 0.6}
FLICKER_STEP = 4


def scene_at(step):
    """The detector's records on the pass after depth step `step`.

    Each scene starts at least three passes before the narration tick that says it
    (0.85 s, 3.85 s and 6.85 s at a 3 s interval; 0.85 s and 6.85 s at the default
    6 s), so it is confirmed by then and the scene before it has run out of
    persistence.
    """
    scene = SCENES[0] if step < 3 else SCENES[1] if step < 6 else SCENES[2]
    return scene + [FLICKER] if step == FLICKER_STEP else scene


def main():
    lines = [json.dumps({"schema": "sensebridge.recording/1"})]
    steps = int(DURATION / TICK) + 1
    for step in range(steps):
        time = round(step * TICK, 3)
        lines.append(json.dumps({"time": time, "depth": depth_frame(SPEED * time)}, separators=(",", ":")))
        lines.append(json.dumps({"time": round(time + 0.1, 3), "records": scene_at(step)}))
    out = sys.argv[1] if len(sys.argv) > 1 else "samples/corridor.recording.jsonl"
    with open(out, "w") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
