#!/usr/bin/env python3
"""Tests of Scripts/check_docs.py on small symbol graphs written here (no build needed):
    python3 -m unittest Scripts/test_check_docs.py
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_docs.py")


def symbol(path, kind, access="public", line=None, doc=None, file="/src/A.swift"):
    s = {"kind": {"identifier": kind}, "accessLevel": access, "pathComponents": path,
         "identifier": {"precise": "s:" + ".".join(path)}, "names": {"title": path[-1]}}
    if line is not None:
        s["location"] = {"uri": "file://" + file, "position": {"line": line - 1, "character": 0}}
    if doc is not None:
        s["docComment"] = {"lines": [{"text": t} for t in doc]}
    return s


class CheckDocsTests(unittest.TestCase):
    def run_check(self, graphs):
        with tempfile.TemporaryDirectory() as d:
            for module in ("OpenQuartzCore", "Raster", "Codecs"):
                with open(os.path.join(d, module + ".symbols.json"), "w") as f:
                    json.dump({"symbols": graphs.get(module, [])}, f)
            for name, symbols in graphs.items():
                if "@" in name:
                    with open(os.path.join(d, name + ".symbols.json"), "w") as f:
                        json.dump({"symbols": symbols}, f)
            p = subprocess.run([sys.executable, SCRIPT, d], capture_output=True, text=True)
            return p.returncode, p.stdout, p.stderr

    def test_every_symbol_documented_passes(self):
        code, out, _ = self.run_check({"OpenQuartzCore": [
            symbol(["CALayer"], "swift.class", "open", 3, ["A layer."]),
            symbol(["CALayer", "hash(into:)"], "swift.method"),          # synthesized: no location
            symbol(["LayerSerial"], "swift.enum", "internal", 9),        # not public
        ]})
        self.assertEqual(code, 0)
        self.assertIn("every public symbol is documented", out)

    def test_undocumented_symbols_are_listed_with_file_line_and_counted(self):
        code, out, err = self.run_check({
            "OpenQuartzCore": [symbol(["CALayer", "opacity"], "swift.property", "open", 12, [""])],
            "Raster": [symbol(["BlendMode", "multiply"], "swift.enum.case", "public", 22, file="/src/B.swift")],
            "OpenQuartzCore@Foundation": [symbol(["CGRect", "center"], "swift.property", "public", 5, file="/src/C.swift")],
        })
        self.assertEqual(code, 1)
        lines = out.splitlines()
        self.assertEqual(len(lines), 3)
        self.assertTrue(any(l.endswith("A.swift:12: undocumented public property CALayer.opacity") for l in lines), out)
        self.assertTrue(any(l.endswith("B.swift:22: undocumented public enum.case BlendMode.multiply") for l in lines), out)
        self.assertTrue(any(l.endswith("C.swift:5: undocumented public property CGRect.center") for l in lines), out)
        self.assertIn("3 public symbols have no /// comment, in 3 files", err)

    def test_a_missing_module_graph_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            p = subprocess.run([sys.executable, SCRIPT, d], capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("no symbol graph for OpenQuartzCore", p.stderr)


if __name__ == "__main__":
    unittest.main()
