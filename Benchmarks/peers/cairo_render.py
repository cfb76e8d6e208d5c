#!/usr/bin/env python3
"""Render a 2D subset of the scene format (docs/scene-format.md) with pycairo (image surface, ARGB32), as a
second peer for the Skia figures.

    python3 cairo_render.py SCENE.json -o out.png [--no-shadows]
    python3 cairo_render.py SCENE.json --bench N          # draw the tree N times
    python3 cairo_render.py SCENE.json --bench-picture N  # record once (RecordingSurface), replay N times
    python3 cairo_render.py SCENE.json --bench-record N   # walk + record only

Same output line as skia_render.py. Cairo has no 3D and no blur: a scene
with a non-affine transform is refused (exit 3); shadows are refused unless
--no-shadows drops them. Semantics otherwise follow skia_render.py (same
scene_model: flattening order, masksToBounds, group opacity, masks,
shouldRasterize cache, border above sublayers).
"""
import argparse
import math
import os
import statistics
import sys
import time

# The scene parser and Core Animation geometry are the conformance suite's (one copy in the repository).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Conformance"))
import scene_model as sm  # noqa: E402
import scene_frames  # noqa: E402
import cairo  # noqa: E402


class Unsupported(Exception):
    pass


def rrect_path(ctx, rect, radii):
    x, y, w, h = rect
    ul, ur, lr, ll = radii
    if not (ul or ur or lr or ll):
        ctx.rectangle(x, y, w, h)
        return
    ctx.new_sub_path()
    if ul:
        ctx.arc(x + ul, y + ul, ul, math.pi, 1.5 * math.pi)
    else:
        ctx.move_to(x, y)
    if ur:
        ctx.arc(x + w - ur, y + ur, ur, 1.5 * math.pi, 2 * math.pi)
    else:
        ctx.line_to(x + w, y)
    if lr:
        ctx.arc(x + w - lr, y + h - lr, lr, 0, 0.5 * math.pi)
    else:
        ctx.line_to(x + w, y + h)
    if ll:
        ctx.arc(x + ll, y + h - ll, ll, 0.5 * math.pi, math.pi)
    else:
        ctx.line_to(x, y + h)
    ctx.close_path()


def model_path(ctx, p):
    kind = p[0]
    if kind == "rect":
        ctx.rectangle(*p[1:5])
    elif kind == "ellipse":
        x, y, w, h = p[1:5]
        ctx.save()
        ctx.translate(x + w / 2, y + h / 2)
        ctx.scale(w / 2 or 1e-9, h / 2 or 1e-9)
        ctx.new_sub_path()
        ctx.arc(0, 0, 1, 0, 2 * math.pi)
        ctx.close_path()
        ctx.restore()
    elif kind == "rrect":
        r = min(p[5], abs(p[3]) / 2, abs(p[4]) / 2)
        rrect_path(ctx, p[1:5], (r, r, r, r))
    else:
        cx = cy = 0.0
        for op in p[1]:
            o = op[0]
            if o == "M":
                ctx.move_to(op[1], op[2]); cx, cy = op[1], op[2]
            elif o == "L":
                ctx.line_to(op[1], op[2]); cx, cy = op[1], op[2]
            elif o == "C":
                ctx.curve_to(*op[1:]); cx, cy = op[5], op[6]
            elif o == "Q":
                x1, y1, x, y = op[1:]
                ctx.curve_to(cx + 2 / 3 * (x1 - cx), cy + 2 / 3 * (y1 - cy),
                             x + 2 / 3 * (x1 - x), y + 2 / 3 * (y1 - y), x, y)
                cx, cy = x, y
            else:
                ctx.close_path()


def cmatrix(m):
    return cairo.Matrix(m[0], m[4], m[1], m[5], m[3], m[7])


FILTER = {"nearest": cairo.FILTER_NEAREST, "linear": cairo.FILTER_BILINEAR,
          "trilinear": cairo.FILTER_GOOD}


