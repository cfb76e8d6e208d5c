#!/usr/bin/env python3
"""Decodes an animated PNG with Pillow, an encoder-independent reader, for the tests.

    apng_frames.py IN.png OUTDIR
    apng_frames.py --write OUT.png

The first form writes every frame as Pillow composites it (dispose and blend ops applied) to
OUTDIR/NNNN.png as a plain RGBA PNG, and prints one JSON object: the size, Pillow's frame
count, loop count and durations in milliseconds, and each frame's delay as the exact
fraction stored in its fcTL chunk (read here by a parser of its own, not by Pillow, which
gives only rounded milliseconds). The second writes a test animation with Pillow's own APNG
encoder (its cropping, and every dispose and blend op), for our decoder to read; the first form
then gives what Pillow shows of it.
"""
import json
import struct
import sys

from PIL import Image


def fctl_delays(data):
    """(delay_num, delay_den) of every fcTL chunk, in file order; none for other formats."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return []
    delays, pos = [], 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"fcTL":
            num, den = struct.unpack(">HH", data[pos + 8 + 20:pos + 8 + 24])
            delays.append([num, den])
        pos += 12 + length
    return delays


def write(path):
    """Five 20 x 12 frames: squares moving over a translucent-free background, some frames
    with transparent holes, so that over-blending is exact in any decoder."""
    frames = []
    for k in range(5):
        im = Image.new("RGBA", (20, 12), (30 * k, 100, 200, 255) if k % 2 == 0 else (0, 0, 0, 0))
        for y in range(3):
            for x in range(4):
                im.putpixel((2 + 3 * k + x, 2 + y + k), (255, 40 * k, 0, 255))
        frames.append(im)
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=[40, 80, 120, 40, 1000],
                   loop=2, disposal=[0, 1, 2, 0, 1], blend=[0, 1, 0, 1, 0])


def main():
    if sys.argv[1] == "--write":
        write(sys.argv[2])
        return
    path, out = sys.argv[1], sys.argv[2]
    with open(path, "rb") as f:
        data = f.read()
    im = Image.open(path)
    frames = getattr(im, "n_frames", 1)
    durations = []
    for i in range(frames):
        im.seek(i)
        im.convert("RGBA").save("%s/%04d.png" % (out, i))
        durations.append(im.info.get("duration"))
    print(json.dumps({
        "format": im.format,
        "width": im.size[0],
        "height": im.size[1],
        "frames": frames,
        "loop": im.info.get("loop"),
        "durations": durations,
        "delays": fctl_delays(data),
    }))


main()
