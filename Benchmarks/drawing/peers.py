#!/usr/bin/env python3
"""The drawing benchmark's cases with Skia (skia-python), Blend2D (blend2d-python) and Cairo (pycairo): the same
shapes, from the same seeded generator, as Tests/OpenQuartzCoreTests/CoreGraphics/DrawingBenchmarks.swift.
Prints `bench <engine> <case>: median <ms> ms` per case (this thread's CPU time, as the Swift side
measures: wall-clock time on a shared machine mostly measures the other processes; both peers
draw on the calling thread). `--engine skia|blend2d|cairo` picks one (repeatable); `--save DIR`
writes each case's picture, which `compare` checks against ours.

    pip install skia-python blend2d-python pycairo numpy
"""
import argparse
import math
import statistics
import time

SIZE = 512
# --scale K draws every case K times larger on a canvas of K·SIZE pixels a side.
SCALE = 1


class LCG:
    """Numerical Recipes' 32-bit LCG, the same as the Swift side's."""

    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFF

    def next(self):
        self.s = (1664525 * self.s + 1013904223) & 0xFFFFFFFF
        return self.s / 4294967296.0

    def range(self, lo, hi):
        return lo + (hi - lo) * self.next()


def rects():
    g = LCG(1)
    out = []
    for _ in range(2000):
        x, y, w, h = g.range(0, 480), g.range(0, 480), g.range(8, 60), g.range(8, 60)
        out.append((x, y, w, h, (g.next(), g.next(), g.next(), 0.8)))
    return out


def stars():
    g = LCG(2)
    out = []
    for _ in range(500):
        cx, cy, r = g.range(40, 472), g.range(40, 472), g.range(10, 40)
        pts = []
        for k in range(5):
            a = -math.pi / 2 + k * 4 * math.pi / 5
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        out.append((pts, (g.next(), g.next(), g.next(), 0.8)))
    return out


def circles():
    g = LCG(3)
    return [(g.range(20, 492), g.range(20, 492), g.range(5, 30), (g.next(), g.next(), g.next(), 0.8)) for _ in range(1000)]


def curves(n, seed):
    g = LCG(seed)
    return [tuple(g.range(0, 512) for _ in range(8)) for _ in range(n)]


# The gradients' stops, (offset, (r, g, b, a)), as the Swift side's CGGradients have them
# (Skia's are written as ARGB integers with the same values).
LINEAR_STOPS = [(0, (1.0, 0.0, 0.0, 1.0)), (0.4, (0.0, 1.0, 0.0, 0.5)), (1, (0.0, 0.0, 1.0, 1.0))]
RADIAL_STOPS = [(0, (1.0, 1.0, 0.0, 1.0)), (1, (0.0, 0.0, 1.0, 0.5))]


def image_pixels():
    import numpy as np
    y, x = np.mgrid[0:256, 0:256]
    a = np.zeros((256, 256, 4), dtype=np.uint8)
    a[..., 0] = x
    a[..., 1] = y
    a[..., 2] = (x ^ y) & 255
    a[..., 3] = 255
    return a


