#!/usr/bin/env python3
"""Generates the PNG decoder fixtures in Tests/CodecsTests/Fixtures/ and checks
our encoder's committed output with Pillow.

Dev tool only (needs Pillow: `pip install pillow`); the Swift tests read the
committed files and never run Python.

For every fixture NAME this writes:
  NAME.png     the file under test
  NAME.rgba8   expected straight RGBA8, 4 bytes a pixel, rows top to bottom
  NAME.rgba16  (16-bit files only) expected straight RGBA16, little-endian
and one line "NAME WIDTH HEIGHT BITDEPTH" in manifest.txt.

Where the expected pixels come from: Pillow's decoder reads each file, and its
output, converted to RGBA as the PNG standard says, is what gets stored. Pillow
cannot write every PNG variant (no interlacing, no 2/4-bit grey, no 16-bit
colour), so most files are built by the small writer below (struct + zlib,
exercising all five row filters). The script also checks that Pillow's decode
equals the samples the writer meant to store, so a bug in either side stops the
script rather than becoming a fixture.

Two conversions are done here from Pillow's output, by the standard's rules:
  * tRNS colour keys for greyscale and RGB: Pillow reports the key in
    `info["transparency"]`; the alpha is 0 where the stored sample equals it.
  * 16-bit RGB / RGBA / grey+alpha: Pillow decodes these only to 8 bits (the
    high byte). The expected 16-bit values are the samples the writer stored,
    and the script asserts each one's high byte equals Pillow's value. 16-bit
    greyscale Pillow decodes fully (mode I;16), and those values are used.
  For 16-bit files the expected RGBA8 is round(v * 255 / 65535), the reduction
  DecodedPNG.rgba8 documents.

Encoder check: Tests/CodecsTests/Fixtures/ours_*.png are files our encoder
wrote (regenerate with `OQC_WRITE_ENCODER_FIXTURES=1 swift test --filter
PNGFixtureTests`). This script decodes them with Pillow and compares them with
test_pattern(), the same image the Swift test encodes (PNGTestSupport.swift).

Usage: python3 Scripts/make_png_fixtures.py
"""

import io
import os
import struct
import sys
import zlib

from PIL import Image


def values_of(im):
    """Pixel values in row order (get_flattened_data replaces getdata from Pillow 12.1)."""
    return list(im.get_flattened_data() if hasattr(im, "get_flattened_data") else im.getdata())

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "CodecsTests", "Fixtures")

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


# ---------------------------------------------------------------- writer

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, row, prior, bpp):
    out = bytearray()
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prior[i]
        c = prior[i - bpp] if i >= bpp else 0
        pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][kind]
        out.append((x - pred) & 0xFF)
    return bytes([kind]) + bytes(out)


def pack_row(samples, depth):
    """Packs a row of sample values (channels already interleaved) at `depth` bits."""
    if depth == 16:
        return b"".join(struct.pack(">H", v) for v in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, nbits = bytearray(), 0, 0
    for v in samples:
        acc = (acc << depth) | v
        nbits += depth
        if nbits == 8:
            out.append(acc)
            acc, nbits = 0, 0
    if nbits:
        out.append(acc << (8 - nbits))
    return bytes(out)


def png_bytes(width, height, ctype, depth, pixels, interlace=False, palette=None, trns=None,
              before_idat=(), after_idat=(), idat_split=None, level=9, wbits=15, filters=None):
    """pixels[y][x] is a tuple of samples. filters(y) picks a row's filter (default: cycles 0..4)."""
    ch = CHANNELS[ctype]
    bpp = max(1, ch * depth // 8)
    passes = [(x0, y0, dx, dy) for (x0, y0, dx, dy) in ADAM7] if interlace else [(0, 0, 1, 1)]
    raw = bytearray()
    row_index = 0
    for (x0, y0, dx, dy) in passes:
        xs = list(range(x0, width, dx))
        ys = list(range(y0, height, dy))
        if not xs or not ys:
            continue
        prior = bytes(len(pack_row([0] * ch * len(xs), depth)))
        for y in ys:
            row = pack_row([s for x in xs for s in pixels[y][x]], depth)
            kind = filters(row_index) if filters else row_index % 5
            raw += filter_row(kind, row, prior, bpp)
            prior = row
            row_index += 1
    comp = zlib.compressobj(level, zlib.DEFLATED, wbits)
    data = comp.compress(bytes(raw)) + comp.flush()
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, 1 if interlace else 0))
    for c in before_idat:
        out += c
    if palette is not None:
        out += chunk(b"PLTE", b"".join(bytes(p) for p in palette))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    step = idat_split or max(1, len(data))
    pieces = [data[i:i + step] for i in range(0, len(data), step)] or [b""]
    if idat_split:
        pieces.insert(1, b"")  # an empty IDAT in the middle is legal
    for p in pieces:
        out += chunk(b"IDAT", p)
    for c in after_idat:
        out += c
    out += chunk(b"IEND", b"")
    return out


