#!/usr/bin/env python3
"""Render a 2D subset of the scene format (docs/scene-format.md) with Blend2D, through the
blend2d-python package: the third peer of Benchmarks/compare, next to Skia and Cairo.

    python3 blend2d_render.py SCENE.json -o out.png [--no-shadows]
    python3 blend2d_render.py SCENE.json --bench N [--warmup K] [--no-shadows]

--bench prints one line on stdout, as the other peers do:
    median_ms=... min_ms=... max_ms=... frames=N pixels=...
(--warmup frames, default 2, are not counted; PNG writing is not timed.)

Blend2D draws 2D only and has no blur, so a scene with a 3D transform is refused (exit 3), and so
is one with shadows unless --no-shadows drops them; so are text, gradient and replicator layers.
The model is the one of the other peers (Conformance/scene_model.py: painter's order, extents):
per layer the background, contents, shape fill, sublayers and the border inside the bounds on
top. The binding has no clip to a path and no layers, so what needs them is drawn offscreen at
device resolution and composited: a layer with opacity < 1 and more than one thing to draw
(group opacity), a `mask` (the mask's alpha applied with DST_IN), `masksToBounds` with rounded
corners (the rounded bounds applied the same way). `shouldRasterize` keeps the layer's bitmap,
drawn once at rasterizationScale in the layer's space, for every later frame.
"""
import argparse
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Conformance"))
import scene_model as sm  # noqa: E402
import scene_frames  # noqa: E402
import blend2d as bl  # noqa: E402


class Unsupported(Exception):
    pass


def color(c, alpha=1.0):
    """Blend2D takes a colour as a tuple of four floats (ints mean something else)."""
    return (float(c[0]), float(c[1]), float(c[2]), float(c[3]) * alpha)


def rounded_rect(rect, radii):
    """A path for a rectangle whose corners (top left, top right, bottom right, bottom left, in
    y-down layer space) have their own radii; quarter circles joined by straight edges."""
    x, y, w, h = rect
    path = bl.BLPath()
    tl, tr, br, bl_ = radii
    if not (tl or tr or br or bl_):
        path.add_rect(bl.BLRect(x, y, w, h))
        return path
    if tl == tr == br == bl_:
        path.add_round_rect(bl.BLRect(x, y, w, h), tl)
        return path
    path.move_to(x + tl, y)
    path.line_to(x + w - tr, y)
    if tr:
        path.arc_quadrant_to(x + w, y, x + w, y + tr)
    path.line_to(x + w, y + h - br)
    if br:
        path.arc_quadrant_to(x + w, y + h, x + w - br, y + h)
    path.line_to(x + bl_, y + h)
    if bl_:
        path.arc_quadrant_to(x, y + h, x, y + h - bl_)
    path.line_to(x, y + tl)
    if tl:
        path.arc_quadrant_to(x, y, x + tl, y)
    path.close()
    return path


def model_path(p):
    """A scene_model path (rect, ellipse, rrect or a list of SVG-like operations) as a BLPath."""
    kind = p[0]
    path = bl.BLPath()
    if kind == "rect":
        path.add_rect(bl.BLRect(*p[1:5]))
    elif kind == "ellipse":
        x, y, w, h = p[1:5]
        path.add_ellipse(x + w / 2, y + h / 2, w / 2, h / 2)
    elif kind == "rrect":
        r = min(p[5], abs(p[3]) / 2, abs(p[4]) / 2)
        path.add_round_rect(bl.BLRect(*p[1:5]), r)
    else:
        for op in p[1]:
            o = op[0]
            if o == "M":
                path.move_to(op[1], op[2])
            elif o == "L":
                path.line_to(op[1], op[2])
            elif o == "C":
                path.cubic_to(*op[1:7])
            elif o == "Q":
                path.quadric_to(*op[1:5])
            else:
                path.close()
    return path


def affine(m):
    """The 2D part of a flattened 4x4 (row-major, column vectors) as Blend2D's matrix."""
    return bl.Matrix2D(m[0], m[4], m[1], m[5], m[3], m[7])


def compose(outer, inner):
    """outer · inner for affine tuples (a, b, c, d, tx, ty), points mapped as (a x + c y + tx, b x + d y + ty)."""
    a, b, c, d, tx, ty = outer
    a2, b2, c2, d2, tx2, ty2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * tx2 + c * ty2 + tx, b * tx2 + d * ty2 + ty)


def as_tuple(m):
    return (m[0], m[4], m[1], m[5], m[3], m[7])