class Skia:
    name = "skia"

    def __init__(self):
        import skia
        self.skia = skia
        info = skia.ImageInfo.Make(SIZE * SCALE, SIZE * SCALE, skia.ColorType.kRGBA_8888_ColorType,
                                   skia.AlphaType.kPremul_AlphaType)
        self.surface = skia.Surface.MakeRaster(info)
        self.canvas = self.surface.getCanvas()
        self.canvas.scale(SCALE, SCALE)
        self.image = skia.Image.fromarray(image_pixels(), colorType=skia.ColorType.kRGBA_8888_ColorType)

    def paint(self, c, stroke=0.0):
        s = self.skia
        p = s.Paint(AntiAlias=True)
        p.setColor4f(s.Color4f(*c))
        if stroke:
            p.setStyle(s.Paint.kStroke_Style)
            p.setStrokeWidth(stroke)
            p.setStrokeCap(s.Paint.kRound_Cap)
        return p

    def clear(self):
        self.canvas.clear(0)

    def pixels(self):
        s = self.skia
        return self.surface.makeImageSnapshot().toarray(colorType=s.ColorType.kRGBA_8888_ColorType,
                                                        alphaType=s.AlphaType.kPremul_AlphaType)

    def finish(self):
        self.surface.flushAndSubmit() if hasattr(self.surface, "flushAndSubmit") else None

    def rects(self, data):
        for x, y, w, h, c in data:
            self.canvas.drawRect(self.skia.Rect.MakeXYWH(x, y, w, h), self.paint(c))

    def stars(self, data):
        for pts, c in data:
            p = self.skia.Path()
            p.moveTo(*pts[0])
            for q in pts[1:]:
                p.lineTo(*q)
            p.close()
            self.canvas.drawPath(p, self.paint(c))

    def circles(self, data):
        for x, y, r, c in data:
            self.canvas.drawOval(self.skia.Rect.MakeXYWH(x - r, y - r, 2 * r, 2 * r), self.paint(c))

    def strokes(self, data, dashed=False):
        p = self.paint((0.1, 0.3, 0.7, 1), 4 if not dashed else 2)
        if dashed:
            p.setStrokeCap(self.skia.Paint.kButt_Cap)
            p.setPathEffect(self.skia.DashPathEffect.Make([8, 4], 0))
        for a in data:
            path = self.skia.Path()
            path.moveTo(a[0], a[1])
            path.cubicTo(a[2], a[3], a[4], a[5], a[6], a[7])
            self.canvas.drawPath(path, p)

    def linear(self, n):
        s = self.skia
        for i in range(n):
            sh = s.GradientShader.MakeLinear([s.Point(0, i), s.Point(512, 512 - i)],
                                             [0xFFFF0000, 0x8000FF00, 0xFF0000FF], [0, 0.4, 1])
            p = s.Paint()
            p.setShader(sh)
            self.canvas.drawRect(s.Rect.MakeWH(SIZE, SIZE), p)

    def radial(self, n):
        s = self.skia
        for i in range(n):
            sh = s.GradientShader.MakeTwoPointConical(s.Point(256, 256), 10 + i, s.Point(256, 256), 300,
                                                      [0xFFFFFF00, 0x800000FF], None)
            p = s.Paint()
            p.setShader(sh)
            self.canvas.drawRect(s.Rect.MakeWH(SIZE, SIZE), p)

    def images(self, n):
        s = self.skia
        for i in range(n):
            self.canvas.drawImageRect(self.image, s.Rect.MakeXYWH(0, 0, 256, 256),
                                      s.Rect.MakeXYWH(10.5 + i * 0.25, 12.25, 480, 480),
                                      s.SamplingOptions(s.FilterMode.kLinear), None,
                                      s.Canvas.kStrict_SrcRectConstraint)


