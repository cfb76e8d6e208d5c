#!/usr/bin/env python3
"""Render a scene file (docs/scene-format.md) with skia-python on a CPU raster surface.

    python3 skia_render.py SCENE.json -o out.png
    python3 skia_render.py SCENE.json --bench N           # draw the tree N times
    python3 skia_render.py SCENE.json --bench-picture N   # record once, replay N times
    python3 skia_render.py SCENE.json --bench-record N    # walk+record only (no raster)

Bench modes print one line on stdout:
    median_ms=… min_ms=… max_ms=… frames=N pixels=…
(PNG encoding excluded; --warmup frames, default 2, are not counted.)

--bench walks the parsed layer tree every frame and issues the Skia calls
directly into the same raster surface, as a renderer of a changing tree
would. Derived per-layer data (matrices, rounded rects, paints, decoded
images, sort order) is computed once after parsing ("prepare"), as a
retained-mode renderer keeps it for layers that did not change; the frame
loop is the walk + draw calls. The Python walk itself costs time (about
1 µs per layer); --bench-picture isolates Skia's raster cost and
--bench-record measures the walk (recording into an SkPicture is cheap).

Model (see scene_model.py for geometry):
* every CALayer flattens its sublayers into its plane; siblings are drawn in
  painter's order sorted back to front by the projected z of their bounds
  centre (stable, so document order on ties); CATransformLayer subtrees
  share their parent's 3D context;
* per layer: [clip if masksToBounds] shadow, background, contents /
  shape / gradient / text, sublayers, border (inside bounds, above
  sublayers); opacity < 1 with allowsGroupOpacity and more than one
  primitive -> saveLayer(alpha); mask -> saveLayer + mask drawn with DstIn;
  shouldRasterize -> the subtree is rendered once into a bitmap in the
  layer's space at rasterizationScale and reused across frames;
* shadows: sigma = shadowRadius * SHADOW_SIGMA_PER_RADIUS. With shadowPath:
  a blurred path. Without: when the layer's composite alpha is provably its
  background rounded rect (scene_model.shadow_uniform_alpha) a blurred
  rrect (Skia's analytic fast path); otherwise a saveLayer with a DropShadow
  image filter over the layer's content (a blur of the content alpha).
  --generic-shadows forces the image-filter path for all non-path shadows.
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
import skia  # noqa: E402

# Gaussian sigma = shadowRadius * SHADOW_SIGMA_PER_RADIUS ("sigma = shadowRadius
# for now"). Core Animation's real mapping is undocumented (radius/2 is a
# common guess). Renderer() copies it into scene_model, whose layer extents
# (saveLayer bounds, rasterization bitmaps) must use the same value;
# --sigma-per-radius overrides it.
SHADOW_SIGMA_PER_RADIUS = 1.0

_warned = set()


def warn(msg):
    if msg not in _warned:
        _warned.add(msg)
        print("skia_render: warning: " + msg, file=sys.stderr)


def c4f(c, alpha=1.0):
    return skia.Color4f(c[0], c[1], c[2], c[3] * alpha)


def fill_paint(c, alpha=1.0):
    p = skia.Paint()
    p.setAntiAlias(True)
    p.setColor4f(c4f(c, alpha))
    return p


def alpha_paint(a):
    p = skia.Paint()
    p.setAlphaf(a)
    return p


def skrect(r):
    return skia.Rect.MakeXYWH(r[0], r[1], r[2], r[3])


def skrrect(rect, radii):
    rr = skia.RRect()
    ul, ur, lr, ll = radii
    if ul == ur == lr == ll:
        rr.setRectXY(skrect(rect), ul, ul)
    else:
        rr.setRectRadii(skrect(rect), [skia.Point(ul, ul), skia.Point(ur, ur),
                                       skia.Point(lr, lr), skia.Point(ll, ll)])
    return rr


def skm44(m):
    M = skia.M44()
    for i in range(16):
        if m[i] != sm.IDENT[i]:
            M.setRC(i // 4, i % 4, m[i])
    return M


def skpath(p):
    path = skia.Path()
    kind = p[0]
    if kind == "rect":
        path.addRect(skrect(p[1:5]))
    elif kind == "ellipse":
        path.addOval(skrect(p[1:5]))
    elif kind == "rrect":
        r = min(p[5], abs(p[3]) / 2, abs(p[4]) / 2)
        path.addRRect(skrrect(p[1:5], (r, r, r, r)))
    else:
        for op in p[1]:
            o = op[0]
            if o == "M":
                path.moveTo(op[1], op[2])
            elif o == "L":
                path.lineTo(op[1], op[2])
            elif o == "C":
                path.cubicTo(*op[1:])
            elif o == "Q":
                path.quadTo(*op[1:])
            else:
                path.close()
    return path


SAMPLING = {
    "nearest": skia.SamplingOptions(skia.FilterMode.kNearest, skia.MipmapMode.kNone),
    "linear": skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kNone),
    "trilinear": skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear),
}

_images = {}


def load_image(src):
    key = src[1] if src[0] == "file" else id(src[1])
    img = _images.get(key)
    if img is None:
        if src[0] == "file":
            data = skia.Data.MakeFromFileName(src[1])
        else:
            data = skia.Data.MakeWithCopy(src[1])
        img = skia.Image.MakeFromEncoded(data)
        if img is None:
            raise sm.SceneError("cannot decode image %s" % (src[1] if src[0] == "file" else "data URL"))
        img = img.makeRasterImage()            # decode now, not on first draw
        img = img.withDefaultMipmaps()         # build the mip chain once
        _images[key] = img
    return img


def gravity_rect(L, iw, ih):
    """Destination rect of the contents in bounds space (CA contentsGravity)."""
    bx, by, bw, bh = L.bounds
    g = L.contentsGravity
    cw, ch = iw / L.contentsScale, ih / L.contentsScale
    if g == "resize":
        return (bx, by, bw, bh)
    if g in ("resizeAspect", "resizeAspectFill"):
        s = (min if g == "resizeAspect" else max)(bw / cw, bh / ch)
        w, h = cw * s, ch * s
        return (bx + (bw - w) / 2, by + (bh - h) / 2, w, h)
    x = {"left": 0, "topLeft": 0, "bottomLeft": 0, "right": 1, "topRight": 1, "bottomRight": 1}.get(g, 0.5)
    y = {"top": 0, "topLeft": 0, "topRight": 0, "bottom": 1, "bottomLeft": 1, "bottomRight": 1}.get(g, 0.5)
    return (bx + (bw - cw) * x, by + (bh - ch) * y, cw, ch)


def quad_area(m, rect):
    x, y, w, h = rect
    pts = []
    for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h)):
        X, Y, _, Wc = sm.map_point(m, px, py)
        if Wc <= 1e-9:
            return None
        pts.append((X / Wc, Y / Wc))
    a = 0.0
    for i in range(4):
        a += pts[i][0] * pts[(i + 1) % 4][1] - pts[(i + 1) % 4][0] * pts[i][1]
    return abs(a) / 2


class Node:
    """Skia-side derived data for one layer."""
    __slots__ = ("L", "kids", "opacity", "group", "group_paint", "bounds", "clip", "clip_rrect",
                 "shadow", "bg", "border", "image", "shape", "gradient", "text", "mask",
                 "mask_m", "raster", "raster_img", "raster_rect", "raster_scale", "leaf")


class Renderer:
    def __init__(self, scene, no_shadows=False, generic_shadows=False, raster_cache=True):
        self.scene = scene
        self.no_shadows = no_shadows
        self.generic_shadows = generic_shadows
        self.raster_cache = raster_cache
        self.dstin = skia.Paint()
        self.dstin.setBlendMode(skia.BlendMode.kDstIn)
        t0 = time.perf_counter()
        sm.SHADOW_SIGMA_PER_RADIUS = SHADOW_SIGMA_PER_RADIUS
        sm.prepare_geometry(scene.root)
        s = scene.scale
        self.root = self.node(scene.root, sm.scale(s, s))
        self.prepare_ms = (time.perf_counter() - t0) * 1000
        bg = scene.background
        self.clear = c4f(bg) if bg else skia.Color4f(0, 0, 0, 0)

    # ------------------------------------------------------------ prepare
    def node(self, L, dev):
        """dev: accumulated (flattened) matrix from L's space to pixels."""
        n = Node()
        n.L = L
        n.opacity = L.opacity
        n.kids = []
        n.leaf = None
        n.raster = False
        n.raster_img = None
        for c, m in L.order:
            fm = sm.flat(m)
            cn = self.node(c, sm.mmul(dev, fm))
            if sm.is_translation(fm):
                if cn.leaf is not None:
                    # single rect/rrect leaf: draw it pre-offset, no save/restore
                    kind, geom, paint = cn.leaf
                    geom = skia.RRect(geom)
                    geom.offset(fm[3], fm[7])
                    n.kids.append(("leaf", geom, paint))
                else:
                    n.kids.append(("t", (fm[3], fm[7]), cn))
            else:
                n.kids.append(("m", skm44(fm), cn))
        b = L.bounds
        radii = sm.corner_radii(L)
        rr = skrrect(b, radii)
        ndraw = len(n.kids)
        # masksToBounds
        n.clip = L.masksToBounds
        n.clip_rrect = rr if any(radii) else None
        # background
        n.bg = None
        if L.type != "transform" and L.backgroundColor is not None and L.backgroundColor[3] > 0:
            n.bg = (rr, fill_paint(L.backgroundColor))
            ndraw += 1
        # border: inside the bounds, as a ring between the rounded rect and
        # the one inset by borderWidth (radius reduced by borderWidth)
        n.border = None
        bw = L.borderWidth
        if L.type != "transform" and bw > 0 and L.borderColor is not None and L.borderColor[3] > 0:
            inner_rect = (b[0] + bw, b[1] + bw, b[2] - 2 * bw, b[3] - 2 * bw)
            paint = fill_paint(L.borderColor)
            if inner_rect[2] <= 0 or inner_rect[3] <= 0:
                n.border = ("fill", rr, paint)
            else:
                inner = skrrect(inner_rect, tuple(max(0.0, r - bw) for r in radii))
                n.border = ("ring", rr, inner, paint)
            ndraw += 1
        # contents
        n.image = None
        if L.contents is not None:
            img = load_image(L.contents)
            iw, ih = img.width(), img.height()
            cr = L.contentsRect
            src = skia.Rect.MakeXYWH(cr[0] * iw, cr[1] * ih, cr[2] * iw, cr[3] * ih)
            dst = gravity_rect(L, cr[2] * iw, cr[3] * ih)
            if L.contentsCenter != (0.0, 0.0, 1.0, 1.0):
                warn("contentsCenter is ignored")
            area = quad_area(dev, dst)
            minify = area is not None and area < src.width() * src.height()
            filt = L.minFilter if minify else L.magFilter
            p = skia.Paint()
            p.setAntiAlias(True)
            n.image = (img, src, skrect(dst), SAMPLING[filt], p)
            ndraw += 1
        # shape layer
        n.shape = None
        if L.type == "shape" and L.path is not None:
            e = L.extra
            path = skpath(L.path)
            if e["fillRule"] == "evenOdd":
                path.setFillType(skia.PathFillType.kEvenOdd)
            fp = fill_paint(e["fillColor"]) if e["fillColor"] is not None and e["fillColor"][3] > 0 else None
            spaint = None
            if e["strokeColor"] is not None and e["strokeColor"][3] > 0 and e["lineWidth"] > 0:
                spaint = fill_paint(e["strokeColor"])
                spaint.setStyle(skia.Paint.kStroke_Style)
                spaint.setStrokeWidth(e["lineWidth"])
                spaint.setStrokeCap({"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap,
                                     "square": skia.Paint.kSquare_Cap}[e["lineCap"]])
                spaint.setStrokeJoin({"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join,
                                      "bevel": skia.Paint.kBevel_Join}[e["lineJoin"]])
                spaint.setStrokeMiter(e["miterLimit"])
                effects = []
                if e["strokeStart"] > 0 or e["strokeEnd"] < 1:
                    effects.append(skia.TrimPathEffect.Make(e["strokeStart"], e["strokeEnd"]))
                if e["lineDashPattern"]:
                    pat = list(e["lineDashPattern"])
                    if len(pat) % 2:
                        pat = pat * 2
                    effects.append(skia.DashPathEffect.Make(pat, e["lineDashPhase"]))
                if len(effects) == 1:
                    spaint.setPathEffect(effects[0])
                elif effects:
                    spaint.setPathEffect(skia.PathEffect.MakeCompose(effects[1], effects[0]))
            n.shape = (path, fp, spaint)
            ndraw += (fp is not None) + (spaint is not None)
        # gradient layer
        n.gradient = None
        if L.type == "gradient":
            n.gradient = self.gradient(L)
            if n.gradient is not None:
                ndraw += 1
        # text layer
        n.text = None
        if L.type == "text":
            n.text = self.text(L)
            if n.text is not None:
                ndraw += 1
        if L.type == "replicator":
            warn("replicator instances are not drawn (only the layer itself)")
        # shadow
        n.shadow = None
        if sm.has_shadow(L) and not self.no_shadows:
            sigma = L.shadowRadius * SHADOW_SIGMA_PER_RADIUS
            col = c4f(L.shadowColor, L.shadowOpacity)
            dx, dy = L.shadowOffset
            blur = skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma) if sigma > 0 else None
            if L.shadowPath is not None:
                path = skpath(L.shadowPath)
                path.offset(dx, dy)
                p = skia.Paint()
                p.setAntiAlias(True)
                p.setColor4f(col)
                if blur:
                    p.setMaskFilter(blur)
                n.shadow = ("path", path, p)
            else:
                ua = None if self.generic_shadows else sm.shadow_uniform_alpha(L, L.order)
                if ua is not None:
                    srr = skia.RRect(rr)
                    srr.offset(dx, dy)
                    p = skia.Paint()
                    p.setAntiAlias(True)
                    p.setColor4f(c4f(L.shadowColor, L.shadowOpacity * ua))
                    if blur:
                        p.setMaskFilter(blur)
                    n.shadow = ("rrect", srr, p)
                elif L.extent_content is not None:
                    p = skia.Paint()
                    p.setImageFilter(skia.ImageFilters.DropShadow(dx, dy, sigma, sigma, col.toColor()))
                    n.shadow = ("filter", skrect(L.extent_content), p)
            if n.shadow is not None:
                ndraw += 1
        # mask
        n.mask = None
        if L.mask is not None:
            n.mask_m = sm.flat(L.mask.local)
            n.mask = self.node(L.mask, sm.mmul(dev, n.mask_m))
            n.mask_m = skm44(n.mask_m)
        # group / bounds
        n.bounds = skrect(L.extent) if L.extent is not None else None
        n.group = n.mask is not None or (L.opacity < 1 and L.groupOpacity and ndraw > 1)
        n.group_paint = alpha_paint(L.opacity) if L.opacity < 1 else None
        # shouldRasterize
        if L.shouldRasterize and self.raster_cache and L.extent is not None:
            rs = L.rasterizationScale
            e = L.extent
            x0, y0 = math.floor(e[0] * rs), math.floor(e[1] * rs)
            x1, y1 = math.ceil((e[0] + e[2]) * rs), math.ceil((e[1] + e[3]) * rs)
            if 0 < (x1 - x0) * (y1 - y0) <= 4096 * 4096:
                n.raster = True
                n.raster_rect = (x0, y0, x1 - x0, y1 - y0)
                n.raster_scale = rs
        # a lone rect/rrect leaf: drawn by the parent without save/translate/restore
        if (ndraw == 1 and n.bg is not None and not n.clip and n.mask is None and not n.raster
                and L.opacity == 1):
            n.leaf = ("rrect", rr, n.bg[1])
        elif ndraw == 1 and n.bg is not None and not n.clip and n.mask is None and not n.raster:
            n.leaf = ("rrect", rr, fill_paint(L.backgroundColor, L.opacity))
        return n

    def gradient(self, L):
        e = L.extra
        cols = e["colors"]
        if not cols:
            return None
        b = L.bounds
        pos = e["locations"] if e["locations"] and len(e["locations"]) == len(cols) else None
        colors = [c4f(c).toColor() for c in cols]
        sp = skia.Point(b[0] + e["startPoint"][0] * b[2], b[1] + e["startPoint"][1] * b[3])
        ep = skia.Point(b[0] + e["endPoint"][0] * b[2], b[1] + e["endPoint"][1] * b[3])
        t = e["gradientType"]
        if len(colors) == 1:
            colors = colors * 2
        if t == "axial":
            sh = skia.GradientShader.MakeLinear([sp, ep], colors, pos)
        elif t == "radial":
            rx, ry = abs(ep.x() - sp.x()) or 1e-6, abs(ep.y() - sp.y()) or 1e-6
            lm = skia.Matrix()
            lm.setScale(1, ry / rx, sp.x(), sp.y())
            sh = skia.GradientShader.MakeRadial(sp, rx, colors, pos, skia.TileMode.kClamp, 0, lm)
        else:
            ang = math.degrees(math.atan2(ep.y() - sp.y(), ep.x() - sp.x()))
            lm = skia.Matrix()
            lm.setRotate(ang, sp.x(), sp.y())
            sh = skia.GradientShader.MakeSweep(sp.x(), sp.y(), colors, pos, 0, 0, lm)
        p = skia.Paint()
        p.setAntiAlias(True)
        p.setShader(sh)
        return (skrect(b), p)

    def text(self, L):
        e = L.extra
        if not e["string"]:
            return None
        if e["isWrapped"]:
            warn("isWrapped text is drawn on one line")
        tf = skia.Typeface(e["font"]) if e["font"] else skia.Typeface("sans-serif")
        font = skia.Font(tf, e["fontSize"])
        b = L.bounds
        w = font.measureText(e["string"])
        am = e["alignmentMode"]
        x = b[0] + {"right": b[2] - w, "center": (b[2] - w) / 2}.get(am, 0)
        y = b[1] - font.getMetrics().fAscent
        blob = skia.TextBlob.MakeFromString(e["string"], font)
        return (blob, x, y, fill_paint(e["foregroundColor"]))

    # ------------------------------------------------------------ draw
    def draw_children(self, canvas, n, a):
        for kind, g, cn in n.kids:
            if kind == "leaf":
                if a == 1.0:
                    canvas.drawRRect(g, cn)
                else:
                    p = skia.Paint(cn)
                    p.setAlphaf(p.getAlphaf() * a)
                    canvas.drawRRect(g, p)
            elif kind == "t":
                canvas.save()
                canvas.translate(g[0], g[1])
                self.draw(canvas, cn, a)
                canvas.restore()
            else:
                canvas.save()
                canvas.concat(g)
                self.draw(canvas, cn, a)
                canvas.restore()

    def draw(self, canvas, n, alpha, rasterizing=False):
        """Draw layer n in its own space (caller set the matrix). alpha is
        the opacity inherited from ancestors that do not group."""
        if n.raster and not rasterizing:
            img = n.raster_img
            if img is None:
                img = self.rasterize(n)
            x0, y0, w, h = n.raster_rect
            rs = n.raster_scale
            canvas.save()
            canvas.scale(1 / rs, 1 / rs)
            p = alpha_paint(alpha * n.opacity)
            canvas.drawImage(img, x0, y0, SAMPLING["linear"], p)
            canvas.restore()
            return
        L = n.L
        if rasterizing:
            a = 1.0
            group = n.mask is not None
        else:
            group = n.group
            a = alpha if group else alpha * n.opacity
        if group:
            if not rasterizing and (alpha * n.opacity) < 1:
                gp = n.group_paint if alpha == 1.0 else alpha_paint(alpha * n.opacity)
            else:
                gp = None
            canvas.saveLayer(n.bounds, gp)
        if n.clip:
            canvas.save()
            if n.clip_rrect is not None:
                canvas.clipRRect(n.clip_rrect, True)
            else:
                canvas.clipRect(skrect(L.bounds), True)
        sh = n.shadow
        if sh is not None:
            if sh[0] == "rrect":
                canvas.drawRRect(sh[1], sh[2] if a == 1.0 else self.fade(sh[2], a))
            elif sh[0] == "path":
                canvas.drawPath(sh[1], sh[2] if a == 1.0 else self.fade(sh[2], a))
            else:
                canvas.saveLayer(sh[1], sh[2] if a == 1.0 else self.fade(sh[2], a))
        if n.bg is not None:
            canvas.drawRRect(n.bg[0], n.bg[1] if a == 1.0 else self.fade(n.bg[1], a))
        if n.image is not None:
            img, src, dst, samp, p = n.image
            canvas.drawImageRect(img, src, dst, samp, p if a == 1.0 else self.fade(p, a),
                                 skia.Canvas.kFast_SrcRectConstraint)
        if n.gradient is not None:
            canvas.drawRect(n.gradient[0], n.gradient[1] if a == 1.0 else self.fade(n.gradient[1], a))
        if n.shape is not None:
            path, fp, spaint = n.shape
            if fp is not None:
                canvas.drawPath(path, fp if a == 1.0 else self.fade(fp, a))
            if spaint is not None:
                canvas.drawPath(path, spaint if a == 1.0 else self.fade(spaint, a))
        if n.text is not None:
            blob, x, y, p = n.text
            canvas.drawTextBlob(blob, x, y, p if a == 1.0 else self.fade(p, a))
        if n.kids:
            self.draw_children(canvas, n, a)
        bd = n.border
        if bd is not None:
            p = bd[-1] if a == 1.0 else self.fade(bd[-1], a)
            if bd[0] == "ring":
                canvas.drawDRRect(bd[1], bd[2], p)
            else:
                canvas.drawRRect(bd[1], p)
        if sh is not None and sh[0] == "filter":
            canvas.restore()
        if n.clip:
            canvas.restore()
        if n.mask is not None:
            canvas.saveLayer(n.bounds, self.dstin)
            canvas.concat(n.mask_m)
            self.draw(canvas, n.mask, 1.0)
            canvas.restore()
        if group:
            canvas.restore()

    @staticmethod
    def fade(p, a):
        q = skia.Paint(p)
        q.setAlphaf(q.getAlphaf() * a)
        return q

    def rasterize(self, n):
        """shouldRasterize: render the subtree once in the layer's own space."""
        x0, y0, w, h = n.raster_rect
        rs = n.raster_scale
        surf = skia.Surface(w, h)
        c = surf.getCanvas()
        c.clear(skia.Color4f(0, 0, 0, 0))
        c.translate(-x0, -y0)
        c.scale(rs, rs)
        self.draw(c, n, 1.0, rasterizing=True)
        n.raster_img = surf.makeImageSnapshot()
        return n.raster_img

    def render(self, canvas):
        canvas.clear(self.clear)
        canvas.save()
        s = self.scene.scale
        canvas.scale(s, s)
        self.draw_children(canvas, self.root, 1.0)
        canvas.restore()


