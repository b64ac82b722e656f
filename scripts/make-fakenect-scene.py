#!/usr/bin/env python3
"""Writes a synthetic walk as a fakenect recording, with its ground truth beside it.

    scripts/make-fakenect-scene.py SCENE OUTDIR [--tilt DEG] [--speed M/S] ...
    scripts/make-fakenect-scene.py --list

A chest-mounted Kinect v1 walks through one of the scenes below. OUTDIR receives
what `fakenect-record` would have written (INDEX.txt, `d-<time>-<timestamp>.pgm`
11-bit depth frames, `a-<time>-<timestamp>.dump` accelerometer records, and with
--photo `r-<time>-<timestamp>.ppm` colour pictures) and
`ground-truth.json`, which fakenect never reads because INDEX.txt does not list it.
The format, the conversions and why this is a script are in docs/SYNTHETIC_SCENES.md.

Python's standard library only, but for --photo, which reads and scales the
photograph with Pillow (python3-pil). Deterministic: the same arguments (and --seed)
give the same bytes on every run.
"""
import argparse
import array
import json
import math
import os
import random
import struct
import sys

# --- The Kinect v1 as libfreenect describes it (docs/SYNTHETIC_SCENES.md) -------------
WIDTH, HEIGHT = 640, 480
# Zero-plane defaults of libfreenect's src/registration.c (freenect_init_registration):
# reference distance 120 mm, reference pixel size 0.1042 mm (1280-wide sensor, so x2
# at 640), emitter-to-camera distance 7.5 cm.
REFERENCE_DISTANCE = 120.0
REFERENCE_PIXEL_SIZE = 0.1042
EMITTER_DISTANCE = 7.5
FOCAL = REFERENCE_DISTANCE / (2 * REFERENCE_PIXEL_SIZE)  # 575.8 px, freenect_camera_to_world
CX, CY = WIDTH / 2, HEIGHT / 2
RAW_NO_VALUE = 2047             # FREENECT_DEPTH_RAW_NO_VALUE
COUNTS_PER_G = 819              # FREENECT_COUNTS_PER_G
NEAREST_MM, FARTHEST_MM = 500, 10000  # closer or farther: the Kinect gives no value
# One ray per block of pixels (--block, default 4): the host samples every fourth pixel
# of a 640-wide map (DepthSampleGrid), so a block of four is exact wherever it looks
# first; pure Python casting all 307,200 rays would take seconds a frame.
# The host measures distance over the middle half of the width and names sides from
# thirds (DepthReduction); the ground truth is cut the same way.
ROI = (WIDTH // 4, WIDTH - WIDTH // 4)
THIRDS = ((0, (WIDTH + 2) // 3), ((WIDTH + 2) // 3, (2 * WIDTH + 2) // 3), ((2 * WIDTH + 2) // 3, WIDTH))


def mm_to_raw(mm):
    """The inverse of libfreenect's freenect_raw_to_mm, rounded to the 11-bit value."""
    if mm < NEAREST_MM or mm > FARTHEST_MM:
        return RAW_NO_VALUE
    q = mm / 10.0 - REFERENCE_DISTANCE
    metric = q * EMITTER_DISTANCE / (REFERENCE_DISTANCE + q)
    return int(round(4 * (metric / REFERENCE_PIXEL_SIZE + 0.375) + 800))


def raw_to_mm(raw):
    """libfreenect's freenect_raw_to_mm with the default zero plane (the plugin's table)."""
    fixed = (raw - 800) / 4.0 - 0.375
    metric = fixed * REFERENCE_PIXEL_SIZE
    return 10 * (metric * REFERENCE_DISTANCE / (EMITTER_DISTANCE - metric) + REFERENCE_DISTANCE)


# --- Scenes: world +Y up, the walker starts at the origin and walks along -Z -----------
class Box:
    """An axis-aligned box; `label` is what the ground truth calls it."""

    def __init__(self, label, x, y, z, velocity=(0.0, 0.0, 0.0)):
        self.label, self.lo, self.hi, self.velocity = label, [x[0], y[0], z[0]], [x[1], y[1], z[1]], velocity

    def at(self, time):
        shift = [v * time for v in self.velocity]
        return [a + s for a, s in zip(self.lo, shift)], [b + s for b, s in zip(self.hi, shift)]


def corridor(length=12.0, half_width=1.2):
    return [Box("wall", (-half_width - 0.1, -half_width), (0, 2.5), (-length, 1)),
            Box("wall", (half_width, half_width + 0.1), (0, 2.5), (-length, 1))]


def end_wall(at):
    return Box("wall", (-6, 6), (0, 2.5), (-at - 0.2, -at))


SCENES = {
    "open-corridor": dict(about="A corridor 2.4 m wide and 12 m long; nothing but walls at the sides.",
                          objects=lambda: corridor()),
    "wall-ahead": dict(about="A wall across the way 4 m ahead; the walker stops at `stop` metres from it and sways.",
                       objects=lambda: [end_wall(4.0)], stop_before=("wall", 4.0)),
    "box-in-walkway": dict(about="A 0.4 m box on the floor 3 m ahead in a corridor, centred in the walkway.",
                           objects=lambda: corridor() + [Box("box", (-0.25, 0.25), (0, 0.4), (-3.4, -3.0))]),
    "pole-to-one-side": dict(about="A 0.1 m post 0.7 m right of the path, 4 m ahead, in a hall with a wall 7 m ahead.",
                             objects=lambda: [end_wall(7.0), Box("pole", (0.65, 0.75), (0, 2.2), (-4.05, -3.95))]),
    "glass-door": dict(about="A glass door filling the way 2.5 m ahead: it gives no depth returns, and hides what is behind it.",
                       objects=lambda: corridor() + [end_wall(6.0)], glass_at=2.5),
    "person-crossing": dict(about="A person (0.5 x 0.3 x 1.7 m) crossing left to right 1.05 m ahead at 1.2 m/s; the walker stands.",
                            objects=lambda: [end_wall(7.0), Box("person", (-2.0, -1.5), (0, 1.7), (-1.35, -1.05), (1.2, 0, 0))],
                            standing=True),
    "stairs-down": dict(about="A flight of stairs going down (0.18 m risers, 0.28 m treads) starting 2.5 m ahead.",
                        objects=lambda: corridor(), stairs_at=2.5),
}


def stairs_hit(origin, direction, start):
    """The nearest hit on a descending flight whose first edge is at z = -start."""
    best = None
    for k in range(10):
        top, edge = -0.18 * (k + 1), -start - 0.28 * k
        # Riser k: the vertical face at z = edge between heights -0.18k and top.
        if direction[2] < 0:
            t = (edge - origin[2]) / direction[2]
            y = origin[1] + t * direction[1]
            if t > 0 and top <= y <= -0.18 * k and (best is None or t < best[0]):
                best = (t, "stairs")
        # Tread k: the horizontal face at height `top` from z = edge back by 0.28.
        if direction[1] < 0:
            t = (top - origin[1]) / direction[1]
            z = origin[2] + t * direction[2]
            if t > 0 and edge - 0.28 <= z <= edge and (best is None or t < best[0]):
                best = (t, "stairs")
    return best


def box_hit(origin, direction, lo, hi):
    t_min, t_max = 1e-6, math.inf
    for axis in range(3):
        o, d = origin[axis], direction[axis]
        if abs(d) < 1e-12:
            if not lo[axis] <= o <= hi[axis]:
                return None
            continue
        t1, t2 = (lo[axis] - o) / d, (hi[axis] - o) / d
        if t1 > t2:
            t1, t2 = t2, t1
        t_min, t_max = max(t_min, t1), min(t_max, t2)
        if t_min > t_max:
            return None
    return t_min


def cast(origin, direction, boxes, scene, walked):
    """(depth along the ray's z-unit direction, label) of the first surface, or None."""
    best = None
    if "stairs_at" in scene:
        start = scene["stairs_at"]  # fixed in the world, like every other object
        # The floor ends at the first edge.
        if direction[1] < 0:
            t = -origin[1] / direction[1]
            if t > 0 and origin[2] + t * direction[2] >= -start:
                best = (t, "floor")
        hit = stairs_hit(origin, direction, start)
        if hit and (best is None or hit[0] < best[0]):
            best = hit
    elif direction[1] < 0:
        best = (-origin[1] / direction[1], "floor")
    for lo, hi, label in boxes:
        t = box_hit(origin, direction, lo, hi)
        if t is not None and (best is None or t < best[0]):
            best = (t, label)
    if "glass_at" in scene and direction[2] < 0:
        t = (-scene["glass_at"] - origin[2]) / direction[2]
        if t > 0 and (best is None or t < best[0]):
            best = (t, "glass")
    return best


def rotation(pitch_down, yaw, roll):
    """Camera-to-world rotation (rows): yaw about world Y, then pitch down, then roll."""
    cp, sp = math.cos(-pitch_down), math.sin(-pitch_down)
    cy, sy = math.cos(yaw), math.sin(yaw)
    cr, sr = math.cos(roll), math.sin(roll)
    rx = [[1, 0, 0], [0, cp, -sp], [0, sp, cp]]
    ry = [[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]]
    rz = [[cr, -sr, 0], [sr, cr, 0], [0, 0, 1]]

    def mul(a, b):
        return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
    return mul(ry, mul(rx, rz))


def render(scene, objects, camera, height, pitch, yaw, roll, time, walked, rng, args):
    """One frame: the raw 11-bit image (array of uint16) and its ground truth."""
    BLOCK = args.block
    r = rotation(pitch, yaw, roll)
    origin = (camera[0], height, camera[2])
    boxes = [(*o.at(time), o.label) for o in objects]
    blocks_x, blocks_y = WIDTH // BLOCK, HEIGHT // BLOCK
    raw = array.array("H")
    zones = [None, None, None]
    nearest, nearest_label = None, None
    glass_blocks = roi_blocks = 0
    for by in range(blocks_y):
        v = by * BLOCK + (BLOCK - 1) / 2
        ny = -(v - CY) / FOCAL
        row = array.array("H", bytes(2 * blocks_x))
        for bx in range(blocks_x):
            u = bx * BLOCK + (BLOCK - 1) / 2
            nx = (u - CX) / FOCAL
            # Camera ray (nx, ny, -1): its z-depth equals the ray parameter.
            direction = (r[0][0] * nx + r[0][1] * ny - r[0][2],
                         r[1][0] * nx + r[1][1] * ny - r[1][2],
                         r[2][0] * nx + r[2][1] * ny - r[2][2])
            hit = cast(origin, direction, boxes, scene, walked)
            in_roi = ROI[0] <= u < ROI[1]
            roi_blocks += in_roi
            if hit is None or hit[1] == "glass":
                glass_blocks += in_roi and hit is not None
                row[bx] = RAW_NO_VALUE
                continue
            depth, label = hit
            if label not in ("floor", "stairs"):
                for zone, (a, b) in enumerate(THIRDS):
                    if a <= u < b and (zones[zone] is None or depth < zones[zone]):
                        zones[zone] = depth
                if in_roi and (nearest is None or depth < nearest):
                    nearest, nearest_label = depth, label
            if depth * 1000 > FARTHEST_MM or rng.random() < args.dropout:
                # Beyond the Kinect's range there is no reading: noise added first would
                # bring a surface 300 m away (the floor near the horizon) back into range.
                row[bx] = RAW_NO_VALUE
                continue
            measured = depth + rng.gauss(0, args.noise * depth * depth)
            row[bx] = mm_to_raw(measured * 1000)
        wide = array.array("H", (value for value in row for _ in range(BLOCK)))
        for _ in range(BLOCK):
            raw.extend(wide)
    truth = {"nearestObstacleMetres": rounded(nearest), "nearestObstacle": nearest_label,
             "zonesMetres": {"left": rounded(zones[0]), "centre": rounded(zones[1]), "right": rounded(zones[2])},
             "glassFractionOfCentre": round(glass_blocks / roi_blocks, 3)}
    up_camera = r[1]  # world up in camera coordinates: the second row of camera-to-world
    return raw, truth, up_camera


def rounded(value):
    return None if value is None else round(value, 4)


def accelerometer_record(up, rng, args):
    """freenect_raw_tilt_state as fakenect copies it: int16 x, y, z, int8 tilt, int32 status."""
    counts = [int(round(COUNTS_PER_G * (c + rng.gauss(0, args.accel_noise)))) for c in up]
    return struct.pack("<hhhbxi", counts[0], counts[1], counts[2], 0, 0), counts


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scene", nargs="?", help="one of --list")
    parser.add_argument("outdir", nargs="?", help="a directory to create (must not hold an INDEX.txt)")
    parser.add_argument("--list", action="store_true", help="print the scenes and exit")
    parser.add_argument("--tilt", type=float, default=20, help="chest-mount pitch down, degrees, 0 to 40 (default 20)")
    parser.add_argument("--speed", type=float, default=1.0, help="walker speed, m/s (default 1.0)")
    parser.add_argument("--height", type=float, default=1.3, help="camera height above the floor, m (default 1.3)")
    parser.add_argument("--yaw-jitter", type=float, default=2.0, help="peak yaw sway of the torso, degrees (default 2)")
    parser.add_argument("--roll-jitter", type=float, default=1.0, help="peak roll sway, degrees (default 1)")
    parser.add_argument("--noise", type=float, default=0.0015,
                        help="depth noise: standard deviation in m at 1 m, growing with the square of depth (default 0.0015)")
    parser.add_argument("--accel-noise", type=float, default=0.01, help="accelerometer noise, g (default 0.01)")
    parser.add_argument("--dropout", type=float, default=0.02, help="fraction of samples with no return (default 0.02)")
    parser.add_argument("--stop", type=float, default=1.45, help="wall-ahead: metres from the wall where the walker stops (default 1.45)")
    parser.add_argument("--sway", type=float, default=0.12, help="forward-back body sway while standing, m peak (default 0.12)")
    parser.add_argument("--fps", type=float, default=10, help="depth frames per second written (default 10)")
    parser.add_argument("--duration", type=float, default=4.0, help="seconds of walk (default 4)")
    parser.add_argument("--block", type=int, default=4, choices=(1, 2, 4, 8),
                        help="pixels per cast ray along each side (default 4; 8 renders four times faster)")
    parser.add_argument("--photo", help="a photograph shown by the colour camera: every colour picture is it, scaled to 640x480 "
                                         "(a real scene's objects over the synthetic depth, for the walk's detector)")
    parser.add_argument("--colour-fps", type=float, default=2,
                        help="colour pictures per second written with --photo (default 2; the Kinect gives 30)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.list:
        for name, scene in SCENES.items():
            print(f"{name}: {scene['about']}")
        return 0
    if args.scene not in SCENES or not args.outdir:
        parser.error(f"name a scene ({', '.join(SCENES)}) and an output directory")
    if not 0 <= args.tilt <= 40:
        parser.error("--tilt must be from 0 to 40 degrees (a chest mount's range)")
    if not 0 < args.fps <= 30:
        parser.error("--fps must be above 0 and at most 30 (the Kinect's depth rate)")
    if not 0 < args.colour_fps <= 30:
        parser.error("--colour-fps must be above 0 and at most 30 (the Kinect's colour rate)")
    colour = None
    if args.photo:
        try:
            from PIL import Image
        except ImportError:
            parser.error("--photo needs Pillow (Debian: python3-pil)")
        try:
            with Image.open(args.photo) as photo:
                colour = photo.convert("RGB").resize((WIDTH, HEIGHT), Image.BILINEAR).tobytes()
        except OSError as error:
            parser.error(f"--photo {args.photo}: cannot be read as a picture ({error})")
    scene = SCENES[args.scene]
    os.makedirs(args.outdir, exist_ok=True)
    if os.path.exists(os.path.join(args.outdir, "INDEX.txt")):
        parser.error(f"{args.outdir} already holds a recording (INDEX.txt); use a new directory")
    rng = random.Random(args.seed)
    objects = scene["objects"]()
    frames = int(args.duration * args.fps)
    phase = rng.random() * math.tau
    index, truth_frames = [], []
    header = b"P5 640 480 65535\n"
    for n in range(frames):
        time = n / args.fps
        walked = 0.0 if scene.get("standing") else args.speed * time
        sway = 0.0
        if "stop_before" in scene:
            _, wall = scene["stop_before"]
            limit = wall - args.stop
            if walked >= limit:
                # Standing at the stop, swaying forward and back as a person does.
                sway = args.sway * math.sin(2 * math.pi * 0.7 * time + phase)
                walked = limit
            walked += sway
        # Torso sway at step frequency; a chest mount bobs in pitch too.
        yaw = math.radians(args.yaw_jitter) * math.sin(2 * math.pi * 0.9 * time + phase)
        roll = math.radians(args.roll_jitter) * math.sin(2 * math.pi * 1.8 * time + 2 * phase)
        pitch = math.radians(args.tilt + 1.0 * math.sin(2 * math.pi * 1.8 * time + phase))
        raw, truth, up = render(scene, objects, (0.0, 0.0, -walked), args.height, pitch, yaw, roll, time, walked, rng, args)
        stamp = 1000.0 + time  # fakenect skips its first delay only while the previous time is 0
        device_time = (n * 2_000_000) % (1 << 32)
        accel, counts = accelerometer_record(up, rng, args)
        a_name = f"a-{stamp - 0.001:f}-{device_time}.dump"
        d_name = f"d-{stamp:f}-{device_time}.pgm"
        with open(os.path.join(args.outdir, a_name), "wb") as handle:
            handle.write(accel)
        with open(os.path.join(args.outdir, d_name), "wb") as handle:
            handle.write(header)
            # Host byte order, as fakenect-record writes it and fakenect copies it (not PGM's big-endian).
            handle.write(raw.tobytes())
        index += [a_name, d_name]
        if colour is not None and math.floor(time * args.colour_fps) != math.floor((time - 1 / args.fps) * args.colour_fps):
            # The picture a moment after the depth frame, as the two cameras run apart.
            r_name = f"r-{stamp + 0.001:f}-{device_time + 1000}.ppm"
            with open(os.path.join(args.outdir, r_name), "wb") as handle:
                handle.write(b"P6 640 480 255\n")
                handle.write(colour)
            index.append(r_name)
        truth.update({"frame": n, "time": round(time, 4), "walkedMetres": round(walked, 4),
                      "pitchDownDegrees": round(math.degrees(pitch), 3), "yawDegrees": round(math.degrees(yaw), 3),
                      "rollDegrees": round(math.degrees(roll), 3), "accelerometerCounts": counts, "depthFile": d_name})
        truth_frames.append(truth)
    with open(os.path.join(args.outdir, "INDEX.txt"), "w") as handle:
        handle.write("\n".join(index) + "\n")
    ground_truth = {
        "schema": "sensebridge.synthetic-scene/1", "scene": args.scene, "about": scene["about"],
        "parameters": {k: v for k, v in vars(args).items() if k not in ("scene", "outdir", "list")},
        "camera": {"width": WIDTH, "height": HEIGHT, "fx": FOCAL, "fy": FOCAL, "cx": CX, "cy": CY, "rayBlock": args.block},
        "floorAtMetres": 0.0,
        "stairs": {"firstEdgeAheadMetres": scene["stairs_at"], "riserMetres": 0.18, "treadMetres": 0.28} if "stairs_at" in scene else None,
        "glassAheadMetres": scene.get("glass_at"),
        "colour": {"photo": os.path.basename(args.photo), "picturesPerSecond": args.colour_fps,
                   "fx": 525.0, "fy": 525.0, "cx": (WIDTH - 1) / 2, "cy": (HEIGHT - 1) / 2} if args.photo else None,
        "frames": truth_frames,
    }
    with open(os.path.join(args.outdir, "ground-truth.json"), "w") as handle:
        json.dump(ground_truth, handle, indent=1)
        handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