class Blend2D:
    name = "blend2d"

    def __init__(self):
        import blend2d as b
        self.b = b
        self.target = b.BLImage(SIZE * SCALE, SIZE * SCALE)
        self.ctx = b.BLContext(self.target)
        self.ctx.scale(SCALE, SCALE)
        # The same picture as the others' (x, y, x ^ y), drawn once pixel by pixel: the binding
        # copies pixels out (getDataAsNumPy) but has no way to copy them in.
        img = b.BLImage(256, 256)
        ic = b.BLContext(img)
        px = image_pixels()
        for y in range(256):
            for x in range(256):
                r, g, bl, _ = px[y, x]
                ic.set_fill_style((r / 255, g / 255, bl / 255, 1.0))
                ic.fill_rect(b.BLRect(x, y, 1, 1))
        ic.flush()
        self.image = img

    def clear(self):
        self.ctx.clear_all()

    def pixels(self):
        # The binding returns the PRGB32 pixels as premultiplied RGBA already.
        return self.target.getDataAsNumPy()

    def finish(self):
        self.ctx.flush()

    def rects(self, data):
        for x, y, w, h, c in data:
            self.ctx.set_fill_style(c)
            self.ctx.fill_rect(self.b.BLRect(x, y, w, h))

    def stars(self, data):
        for pts, c in data:
            p = self.b.BLPath()
            p.move_to(*pts[0])
            for q in pts[1:]:
                p.line_to(*q)
            p.close()
            self.ctx.set_fill_style(c)
            self.ctx.fill_path(p)

    def circles(self, data):
        for x, y, r, c in data:
            self.ctx.set_fill_style(c)
            self.ctx.fill_circle(x, y, r)

    def strokes(self, data, dashed=False):
        self.ctx.set_stroke_style((0.1, 0.3, 0.7, 1.0))
        self.ctx.stroke_width = 2 if dashed else 4
        self.ctx.set_stroke_caps(self.b.BLStrokeCap.CAP_BUTT if dashed else self.b.BLStrokeCap.CAP_ROUND)
        if dashed:
            # Blend2D ignores the dash array (blend2d/blend2d#48: dashing is not implemented) and
            # strokes solid: `compare` finds its picture different and leaves it out of the case.
            import numpy as np
            arr = self.b.BLArrayDouble()
            arr.from_numpy(np.array([8.0, 4.0]))
            self.ctx.set_stroke_dash_array(arr)
        for a in data:
            p = self.b.BLPath()
            p.move_to(a[0], a[1])
            p.cubic_to(a[2], a[3], a[4], a[5], a[6], a[7])
            self.ctx.stroke_path(p)

    def paint_ramp(self, g, stops):
        """Paints the whole canvas with gradient `g` and its stops (offset, rgba)."""
        for t, rgba in stops:
            g.add_stop(t, rgba)
        self.ctx.set_fill_style(g)
        self.ctx.fill_all()

    def linear(self, n):
        for i in range(n):
            self.paint_ramp(self.b.create_linear_gradient(0, i, 512, 512 - i), LINEAR_STOPS)

    def radial(self, n):
        # The binding's radial gradient has no start radius: concentric circles from radius 0 with
        # the first stop moved out to (10 + i) / 300 paint the same (inside it, the first colour).
        (_, first), (_, last) = RADIAL_STOPS
        for i in range(n):
            self.paint_ramp(self.b.create_radial_gradient(256, 256, 256, 256, 300), [((10 + i) / 300, first), (1, last)])

    def images(self, n):
        for i in range(n):
            self.ctx.blit_image(self.b.BLRect(10.5 + i * 0.25, 12.25, 480, 480), self.image)