def write_png(surface, path):
    img = surface.makeImageSnapshot()
    data = img.encodeToData(skia.EncodedImageFormat.kPNG, 100)
    if data is None:
        raise RuntimeError("PNG encoding failed")
    tmp = path + ".tmp%d" % os.getpid()
    with open(tmp, "wb") as f:
        f.write(bytes(data))
    os.replace(tmp, path)


def main(argv=None):
    global SHADOW_SIGMA_PER_RADIUS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scene", nargs="+",
                    help="scene file; with several (the frames of an animation), frame i draws scene i mod n")
    ap.add_argument("-o", "--output", help="write a PNG")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--bench", type=int, metavar="N", help="draw the layer tree N times")
    g.add_argument("--bench-picture", type=int, metavar="N", help="record once, replay N times")
    g.add_argument("--bench-record", type=int, metavar="N", help="walk + record N times, no raster")
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--no-shadows", action="store_true", help="ignore all shadows (for 2D peers)")
    ap.add_argument("--generic-shadows", action="store_true",
                    help="always blur the content alpha (saveLayer + DropShadow), no rrect fast path")
    ap.add_argument("--no-raster-cache", action="store_true",
                    help="shouldRasterize layers are re-rendered every frame")
    ap.add_argument("--sigma-per-radius", type=float, default=None,
                    help="Gaussian sigma per point of shadowRadius (default %g)" % SHADOW_SIGMA_PER_RADIUS)
    args = ap.parse_args(argv)
    if args.sigma_per_radius is not None:
        SHADOW_SIGMA_PER_RADIUS = args.sigma_per_radius
    renderers = scene_frames.load_renderers(
        args.scene, lambda s: Renderer(s, no_shadows=args.no_shadows, generic_shadows=args.generic_shadows,
                                       raster_cache=not args.no_raster_cache), "skia_render")
    if isinstance(renderers, int):
        return renderers
    r = renderers[0]
    scene = r.scene
    pw, ph = scene.pixel_size
    surface = skia.Surface(pw, ph)
    canvas = surface.getCanvas()
    if args.bench or args.bench_picture or args.bench_record:
        n = args.bench or args.bench_picture or args.bench_record
        times = []
        picture = None
        if args.bench_picture:
            rec = skia.PictureRecorder()
            rc = rec.beginRecording(skia.Rect.MakeWH(pw, ph))
            r.render(rc)
            picture = rec.finishRecordingAsPicture()
        for i in range(args.warmup + n):
            t0 = time.perf_counter()
            if args.bench:
                renderers[i % len(renderers)].render(canvas)
            elif args.bench_picture:
                canvas.clear(r.clear)
                canvas.drawPicture(picture)
            else:
                rec = skia.PictureRecorder()
                rc = rec.beginRecording(skia.Rect.MakeWH(pw, ph))
                r.render(rc)
                rec.finishRecordingAsPicture()
            t1 = time.perf_counter()
            if i >= args.warmup:
                times.append((t1 - t0) * 1000)
        print("median_ms=%.3f min_ms=%.3f max_ms=%.3f frames=%d pixels=%d"
              % (statistics.median(times), min(times), max(times), n, pw * ph))
        print("skia_render: mode=%s prepare_ms=%.1f" % (
            "direct" if args.bench else "picture" if args.bench_picture else "record", r.prepare_ms),
            file=sys.stderr)
        if args.output:
            write_png(surface, args.output)
        return 0
    r.render(canvas)
    out = args.output or os.path.splitext(os.path.basename(args.scene[0]))[0] + ".png"
    write_png(surface, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
