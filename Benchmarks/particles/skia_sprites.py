#!/usr/bin/env python3
"""The workload of particles-1080p.json drawn by Skia (skia-python, CPU raster), for the
side-by-side figure of docs/particles.md.

    python3 skia_sprites.py [--count 10000] [--frames 20] [--additive] [-o out.png]

Skia draws the sprites as it draws particle systems best: one drawAtlas call (per-sprite
RSXform and colour, the colour multiplying the image: BlendMode.kModulate), bilinear
sampling, into a 1920 x 1080 N32 surface cleared to black each frame. The sprites are the
same workload as the scene's at t = 10 s, not the same particles: the scene's image
(images/Spark.png), as many sprites, positions uniform over the canvas, scales uniform in
[0.375, 0.625], any rotation, the cell's colour with alphas uniform in [0.5, 1] (alphaSpeed
-0.1 over ages 0...5 s). Prints one line:
    median_ms=... min_ms=... max_ms=... frames=N sprites=N
"""
import argparse
import math
import os
import random
import statistics
import time

import skia


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--additive", action="store_true")
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    image = skia.Image.open(os.path.join(here, "images", "Spark.png"))
    w, h = 1920, 1080
    rng = random.Random(1)
    xforms, texs, colors = [], [], []
    for _ in range(a.count):
        s = rng.uniform(0.375, 0.625)
        r = rng.uniform(-math.pi, math.pi)
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        alpha = rng.uniform(0.5, 1)
        xforms.append(skia.RSXform.MakeFromRadians(s, r, x, y, image.width() / 2, image.height() / 2))
        texs.append(skia.Rect.MakeWH(image.width(), image.height()))
        colors.append(skia.Color4f(1, 0.6, 0.2, alpha).toColor())
    surface = skia.Surface(w, h)
    canvas = surface.getCanvas()
    paint = skia.Paint()
    if a.additive:
        paint.setBlendMode(skia.BlendMode.kPlus)
    sampling = skia.SamplingOptions(skia.FilterMode.kLinear)

    def frame():
        canvas.clear(skia.ColorBLACK)
        canvas.drawAtlas(image, xforms, texs, colors, skia.BlendMode.kModulate, sampling, None, paint)
        surface.flushAndSubmit()

    for _ in range(a.warmup):
        frame()
    times = []
    for _ in range(a.frames):
        t0 = time.perf_counter()
        frame()
        times.append((time.perf_counter() - t0) * 1000)
    print("median_ms=%.3f min_ms=%.3f max_ms=%.3f frames=%d sprites=%d"
          % (statistics.median(times), min(times), max(times), a.frames, a.count))
    if a.output:
        surface.makeImageSnapshot().save(a.output, skia.kPNG)


if __name__ == "__main__":
    main()