def device_box(t, rect, limit_w, limit_h):
    """Whole-pixel box of a rect mapped by t, clipped to the canvas; None when empty."""
    x, y, w, h = rect
    xs, ys = [], []
    for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        xs.append(t[0] * px + t[2] * py + t[4])
        ys.append(t[1] * px + t[3] * py + t[5])
    x0, y0 = max(0, math.floor(min(xs))), max(0, math.floor(min(ys)))
    x1, y1 = min(limit_w, math.ceil(max(xs))), min(limit_h, math.ceil(max(ys)))
    return None if x1 <= x0 or y1 <= y0 else (x0, y0, x1 - x0, y1 - y0)


class Node:
    """What one layer draws, worked out once after parsing."""
    __slots__ = ("L", "kids", "bg", "border", "image", "shape", "clip", "clip_path", "group", "mask",
                 "mask_matrix", "raster", "raster_image", "raster_box", "opacity", "outline")

    def is_leaf(self):
        return (self.bg is not None and not self.kids and self.border is None and self.image is None
                and self.shape is None and not self.clip and not self.group and self.mask is None
                and not self.raster)


class Renderer:
    def __init__(self, scene, no_shadows=False):
        self.scene = scene
        self.no_shadows = no_shadows
        self.images = {}
        t0 = time.perf_counter()
        sm.prepare_geometry(scene.root)
        self.root = self.node(scene.root)
        self.prepare_ms = (time.perf_counter() - t0) * 1000
        self.width, self.height = scene.pixel_size

    def image(self, src):
        if src[0] != "file":
            raise Unsupported("data URL contents")
        img = self.images.get(src[1])
        if img is None:
            img = bl.BLImage()
            img.readFromFile(src[1])
            self.images[src[1]] = img
        return img

    def node(self, L):
        n = Node()
        n.L = L
        n.opacity = L.opacity
        n.kids = []
        if sm.has_shadow(L) and not self.no_shadows:
            raise Unsupported("%s: shadows (Blend2D has no blur); use --no-shadows" % (L.name or "layer"))
        if L.type in ("text", "gradient", "replicator"):
            raise Unsupported("layer type %s" % L.type)
        for child, m in L.order:
            fm = sm.flat(m)
            if not sm.is_affine2d(fm):
                raise Unsupported("%s: a 3D transform; Blend2D draws 2D only" % (child.name or "layer"))
            kid = self.node(child)
            t = as_tuple(fm)
            if kid.is_leaf() and t[:4] == (1, 0, 0, 1):
                # A layer that only fills its rounded bounds, moved by a translation: drawn in
                # this layer's space as a path placed beforehand (no transform change, no call).
                x, y, w, h = child.bounds
                path = rounded_rect((x + t[4], y + t[5], w, h), sm.corner_radii(child))
                n.kids.append((None, (path, color(kid.bg, kid.opacity))))
            else:
                n.kids.append((t, kid))
        radii = sm.corner_radii(L)
        n.outline = rounded_rect(L.bounds, radii)
        drawn = len(n.kids)
        n.bg = None
        if L.type != "transform" and L.backgroundColor is not None and L.backgroundColor[3] > 0:
            n.bg = L.backgroundColor
            drawn += 1
        n.border = None
        bw = L.borderWidth
        if L.type != "transform" and bw > 0 and L.borderColor is not None and L.borderColor[3] > 0:
            x, y, w, h = L.bounds
            ring = rounded_rect(L.bounds, radii)
            if w - 2 * bw > 0 and h - 2 * bw > 0:
                ring.add_path(rounded_rect((x + bw, y + bw, w - 2 * bw, h - 2 * bw), tuple(max(0.0, r - bw) for r in radii)))
            n.border = (ring, L.borderColor)
            drawn += 1
        n.image = None
        if L.contents is not None:
            if L.contentsGravity != "resize" or L.contentsRect != (0.0, 0.0, 1.0, 1.0):
                raise Unsupported("contentsGravity or contentsRect other than the defaults")
            n.image = self.image(L.contents)
            drawn += 1
        n.shape = None
        if L.type == "shape" and L.path is not None:
            e = L.extra
            if e["strokeColor"] is not None or e["lineDashPattern"]:
                raise Unsupported("shape strokes (the benchmark scenes need none)")
            if e["fillColor"] is not None:
                n.shape = (model_path(L.path), e["fillColor"], e["fillRule"] == "evenOdd")
                drawn += 1
        n.clip = L.masksToBounds
        n.clip_path = n.outline if L.masksToBounds and any(radii) else None
        n.mask = None
        if L.mask is not None:
            mm = sm.flat(L.mask.local)
            if not sm.is_affine2d(mm):
                raise Unsupported("3D mask transform")
            n.mask = self.node(L.mask)
            n.mask_matrix = as_tuple(mm)
        n.group = n.mask is not None or n.clip_path is not None or (L.opacity < 1 and L.groupOpacity and drawn > 1)
        n.raster = bool(L.shouldRasterize and L.extent is not None)
        n.raster_image = None
        return n

    # ---------------------------------------------------------------- drawing

    def fill(self, ctx, path, c, alpha, even_odd=False):
        ctx.set_fill_style(color(c, alpha))
        if even_odd:
            ctx.fill_rule = bl.BLFillRule.EVEN_ODD
        ctx.fill_path(path)
        if even_odd:
            ctx.fill_rule = bl.BLFillRule.NON_ZERO

    def draw_own(self, ctx, t, n, alpha):
        """The layer's own content and its sublayers, in layer space `t`, no group, no mask."""
        L = n.L
        ctx.reset_transform()
        ctx.transform(bl.Matrix2D(*t))
        clipped = n.clip and n.clip_path is None
        if clipped:
            ctx.save()
            ctx.clip_to_rect(bl.BLRect(*L.bounds))
        if n.bg is not None:
            self.fill(ctx, n.outline, n.bg, alpha)
        if n.image is not None:
            x, y, w, h = L.bounds
            ctx.global_alpha = alpha
            ctx.blit_image(bl.BLRect(x, y, w, h), n.image)
            ctx.global_alpha = 1.0
        if n.shape is not None:
            path, c, even_odd = n.shape
            self.fill(ctx, path, c, alpha, even_odd)
        placed = True   # whether the context's transform is still t
        for m, kid in n.kids:
            if m is None:
                if not placed:
                    ctx.reset_transform()
                    ctx.transform(bl.Matrix2D(*t))
                    placed = True
                path, c = kid
                ctx.set_fill_style(c if alpha == 1 else (c[0], c[1], c[2], c[3] * alpha))
                ctx.fill_path(path)
            else:
                self.draw(ctx, compose(t, m), kid, alpha)
                placed = False
        if n.border is not None:
            if not placed:
                ctx.reset_transform()
                ctx.transform(bl.Matrix2D(*t))
            ring, c = n.border
            self.fill(ctx, ring, c, alpha, even_odd=True)
        if clipped:
            ctx.restore()

    def offscreen(self, t, n, box):
        """The layer drawn into an image covering `box` (device pixels), masks and rounded clip applied."""
        x0, y0, w, h = box
        img = bl.BLImage(w, h, bl.BLFormat.PRGB32)
        ctx = bl.BLContext(img)
        ctx.comp_op = bl.BLCompOp.SRC_COPY
        ctx.set_fill_style((0.0, 0.0, 0.0, 0.0))
        ctx.fill_all()
        ctx.comp_op = bl.BLCompOp.SRC_OVER
        local = compose((1, 0, 0, 1, -x0, -y0), t)
        self.draw_own(ctx, local, n, 1.0)
        if n.clip_path is not None:
            # Erase what lies outside the rounded bounds.
            ctx.reset_transform()
            ctx.transform(bl.Matrix2D(*local))
            ctx.comp_op = bl.BLCompOp.DST_OUT
            ctx.set_fill_style((0.0, 0.0, 0.0, 1.0))
            ctx.fill_rule = bl.BLFillRule.EVEN_ODD
            ctx.fill_path(outside_of(n.L.bounds, n.clip_path))
            ctx.fill_rule = bl.BLFillRule.NON_ZERO
            ctx.comp_op = bl.BLCompOp.SRC_OVER
        if n.mask is not None:
            mask = bl.BLImage(w, h, bl.BLFormat.PRGB32)
            mctx = bl.BLContext(mask)
            mctx.comp_op = bl.BLCompOp.SRC_COPY
            mctx.set_fill_style((0.0, 0.0, 0.0, 0.0))
            mctx.fill_all()
            mctx.comp_op = bl.BLCompOp.SRC_OVER
            self.draw(mctx, compose(local, n.mask_matrix), n.mask, 1.0)
            mctx.flush()
            ctx.reset_transform()
            ctx.comp_op = bl.BLCompOp.DST_IN
            ctx.blit_image(bl.BLPoint(0, 0), mask)
            ctx.comp_op = bl.BLCompOp.SRC_OVER
        ctx.flush()
        return img

    def draw(self, ctx, t, n, alpha):
        L = n.L
        if n.raster:
            if n.raster_image is None:
                # Rasterized once, in the layer's own space at rasterizationScale.
                rs = L.rasterizationScale
                e = L.extent
                box = (math.floor(e[0] * rs), math.floor(e[1] * rs))
                box = box + (math.ceil((e[0] + e[2]) * rs) - box[0], math.ceil((e[1] + e[3]) * rs) - box[1])
                if box[2] <= 0 or box[3] <= 0:
                    return
                n.raster_box = box
                n.raster_image = self.offscreen((rs, 0, 0, rs, 0, 0), n, box)
            x0, y0, w, h = n.raster_box
            rs = L.rasterizationScale
            ctx.reset_transform()
            ctx.transform(bl.Matrix2D(*t))
            ctx.global_alpha = alpha * n.opacity
            ctx.blit_image(bl.BLRect(x0 / rs, y0 / rs, w / rs, h / rs), n.raster_image)
            ctx.global_alpha = 1.0
            return
        if not n.group:
            self.draw_own(ctx, t, n, alpha * n.opacity)
            return
        if L.extent is None:
            return
        box = device_box(t, L.extent, self.width, self.height)
        if box is None:
            return
        img = self.offscreen(t, n, box)
        ctx.reset_transform()
        ctx.global_alpha = alpha * n.opacity
        ctx.blit_image(bl.BLPoint(box[0], box[1]), img)
        ctx.global_alpha = 1.0

    def render(self, ctx):
        ctx.reset_transform()
        ctx.comp_op = bl.BLCompOp.SRC_COPY
        bg = self.scene.background
        ctx.set_fill_style(color(bg) if bg else (0.0, 0.0, 0.0, 0.0))
        ctx.fill_all()
        ctx.comp_op = bl.BLCompOp.SRC_OVER
        s = self.scene.scale
        # The root draws nothing of its own; draw_own also handles its placed leaves.
        self.draw_own(ctx, (s, 0, 0, s, 0, 0), self.root, 1.0)
        ctx.flush()


