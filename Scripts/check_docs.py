#!/usr/bin/env python3
"""Fails on a public symbol without a doc comment.

    python3 Scripts/check_docs.py SYMBOL_GRAPH_DIR [--module M ...]

Reads the symbol graphs that `swift package dump-symbol-graph` writes (Scripts/build_docs.sh
makes them) and lists every public or open symbol of the checked modules that has no `///`
comment, as `file:line: kind name`, then exits 1; exits 0 when there is none. Checked by default:
OpenQuartzCore (the library product), and Raster and Codecs, whose public types the product's API
shows (`Raster.Surface`, PNG limits).

Left out, because no comment of ours could be attached to them: members the compiler
synthesizes or a protocol provides by default (`hashValue`, `hash(into:)`, `OptionSet`'s
`insert(_:)`…, which have no source location in the graph).
"""
import argparse
import glob
import json
import os
import sys

DEFAULT_MODULES = ["OpenQuartzCore", "Raster", "Codecs"]


def undocumented(graph_dir, modules):
    found = []
    for module in modules:
        files = [os.path.join(graph_dir, module + ".symbols.json")]
        files += sorted(glob.glob(os.path.join(graph_dir, module + "@*.symbols.json")))
        if not os.path.exists(files[0]):
            sys.exit(f"check_docs: no symbol graph for {module} in {graph_dir}")
        for path in files:
            with open(path, encoding="utf-8") as f:
                graph = json.load(f)
            for s in graph["symbols"]:
                if s.get("accessLevel") not in ("public", "open"):
                    continue
                location = s.get("location")
                if location is None:      # synthesized or inherited from a protocol
                    continue
                comment = s.get("docComment")
                if comment and any(line.get("text", "").strip() for line in comment.get("lines", [])):
                    continue
                uri = location.get("uri", "")
                file = uri[len("file://"):] if uri.startswith("file://") else uri
                line = location.get("position", {}).get("line", 0) + 1
                name = ".".join(s.get("pathComponents", [])) or s.get("names", {}).get("title", "?")
                found.append((os.path.relpath(file), line, s["kind"]["identifier"], name))
    return sorted(set(found))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("graph_dir")
    ap.add_argument("--module", action="append", help="a module to check (repeatable); default: %s" % ", ".join(DEFAULT_MODULES))
    args = ap.parse_args()
    missing = undocumented(args.graph_dir, args.module or DEFAULT_MODULES)
    for file, line, kind, name in missing:
        print(f"{file}:{line}: undocumented public {kind.replace('swift.', '')} {name}")
    if missing:
        per_file = {}
        for file, *_ in missing:
            per_file[file] = per_file.get(file, 0) + 1
        print(f"check_docs: {len(missing)} public symbols have no /// comment, in {len(per_file)} files:", file=sys.stderr)
        for file, count in sorted(per_file.items()):
            print(f"  {count:4d}  {file}", file=sys.stderr)
        print("check_docs: put a /// comment on the line above each (what it is, its default, whether "
              "it is animatable); a multi-name `case a, b` shares the comment above it", file=sys.stderr)
        return 1
    print("check_docs: every public symbol is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
