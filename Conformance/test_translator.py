#!/usr/bin/env python3
"""Checks that the witness (scene2html + Chromium) draws what Core Animation
draws, at pixels whose expected values were worked out by hand from the
research notes, independently of our renderer.

    python3 -m unittest Conformance/test_translator.py      (about 5 s)
"""
import io
import json
import math
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

import chromium  # noqa: E402
import scene2html  # noqa: E402
import scene_model as sm  # noqa: E402

RED = (255, 0, 0)
WHITE = (255, 255, 255)


class Witness(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="oqc-witness-")
        cls.browsers = {}

    @classmethod
    def tearDownClass(cls):
        for b in cls.browsers.values():
            b.close()

    def render(self, d):
        path = os.path.join(self.tmp, "probe.json")
        with open(path, "w") as fh:
            json.dump(d, fh)
        scene = sm.load(path)
        aa = scene2html.scene_edge_aa(scene)
        if aa not in self.browsers:
            self.browsers[aa] = chromium.Browser(edge_antialiasing=aa)
            self.browsers[aa].start()
        b = self.browsers[aa]
        t = scene2html.Translator(scene, lambda p, w, h, s: scene2html.render_page(b, p, w, h, s, self.tmp))
        png = scene2html.render_page(b, t.page(), scene.width, scene.height, scene.scale, self.tmp)
        im = np.asarray(Image.open(io.BytesIO(png)).convert("RGBA")).astype(int)
        self.assertEqual(im.shape[:2], (round(scene.height * scene.scale), round(scene.width * scene.scale)))
        return im

    def px(self, im, x, y, expected, tol=2):
        got = tuple(im[y, x, :3])
        self.assertTrue(all(abs(a - b) <= tol for a, b in zip(got, expected)),
                        "pixel (%d,%d) is %s, expected %s" % (x, y, got, expected))

    def canvas(self, layers, w=200, h=200, **kw):
        c = {"width": w, "height": h, "scale": 1, "background": "white"}
        c.update(kw)
        return {"canvas": c, "layers": layers}

    def test_position_in_parent(self):
        # research §1.2 vector 2: child (0,0) lands on (75,25) in the parent,
        # which sits with its origin at (0,0) of the canvas.
        im = self.render(self.canvas([{"bounds": [0, 0, 200, 200], "position": [100, 100], "sublayers": [
            {"bounds": [0, 0, 50, 50], "position": [100, 50], "backgroundColor": "red"}]}]))
        self.px(im, 75, 25, RED)
        self.px(im, 74, 25, WHITE)
        self.px(im, 75, 24, WHITE)
        self.px(im, 124, 74, RED)
        self.px(im, 125, 74, WHITE)

    def test_sublayer_transform_pivot(self):
        # research §1.2: parent sublayerTransform scale 2 about its anchor
        # (100,100), child translate (5,6): child (0,0) -> (60,-38), (50,50) -> (160,62).
        im = self.render(self.canvas([{"bounds": [0, 0, 200, 200], "position": [100, 100],
                                       "sublayerTransform": [{"scale": [2, 2, 1]}], "sublayers": [
            {"bounds": [0, 0, 50, 50], "position": [100, 50], "backgroundColor": "red",
             "transform": [{"translate": [5, 6, 0]}]}]}]))
        self.px(im, 60, 0, RED)
        self.px(im, 59, 10, WHITE)
        self.px(im, 159, 61, RED)
        self.px(im, 160, 61, WHITE)
        self.px(im, 100, 62, WHITE)

    def test_bounds_origin_does_not_move_layer(self):
        # research §1.1: bounds (11,22,100,50) at (200,300) has frame (150,275,100,50).
        im = self.render(self.canvas([{"bounds": [11, 22, 100, 50], "position": [200, 300],
                                       "backgroundColor": "red"}], w=400, h=400))
        self.px(im, 150, 275, RED)
        self.px(im, 149, 275, WHITE)
        self.px(im, 249, 324, RED)
        self.px(im, 250, 324, WHITE)

    def test_rotation_is_clockwise_about_anchor(self):
        # research §2: +90 degrees about z turns +x toward +y (clockwise on
        # screen); anchor (0,0) at (100,100): a 40x20 layer covers x 80..100, y 100..140.
        im = self.render(self.canvas([{"bounds": [0, 0, 40, 20], "position": [100, 100], "anchorPoint": [0, 0],
                                       "backgroundColor": "red",
                                       "affineTransform": [{"rotate": {"degrees": 90}}]}]))
        self.px(im, 90, 120, RED)
        self.px(im, 110, 110, WHITE)
        self.px(im, 90, 95, WHITE)

    def test_perspective_projection(self):
        # 100x100 at (100,100), m34 = -1/500 then 45 degrees about y: the
        # right edge (+x recedes) projects to 100 + 35.355/1.0707 = 133.02,
        # the left to 100 - 35.355/0.9293 = 61.95 (half height 53.8 there).
        im = self.render(self.canvas([{"bounds": [0, 0, 100, 100], "position": [100, 100],
                                       "backgroundColor": "red",
                                       "transform": [{"perspective": 500},
                                                     {"rotate": {"degrees": 45, "axis": [0, 1, 0]}}]}]))
        self.px(im, 61, 100, WHITE)
        self.px(im, 62, 100, RED)
        self.px(im, 132, 100, RED)
        self.px(im, 133, 100, WHITE)
        self.px(im, 63, 47, RED)
        self.px(im, 63, 45, WHITE)

    def test_shadow_sigma_is_shadow_radius(self):
        # research §4: Gaussian with sigma = shadowRadius. A 100-wide opaque
        # black-shadowed layer: at distance d outside the edge the shadow
        # alpha is erfc(d / (sigma sqrt 2)) / 2 (the far edge is 3 sigma+ away).
        im = self.render(self.canvas([{"bounds": [0, 0, 100, 100], "position": [100, 100],
                                       "backgroundColor": "white", "shadowOpacity": 1,
                                       "shadowOffset": [0, 0], "shadowRadius": 6}]))
        for d in (1.5, 4.5, 7.5, 11.5):
            a = 0.5 * math.erfc(d / (6 * math.sqrt(2)))
            v = round(255 * (1 - a))
            self.px(im, int(150 + d), 100, (v, v, v), tol=4)

    def test_gravity_top_is_visual_bottom_on_ios(self):
        # research §9: 'top' aligns to max-Y, the visual bottom with y-down geometry.
        im = self.render(self.canvas([{"bounds": [0, 0, 80, 60], "position": [100, 100], "backgroundColor": "white",
                                       "contents": "data:image/png;base64," + red_png_b64(20, 10),
                                       "contentsGravity": "top"}]))
        # bounds x 60..140, y 70..130; image 20x10 at x 90..110, y 120..130
        self.px(im, 100, 125, RED)
        self.px(im, 100, 75, WHITE)

    def test_border_above_sublayers(self):
        # research §3: the border is composited above the sublayers.
        im = self.render(self.canvas([{"bounds": [0, 0, 100, 100], "position": [100, 100], "borderWidth": 10,
                                       "borderColor": "blue", "sublayers": [
                                           {"bounds": [0, 0, 50, 50], "position": [0, 0],
                                            "backgroundColor": "red"}]}]))
        self.px(im, 55, 55, (0, 0, 255))     # border over the sublayer
        self.px(im, 65, 65, RED)             # sublayer inside the border
        self.px(im, 45, 45, RED)             # sublayer outside the bounds, not clipped

    def test_group_and_non_group_opacity(self):
        # research §6: orange canvas, white button and blue label at 0.5.
        # Group: label area = 0.5 blue + 0.5 orange. Non-group: 0.5 blue +
        # 0.5 (0.5 white + 0.5 orange).
        def scene(group):
            return self.canvas([{"bounds": [0, 0, 100, 60], "position": [100, 100], "backgroundColor": "white",
                                 "opacity": 0.5, "allowsGroupOpacity": group, "sublayers": [
                                     {"bounds": [0, 0, 60, 30], "position": [50, 30], "backgroundColor": "blue"}]}],
                               background="#ff8000")
        g, n = self.render(scene(True)), self.render(scene(False))
        self.px(g, 100, 100, (128, 64, 128))
        self.px(n, 100, 100, (0.5 * 0 + 0.25 * 255 + 0.25 * 255, 0.25 * 255 + 0.25 * 128, 0.5 * 255 + 0.25 * 255),
                tol=3)

    def test_mask_uses_alpha_in_host_space(self):
        # research §5: the mask is laid out in the host's bounds space; its
        # alpha, not its colour, lets the host through.
        im = self.render(self.canvas([{"bounds": [0, 0, 100, 100], "position": [100, 100], "backgroundColor": "red",
                                       "mask": {"bounds": [0, 0, 50, 100], "position": [75, 50],
                                                "backgroundColor": "#00ff00"}}]))
        self.px(im, 120, 100, RED)
        self.px(im, 80, 100, WHITE)

    def test_gradient_is_laid_out_in_the_unit_square(self):
        # CAGradientLayer stretches the unit square onto the bounds (observed,
        # stackoverflow.com/a/43176174): on a 200x50 layer from (0,0) to
        # (1,1) black to white, the corners (0,1) and (1,0) both sit at t = 0.5,
        # and so does the centre.
        im = self.render(self.canvas([{"type": "gradient", "bounds": [0, 0, 200, 50], "position": [100, 100],
                                       "colors": ["black", "white"], "startPoint": [0, 0],
                                       "endPoint": [1, 1]}]))
        # bounds x 0..200, y 75..125; pixel centres one pixel in from the corners
        mid = (128, 128, 128)
        self.px(im, 1, 123, mid, tol=4)      # near (0,1): t = (0.0025 + 0.97) / 2
        self.px(im, 198, 76, mid, tol=4)     # near (1,0)
        self.px(im, 100, 100, mid, tol=2)

    def test_double_sided_false_culls_back_face(self):
        im = self.render(self.canvas([{"bounds": [0, 0, 100, 100], "position": [100, 100], "backgroundColor": "red",
                                       "doubleSided": False,
                                       "transform": [{"rotate": {"degrees": 150, "axis": [0, 1, 0]}}]}]))
        self.px(im, 100, 100, WHITE)

    def test_replicator_rotates_instances_about_its_centre(self):
        # CAReplicatorLayer.h: "The matrix is applied relative to the center of
        # this layer." Four instances of a dot at the top centre, 90 degrees
        # apart (clockwise, y down): top, right, bottom, left of the centre.
        im = self.render(self.canvas([{"type": "replicator", "bounds": [0, 0, 200, 200], "position": [100, 100],
                                       "instanceCount": 4,
                                       "instanceTransform": [{"rotate": {"degrees": 90}}],
                                       "sublayers": [{"bounds": [0, 0, 20, 20], "position": [100, 20],
                                                      "backgroundColor": "red"}]}]))
        for x, y in ((100, 20), (180, 100), (100, 180), (20, 100)):
            self.px(im, x, y, RED)
        self.px(im, 100, 100, WHITE)
        self.px(im, 20, 20, WHITE)


def red_png_b64(w, h):
    import base64
    buf = io.BytesIO()
    Image.new("RGBA", (w, h), (255, 0, 0, 255)).save(buf, "PNG")
    return base64.b64encode(buf.getvalue()).decode()


if __name__ == "__main__":
    unittest.main()
