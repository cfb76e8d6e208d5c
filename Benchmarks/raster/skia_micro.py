#!/usr/bin/env python3
"""Skia's side of the raster micro-benchmarks (skia-python, CPU raster backend).

Draws the same work as `RasterBenchmarks.skiaCases` (Tests/RasterTests/Support/RasterBenchmarks.swift)
on a 1920x1080 N32 premultiplied raster surface and prints one line per case in the same
format: `bench <case>: median <ms> ms` (wall clock) and `cpu <case>: median <ms> ms` (this
thread's CPU time; Skia's raster backend draws on the calling thread). Random shapes come from the same 64-bit LCG with the
same seeds and the same draw order, so both sides draw identical rectangles and paths.

Python's per-call overhead is kept out of the timings: the 10 000 rounded rectangles and the
1 000 stroked paths are recorded once into an SkPicture and the timed work is the picture's
playback (all in C++; strokes are still stroked and every shape rasterized at playback).

Usage: skia_micro.py [--runs N] [--dump DIR]
With --dump, each case's output is also written once (drawn on a transparent surface, after
timing) as raw bytes in DIR, in the same layout as the Swift side's RASTER_BENCH_DUMP:
`case.rgba` (premultiplied RGBA8, read back from N32) or `case.a8` (blurred mask).
"""
import os
import argparse
import time

import numpy as np
import skia

W, H = 1920, 1080
MASK64 = (1 << 64) - 1


class Lcg:
    """Knuth's MMIX LCG; `next()` is the top 53 bits of the state as a double in [0, 1).
    Mirrors `BenchLCG` in RasterBenchmarks.swift bit for bit."""

    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & MASK64
        return (self.state >> 11) / 9007199254740992.0


def median_ms(name, body, runs):
    body()  # warm-up (first-use caches: mip chains, pipelines), not timed
    times, cpu = [], []
    for _ in range(runs):
        c0 = time.thread_time_ns()
        t0 = time.perf_counter_ns()
        body()
        times.append((time.perf_counter_ns() - t0) / 1e6)
        cpu.append((time.thread_time_ns() - c0) / 1e6)
    times.sort()
    cpu.sort()
    print(f"bench {name}: median {times[len(times) // 2]:.3f} ms", flush=True)
    print(f"cpu {name}: median {cpu[len(cpu) // 2]:.3f} ms", flush=True)


def dump(dump_dir, name, surface, draw):
    if not dump_dir:
        return
    surface.getCanvas().clear(0)
    draw()
    # toarray unpremultiplies unless told not to.
    rgba = surface.toarray(colorType=skia.ColorType.kRGBA_8888_ColorType, alphaType=skia.AlphaType.kPremul_AlphaType)
    with open(os.path.join(dump_dir, name + ".rgba"), "wb") as f:
        f.write(np.ascontiguousarray(rgba).tobytes())


def random_color(rng):
    r, g, b = rng.next(), rng.next(), rng.next()
    a = 0.25 + 0.75 * rng.next()
    return skia.Color4f(r, g, b, a)


def rrect_picture():
    rng = Lcg(1)
    rec = skia.PictureRecorder()
    c = rec.beginRecording(skia.Rect.MakeWH(W, H))
    paint = skia.Paint(AntiAlias=True)
    checksum = 0.0  # same sums in the same order as the Swift side: equal iff the shapes are
    for _ in range(10_000):
        w = 4 + 196 * rng.next()
        h = 4 + 196 * rng.next()
        x = rng.next() * W - w / 2
        y = rng.next() * H - h / 2
        r = rng.next() * min(w, h) / 2
        checksum += x + y + w + h + r
        paint.setColor4f(random_color(rng))
        c.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r), paint)
    print(f"shapes rrect_aa_10k: checksum {checksum:.6f}", flush=True)
    return rec.finishRecordingAsPicture()


def stroke_picture():
    rng = Lcg(2)
    rec = skia.PictureRecorder()
    c = rec.beginRecording(skia.Rect.MakeWH(W, H))
    paint = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style)
    paint.setStrokeCap(skia.Paint.kButt_Cap)
    paint.setStrokeJoin(skia.Paint.kMiter_Join)
    paint.setStrokeMiter(4)
    checksum = 0.0
    for _ in range(1_000):
        x0, y0 = rng.next() * W, rng.next() * H
        p = skia.Path()
        p.moveTo(x0, y0)
        for _ in range(3):
            pts = [(x0 + (rng.next() - 0.5) * 300, y0 + (rng.next() - 0.5) * 300) for _ in range(3)]
            p.cubicTo(*pts[0], *pts[1], *pts[2])
            q = [v for pt in pts for v in pt]
            part = 0.0
            for v in q:  # Swift's q.reduce(0, +): left to right from 0
                part += v
            checksum += part
        width = 2 + 6 * rng.next()
        checksum += width
        paint.setStrokeWidth(width)
        paint.setColor4f(random_color(rng))
        c.drawPath(p, paint)
    print(f"shapes cubic_stroke_1k: checksum {checksum:.6f}", flush=True)
    return rec.finishRecordingAsPicture()


