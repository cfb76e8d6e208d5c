#!/usr/bin/env bash
# Builds the API reference with the toolchain's DocC and checks that every public symbol has a
# doc comment. No package outside the toolchain is used.
#
#   Scripts/build_docs.sh            # writes .build/docs/OpenQuartzCore.doccarchive and .build/docs/site
#   Scripts/build_docs.sh --check    # the same, failing on DocC warnings and undocumented symbols
#
# Steps: the symbol graphs of the modules (swift package dump-symbol-graph, on the debug build,
# which it makes if needed); a catalog assembled in .build/docs/OpenQuartzCore.docc from
# Sources/OpenQuartzCore/OpenQuartzCore.docc plus the articles of docs/*.md (the scene format,
# time, drawing, …), so each Markdown file exists once; docc convert; Scripts/check_docs.py.
# Browse the result with: python3 -m http.server -d .build/docs/site, then open
# http://localhost:8000/documentation/openquartzcore/
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
check=0
[ "${1:-}" = "--check" ] && check=1

out=.build/docs
rm -rf "$out"
mkdir -p "$out/graphs" "$out/OpenQuartzCore.docc"

swift package dump-symbol-graph --minimum-access-level public >/dev/null 2>&1 || swift package dump-symbol-graph --minimum-access-level public
graphs=$(find .build -path '*/symbolgraph' -type d -newer Package.swift | head -n 1)
[ -n "$graphs" ] || graphs=$(find .build -path '*/symbolgraph' -type d | head -n 1)
# The product's module; Raster's and Codecs' graphs are checked below but not published.
cp "$graphs"/OpenQuartzCore.symbols.json "$graphs"/OpenQuartzCore@*.symbols.json "$out/graphs/" 2>/dev/null || \
  cp "$graphs"/OpenQuartzCore.symbols.json "$out/graphs/"

cp -R Sources/OpenQuartzCore/OpenQuartzCore.docc/. "$out/OpenQuartzCore.docc/"
# docs/*.md become articles: file names are their link names (<doc:scene-format>), listed on the
# root page under "Guides" so that DocC curates them.
guides=""
for f in docs/*.md; do
  [ -e "$f" ] || continue
  name=$(basename "$f" .md)
  cp "$f" "$out/OpenQuartzCore.docc/$name.md"
  guides+="- <doc:$name>"$'\n'
done
if [ -n "$guides" ]; then
  printf '\n### Guides\n\n%s' "$guides" >> "$out/OpenQuartzCore.docc/OpenQuartzCore.md"
fi

flags=()
[ $check = 1 ] && flags+=(--warnings-as-errors)
status=0
docc convert "$out/OpenQuartzCore.docc" \
  --additional-symbol-graph-dir "$out/graphs" \
  --fallback-display-name OpenQuartzCore \
  --fallback-bundle-identifier org.openquartzcore.OpenQuartzCore \
  --fallback-default-module-kind Framework \
  --output-path "$out/OpenQuartzCore.doccarchive" \
  "${flags[@]+"${flags[@]}"}" >"$out/docc.log" 2>&1 || status=$?
# DocC's own findings (a broken ``Symbol`` link, an article without a title…), file:line first.
grep -E "warning|error" "$out/docc.log" | head -n 50 || true
if [ "$status" = 0 ]; then
  docc process-archive transform-for-static-hosting "$out/OpenQuartzCore.doccarchive" \
    --output-path "$out/site" >/dev/null
  echo "build_docs: $out/OpenQuartzCore.doccarchive and $out/site"
else
  echo "build_docs: docc convert failed: the lines above (all of them in $out/docc.log)" >&2
fi

# The symbols without a /// comment, as file:line lines and a count per file; the check runs
# even when docc failed, so one run lists everything there is to fix.
# OpenUIKit, the second library product, is held to the same standard as OpenQuartzCore.
modules=(--module OpenQuartzCore --module Raster --module Codecs --module OpenUIKit)
undocumented=0
if [ $check = 1 ]; then
  python3 Scripts/check_docs.py "$graphs" "${modules[@]}" || undocumented=1
else
  python3 Scripts/check_docs.py "$graphs" "${modules[@]}" >"$out/undocumented.txt" 2>&1 || \
    echo "build_docs: $(grep -c ': undocumented public' "$out/undocumented.txt") public symbols lack a /// comment (see $out/undocumented.txt)"
fi
if [ "$status" != 0 ] || [ $undocumented != 0 ]; then
  echo "build_docs: FAILED ($([ "$status" != 0 ] && echo "docc warnings or errors; ")$([ $undocumented != 0 ] && echo "undocumented public symbols; ")fix the lines above, then run Scripts/build_docs.sh --check again)" >&2
  exit 1
fi
[ $check = 1 ] && echo "build_docs: check passed (no DocC warning, every public symbol documented)"
exit 0
