#!/usr/bin/env python3
"""Translate a scene file (docs/scene-format.md) into a standalone HTML page that
headless Chromium renders as Core Animation would render the scene.

    python3 Conformance/scene2html.py SCENE.json [-o OUT.html]

Masks need a browser: the mask subtree is itself translated and screenshot
first, and the picture becomes the host's mask-image (the CLI starts one
headless Chromium for that when the scene has masks).

The mapping (every item is explained where it is emitted):

  layer            outer flat <div>, transform-origin 0 0, matrix3d = the
                   layer's whole CA local matrix (position, zPosition,
                   anchorPoint, anchorPointZ, bounds origin, transform)
  sublayers        inner preserve-3d <div> carrying the sublayerTransform
                   about the anchor point: siblings share one 3D context
                   (depth-sorted and cut by Chromium's BSP), and the outer
                   flat <div> flattens them into the layer's plane
  CATransformLayer preserve-3d outer and inner: no flattening, no drawing
  effects          one wrapper inside the outer div covering everything the
                   layer draws: filter: drop-shadow (shadow from content
                   alpha), clip-path (masksToBounds), mask-image (mask). CSS
                   applies filter, then clip, then mask, then opacity: the
                   order Core Animation documents (research §3, §4, §5).

What cannot be mapped exactly is listed in Conformance/README.md.
"""
import argparse
import base64
import html
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scene_model as sm  # noqa: E402


class Unsupported(Exception):
    """The scene uses something this translator cannot express in CSS."""


# --------------------------------------------------------------- formatting
# compositingFilter names (Core Animation's spelling) and the CSS mix-blend-mode that draws
# the same blend (CSS Compositing and Blending Level 1 is where Core Image's modes come from).
# Names OpenQuartzCore draws source-over (docs/semantics.md §10) are "normal" here too.
MIX_BLEND_MODES = {
    "multiplyBlendMode": "multiply", "screenBlendMode": "screen", "overlayBlendMode": "overlay",
    "darkenBlendMode": "darken", "lightenBlendMode": "lighten", "colorDodgeBlendMode": "color-dodge",
    "colorBurnBlendMode": "color-burn", "softLightBlendMode": "soft-light",
    "hardLightBlendMode": "hard-light", "differenceBlendMode": "difference",
    "exclusionBlendMode": "exclusion", "hueBlendMode": "hue", "saturationBlendMode": "saturation",
    "colorBlendMode": "color", "luminosityBlendMode": "luminosity",
    "additionCompositing": "plus-lighter", "sourceOverCompositing": "normal",
}


def mix_blend_mode(L):
    """The CSS mix-blend-mode for the layer's compositingFilter; None for none."""
    if L.compositingFilter is None:
        return None
    if L.compositingFilter == "sourceAtopCompositing":
        raise Unsupported("compositingFilter sourceAtopCompositing (no CSS blend mode)")
    return MIX_BLEND_MODES.get(L.compositingFilter, "normal")


def f(x):
    if abs(x) < 5e-10:
        return "0"
    s = "%.6f" % x
    s = s.rstrip("0").rstrip(".")
    return s if s not in ("-0", "") else "0"


def px(x):
    return f(x) + "px"


def css_matrix(m):
    """Column-form 4x4 (scene_model) -> CSS matrix3d, which lists the
    column-major entries: exactly CATransform3D's m11..m44 order."""
    return "matrix3d(%s)" % ",".join("%.10g" % (0.0 if abs(m[r * 4 + c]) < 1e-13 else m[r * 4 + c])
                                     for c in range(4) for r in range(4))


def rgba(c, alpha=1.0):
    if c is None:
        return "transparent"
    r, g, b, a = c
    return "rgba(%s,%s,%s,%s)" % (f(r * 255), f(g * 255), f(b * 255), f(a * alpha))


def radii(L):
    """(TL, TR, BR, BL) in iOS y-down terms, clamped to half the shorter side
    (research §3: 'r is effectively limited to min(w,h)/2', I)."""
    return sm.corner_radii(L)


def radius_css(rs):
    return " ".join(px(r) for r in rs)


# --------------------------------------------------------------- images
def png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise sm.SceneError("contents: not a PNG image")
    return struct.unpack(">II", data[16:24])


def image_bytes(src):
    kind, v = src
    if kind == "bytes":
        return v
    with open(v, "rb") as fh:
        return fh.read()


def data_url(data, mime="image/png"):
    return "data:%s;base64,%s" % (mime, base64.b64encode(data).decode())