def checkerboard_image():
    # Same texels as the Swift side: 16-px checks of opaque white and (r 0x10, g 0x20, b 0x40).
    # Stored as BGRA, Skia's native N32 order on little-endian, so drawing needs no swizzle.
    y, x = np.mgrid[0:1024, 0:1024]
    light = ((x ^ y) & 16) == 0
    arr = np.empty((1024, 1024, 4), np.uint8)
    arr[...] = (0x40, 0x20, 0x10, 0xFF)
    arr[light] = (0xFF, 0xFF, 0xFF, 0xFF)
    return skia.Image.fromarray(arr, colorType=skia.ColorType.kBGRA_8888_ColorType)


# The 1024² square onto the quad (-300,-40) (2220,-40) (6000,1120) (-4080,1120): a floor that
# covers the whole surface, minified about 3x vertically at the top, magnified at the bottom.
# Same numbers as the Swift side's ProjectiveTransform (m11 = scaleX, m21 = skewX, m31 = transX,
# m12 = skewY, m22 = scaleY, m32 = transY, m13/m23/m33 = persp0/1/2); all exact in binary.
PERSPECTIVE = skia.Matrix.MakeAll(2.4609375, -0.703125, -300.0,
                                  0.0, 0.3125, -40.0,
                                  0.0, -0.000732421875, 1.0)


def blur_source():
    s = skia.Surface.MakeRaster(skia.ImageInfo.MakeA8(W, H))
    s.getCanvas().drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(100, 100, 1720, 880), 40, 40),
                            skia.Paint(AntiAlias=True))
    return s.makeImageSnapshot()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--dump")
    args = ap.parse_args()
    runs, dump_dir = args.runs, args.dump

    surface = skia.Surface.MakeRasterN32Premul(W, H)
    canvas = surface.getCanvas()

    opaque = skia.Paint(Color=skia.ColorWHITE)  # AA on or off is the same for a pixel-aligned rect
    median_ms("memfill_1080p", lambda: canvas.clear(0xFF302010), runs)
    median_ms("fill_opaque_1080p", lambda: canvas.drawRect(skia.Rect.MakeWH(W, H), opaque), runs)
    dump(dump_dir, "fill_opaque_1080p", surface, lambda: canvas.drawRect(skia.Rect.MakeWH(W, H), opaque))

    rrects = rrect_picture()
    median_ms("rrect_aa_10k", lambda: canvas.drawPicture(rrects), runs)
    dump(dump_dir, "rrect_aa_10k", surface, lambda: canvas.drawPicture(rrects))

    strokes = stroke_picture()
    median_ms("cubic_stroke_1k", lambda: canvas.drawPicture(strokes), runs)
    dump(dump_dir, "cubic_stroke_1k", surface, lambda: canvas.drawPicture(strokes))

    image = checkerboard_image()
    image_paint = skia.Paint(AntiAlias=True)

    def draw_image(sampling):
        canvas.save()
        canvas.concat(PERSPECTIVE)
        canvas.drawImage(image, 0, 0, sampling, image_paint)
        canvas.restore()

    bilinear = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kNone)
    trilinear = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
    median_ms("image_persp_bilinear", lambda: draw_image(bilinear), runs)
    median_ms("image_persp_trilinear", lambda: draw_image(trilinear), runs)
    dump(dump_dir, "image_persp_bilinear", surface, lambda: draw_image(bilinear))
    dump(dump_dir, "image_persp_trilinear", surface, lambda: draw_image(trilinear))

    # Blur of a 1080p alpha mask (A8 in, A8 out), grown by ceil(3σ) on every side like ours.
    # A fresh filter object per run so no filter-result cache can answer for it.
    mask = blur_source()
    for sigma in (2, 8, 32, 128):
        pad = 3 * sigma
        clip = skia.IRect.MakeLTRB(-pad, -pad, W + pad, H + pad)

        def blur(sigma=sigma, clip=clip):
            out = mask.makeWithFilter(None, skia.ImageFilters.Blur(sigma, sigma), skia.IRect.MakeWH(W, H),
                                      clip, skia.IRect(), skia.IPoint(0, 0))
            assert out is not None
        median_ms(f"blur_mask_s{sigma}", blur, runs)
        if dump_dir:
            valid = skia.IRect()
            out = mask.makeWithFilter(None, skia.ImageFilters.Blur(sigma, sigma), skia.IRect.MakeWH(W, H),
                                      clip, valid, skia.IPoint(0, 0))
            # The returned image may be larger than the result; `valid` is the result's part
            # (W+2pad × H+2pad, the clip).
            a = out.toarray(colorType=skia.ColorType.kAlpha_8_ColorType)
            a = a[valid.top():valid.bottom(), valid.left():valid.right()]
            with open(os.path.join(dump_dir, f"blur_mask_s{sigma}.a8"), "wb") as f:
                f.write(np.ascontiguousarray(a).tobytes())


if __name__ == "__main__":
    main()