# ---------------------------------------------------------------- content

def make_pixels(width, height, ctype, depth, seed):
    """Deterministic samples mixing smooth ramps (good for filters) and hash noise."""
    ch = CHANNELS[ctype]
    top = (1 << depth) - 1
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            px = []
            for c in range(ch):
                h = (x * 73856093 ^ y * 19349663 ^ (c + seed) * 83492791) & 0xFFFFFFFF
                if (x + y + c) % 3 == 0:
                    v = h % (top + 1)
                else:
                    v = ((x * 37 + y * 11 + c * 101 + seed) * (top // 31 + 1)) % (top + 1)
                px.append(v)
            row.append(tuple(px))
        rows.append(row)
    return rows


# ---------------------------------------------------------------- expected pixels

def scale8(v, depth):
    return v * 255 // ((1 << depth) - 1)


def reduce16(v):
    return (v + 128) // 257  # round(v * 255 / 65535)


def expected_from_pillow(data, ctype, depth, intended, trns_key=None):
    """Returns (rgba8 list of 4-tuples, rgba16 list or None) from Pillow's decode,
    asserting it matches `intended` (the writer's samples, or None to skip)."""
    im = Image.open(io.BytesIO(data))
    im.load()
    w, h = im.size
    mode = im.mode
    info_key = im.info.get("transparency")
    if trns_key is not None and ctype in (0, 2):
        assert info_key == trns_key, (info_key, trns_key)

    if ctype == 3:
        rgba = values_of(im.convert("RGBA"))
        if intended is not None:
            idx = values_of(im)
            assert idx == [p[0] for row in intended for p in row], "palette indices differ"
        return rgba, None

    if ctype == 0 and depth == 16:
        vals = values_of(im)
        assert mode.startswith("I"), mode
        if intended is not None:
            assert vals == [p[0] for row in intended for p in row], "16-bit grey differs"
        rgba16 = [(v, v, v, 0 if v == info_key else 0xFFFF) for v in vals]
        return [tuple(reduce16(s) for s in p) for p in rgba16], rgba16

    if ctype == 0:
        grey = values_of(im.convert("L")) if mode == "1" else values_of(im)
        if intended is not None:
            assert grey == [scale8(p[0], depth) for row in intended for p in row], "grey differs"
        key8 = None if info_key is None else scale8(info_key, depth) if info_key < (1 << depth) else -1
        return [(g, g, g, 0 if g == key8 else 255) for g in grey], None

    if depth == 8:
        if ctype == 2:
            rgb = values_of(im)
            rgba = [(r, g, b, 0 if (r, g, b) == info_key else 255) for (r, g, b) in rgb]
        elif ctype == 4:
            rgba = [(g, g, g, a) for (g, a) in values_of(im)]
        else:
            rgba = values_of(im)
        if intended is not None:
            flat = [p for row in intended for p in row]
            full = {2: lambda p: p, 4: lambda p: (p[0], p[0], p[0], p[1]), 6: lambda p: p}[ctype]
            assert [px[:len(full(p))] for px, p in zip(rgba, flat)] == [full(p) for p in flat], "8-bit colour differs"
        return rgba, None

    # 16-bit RGB, grey+alpha, RGBA: Pillow keeps the high byte only.
    assert intended is not None, "16-bit colour needs the writer's samples"
    flat = [p for row in intended for p in row]
    if ctype == 2:
        rgba16 = [(r, g, b, 0 if (r, g, b) == info_key else 0xFFFF) for (r, g, b) in flat]
    elif ctype == 4:
        rgba16 = [(g, g, g, a) for (g, a) in flat]
    else:
        rgba16 = list(flat)
    hi = values_of(im)
    for p16, p8 in zip(rgba16, hi):
        n = 3 if ctype == 2 else 4
        assert tuple(s >> 8 for s in p16[:n]) == tuple(p8[:n]), ("16-bit high bytes differ", p16, p8)
    return [tuple(reduce16(s) for s in p) for p in rgba16], rgba16


# ---------------------------------------------------------------- output

manifest = []


def store(name, data, rgba8, rgba16, bit_depth_out):
    im = Image.open(io.BytesIO(data))
    w, h = im.size
    assert len(rgba8) == w * h
    with open(os.path.join(OUT, name + ".png"), "wb") as f:
        f.write(data)
    with open(os.path.join(OUT, name + ".rgba8"), "wb") as f:
        f.write(bytes(s for p in rgba8 for s in p))
    if rgba16 is not None:
        with open(os.path.join(OUT, name + ".rgba16"), "wb") as f:
            f.write(b"".join(struct.pack("<HHHH", *p) for p in rgba16))
    manifest.append(f"{name} {w} {h} {bit_depth_out}")


def hand_made(name, width, height, ctype, depth, seed=0, trns_key=None, **kw):
    pixels = make_pixels(width, height, ctype, depth, seed)
    palette = kw.pop("palette", None)
    trns = kw.pop("trns", None)
    if ctype == 3 and palette is None:
        n = 1 << depth
        palette = [((i * 53) & 255, (i * 101 + 7) & 255, (255 - i * 29) & 255) for i in range(n)]
    if trns_key is not None:
        trns = struct.pack(">H", trns_key) if ctype == 0 else struct.pack(">HHH", *trns_key)
        # Make sure some pixels actually hit the key.
        for y in range(height):
            pixels[y][(y * 3) % width] = (trns_key,) if ctype == 0 else tuple(trns_key)
    data = png_bytes(width, height, ctype, depth, pixels, palette=palette, trns=trns, **kw)
    rgba8, rgba16 = expected_from_pillow(data, ctype, depth, pixels, trns_key)
    store(name, data, rgba8, rgba16, 16 if depth == 16 else 8)


def pillow_made(name, im, **save):
    buf = io.BytesIO()
    im.save(buf, "PNG", **save)
    data = buf.getvalue()
    ihdr = data[16:29]
    depth, ctype = ihdr[8], ihdr[9]
    key = Image.open(io.BytesIO(data)).info.get("transparency") if ctype in (0, 2) else None
    rgba8, rgba16 = expected_from_pillow(data, ctype, depth, None, key)
    store(name, data, rgba8, rgba16, 16 if depth == 16 else 8)


def test_pattern(width, height, opaque):
    """Mirror of testPattern() in Tests/CodecsTests/PNGTestSupport.swift."""
    out = []
    for y in range(height):
        for x in range(width):
            out.append(((x * 7 + y * 3) & 255, (x * y) & 255, ((x ^ y) * 5) & 255,
                        255 if opaque else (x * 11 + y * 17) & 255))
    return out


def verify_our_encoder():
    """Pillow must read every ours_WxH_{opaque,alpha}.png as test_pattern()."""
    names = sorted(f for f in os.listdir(OUT) if f.startswith("ours_") and f.endswith(".png"))
    for f in names:
        stem = f[len("ours_"):-len(".png")]
        size, kind = stem.split("_")
        w, h = (int(v) for v in size.split("x"))
        im = Image.open(os.path.join(OUT, f))
        assert im.mode == "RGBA" and im.size == (w, h), (f, im.mode, im.size)
        assert values_of(im) == test_pattern(w, h, kind == "opaque"), f"Pillow disagrees on {f}"
        print(f"verified with Pillow: {f}")
    if not names:
        print("no ours_*.png yet: run OQC_WRITE_ENCODER_FIXTURES=1 swift test --filter PNGFixtureTests")


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.startswith("ours_") or f == ".keep":
            continue
        os.remove(os.path.join(OUT, f))

    # Every colour type x bit depth x interlace, at a size that is not a multiple of 8.
    combos = [(0, d) for d in (1, 2, 4, 8, 16)] + [(2, 8), (2, 16)] + [(3, d) for d in (1, 2, 4, 8)] \
        + [(4, 8), (4, 16), (6, 8), (6, 16)]
    for ctype, depth in combos:
        for interlace in (False, True):
            name = f"ct{ctype}_d{depth}_{'adam7' if interlace else 'plain'}"
            hand_made(name, 13, 11, ctype, depth, seed=ctype * 7 + depth, interlace=interlace)

    # Transparency.
    hand_made("trns_grey_d2", 9, 5, 0, 2, trns_key=1)
    hand_made("trns_grey_d8_adam7", 9, 9, 0, 8, trns_key=77, interlace=True)
    hand_made("trns_grey_d16", 7, 4, 0, 16, trns_key=0x1234)
    hand_made("trns_rgb_d8", 10, 6, 2, 8, trns_key=(10, 20, 30))
    hand_made("trns_rgb_d16_adam7", 10, 6, 2, 16, trns_key=(0x0102, 0x0304, 0xFFFE), interlace=True)
    hand_made("trns_palette_d4_short", 11, 7, 3, 4, trns=bytes([0, 64, 128, 200, 255]))
    hand_made("trns_palette_d8", 8, 8, 3, 8, trns=bytes(range(0, 256, 3))[:200])
    hand_made("trns_grey_key_out_of_range_d4", 6, 2, 0, 4, trns=struct.pack(">H", 300))

    # Geometry, data layout and ancillary chunks.
    hand_made("tiny_1x1_adam7", 1, 1, 6, 8, interlace=True)
    hand_made("tiny_3x2_adam7_empty_passes", 3, 2, 2, 8, interlace=True)
    hand_made("wide_70x1_d1", 70, 1, 0, 1)
    hand_made("tall_1x40_adam7_d4", 1, 40, 3, 4, interlace=True)
    hand_made("idat_split_7_bytes", 12, 9, 6, 8, idat_split=7)
    hand_made("zlib_stored_blocks", 10, 4, 2, 8, level=0)
    hand_made("zlib_small_window", 40, 20, 0, 8, wbits=9)
    hand_made("filter_paeth_only", 16, 16, 6, 16, filters=lambda r: 4)
    hand_made("filter_avg_only_d2", 33, 5, 0, 2, filters=lambda r: 3)
    ancillary = [chunk(b"gAMA", struct.pack(">I", 45455)),
                 chunk(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)),
                 chunk(b"sRGB", b"\x00"),
                 chunk(b"iCCP", b"fake\x00\x00" + zlib.compress(b"not a real profile")),
                 chunk(b"pHYs", struct.pack(">IIB", 2835, 2835, 1)),
                 chunk(b"tEXt", b"Comment\x00ancillary chunks are skipped"),
                 chunk(b"prIv", b"private ancillary chunk")]
    hand_made("ancillary_chunks", 8, 6, 2, 8, before_idat=ancillary,
              after_idat=[chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"v")), chunk(b"laTe", b"")])
    hand_made("rgb_with_suggested_palette", 6, 6, 2, 8, palette=[(1, 2, 3), (4, 5, 6)])

    # Pillow's own encoder (its filter choices and zlib settings).
    grad = Image.new("RGBA", (23, 17))
    grad.putdata([((x * 11) & 255, (y * 15) & 255, (x * y) & 255, (x * 13 + y * 7) & 255)
                  for y in range(17) for x in range(23)])
    pillow_made("pillow_rgba", grad)
    pillow_made("pillow_rgb", grad.convert("RGB"), optimize=True)
    pillow_made("pillow_la", grad.convert("LA"))
    pillow_made("pillow_l", grad.convert("L"))
    pillow_made("pillow_1", grad.convert("1"))
    pillow_made("pillow_p_4bit", grad.convert("RGB").quantize(16), bits=4)
    pillow_made("pillow_p_trns", grad.convert("RGB").quantize(40), transparency=bytes(range(0, 240, 6)))
    pillow_made("pillow_rgb_trns", grad.convert("RGB"), transparency=grad.convert("RGB").getpixel((3, 4)))
    pillow_made("pillow_i16", Image.frombytes("I;16", (9, 7), bytes((i * 37) & 255 for i in range(126))))

    with open(os.path.join(OUT, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")
    print(f"wrote {len(manifest)} fixtures to {OUT}")
    verify_our_encoder()


if __name__ == "__main__":
    sys.exit(main())