def gravity_rect(L, cw, ch):
    """Destination rect of the contents in bounds space (research §9). The
    table there is in layer coordinates where 'top' is max-Y; on iOS, with
    y-down geometry, 'top' therefore lands at the visual bottom."""
    bx, by, bw, bh = L.bounds
    g = L.contentsGravity
    if g == "resize":
        return (bx, by, bw, bh)
    if g in ("resizeAspect", "resizeAspectFill"):
        if cw <= 0 or ch <= 0:
            return (bx, by, 0.0, 0.0)
        s = (min if g == "resizeAspect" else max)(bw / cw, bh / ch)
        w, h = cw * s, ch * s
        return (bx + (bw - w) / 2, by + (bh - h) / 2, w, h)
    x = bx + (bw - cw) / 2
    y = by + (bh - ch) / 2
    if "Left" in g or g == "left":
        x = bx
    if "Right" in g or g == "right":
        x = bx + bw - cw
    if g.startswith("top"):
        y = by + bh - ch      # max-Y
    if g.startswith("bottom"):
        y = by               # min-Y
    return (x, y, cw, ch)


# --------------------------------------------------------------- paths
def svg_path_d(p):
    kind = p[0]
    if kind == "rect":
        x, y, w, h = p[1:5]
        return "M%s %sh%sv%sh%sZ" % (f(x), f(y), f(w), f(h), f(-w))
    if kind == "ellipse":
        x, y, w, h = p[1:5]
        rx, ry = w / 2, h / 2
        cx, cy = x + rx, y + ry
        # CGPath(ellipseIn:) starts at the right-most point and runs
        # clockwise in y-down space (its direction matters for nonZero).
        return ("M%s %sA%s %s 0 0 1 %s %sA%s %s 0 0 1 %s %sA%s %s 0 0 1 %s %sA%s %s 0 0 1 %s %sZ"
                % (f(cx + rx), f(cy), f(rx), f(ry), f(cx), f(cy + ry), f(rx), f(ry), f(cx - rx), f(cy),
                   f(rx), f(ry), f(cx), f(cy - ry), f(rx), f(ry), f(cx + rx), f(cy)))
    if kind == "rrect":
        x, y, w, h, r = p[1:6]
        r = min(r, abs(w) / 2, abs(h) / 2)
        if r <= 0:
            return svg_path_d(("rect", x, y, w, h))
        return ("M%s %sH%sA%s %s 0 0 1 %s %sV%sA%s %s 0 0 1 %s %sH%sA%s %s 0 0 1 %s %sV%sA%s %s 0 0 1 %s %sZ"
                % (f(x + r), f(y), f(x + w - r), f(r), f(r), f(x + w), f(y + r), f(y + h - r), f(r), f(r),
                   f(x + w - r), f(y + h), f(x + r), f(r), f(r), f(x), f(y + h - r), f(y + r), f(r), f(r),
                   f(x + r), f(y)))
    out = []
    for op in p[1]:
        out.append(op[0] + " ".join(f(v) for v in op[1:]))
    return "".join(out)


# The continuous ("squircle") corner of research §3: PaintCode's
# reconstruction of UIBezierPath's iOS 7 corner, per corner in units of r
# measured from the corner along the incoming edge (first number) and the
# outgoing edge (second), walking clockwise on screen.
CONTINUOUS_CORNER = [("L", (1.52866483, 0)),
                     ("C", (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)),
                     ("L", (0.63149399, 0.07491100)),
                     ("C", (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399)),
                     ("L", (0.06549600, 0.66993427)),
                     ("C", (0, 0.86840689), (0, 1.08849323), (0, 1.52866483))]
CIRCULAR_CORNER = [("L", (1, 0)), ("C", (1 - 0.5522847498, 0), (0, 1 - 0.5522847498), (0, 1))]


def continuous_corners(L):
    """The continuous outline needs 1.5287 r of edge on each side; research
    §3 says UIBezierPath switches to other (unknown) shapes below that, so
    smaller rectangles get circular corners, as in our renderer."""
    if L.cornerCurve != "continuous":
        return False
    rs = radii(L)
    half = min(L.bounds[2], L.bounds[3]) / 2
    return max(rs) > 0 and all(r * 1.52866483 <= half for r in rs)


def rounded_rect_d(rect, rs, continuous):
    """SVG path data of a rect with per-corner radii (TL, TR, BR, BL), in
    the continuous or circular style."""
    x0, y0, w, h = rect
    x1, y1 = x0 + w, y0 + h
    corners = [(x0, y0, (0, -1), (1, 0)), (x1, y0, (1, 0), (0, 1)),
               (x1, y1, (0, 1), (-1, 0)), (x0, y1, (-1, 0), (0, -1))]
    out = []
    for i, ((cx, cy, din, dout), r) in enumerate(zip(corners, rs)):
        if r <= 0:
            out.append("%s%s %s" % ("M" if i == 0 else "L", f(cx), f(cy)))
            continue

        def pt(q):
            back, fwd = q
            return "%s %s" % (f(cx - din[0] * back * r + dout[0] * fwd * r),
                              f(cy - din[1] * back * r + dout[1] * fwd * r))
        for j, seg in enumerate(CONTINUOUS_CORNER if continuous else CIRCULAR_CORNER):
            op = "M" if (i == 0 and j == 0) else seg[0]
            out.append(op + " ".join(pt(q) for q in seg[1:]))
    return "".join(out) + "Z"


