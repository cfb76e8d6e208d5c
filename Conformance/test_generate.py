#!/usr/bin/env python3
"""The generated scenes are valid docs/scene-format.md scenes, bounded, and the same for
the same seed.

    python3 -m unittest Conformance/test_generate.py      (about 1 s)
"""
import json
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import generate  # noqa: E402
import scene_model as sm  # noqa: E402


def count_layers(layers):
    return sum(1 + count_layers(L.get("sublayers", [])) for L in layers)


def depth(layers):
    return max((1 + depth(L.get("sublayers", [])) for L in layers), default=0)


class Generated(unittest.TestCase):
    def test_first_200_seeds_are_valid_and_bounded(self):
        tmp = tempfile.mkdtemp()
        try:
            shutil.copytree(os.path.join(HERE, "scenes", "images"), os.path.join(tmp, "images"))
            for seed in range(200):
                d = generate.scene(seed)
                p = os.path.join(tmp, "s.json")
                with open(p, "w") as fh:
                    json.dump(d, fh)
                s = sm.load(p)       # raises SceneError on anything docs/scene-format.md refuses
                self.assertLessEqual(s.width, 240)
                self.assertLessEqual(s.height, 200)
                self.assertLessEqual(count_layers(d["layers"]), 16, seed)
                self.assertLessEqual(depth(d["layers"]), 3, seed)
        finally:
            shutil.rmtree(tmp)

    def test_same_seed_same_scene(self):
        self.assertEqual(json.dumps(generate.scene(7)), json.dumps(generate.scene(7)))
        self.assertNotEqual(json.dumps(generate.scene(7)), json.dumps(generate.scene(8)))


if __name__ == "__main__":
    unittest.main()
