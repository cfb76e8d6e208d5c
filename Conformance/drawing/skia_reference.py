#!/usr/bin/env python3
"""Renders the drawing conformance cases with Skia (skia-python) and writes the reference PNGs
that Tests/OpenQuartzCoreTests/CoreGraphics/SkiaDifferentialTests.swift compares our CGContext against.

Each case is the same sequence of drawing calls as the Swift test's case of the same name, on a
64 x 64 canvas whose user space is y-down (the Swift side flips its bitmap context so that both
share it). Skia maps Core Graphics' operations closely: exact-area anti-aliasing, premultiplied
8-bit sRGB blending, W3C blend modes, two-point conical gradients, Gaussian drop shadows.

    pip install skia-python
    python3 Conformance/drawing/skia_reference.py        # rewrites Tests/DrawingReferences/*.png

CI does not need Skia: the PNGs are committed.
"""
import math
import os
import sys

import skia

SIZE = 64
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "DrawingReferences")


def color(r, g, b, a=1.0):
    return skia.Color4f(r, g, b, a).toColor()


def paint(c, style=skia.Paint.kFill_Style, width=1.0, cap=skia.Paint.kButt_Cap, join=skia.Paint.kMiter_Join,
          mode=None):
    p = skia.Paint(AntiAlias=True, Style=style, StrokeWidth=width, StrokeCap=cap, StrokeJoin=join)
    p.setColor(c)
    p.setStrokeMiter(10)
    if mode is not None:
        p.setBlendMode(mode)
    return p


def stroke(c, width, cap=skia.Paint.kButt_Cap, join=skia.Paint.kMiter_Join):
    return paint(c, skia.Paint.kStroke_Style, width, cap, join)


def star():
    p = skia.Path()
    for k in range(5):
        a = -math.pi / 2 + k * 4 * math.pi / 5
        x, y = 32 + 28 * math.cos(a), 33 + 28 * math.sin(a)
        if k == 0:
            p.moveTo(x, y)
        else:
            p.lineTo(x, y)
    p.close()
    return p


def backdrop(canvas):
    """A horizontal rainbow-ish ramp under the top half and a translucent band, for blend modes."""
    shader = skia.GradientShader.MakeLinear(
        [skia.Point(0, 0), skia.Point(64, 0)],
        [color(1, 0, 0), color(0, 1, 0), color(0, 0, 1)], [0, 0.5, 1])
    p = skia.Paint(AntiAlias=True)
    p.setShader(shader)
    canvas.drawRect(skia.Rect.MakeXYWH(0, 0, 64, 40), p)
    canvas.drawRect(skia.Rect.MakeXYWH(0, 40, 64, 24), paint(color(0.8, 0.6, 0.2, 0.5)))


def blend_case(mode):
    def draw(canvas):
        backdrop(canvas)
        canvas.drawOval(skia.Rect.MakeXYWH(8, 8, 48, 48), paint(color(0.2, 0.4, 0.9, 0.8), mode=mode))
    return draw


def case_fill_rect(c):
    c.drawRect(skia.Rect.MakeXYWH(10.3, 12.7, 30.4, 20.2), paint(color(1, 0, 0)))


def case_fill_nonzero(c):
    c.drawPath(star(), paint(color(0, 0.5, 1)))


def case_fill_evenodd(c):
    p = star()
    p.setFillType(skia.PathFillType.kEvenOdd)
    c.drawPath(p, paint(color(0, 0.5, 1)))


def case_fill_ellipse(c):
    c.drawOval(skia.Rect.MakeXYWH(8, 12, 48, 36), paint(color(0.2, 0.8, 0.2)))


def case_fill_curves(c):
    p = skia.Path()
    p.moveTo(6, 58)
    p.cubicTo(10, 0, 40, 70, 58, 6)
    p.quadTo(60, 40, 30, 58)
    p.close()
    c.drawPath(p, paint(color(0.6, 0.1, 0.7)))


def case_stroke_caps(c):
    for i, cap in enumerate([skia.Paint.kButt_Cap, skia.Paint.kRound_Cap, skia.Paint.kSquare_Cap]):
        c.drawLine(12, 14 + 18 * i, 52, 14 + 18 * i, stroke(color(0, 0, 0), 7, cap))