# --------------------------------------------------------------- translator
BASE_CSS = """
html,body{margin:0;padding:0;overflow:hidden}
.l{position:absolute;left:0;top:0;transform-origin:0 0;box-sizing:border-box}
.p3{transform-style:preserve-3d}
svg.l{overflow:visible}
"""


class Translator:
    def __init__(self, scene, mask_renderer=None):
        self.scene = scene
        self.mask_renderer = mask_renderer
        self.notes = []          # things approximated for this scene
        self.uses_masks = False

    # ------------------------------------------------------------ pages
    def page(self):
        S = self.scene
        annotate_contents(S.root)
        sm.prepare_geometry(S.root)
        bg = "background:%s;" % rgba(S.background) if S.background is not None else ""
        body = self.flat_children(S.root, (0.0, 0.0), 1.0, (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))
        return self.document(S.width, S.height, bg, body)

    def document(self, w, h, bg, body):
        """The canvas sits at (MARGIN, MARGIN) in the page: Chromium mis-sorts
        3D layers that reach past the page's top or left edge, so nothing
        may get there. The page background is the canvas background; only
        the canvas rectangle is captured."""
        m = page_margin(w, h)
        return ("<!doctype html><html><head><meta charset=\"utf-8\"><style>%s"
                "#root{width:%s;height:%s;position:absolute;left:%s;top:%s}</style></head>"
                "<body style=\"%s\"><div id=\"root\">%s</div></body></html>"
                % (BASE_CSS, px(w), px(h), px(m), px(m), bg, body))

    # ------------------------------------------------------------ structure
    def flat_children(self, L, origin, alpha, world):
        """The sublayers of a flattening layer: one preserve-3d <div> in the
        layer's box (whose CSS origin is the bounds origin `origin`) carrying
        the sublayerTransform about the anchor point."""
        kids = [c for c in L.sublayers if not c.hidden]
        if not kids:
            return ""
        sub = self.sub_matrix(L, origin)
        inner = "".join(self.layer(c, L, origin, alpha, sm.mmul(world, sub)) for c in kids)
        st = "" if sm.is_identity(sub) else "transform:%s;" % css_matrix(sub)
        return "<div class=\"l p3\" style=\"%s\">%s</div>" % (st, inner)

    def check_replicator(self, L):
        e = L.extra
        if e["instanceColor"] != (1.0, 1.0, 1.0, 1.0) or any(
                e[k] != 0 for k in ("instanceRedOffset", "instanceGreenOffset",
                                    "instanceBlueOffset", "instanceAlphaOffset")):
            raise Unsupported("tinted replicator instances")
        if e["instanceCount"] > 256:
            raise Unsupported("more than 256 replicator instances")
        if sm.has_shadow(L) or L.mask is not None:
            # The effects' extents are computed without the instances.
            raise Unsupported("replicator layers with a shadow or a mask")

    def replicas(self, L, origin, alpha, world):
        """A replicator's sublayers drawn instanceCount times: instance i has
        instanceTransform applied i times, in the replicator's sublayer space,
        about the centre of its bounds ("the matrix is applied relative to the
        center of this layer", CAReplicatorLayer.h)."""
        e = L.extra
        bx, by, bw, bh = L.bounds
        ox, oy = origin
        cx, cy = bx + bw / 2 - ox, by + bh / 2 - oy
        step = sm.mchain(sm.translate(cx, cy), e["instanceTransform"], sm.translate(-cx, -cy))
        m = sm.IDENT
        out = []
        for _ in range(e["instanceCount"]):
            kids = self.flat_children(L, origin, alpha, sm.mmul(world, m))
            if kids:
                st = "" if sm.is_identity(m) else "transform:%s;" % css_matrix(m)
                out.append("<div class=\"l p3\" style=\"%s\">%s</div>" % (st, kids))
            m = sm.mmul(m, step)
        return "".join(out)

    def sub_matrix(self, L, origin):
        if L.geometryFlipped:
            raise Unsupported("geometryFlipped")
        if sm.is_identity(L.sublayerTransform):
            return sm.IDENT
        ax, ay, az = sm.anchor_of(L)
        ox, oy = origin
        return sm.mchain(sm.translate(-ox, -oy), sm.translate(ax, ay, az), L.sublayerTransform,
                         sm.translate(-ax, -ay, -az), sm.translate(ox, oy))

    def outer_matrix(self, L, parent_origin):
        """L's box -> parent's box: Tr(-Bo_P) · position/zPosition · T · Tr(-A) · Tr(Bo_L)."""
        ax, ay, az = sm.anchor_of(L)
        return sm.mchain(sm.translate(-parent_origin[0], -parent_origin[1]),
                         sm.translate(L.position[0], L.position[1], L.zPosition), L.transform,
                         sm.translate(-ax, -ay, -az), sm.translate(L.bounds[0], L.bounds[1]))

    def layer(self, L, parent, parent_origin, alpha, world):
        if L.hidden:
            return ""
        if L.type in ("text",):
            raise Unsupported("text layers (fonts differ between engines)")
        if L.type == "replicator":
            self.check_replicator(L)
        m = self.outer_matrix(L, parent_origin)
        w_here = sm.mmul(world, m)
        bx, by, bw, bh = L.bounds
        origin = (bx, by)
        style = ["width:%s;height:%s" % (px(bw), px(bh))]
        blend = mix_blend_mode(L) if L.type != "transform" else None
        if blend:
            # The layer and its subtree as one group, blended with the backdrop of the
            # stacking context it is drawn in (its parent's and earlier siblings' content).
            style.append("mix-blend-mode:" + blend)
        if not sm.is_identity(m):
            style.append("transform:" + css_matrix(m))
        if not sm.is_translation(sm.flat(m)):
            # Composited, so that the page-wide edge-antialiasing switch
            # decides how its edges are drawn, as allowsEdgeAntialiasing does.
            style.append("will-change:transform")
        if not L.doubleSided:
            style.append("backface-visibility:hidden")
        if L.type == "transform":
            # Does not flatten, draws nothing of its own, ignores mask,
            # masksToBounds and shadow, and applies its opacity to each
            # sublayer on its own (research §7).
            kids = [c for c in L.sublayers if not c.hidden]
            sub = self.sub_matrix(L, origin)
            a = alpha * L.opacity
            inner = "".join(self.layer(c, L, origin, a, sm.mmul(w_here, sub)) for c in kids)
            st = "" if sm.is_identity(sub) else "transform:%s;" % css_matrix(sub)
            return "<div class=\"l p3\" style=\"%s\"><div class=\"l p3\" style=\"%s\">%s</div></div>" % (
                ";".join(style), st, inner)
        shadow = sm.has_shadow(L) and L.extent_content is not None or (
            sm.has_shadow(L) and L.shadowPath is not None)
        # Offscreen group (research §7.1): group opacity, or any effect that
        # needs the layer as one image; opacity then applies to the image.
        group = (L.opacity < 1 and L.groupOpacity) or L.mask is not None or shadow or L.shouldRasterize
        if L.shouldRasterize and abs(L.rasterizationScale - self.scene.scale) > 1e-9:
            self.notes.append("shouldRasterize at a scale other than the canvas's is drawn sharp")
        if group:
            a_in = 1.0
            if L.opacity * alpha < 1:
                style.append("opacity:" + f(L.opacity * alpha))
        else:
            a_in = alpha * L.opacity
        if a_in <= 0 and not group:
            return ""
        content = self.content(L, origin, a_in, w_here, clip_inner=shadow and L.masksToBounds
                               and L.shadowPath is None)
        needs_wrapper = shadow or L.masksToBounds or L.mask is not None
        if needs_wrapper:
            content = self.effects(L, content, shadow, w_here)
        return "<div class=\"l\" style=\"%s\">%s</div>" % (";".join(style), content)

    # ------------------------------------------------------------ effects
    def effects(self, L, content, shadow, world):
        bx, by, bw, bh = L.bounds
        ext = L.bounds
        if L.extent_content is not None:
            ext = sm.rect_union(ext, L.extent_content)
        if shadow:
            src = sm.path_bounds(L.shadowPath) if L.shadowPath is not None else L.extent_content
            if src is not None:
                s = L.shadowRadius
                ext = sm.rect_union(ext, sm.rect_outset(
                    (src[0] + L.shadowOffset[0], src[1] + L.shadowOffset[1], src[2], src[3]), 3 * s + 2))
        mask_rect = None
        if L.mask is not None and not L.mask.hidden and L.mask.extent is not None:
            mr = sm.map_rect_bounds(sm.flat(L.mask.local), L.mask.extent)
            mask_rect = mr
            if mr is not None:
                ext = sm.rect_union(ext, mr)
        # Keep the wrapper finite when 3D content reaches behind the eye.
        lim = 4 * max(self.scene.width, self.scene.height)
        ext = sm.rect_intersect(ext, (bx - lim, by - lim, bw + 2 * lim, bh + 2 * lim))
        ex, ey, ew, eh = ext
        st = ["left:%s;top:%s;width:%s;height:%s" % (px(ex - bx), px(ey - by), px(ew), px(eh))]
        pre = ""
        if shadow and L.shadowPath is not None:
            pre = self.shadow_path_svg(L)
        elif shadow:
            c = L.shadowColor
            # Chromium's drop-shadow() length is the Gaussian sigma (measured:
            # a 10px drop-shadow edge follows erf with sigma 10), and
            # Core Animation's shadowRadius is sigma (research §4).
            st.append("filter:drop-shadow(%s %s %s %s)" % (
                px(L.shadowOffset[0]), px(L.shadowOffset[1]), px(L.shadowRadius),
                rgba(c, L.shadowOpacity)))
        if L.masksToBounds:
            st.append("clip-path:" + self.clip_inset(L, ext))
        if L.mask is not None:
            if L.mask.hidden or L.mask.extent is None or mask_rect is None:
                # A mask that draws nothing lets nothing through.
                return ""
            st.append(self.mask_css(L, mask_rect, ext, world))
        return "<div class=\"l\" style=\"%s\"><div class=\"l\" style=\"left:%s;top:%s;width:%s;height:%s\">%s%s</div></div>" % (
            ";".join(st), px(bx - ex), px(by - ey), px(bw), px(bh), pre, content)

    def clip_inset(self, L, ref):
        """Rounded bounds as clip-path inset() relative to the box `ref`."""
        bx, by, bw, bh = L.bounds
        rx, ry, rw, rh = ref
        t, l = by - ry, bx - rx
        b, r = (ry + rh) - (by + bh), (rx + rw) - (bx + bw)
        rs = radii(L)
        if continuous_corners(L):
            return "path('%s')" % rounded_rect_d((l, t, bw, bh), rs, True)
        rnd = " round " + radius_css(rs) if max(rs) > 0 else ""
        return "inset(%s %s %s %s%s)" % (px(t), px(r), px(b), px(l), rnd)

    def shadow_path_svg(self, L):
        """shadowPath: the path filled (non-zero) in the shadow colour, offset,
        blurred with sigma = shadowRadius, behind the layer (research §4)."""
        pb = sm.path_bounds(L.shadowPath)
        bx, by = L.bounds[0], L.bounds[1]
        s = L.shadowRadius
        pad = 3 * s + 2
        x0, y0 = pb[0] + L.shadowOffset[0] - pad, pb[1] + L.shadowOffset[1] - pad
        w, h = pb[2] + 2 * pad, pb[3] + 2 * pad
        blur = "filter:blur(%s);" % px(s) if s > 0 else ""
        return ("<svg class=\"l\" style=\"left:%s;top:%s;%s\" width=\"%s\" height=\"%s\" viewBox=\"%s %s %s %s\">"
                "<path transform=\"translate(%s %s)\" d=\"%s\" fill=\"%s\" fill-rule=\"nonzero\"/></svg>"
                % (px(x0 - bx), px(y0 - by), blur, f(w), f(h), f(x0), f(y0), f(w), f(h),
                   f(L.shadowOffset[0]), f(L.shadowOffset[1]), svg_path_d(L.shadowPath),
                   rgba(L.shadowColor, L.shadowOpacity)))

    def mask_css(self, L, mask_rect, ext, world):
        """Render the mask subtree as its own picture, in the host's bounds
        space, then use its alpha as the wrapper's mask-image."""
        if self.mask_renderer is None:
            raise Unsupported("masks need a browser to render the mask layer first")
        self.uses_masks = True
        s = self.scene.scale
        zoom = max(1.0, world_zoom(world, L))
        k = s * min(4.0, math.ceil(zoom * 2) / 2)
        # Snap the picture to the device-pixel grid of the host's bounds space
        # so that an untransformed host samples it 1:1.
        mx0 = math.floor(mask_rect[0] * s) / s
        my0 = math.floor(mask_rect[1] * s) / s
        mx1 = math.ceil((mask_rect[0] + mask_rect[2]) * s) / s
        my1 = math.ceil((mask_rect[1] + mask_rect[3]) * s) / s
        mw, mh = max(mx1 - mx0, 1.0 / s), max(my1 - my0, 1.0 / s)
        while mw * k > 4096 or mh * k > 4096:
            k /= 2
        sub = Translator(self.scene, self.mask_renderer)
        body = sub.layer(L.mask, None, (mx0, my0), 1.0, sm.IDENT)
        self.notes += sub.notes
        page = sub.document(mw, mh, "", body)
        png = self.mask_renderer(page, mw, mh, k)
        return ("mask-image:url(%s);mask-mode:alpha;mask-repeat:no-repeat;mask-size:%s %s;"
                "mask-position:%s %s;mask-origin:border-box;mask-clip:no-clip" % (
                    data_url(png), px(mw), px(mh), px(mx0 - ext[0]), px(my0 - ext[1])))

    # ------------------------------------------------------------ content
    def content(self, L, origin, alpha, world, clip_inner):
        """Background, contents, shape or gradient, sublayers, then the
        border on top (research §3), all in L's box."""
        bx, by, bw, bh = L.bounds
        rs = radii(L)
        parts = []
        bg = L.backgroundColor
        if bg is not None and bg[3] > 0 and continuous_corners(L):
            parts.append(self.svg_open(L) + "<path d=\"%s\" fill=\"%s\"/></svg>" % (
                rounded_rect_d(L.bounds, rs, True), rgba(bg, alpha)))
        elif bg is not None and bg[3] > 0:
            parts.append("<div class=\"l\" style=\"width:%s;height:%s;background:%s;%s\"></div>" % (
                px(bw), px(bh), rgba(bg, alpha),
                "border-radius:%s" % radius_css(rs) if max(rs) > 0 else ""))
        if L.contents is not None:
            parts.append(self.contents(L, alpha))
        if L.type == "shape" and L.path is not None:
            parts.append(self.shape(L, alpha))
        if L.type == "gradient":
            parts.append(self.gradient(L, alpha))
        if L.type == "replicator":
            parts.append(self.replicas(L, origin, alpha, world))
        else:
            parts.append(self.flat_children(L, origin, alpha, world))
        inner = "".join(parts)
        if clip_inner:
            # The shadow is cast by the clipped content (the clip applies to
            # contents and sublayers before the layer is one image), so clip
            # once here and once more around the shadow.
            inner = "<div class=\"l\" style=\"width:%s;height:%s;clip-path:%s\">%s</div>" % (
                px(bw), px(bh), self.clip_inset(L, L.bounds), inner)
        if L.borderWidth > 0 and L.borderColor is not None and L.borderColor[3] > 0 and continuous_corners(L):
            # Ring between the rounded bounds and the bounds inset by the
            # width with each radius reduced by it (research §3).
            w = L.borderWidth
            d = rounded_rect_d(L.bounds, rs, True)
            if bw > 2 * w and bh > 2 * w:
                d += rounded_rect_d((bx + w, by + w, bw - 2 * w, bh - 2 * w),
                                    tuple(max(0.0, r - w) for r in rs), True)
            inner += self.svg_open(L) + "<path d=\"%s\" fill=\"%s\" fill-rule=\"evenodd\"/></svg>" % (
                d, rgba(L.borderColor, alpha))
        elif L.borderWidth > 0 and L.borderColor is not None and L.borderColor[3] > 0:
            inner += ("<div class=\"l\" style=\"width:%s;height:%s;border:%s solid %s;%s\"></div>" % (
                px(bw), px(bh), px(L.borderWidth), rgba(L.borderColor, alpha),
                "border-radius:%s" % radius_css(rs) if max(rs) > 0 else ""))
        return inner

    def contents(self, L, alpha):
        data = image_bytes(L.contents)
        pw, ph = png_size(data)
        crx, cry, crw, crh = L.contentsRect
        if crx < 0 or cry < 0 or crx + crw > 1 + 1e-9 or cry + crh > 1 + 1e-9:
            self.notes.append("contentsRect outside the unit square does not clamp to edge pixels")
        # Logical size for gravity: pixels / contentsScale, of the contentsRect part (I).
        dx, dy, dw, dh = contents_rect(L)
        bx, by = L.bounds[0], L.bounds[1]
        s = self.scene.scale
        upscale = dw * s > pw * crw + 1e-9 or dh * s > ph * crh + 1e-9
        filt = L.magFilter if upscale else L.minFilter
        rendering = "image-rendering:pixelated;" if filt == "nearest" else ""
        op = "opacity:%s;" % f(alpha) if alpha < 1 else ""
        url = data_url(data)
        if L.contentsCenter != (0.0, 0.0, 1.0, 1.0) and L.contentsGravity in ("resize", "resizeAspect",
                                                                                  "resizeAspectFill"):
            # Nine-slice: CSS border-image with fill. Slices in image pixels,
            # widths in points (pixels / contentsScale).
            ccx, ccy, ccw, cch = L.contentsCenter
            top, left = ccy * ph, ccx * pw
            bottom, right = (1 - ccy - cch) * ph, (1 - ccx - ccw) * pw
            sc = L.contentsScale
            return ("<div class=\"l\" style=\"left:%s;top:%s;width:%s;height:%s;border-style:solid;"
                    "border-width:%s %s %s %s;border-image:url(%s) %s %s %s %s fill stretch;%s%s\"></div>" % (
                        px(dx - bx), px(dy - by), px(dw), px(dh), px(top / sc), px(right / sc),
                        px(bottom / sc), px(left / sc), url, f(top), f(right), f(bottom), f(left),
                        rendering, op))
        if (crx, cry, crw, crh) == (0.0, 0.0, 1.0, 1.0):
            return "<img class=\"l\" style=\"left:%s;top:%s;width:%s;height:%s;%s%s\" src=\"%s\">" % (
                px(dx - bx), px(dy - by), px(dw), px(dh), rendering, op, url)
        iw, ih = dw / crw, dh / crh
        return ("<div class=\"l\" style=\"left:%s;top:%s;width:%s;height:%s;overflow:hidden;%s\">"
                "<img class=\"l\" style=\"left:%s;top:%s;width:%s;height:%s;%s\" src=\"%s\"></div>" % (
                    px(dx - bx), px(dy - by), px(dw), px(dh), op, px(-crx * iw), px(-cry * ih), px(iw),
                    px(ih), rendering, url))

    def svg_open(self, L, extra=""):
        bx, by, bw, bh = L.bounds
        # A 0x0 inline SVG draws nothing in Chromium even with visible
        # overflow: give it at least 1x1 (the viewBox keeps the scale 1).
        w, h = max(bw, 1.0), max(bh, 1.0)
        return ("<svg class=\"l\" width=\"%s\" height=\"%s\" viewBox=\"%s %s %s %s\" "
                "preserveAspectRatio=\"none\" style=\"%s\">" % (f(w), f(h), f(bx), f(by), f(w), f(h), extra))

    def shape(self, L, alpha):
        e = L.extra
        d = svg_path_d(L.path)
        attrs = ["d=\"%s\"" % d]
        fill = e["fillColor"]
        if fill is None or fill[3] <= 0:
            attrs.append("fill=\"none\"")
        else:
            attrs.append("fill=\"%s\" fill-rule=\"%s\"" % (
                rgba(fill, alpha), "evenodd" if e["fillRule"] == "evenOdd" else "nonzero"))
        stroke = e["strokeColor"]
        if stroke is not None and stroke[3] > 0 and e["lineWidth"] > 0 and e["strokeEnd"] > e["strokeStart"]:
            attrs.append("stroke=\"%s\" stroke-width=\"%s\" stroke-linecap=\"%s\" stroke-linejoin=\"%s\" "
                         "stroke-miterlimit=\"%s\"" % (
                             rgba(stroke, alpha), f(e["lineWidth"]), e["lineCap"], e["lineJoin"],
                             f(max(e["miterLimit"], 1.0))))
            dash = e["lineDashPattern"]
            if e["strokeStart"] > 0 or e["strokeEnd"] < 1:
                if dash:
                    self.notes.append("strokeStart/strokeEnd with a dash pattern: dash ignored")
                # pathLength 1 makes the dash lengths fractions of the path.
                a, b = e["strokeStart"], e["strokeEnd"]
                attrs.append("pathLength=\"1\" stroke-dasharray=\"%s 2\" stroke-dashoffset=\"%s\"" % (
                    f(b - a), f(-a)))
            elif dash and sum(dash) > 0:
                attrs.append("stroke-dasharray=\"%s\" stroke-dashoffset=\"%s\"" % (
                    " ".join(f(x) for x in dash), f(e["lineDashPhase"])))
        return self.svg_open(L) + "<path %s/></svg>" % " ".join(attrs)

    def gradient(self, L, alpha):
        e = L.extra
        cols = e["colors"]
        if not cols:
            return ""
        bx, by, bw, bh = L.bounds
        locs = e["locations"]
        if locs is None or len(locs) != len(cols):
            locs = [i / (len(cols) - 1) for i in range(len(cols))] if len(cols) > 1 else [0.0]
        sx, sy = e["startPoint"]
        ex, ey = e["endPoint"]
        x1, y1 = bx + sx * bw, by + sy * bh
        x2, y2 = bx + ex * bw, by + ey * bh
        stops = "".join("<stop offset=\"%s\" stop-color=\"%s\"/>" % (f(o), rgba(c, alpha))
                        for o, c in zip(locs, cols))
        t = e["gradientType"]
        # CAGradientLayer lays the gradient out in the unit square of the
        # bounds and then stretches that square onto the bounds: on a
        # non-square layer a diagonal gradient's isolines are not
        # perpendicular to the start-end line (observed on iOS:
        # stackoverflow.com/a/43176174, "it converts the view to a square,
        # applies the gradient, then squishes it"). So every gradient below
        # is built in unit coordinates and mapped by (bw, bh).
        unit = "matrix(%s 0 0 %s %s %s)" % (f(bw), f(bh), f(bx), f(by))
        if t == "conic":
            # Conic (CAGradientLayer.h): centred at startPoint, 0 degrees along
            # startPoint -> endPoint, the angle growing from +x toward +y
            # (clockwise on screen with y down); in the unit square (a 100 px
            # square here) stretched onto the bounds. CSS measures 'from'
            # from 12 o'clock.
            ang = math.degrees(math.atan2(ey - sy, ex - sx)) + 90
            stops_css = ",".join("%s %s%%" % (rgba(c, alpha), f(o * 100)) for o, c in zip(locs, cols))
            return ("<div class=\"l\" style=\"width:100px;height:100px;transform:matrix(%s,0,0,%s,0,0);"
                    "background:conic-gradient(from %sdeg at %s %s, %s)\"></div>" % (
                        f(bw / 100), f(bh / 100), f(ang), px(sx * 100), px(sy * 100), stops_css))
        if t == "radial":
            # CAGradientLayer.h: "an ellipse with its center at 'startPoint'
            # and its width and height defined by '(endPoint.x - startPoint.x)
            # * 2' and '(endPoint.y - startPoint.y) * 2'" (unit coordinates,
            # so radii |dx| * bw and |dy| * bh). Outside it: the last colour
            # (not documented).
            rx, ry = abs(x2 - x1), abs(y2 - y1)
            if rx <= 0 or ry <= 0:
                return ""
            grad = ("<radialGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" "
                    "gradientTransform=\"matrix(%s 0 0 %s %s %s)\">%s</radialGradient>" % (
                        f(rx), f(ry), f(x1), f(y1), stops))
        else:
            grad = ("<linearGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" gradientTransform=\"%s\" "
                    "x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\">%s</linearGradient>" % (
                        unit, f(sx), f(sy), f(ex), f(ey), stops))
        gid = "g%d" % id(L)
        grad = grad.replace("id=\"g\"", "id=\"%s\"" % gid)
        return self.svg_open(L) + "<defs>%s</defs><rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"url(#%s)\"/></svg>" % (
            grad, f(bx), f(by), f(bw), f(bh), gid)


