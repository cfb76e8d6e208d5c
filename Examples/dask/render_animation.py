#!/usr/bin/env python3
"""Renders a long animation of a scene file on a Dask cluster and joins it into one APNG.

Each task runs `oqc animate SCENE --frames A:B` on a chunk of contiguous frames (so the
renderer's frame caches carry over inside the chunk) and returns the frames' PNG bytes; the
frames depend only on their time (docs/time.md), so the chunks, rendered anywhere in any
order, are the frames of one run. The client then joins the frames, in order, into an
animated PNG: each frame's IDAT data becomes that frame's data as it is (no decoding, no
re-encoding), with the frame delay `oqc animate` writes for the frame rate. The pixels and
delays are those of `oqc animate SCENE -o out.png` run on one machine (Examples/dask/
test_render_animation.py checks it); the bytes differ, because one run stores each frame as
the rectangle that changed.

    # A local cluster of two worker processes:
    python3 Examples/dask/render_animation.py scene.json -o out.png --fps 30 --duration 10
    # A real cluster (`dask scheduler` on one machine, `dask worker tcp://HOST:8786` on the
    # others, each with `oqc` on its PATH or at --oqc, and the scene file at the same path):
    python3 Examples/dask/render_animation.py scene.json -o out.png --fps 30 --duration 10 \\
        --scheduler tcp://HOST:8786

Dask does the scheduling (PyPI: dask[distributed]); this file only cuts the frame range
into chunks and joins the results.
"""
import argparse
import math
import struct
import subprocess
import sys
import tempfile
import zlib
from fractions import Fraction
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def frame_rate(text):
    """`oqc animate --fps`'s forms: 30, 29.97, 30000/1001, as an exact fraction."""
    rate = Fraction(text)
    if rate <= 0:
        raise argparse.ArgumentTypeError(f"expected frames per second above 0, got {text!r}")
    return rate


def frame_count(fps, duration):
    """The frames of `--duration`: at start + i / fps before the end (oqc's FrameRange)."""
    return max(math.ceil(Fraction(duration) * fps), 1)


def frame_delay(fps):
    """The fcTL delay of a frame, as `FrameRate.frameDelay` gives it: 1 / fps in 16 bits."""
    d = 1 / fps
    if d.numerator > 0xFFFF or d.denominator > 0xFFFF:
        d = d.limit_denominator(0xFFFF)
    return d.numerator, d.denominator


def render_chunk(oqc, scene, options, first, end):
    """Frames first..<end, rendered by `oqc animate --frames`, as PNG files' bytes."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([oqc, "animate", scene, "-o", out + "/", "--frames", f"{first}:{end}"] + options,
                       check=True, capture_output=True)
        return [(Path(out) / f"{i:04d}.png").read_bytes() for i in range(first, end)]


def loop_count(oqc, scene, options):
    """The loop count `oqc animate` writes for the range (0, for ever, when an animation of
    the scene repeats for ever; else 1), read from the APNG of its first frame."""
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([oqc, "animate", scene, "-o", out + "/probe.png", "--frames", "0:1"] + options,
                       check=True, capture_output=True)
        actl = next(data for kind, data in chunks((Path(out) / "probe.png").read_bytes()) if kind == b"acTL")
        return struct.unpack(">II", actl)[1]


def chunks(png):
    """The chunks of a PNG file: (type, data)."""
    if png[:8] != PNG_SIGNATURE:
        raise ValueError("not a PNG file")
    at = 8
    while at + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        yield kind, png[at + 8:at + 8 + length]
        at += 12 + length


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def join_apng(frames, delay, loops=0):
    """One APNG of the PNG files `frames` (all of one IHDR): each frame whole, shown for
    `delay` = (numerator, denominator) seconds, played `loops` times (0: for ever)."""
    header, pieces = None, []
    for png in frames:
        parts = list(chunks(png))
        ihdr = next(data for kind, data in parts if kind == b"IHDR")
        if header is None:
            header = ihdr
        elif ihdr != header:
            raise ValueError("the frames differ in size or format")
        pieces.append([data for kind, data in parts if kind == b"IDAT"])
    width, height = struct.unpack(">II", header[:8])
    out = [PNG_SIGNATURE, chunk(b"IHDR", header), chunk(b"acTL", struct.pack(">II", len(frames), loops))]
    sequence = 0
    for i, idats in enumerate(pieces):
        # Whole frames, replacing the canvas (dispose none, blend source).
        out.append(chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, width, height, 0, 0, delay[0], delay[1], 0, 0)))
        sequence += 1
        for data in idats:
            if i == 0:
                out.append(chunk(b"IDAT", data))
            else:
                out.append(chunk(b"fdAT", struct.pack(">I", sequence) + data))
                sequence += 1
    out.append(chunk(b"IEND", b""))
    return b"".join(out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scene")
    p.add_argument("-o", "--output", required=True, help="the APNG to write")
    p.add_argument("--fps", type=frame_rate, default=Fraction(30))
    p.add_argument("--duration", required=True, help="seconds of animation, from --from")
    p.add_argument("--from", dest="start", default="0", help="media time of frame 0 (default 0)")
    p.add_argument("--scale", help="pixels per point (oqc animate --scale)")
    p.add_argument("--chunk", type=int, default=30, help="frames per task (default 30)")
    p.add_argument("--oqc", default="oqc", help="the oqc executable on the workers (default: oqc on the PATH)")
    p.add_argument("--scheduler", help="a Dask scheduler's address (default: a local cluster)")
    p.add_argument("--workers", type=int, default=2, help="a local cluster's worker processes (default 2)")
    p.add_argument("--threads", action="store_true", help="a local cluster of threads in this process")
    a = p.parse_args(argv)
    if a.chunk < 1:
        p.error("--chunk: expected at least 1 frame")

    from dask.distributed import Client, LocalCluster

    scene = str(Path(a.scene).resolve())
    fps = a.fps
    count = frame_count(fps, a.duration)
    options = ["--fps", f"{fps.numerator}/{fps.denominator}", "--duration", a.duration, "--from", a.start]
    if a.scale:
        options += ["--scale", a.scale]
    ranges = [(i, min(i + a.chunk, count)) for i in range(0, count, a.chunk)]

    if a.scheduler:
        client, cluster = Client(a.scheduler), None
    else:
        cluster = LocalCluster(n_workers=1 if a.threads else a.workers, threads_per_worker=a.workers if a.threads else 1,
                               processes=not a.threads, dashboard_address=None)
        client = Client(cluster)
    try:
        loops = client.submit(loop_count, a.oqc, scene, options, pure=False)
        futures = [client.submit(render_chunk, a.oqc, scene, options, first, end, pure=False) for first, end in ranges]
        frames = [png for part in client.gather(futures) for png in part]
        loops = loops.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    Path(a.output).write_bytes(join_apng(frames, frame_delay(fps), loops))
    print(f"render_animation: {count} frames in {len(ranges)} chunks of up to {a.chunk} -> {a.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