def case_stroke_joins(c):
    for i, join in enumerate([skia.Paint.kMiter_Join, skia.Paint.kRound_Join, skia.Paint.kBevel_Join]):
        p = skia.Path()
        p.moveTo(6 + 20 * i, 50)
        p.lineTo(14 + 20 * i, 14)
        p.lineTo(22 + 20 * i, 50)
        c.drawPath(p, stroke(color(0.1, 0.3, 0.6), 5, join=join))


def case_stroke_dash(c):
    p = stroke(color(0.9, 0.3, 0), 3)
    p.setPathEffect(skia.DashPathEffect.Make([6, 4], 2))
    path = skia.Path()
    path.moveTo(6, 20)
    path.lineTo(58, 20)
    path.moveTo(6, 44)
    path.cubicTo(20, 20, 44, 68, 58, 44)
    c.drawPath(path, p)


def case_stroke_curve(c):
    p = skia.Path()
    p.moveTo(8, 56)
    p.cubicTo(8, 8, 56, 56, 56, 8)
    c.drawPath(p, stroke(color(0, 0.6, 0.4), 5, skia.Paint.kRound_Cap))


def case_clip_path(c):
    p = skia.Path()
    p.addCircle(32, 32, 22)
    c.clipPath(p, skia.ClipOp.kIntersect, True)
    c.drawRect(skia.Rect.MakeXYWH(0, 20, 64, 30), paint(color(1, 0.5, 0)))


def case_clip_rect(c):
    c.clipRect(skia.Rect.MakeXYWH(10.5, 10.25, 40.5, 30.75), skia.ClipOp.kIntersect, True)
    c.drawOval(skia.Rect.MakeXYWH(0, 0, 64, 64), paint(color(0.3, 0.3, 0.8)))


def case_linear_gradient(c):
    shader = skia.GradientShader.MakeLinear(
        [skia.Point(8, 8), skia.Point(56, 40)],
        [color(1, 0, 0, 1), color(0, 1, 0, 0.5), color(0, 0, 1, 1)], [0, 0.3, 1], skia.TileMode.kClamp)
    p = skia.Paint()
    p.setShader(shader)
    c.drawPaint(p)


def case_linear_gradient_unextended(c):
    shader = skia.GradientShader.MakeLinear(
        [skia.Point(16, 0), skia.Point(48, 0)], [color(0, 0, 0), color(1, 1, 1)], None, skia.TileMode.kDecal)
    p = skia.Paint()
    p.setShader(shader)
    c.drawPaint(p)


def case_radial_gradient(c):
    shader = skia.GradientShader.MakeTwoPointConical(
        skia.Point(32, 32), 6, skia.Point(32, 32), 28, [color(1, 1, 0), color(0.5, 0, 0.5)], None,
        skia.TileMode.kClamp)
    p = skia.Paint()
    p.setShader(shader)
    c.drawPaint(p)


def case_radial_cone(c):
    shader = skia.GradientShader.MakeTwoPointConical(
        skia.Point(20, 24), 4, skia.Point(40, 36), 24, [color(0, 0.2, 1), color(1, 1, 1), color(1, 0, 0)],
        [0, 0.5, 1], skia.TileMode.kClamp)
    p = skia.Paint()
    p.setShader(shader)
    c.drawPaint(p)


def checker():
    """4 x 4 RGBA image: a checkerboard of red, green, blue and white cells, straight alpha."""
    import numpy as np
    cells = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)]
    a = np.zeros((4, 4, 4), dtype=np.uint8)
    for y in range(4):
        for x in range(4):
            a[y, x] = cells[(x + 2 * y) % 4]
    return skia.Image.fromarray(a, colorType=skia.ColorType.kRGBA_8888_ColorType)


def case_image_nearest(c):
    c.drawImageRect(checker(), skia.Rect.MakeXYWH(0, 0, 4, 4), skia.Rect.MakeXYWH(12, 12, 40, 40),
                    skia.SamplingOptions(skia.FilterMode.kNearest), None, skia.Canvas.kStrict_SrcRectConstraint)