class Cairo:
    name = "cairo"

    def __init__(self):
        import cairo
        import numpy as np
        self.cairo = cairo
        self.target = cairo.ImageSurface(cairo.FORMAT_ARGB32, SIZE * SCALE, SIZE * SCALE)
        self.ctx = cairo.Context(self.target)
        self.ctx.scale(SCALE, SCALE)
        # ARGB32 is premultiplied BGRA in memory on little-endian machines; the image is opaque.
        px = image_pixels()
        bgra = np.ascontiguousarray(px[..., [2, 1, 0, 3]])
        self.image = cairo.ImageSurface.create_for_data(memoryview(bgra), cairo.FORMAT_ARGB32, 256, 256, 256 * 4)
        self._image_pixels = bgra  # the surface borrows this memory

    def clear(self):
        c = self.ctx
        c.save()
        c.set_operator(self.cairo.OPERATOR_CLEAR)
        c.paint()
        c.restore()

    def finish(self):
        self.target.flush()

    def pixels(self):
        import numpy as np
        a = np.ndarray((SIZE * SCALE, SIZE * SCALE, 4), dtype=np.uint8, buffer=self.target.get_data())
        return a[..., [2, 1, 0, 3]]

    def rects(self, data):
        c = self.ctx
        for x, y, w, h, col in data:
            c.set_source_rgba(*col)
            c.rectangle(x, y, w, h)
            c.fill()

    def stars(self, data):
        c = self.ctx
        c.set_fill_rule(self.cairo.FILL_RULE_WINDING)
        for pts, col in data:
            c.move_to(*pts[0])
            for q in pts[1:]:
                c.line_to(*q)
            c.close_path()
            c.set_source_rgba(*col)
            c.fill()

    def circles(self, data):
        c = self.ctx
        for x, y, r, col in data:
            c.new_sub_path()
            c.arc(x, y, r, 0, 2 * math.pi)
            c.set_source_rgba(*col)
            c.fill()

    def strokes(self, data, dashed=False):
        c = self.ctx
        c.set_source_rgba(0.1, 0.3, 0.7, 1.0)
        c.set_line_width(2 if dashed else 4)
        c.set_line_cap(self.cairo.LINE_CAP_BUTT if dashed else self.cairo.LINE_CAP_ROUND)
        c.set_dash([8, 4] if dashed else [], 0)
        for a in data:
            c.move_to(a[0], a[1])
            c.curve_to(a[2], a[3], a[4], a[5], a[6], a[7])
            c.stroke()
        c.set_dash([], 0)

    def paint_ramp(self, g, stops):
        """Paints the whole canvas with gradient `g`, its stops (offset, rgba), both ends extended."""
        for t, rgba in stops:
            g.add_color_stop_rgba(t, *rgba)
        g.set_extend(self.cairo.EXTEND_PAD)
        self.ctx.set_source(g)
        self.ctx.paint()

    def linear(self, n):
        for i in range(n):
            self.paint_ramp(self.cairo.LinearGradient(0, i, 512, 512 - i), LINEAR_STOPS)

    def radial(self, n):
        for i in range(n):
            self.paint_ramp(self.cairo.RadialGradient(256, 256, 10 + i, 256, 256, 300), RADIAL_STOPS)

    def images(self, n):
        c = self.ctx
        for i in range(n):
            # The image scaled to 480 × 480 at (10.5 + i / 4, 12.25), bilinear, edges not repeated.
            c.save()
            c.translate(10.5 + i * 0.25, 12.25)
            c.scale(480 / 256, 480 / 256)
            c.set_source_surface(self.image, 0, 0)
            c.get_source().set_filter(self.cairo.FILTER_BILINEAR)
            c.get_source().set_extend(self.cairo.EXTEND_NONE)
            c.paint()
            c.restore()


def cases():
    r, s, c = rects(), stars(), circles()
    cu, da = curves(300, 4), curves(100, 5)
    return [
        ("rects", lambda e: e.rects(r)),
        ("stars", lambda e: e.stars(s)),
        ("circles", lambda e: e.circles(c)),
        ("strokes", lambda e: e.strokes(cu)),
        ("dashes", lambda e: e.strokes(da, dashed=True)),
        ("linear", lambda e: e.linear(20)),
        ("radial", lambda e: e.radial(20)),
        ("images", lambda e: e.images(20)),
    ]


ENGINES = {"skia": Skia, "blend2d": Blend2D, "cairo": Cairo}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", choices=sorted(ENGINES), action="append")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--scale", type=int, default=1, choices=range(1, 9))
    ap.add_argument("--cases", help="comma-separated cases to race (default: all), as drawing-race --cases")
    ap.add_argument("--save", metavar="DIR",
                    help="write each case's picture to DIR/<engine>-<case>.rgba (premultiplied RGBA rows, top first)")
    args = ap.parse_args()
    global SCALE
    SCALE = args.scale
    for n in args.engine or ["skia", "blend2d", "cairo"]:
        e = ENGINES[n]()
        for name, run in cases():
            if args.cases and name not in args.cases.split(","):
                continue
            times = []
            for _ in range(args.runs + 1):
                e.clear()
                t = time.thread_time()
                run(e)
                e.finish()
                times.append((time.thread_time() - t) * 1000)
            print(f"bench {e.name} {name}: median {statistics.median(times[1:]):.3f} ms", flush=True)
            if args.save:
                with open(f"{args.save}/{e.name}-{name}.rgba", "wb") as f:
                    f.write(e.pixels().astype("uint8").tobytes())


if __name__ == "__main__":
    main()