def outside_of(bounds, inside):
    """A path for everything around `inside` (with even-odd filling): a box far larger than the
    bounds with `inside` in it. Blend2D composites only where a path covers, so erasing what lies
    outside the rounded bounds (DST_OUT) is how the clip is made."""
    x, y, w, h = bounds
    pad = 4 * (abs(w) + abs(h)) + 1e4
    path = bl.BLPath()
    path.add_rect(bl.BLRect(x - pad, y - pad, w + 2 * pad, h + 2 * pad))
    path.add_path(inside)
    return path


def write_png(image, path):
    """The picture as a PNG. blend2d-python's writeToFile swaps red and blue (the pixels, read
    through getDataAsNumPy as premultiplied RGBA, are right), so Pillow writes them where it is
    installed."""
    try:
        from PIL import Image
    except ImportError:
        image.writeToFile(path)
        return
    Image.fromarray(image.getDataAsNumPy(), "RGBa").convert("RGBA").save(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scene", nargs="+",
                    help="scene file; with several (the frames of an animation), frame i draws scene i mod n")
    ap.add_argument("-o", "--output")
    ap.add_argument("--bench", type=int, metavar="N")
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--no-shadows", action="store_true")
    args = ap.parse_args(argv)
    renderers = scene_frames.load_renderers(args.scene, lambda s: Renderer(s, no_shadows=args.no_shadows),
                                            "blend2d_render", Unsupported)
    if isinstance(renderers, int):
        return renderers
    r = renderers[0]
    image = bl.BLImage(r.width, r.height, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)
    if args.bench:
        times = []
        for i in range(args.warmup + args.bench):
            t0 = time.perf_counter()
            renderers[i % len(renderers)].render(ctx)
            t1 = time.perf_counter()
            if i >= args.warmup:
                times.append((t1 - t0) * 1000)
        print("median_ms=%.3f min_ms=%.3f max_ms=%.3f frames=%d pixels=%d"
              % (statistics.median(times), min(times), max(times), args.bench, r.width * r.height))
        print("blend2d_render: prepare_ms=%.1f" % r.prepare_ms, file=sys.stderr)
    else:
        r.render(ctx)
    if args.output or not args.bench:
        out = args.output or os.path.splitext(os.path.basename(args.scene[0]))[0] + ".png"
        ctx.flush()
        write_png(image, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