def contents_rect(L):
    """Where L's contents draw, in its bounds space (gravity, contentsRect)."""
    pw, ph = png_size(image_bytes(L.contents))
    crw, crh = L.contentsRect[2], L.contentsRect[3]
    return gravity_rect(L, pw * crw / L.contentsScale, ph * crh / L.contentsScale)


def annotate_contents(L):
    """Contents drawn outside the bounds count in the layer's extent, so that
    the mask wrapper covers them (Chromium leaves content outside a masked
    element's box unmasked)."""
    if L.contents is not None:
        L.contentsExtent = contents_rect(L)
    if L.mask is not None:
        annotate_contents(L.mask)
    for c in L.sublayers:
        annotate_contents(c)


def page_margin(w, h):
    return float(max(200, math.ceil(max(w, h))))


def world_zoom(world, L):
    """Rough device zoom of the layer's plane at its bounds centre, to pick
    the resolution of a mask picture."""
    m = sm.flat(world)
    b = L.bounds
    cx, cy = b[0] + b[2] / 2, b[1] + b[3] / 2
    X, Y, _, W = sm.map_point(m, cx, cy)
    X1, Y1, _, W1 = sm.map_point(m, cx + 1, cy)
    X2, Y2, _, W2 = sm.map_point(m, cx, cy + 1)
    if min(W, W1, W2) <= 1e-9:
        return 1.0
    p = (X / W, Y / W)
    return max(math.hypot(X1 / W1 - p[0], Y1 / W1 - p[1]), math.hypot(X2 / W2 - p[0], Y2 / W2 - p[1]))