class Node:
    __slots__ = ("L", "kids", "opacity", "group", "clip", "radii", "bg", "border", "image", "shape",
                 "mask", "mask_m", "raster", "raster_img", "raster_rect", "raster_scale", "leaf",
                 "extent")


class Renderer:
    def __init__(self, scene, no_shadows=False, raster_cache=True):
        self.scene = scene
        self.no_shadows = no_shadows
        self.raster_cache = raster_cache
        self.images = {}
        t0 = time.perf_counter()
        sm.prepare_geometry(scene.root)
        self.root = self.node(scene.root)
        self.prepare_ms = (time.perf_counter() - t0) * 1000

    def image(self, src):
        key = src[1] if src[0] == "file" else id(src[1])
        s = self.images.get(key)
        if s is None:
            if src[0] == "file":
                s = cairo.ImageSurface.create_from_png(src[1])
            else:
                import io
                s = cairo.ImageSurface.create_from_png(io.BytesIO(src[1]))
            self.images[key] = s
        return s

    def node(self, L):
        n = Node()
        n.L = L
        n.opacity = L.opacity
        n.kids = []
        n.leaf = None
        n.raster = False
        n.raster_img = None
        n.extent = L.extent
        for c, m in L.order:
            fm = sm.flat(m)
            if not sm.is_affine2d(fm):
                raise Unsupported("%s: a non-affine (3D) transform; cairo cannot draw it" % (c.name or "layer"))
            cn = self.node(c)
            if sm.is_translation(fm):
                if cn.leaf is not None:
                    rect, radii, col = cn.leaf
                    n.kids.append(("leaf", (rect[0] + fm[3], rect[1] + fm[7], rect[2], rect[3]), (radii, col)))
                else:
                    n.kids.append(("t", (fm[3], fm[7]), cn))
            else:
                n.kids.append(("m", cmatrix(fm), cn))
        if sm.has_shadow(L) and not self.no_shadows:
            raise Unsupported("%s: shadows (cairo has no blur); use --no-shadows" % (L.name or "layer"))
        if L.type in ("text", "gradient", "replicator"):
            raise Unsupported("layer type %s" % L.type)
        n.radii = sm.corner_radii(L)
        ndraw = len(n.kids)
        n.clip = L.masksToBounds
        n.bg = L.backgroundColor if (L.type != "transform" and L.backgroundColor and L.backgroundColor[3] > 0) else None
        ndraw += n.bg is not None
        n.border = None
        bw = L.borderWidth
        if L.type != "transform" and bw > 0 and L.borderColor is not None and L.borderColor[3] > 0:
            b = L.bounds
            inner = (b[0] + bw, b[1] + bw, b[2] - 2 * bw, b[3] - 2 * bw)
            n.border = (inner, tuple(max(0.0, r - bw) for r in n.radii), L.borderColor)
            ndraw += 1
        n.image = None
        if L.contents is not None:
            if L.contentsGravity != "resize" or L.contentsRect != (0.0, 0.0, 1.0, 1.0):
                raise Unsupported("contentsGravity/contentsRect other than the defaults")
            s = self.image(L.contents)
            n.image = (s, L.minFilter)      # 2D scenes here only minify or keep size
            ndraw += 1
        n.shape = None
        if L.type == "shape" and L.path is not None:
            n.shape = L.path
            e = L.extra
            if e["strokeColor"] is not None or e["lineDashPattern"]:
                raise Unsupported("shape strokes (not needed by the bench scenes)")
            ndraw += e["fillColor"] is not None
        n.mask = None
        if L.mask is not None:
            n.mask_m = sm.flat(L.mask.local)
            if not sm.is_affine2d(n.mask_m):
                raise Unsupported("3D mask transform")
            n.mask = self.node(L.mask)
            n.mask_m = cmatrix(n.mask_m)
        n.group = n.mask is not None or (L.opacity < 1 and L.groupOpacity and ndraw > 1)
        if L.shouldRasterize and self.raster_cache and L.extent is not None:
            rs = L.rasterizationScale
            e = L.extent
            x0, y0 = math.floor(e[0] * rs), math.floor(e[1] * rs)
            x1, y1 = math.ceil((e[0] + e[2]) * rs), math.ceil((e[1] + e[3]) * rs)
            if 0 < (x1 - x0) * (y1 - y0) <= 4096 * 4096:
                n.raster = True
                n.raster_rect = (x0, y0, x1 - x0, y1 - y0)
                n.raster_scale = rs
        if ndraw == 1 and n.bg is not None and not n.clip and n.mask is None and not n.raster:
            c = n.bg
            n.leaf = (L.bounds, n.radii, (c[0], c[1], c[2], c[3] * L.opacity))
        return n

    # ------------------------------------------------------------ draw
    def draw_children(self, ctx, n, a):
        for kind, g, cn in n.kids:
            if kind == "leaf":
                radii, col = cn
                rrect_path(ctx, g, radii)
                ctx.set_source_rgba(col[0], col[1], col[2], col[3] * a)
                ctx.fill()
            elif kind == "t":
                ctx.save()
                ctx.translate(g[0], g[1])
                self.draw(ctx, cn, a)
                ctx.restore()
            else:
                ctx.save()
                ctx.transform(g)
                self.draw(ctx, cn, a)
                ctx.restore()

    def clip_extent(self, ctx, n):
        e = n.extent
        if e is not None:
            ctx.rectangle(*e)
            ctx.clip()

    def draw(self, ctx, n, alpha, rasterizing=False):
        L = n.L
        if n.raster and not rasterizing:
            img = n.raster_img or self.rasterize(n)
            x0, y0, w, h = n.raster_rect
            rs = n.raster_scale
            ctx.save()
            ctx.scale(1 / rs, 1 / rs)
            ctx.set_source_surface(img, x0, y0)
            ctx.get_source().set_filter(cairo.FILTER_BILINEAR)
            ctx.rectangle(x0, y0, w, h)
            ctx.clip()
            ctx.paint_with_alpha(alpha * n.opacity)
            ctx.restore()
            return
        if rasterizing:
            a, group = 1.0, n.mask is not None
        else:
            group = n.group
            a = alpha if group else alpha * n.opacity
        if group:
            ctx.save()
            self.clip_extent(ctx, n)       # bound the group surface
            ctx.push_group()
        if n.clip:
            ctx.save()
            rrect_path(ctx, L.bounds, n.radii)
            ctx.clip()
        if n.bg is not None:
            c = n.bg
            rrect_path(ctx, L.bounds, n.radii)
            ctx.set_source_rgba(c[0], c[1], c[2], c[3] * a)
            ctx.fill()
        if n.image is not None:
            s, filt = n.image
            b = L.bounds
            ctx.save()
            ctx.translate(b[0], b[1])
            ctx.scale(b[2] / s.get_width(), b[3] / s.get_height())
            ctx.set_source_surface(s, 0, 0)
            ctx.get_source().set_filter(FILTER[filt])
            ctx.rectangle(0, 0, s.get_width(), s.get_height())
            if a < 1:
                ctx.clip()
                ctx.paint_with_alpha(a)
            else:
                ctx.fill()
            ctx.restore()
        if n.shape is not None:
            e = L.extra
            if e["fillColor"] is not None:
                model_path(ctx, n.shape)
                c = e["fillColor"]
                ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if e["fillRule"] == "evenOdd" else cairo.FILL_RULE_WINDING)
                ctx.set_source_rgba(c[0], c[1], c[2], c[3] * a)
                ctx.fill()
                ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        if n.kids:
            self.draw_children(ctx, n, a)
        if n.border is not None:
            inner, iradii, c = n.border
            rrect_path(ctx, L.bounds, n.radii)
            if inner[2] > 0 and inner[3] > 0:
                rrect_path(ctx, inner, iradii)
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
            ctx.set_source_rgba(c[0], c[1], c[2], c[3] * a)
            ctx.fill()
            ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        if n.clip:
            ctx.restore()
        if group:
            if n.mask is not None:
                content = ctx.pop_group()
                ctx.push_group()
                ctx.save()
                ctx.transform(n.mask_m)
                self.draw(ctx, n.mask, 1.0)
                ctx.restore()
                maskp = ctx.pop_group()
                op = 1.0 if rasterizing else alpha * n.opacity
                if op < 1:
                    ctx.push_group()
                    ctx.set_source(content)
                    ctx.mask(maskp)
                    ctx.pop_group_to_source()
                    ctx.paint_with_alpha(op)
                else:
                    ctx.set_source(content)
                    ctx.mask(maskp)
            else:
                ctx.pop_group_to_source()
                ctx.paint_with_alpha(alpha * n.opacity)
            ctx.restore()

    def rasterize(self, n):
        x0, y0, w, h = n.raster_rect
        rs = n.raster_scale
        surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
        ctx = cairo.Context(surf)
        ctx.translate(-x0, -y0)
        ctx.scale(rs, rs)
        self.draw(ctx, n, 1.0, rasterizing=True)
        surf.flush()
        n.raster_img = surf
        return surf

    def render(self, ctx):
        ctx.save()
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        bg = self.scene.background
        if bg:
            ctx.set_source_rgba(*bg)
        else:
            ctx.set_source_rgba(0, 0, 0, 0)
        ctx.paint()
        ctx.restore()
        ctx.save()
        s = self.scene.scale
        ctx.scale(s, s)
        self.draw_children(ctx, self.root, 1.0)
        ctx.restore()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scene", nargs="+",
                    help="scene file; with several (the frames of an animation), frame i draws scene i mod n")
    ap.add_argument("-o", "--output")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--bench", type=int, metavar="N")
    g.add_argument("--bench-picture", type=int, metavar="N")
    g.add_argument("--bench-record", type=int, metavar="N")
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--no-shadows", action="store_true")
    ap.add_argument("--no-raster-cache", action="store_true")
    args = ap.parse_args(argv)
    renderers = scene_frames.load_renderers(
        args.scene, lambda s: Renderer(s, no_shadows=args.no_shadows, raster_cache=not args.no_raster_cache),
        "cairo_render", Unsupported)
    if isinstance(renderers, int):
        return renderers
    r = renderers[0]
    scene = r.scene
    pw, ph = scene.pixel_size
    surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, pw, ph)
    ctx = cairo.Context(surf)
    n = args.bench or args.bench_picture or args.bench_record
    if n:
        rec = None
        if args.bench_picture:
            rec = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, cairo.Rectangle(0, 0, pw, ph))
            r.render(cairo.Context(rec))
        times = []
        for i in range(args.warmup + n):
            t0 = time.perf_counter()
            if args.bench:
                renderers[i % len(renderers)].render(ctx)
            elif args.bench_picture:
                # cairo replays a recording-surface source into a temporary
                # image, then composites it: one extra frame copy
                ctx.set_source_surface(rec, 0, 0)
                ctx.paint()
            else:
                rs = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, cairo.Rectangle(0, 0, pw, ph))
                r.render(cairo.Context(rs))
                rs.finish()
            surf.flush()
            t1 = time.perf_counter()
            if i >= args.warmup:
                times.append((t1 - t0) * 1000)
        print("median_ms=%.3f min_ms=%.3f max_ms=%.3f frames=%d pixels=%d"
              % (statistics.median(times), min(times), max(times), n, pw * ph))
        print("cairo_render: mode=%s prepare_ms=%.1f" % (
            "direct" if args.bench else "picture" if args.bench_picture else "record", r.prepare_ms),
            file=sys.stderr)
        if args.output:
            surf.write_to_png(args.output)
        return 0
    r.render(ctx)
    surf.flush()
    out = args.output or os.path.splitext(os.path.basename(args.scene[0]))[0] + ".png"
    tmp = out + ".tmp%d" % os.getpid()
    surf.write_to_png(tmp)
    os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
