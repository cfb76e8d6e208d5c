#!/usr/bin/env python3
"""Decodes an animated PNG with Pillow, an encoder-independent reader, for the tests.

    apng_frames.py IN.png OUTDIR

writes every frame as Pillow composites it (dispose and blend ops applied) to
OUTDIR/NNNN.png as a plain RGBA PNG, and prints one JSON object: the size, Pillow's frame
count, loop count and durations in milliseconds, and each frame's delay as the exact
fraction stored in its fcTL chunk (read here by a parser of its own, not by Pillow, which
gives only rounded milliseconds).
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


def main():
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