def scene_edge_aa(scene):
    """Chromium has one edge-antialiasing switch per process: take the
    canvas default unless every transformed layer overrides it."""
    votes = []

    def walk(L):
        if not sm.is_translation(L.transform) or not sm.is_identity(L.sublayerTransform):
            votes.append(L.edgeAA)
        for c in L.sublayers:
            walk(c)
        if L.mask is not None:
            walk(L.mask)
    for c in scene.root.sublayers:
        walk(c)
    if not votes:
        return scene.allowsEdgeAntialiasing
    return sum(votes) * 2 > len(votes) if len(set(votes)) > 1 else votes[0]


def translate_scene(path, mask_renderer=None):
    """-> (html, translator) for the scene file at path."""
    scene = sm.load(path)
    t = Translator(scene, mask_renderer)
    return t.page(), t


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scene")
    ap.add_argument("-o", "--output", help="HTML file (default: standard output)")
    a = ap.parse_args(argv)
    browser = None
    try:
        def masks(page, w, h, scale):
            nonlocal browser
            if browser is None:
                import chromium
                browser = chromium.Browser()
                browser.start()
            return render_page(browser, page, w, h, scale)
        try:
            page, t = translate_scene(a.scene, masks)
        except (sm.SceneError, Unsupported) as e:
            print(str(e), file=sys.stderr)
            return 2
    finally:
        if browser is not None:
            browser.close()
    for n in sorted(set(t.notes)):
        print("note: " + n, file=sys.stderr)
    if a.output:
        with open(a.output, "w") as fh:
            fh.write(page)
    else:
        sys.stdout.write(page)
    return 0


def render_page(browser, page, w, h, scale, workdir=None):
    """Write page to a temporary file and screenshot it: PNG bytes."""
    import tempfile
    fd, p = tempfile.mkstemp(suffix=".html", dir=workdir)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(page)
        return browser.screenshot("file://" + p, w, h, scale, margin=page_margin(w, h))
    finally:
        os.unlink(p)


if __name__ == "__main__":
    sys.exit(main())