def case_image_linear(c):
    c.drawImageRect(checker(), skia.Rect.MakeXYWH(0, 0, 4, 4), skia.Rect.MakeXYWH(12, 12, 40, 40),
                    skia.SamplingOptions(skia.FilterMode.kLinear), None, skia.Canvas.kStrict_SrcRectConstraint)


def case_alpha(c):
    p = paint(color(0, 0, 1))
    p.setAlphaf(0.5)
    c.drawRect(skia.Rect.MakeXYWH(8, 8, 32, 32), p)
    c.drawOval(skia.Rect.MakeXYWH(24, 24, 32, 32), p)


def case_shadow(c):
    # Core Graphics' setShadow(offset: (6, -6) in a y-up base space, blur: 8): σ = blur / 2.
    p = paint(color(0.9, 0.2, 0.2))
    p.setImageFilter(skia.ImageFilters.DropShadow(6, 6, 4, 4, color(0, 0, 0, 0.6)))
    c.drawRect(skia.Rect.MakeXYWH(12, 10, 30, 24), p)


def case_transparency_layer(c):
    c.saveLayerAlpha(None, 128)
    c.drawRect(skia.Rect.MakeXYWH(8, 8, 32, 32), paint(color(0, 0.5, 0)))
    c.drawOval(skia.Rect.MakeXYWH(24, 24, 32, 32), paint(color(0, 0.5, 0)))
    c.restore()


CASES = {
    "fill_rect": case_fill_rect,
    "fill_nonzero": case_fill_nonzero,
    "fill_evenodd": case_fill_evenodd,
    "fill_ellipse": case_fill_ellipse,
    "fill_curves": case_fill_curves,
    "stroke_caps": case_stroke_caps,
    "stroke_joins": case_stroke_joins,
    "stroke_dash": case_stroke_dash,
    "stroke_curve": case_stroke_curve,
    "clip_path": case_clip_path,
    "clip_rect": case_clip_rect,
    "linear_gradient": case_linear_gradient,
    "linear_gradient_unextended": case_linear_gradient_unextended,
    "radial_gradient": case_radial_gradient,
    "radial_cone": case_radial_cone,
    "image_nearest": case_image_nearest,
    "image_linear": case_image_linear,
    "alpha": case_alpha,
    "shadow": case_shadow,
    "transparency_layer": case_transparency_layer,
}

BLENDS = {
    "multiply": skia.BlendMode.kMultiply, "screen": skia.BlendMode.kScreen, "overlay": skia.BlendMode.kOverlay,
    "darken": skia.BlendMode.kDarken, "lighten": skia.BlendMode.kLighten,
    "colorDodge": skia.BlendMode.kColorDodge, "colorBurn": skia.BlendMode.kColorBurn,
    "softLight": skia.BlendMode.kSoftLight, "hardLight": skia.BlendMode.kHardLight,
    "difference": skia.BlendMode.kDifference, "exclusion": skia.BlendMode.kExclusion,
    "hue": skia.BlendMode.kHue, "saturation": skia.BlendMode.kSaturation, "color": skia.BlendMode.kColor,
    "luminosity": skia.BlendMode.kLuminosity, "clear": skia.BlendMode.kClear, "copy": skia.BlendMode.kSrc,
    "sourceIn": skia.BlendMode.kSrcIn, "sourceOut": skia.BlendMode.kSrcOut, "sourceAtop": skia.BlendMode.kSrcATop,
    "destinationOver": skia.BlendMode.kDstOver, "destinationIn": skia.BlendMode.kDstIn,
    "destinationOut": skia.BlendMode.kDstOut, "destinationAtop": skia.BlendMode.kDstATop,
    "xor": skia.BlendMode.kXor, "plusLighter": skia.BlendMode.kPlus,
}
for name, mode in BLENDS.items():
    CASES["blend_" + name] = blend_case(mode)


def render(draw):
    info = skia.ImageInfo.Make(SIZE, SIZE, skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType)
    surface = skia.Surface.MakeRaster(info)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    draw(canvas)
    return surface.makeImageSnapshot()


def main():
    os.makedirs(OUT, exist_ok=True)
    only = set(sys.argv[1:])
    for name, draw in CASES.items():
        if only and name not in only:
            continue
        image = render(draw)
        image.save(os.path.join(OUT, name + ".png"), skia.kPNG)
    print(f"wrote {len(CASES)} references to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
