#!/usr/bin/env python3
"""Makes a long deaf-blind session out of short synthetic pieces, for the bench's memory figure.

    scripts/make-long-session.py BASE SOUND OUTDIR --minutes 97 [--replay-speed N]

OUTDIR/kinect/ is a fakenect recording (docs/SYNTHETIC_SCENES.md) that walks BASE again
and again until --minutes of walk. BASE is a recording scripts/make-fakenect-scene.py
wrote: a few seconds of a synthetic walk, with --photo for the colour camera. Each lap's
depth, accelerometer and colour files are hard links to BASE's (97 minutes cost an
INDEX.txt and links, not 60 GB of frames), named with the lap's own time and device
counter, as fakenect-record would have named them.

OUTDIR/sound.wav is SOUND (a WAV file, such as make-sound-clips.py --sample writes:
kitchen noise, speech, a doorbell, a smoke alarm) played again and again for as long.

fakenect replays a recording at its recorded pace (it sleeps the gap between two
lines), so 97 minutes take 97 minutes. --replay-speed N divides every gap by N: the same
frames, in the same order, replayed N times faster than they were walked. The bench
says which speed it ran at. A sound file is listened to as fast as it is analysed.

Python's standard library only; deterministic.
"""
import argparse
import os
import re
import sys
import wave

# fakenect reads names with "%c-%lf-%u-%*s"; make-fakenect-scene.py writes TYPE-STAMP-COUNTER.EXT.
NAME = re.compile(r"^([adr])-([0-9]+\.[0-9]+)-([0-9]+)\.(pgm|dump|ppm)$")
START = 1000.0  # as make-fakenect-scene.py: fakenect skips its first delay only while the previous time is 0


def read_index(base):
    path = os.path.join(base, "INDEX.txt")
    try:
        with open(path, encoding="ascii") as handle:
            names = [line.strip() for line in handle if line.strip()]
    except (OSError, UnicodeDecodeError) as error:
        sys.exit(f"make-long-session: {path}: cannot be read ({error}); make it with scripts/make-fakenect-scene.py")
    entries = []
    for number, name in enumerate(names, 1):
        match = NAME.match(name)
        if not match:
            sys.exit(f"make-long-session: {path}:{number}: '{name}' is not a fakenect file name (TYPE-TIME-COUNTER.EXT)")
        entries.append((match.group(1), float(match.group(2)), int(match.group(3)), match.group(4), name))
    if not entries:
        sys.exit(f"make-long-session: {path} lists no frames")
    return entries


def write_sound(sound, path, seconds):
    """SOUND's frames again and again until `seconds`, in SOUND's own format."""
    try:
        with wave.open(sound, "rb") as source:
            params = source.getparams()
            frames = source.readframes(params.nframes)
    except (OSError, EOFError, wave.Error) as error:
        sys.exit(f"make-long-session: {sound}: not a readable WAV file ({error})")
    if params.nframes == 0:
        sys.exit(f"make-long-session: {sound} holds no sound")
    wanted = int(seconds * params.framerate)
    frame_bytes = params.sampwidth * params.nchannels
    with wave.open(path, "wb") as target:
        target.setparams(params)
        written = 0
        while written < wanted:
            count = min(params.nframes, wanted - written)
            target.writeframes(frames[:count * frame_bytes])
            written += count


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="a recording made by scripts/make-fakenect-scene.py")
    parser.add_argument("sound", help="a WAV file (make-sound-clips.py --sample)")
    parser.add_argument("outdir", help="a directory for kinect/ and sound.wav (kinect/ must not hold an INDEX.txt)")
    parser.add_argument("--minutes", type=float, required=True, help="minutes of walk to write")
    parser.add_argument("--replay-speed", type=float, default=1.0, help="gaps between frames divided by this (default 1: recorded pace)")
    args = parser.parse_args(argv)
    if not 0 < args.minutes <= 24 * 60:
        parser.error("--minutes must be above 0 and at most a day")
    if not 1 <= args.replay_speed <= 1000:
        parser.error("--replay-speed must be from 1 to 1000")
    entries = read_index(args.base)
    depth_times = sorted(entry[1] for entry in entries if entry[0] == "d")
    if len(depth_times) < 2:
        sys.exit(f"make-long-session: {args.base} holds fewer than two depth frames; a lap needs a length")
    # A lap lasts the base's depth frames plus one frame's gap, so laps join at the base's pace.
    lap = depth_times[-1] - depth_times[0] + (depth_times[-1] - depth_times[0]) / (len(depth_times) - 1)
    counter_step = max(entry[2] for entry in entries) + 2_000_000
    kinect = os.path.join(args.outdir, "kinect")
    os.makedirs(kinect, exist_ok=True)
    if os.path.exists(os.path.join(kinect, "INDEX.txt")):
        parser.error(f"{kinect} already holds a recording (INDEX.txt); use a new directory")
    total = args.minutes * 60
    index = []
    laps = 0
    while laps * lap < total:
        for kind, time, counter, extension, name in entries:
            walked = laps * lap + (time - START)
            if walked >= total:
                break
            stamp = START + walked / args.replay_speed
            linked = f"{kind}-{stamp:f}-{(counter + laps * counter_step) % (1 << 32)}.{extension}"
            os.link(os.path.join(args.base, name), os.path.join(kinect, linked))
            index.append(linked)
        laps += 1
    with open(os.path.join(kinect, "INDEX.txt"), "w", encoding="ascii") as handle:
        handle.write("\n".join(index) + "\n")
    write_sound(args.sound, os.path.join(args.outdir, "sound.wav"), total)
    print(f"make-long-session: {laps} laps of {lap:.1f} s, {len(index)} files, {args.minutes:g} min "
          f"replayed in {total / args.replay_speed:.0f} s; sound.wav {args.minutes:g} min")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
