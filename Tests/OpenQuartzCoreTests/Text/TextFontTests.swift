import Foundation
import Raster
import Testing
import OpenQuartzCore

/// Font discovery (name matching and the fallback chain) and the public OQCFont API.
@Suite struct TextFontTests {
    /// Exactly the six faces of Debian's fonts-dejavu-core (what CI installs), linked into a
    /// folder of their own as symbolic links (font folders often hold links), so matches and the
    /// chain's end do not depend on other installed fonts.
    static let catalog: FontCatalog = {
        let dir = NSTemporaryDirectory() + "oqc-text-fonts-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono", "DejaVuSansMono-Bold", "DejaVuSerif",
                     "DejaVuSerif-Bold"] {
            try? FileManager.default.createSymbolicLink(atPath: "\(dir)/\(name).ttf",
                                                        withDestinationPath: "/usr/share/fonts/truetype/dejavu/\(name).ttf")
        }
        return FontCatalog(directories: [dir])
    }()

    @Test func theCoreFacesAreFound() {
        #expect(Self.catalog.faces.count == 6)
    }

    func face(_ name: String) -> FontNames? { Self.catalog.font(named: name)?.names }

    @Test func familyNamesMatchCaseInsensitively() {
        #expect(face("DejaVu Sans")?.style == "Book")
        #expect(face("dejavu sans")?.fullName == "DejaVu Sans")
        #expect(face("DEJAVU SANS MONO")?.family == "DejaVu Sans Mono")
    }

    @Test func faceNamesPickTheFace() {
        #expect(face("DejaVuSans-Bold")?.weight == 700)   // PostScript name
        #expect(face("DejaVu Sans Bold")?.weight == 700)  // full name
        #expect(face("DejaVu Serif Bold")?.family == "DejaVu Serif")
        #expect(face("DejaVu Serif Bold")?.weight == 700)
        #expect(face("DejaVu Serif")?.weight == 400)
    }

    @Test func unknownNamesFallBackToDejaVu() {
        #expect(face("No Such Font")?.family == "DejaVu Sans")
        #expect(face("No Such Font")?.weight == 400)
        #expect(face("Helvetica")?.family == "DejaVu Sans")
        #expect(face("Helvetica-Bold")?.weight == 700)
        #expect(face("Courier")?.family == "DejaVu Sans Mono")
        #expect(face("Times New Roman")?.family == "DejaVu Serif")
    }

    @Test func aPathIsAccepted() throws {
        #expect(face(TextFixtures.fontPath)?.family == "DejaVu Sans")
        #expect(throws: OQCFontError.unreadableFile(path: "/nonexistent/x.ttf")) {
            try OQCFont(contentsOfFile: "/nonexistent/x.ttf", size: 12)
        }
        // A device that never ends is refused before reading, and a non-font falls back.
        #expect(throws: OQCFontError.unreadableFile(path: "/dev/zero")) { try OQCFont(contentsOfFile: "/dev/zero", size: 12) }
        #expect(face("/dev/zero")?.family == "DejaVu Sans")
        #expect(throws: OQCFontError.self) { try OQCFont(contentsOfFile: #filePath, size: 12) }
    }

    @Test func facesAreSharedFromTheCache() {
        #expect(Self.catalog.font(named: "DejaVu Sans") === Self.catalog.font(named: "dejavusans"))
    }

    @Test func fontMetricsScaleWithSize() throws {
        let f = try OQCFont(contentsOfFile: TextFixtures.fontPath, size: 20.48)
        #expect(f.familyName == "DejaVu Sans")
        #expect(f.postScriptName == "DejaVuSans")
        #expect(abs(f.ascent - 19.01) < 1e-9)
        #expect(abs(f.descent - 4.83) < 1e-9)
        #expect(abs(f.lineHeight - 23.84) < 1e-9)
        #expect(f.withSize(40.96).ascent == 2 * f.ascent)
    }

    @Test func glyphPathIsInGlyphSpace() throws {
        let f = try OQCFont(contentsOfFile: TextFixtures.fontPath, size: 2048)
        let a = try #require(TextFixtures.glyphs.first { $0.character == "A" })
        let box = try f.path(forGlyph: f.glyph(for: "A")).boundingBoxOfPath
        #expect(abs(box.minX - a.bounds.0) <= 2 && abs(box.maxX - a.bounds.2) <= 2)
        #expect(abs(box.minY - a.bounds.1) <= 2 && abs(box.maxY - a.bounds.3) <= 2)
    }

    @Test func stringPathIsKernedInGlyphSpace() throws {
        let f = try OQCFont(contentsOfFile: TextFixtures.fontPath, size: 2048)
        let v = try #require(TextFixtures.glyphs.first { $0.character == "V" })
        let kern = try #require(TextFixtures.kerning.first { $0.pair == "AV" }).value
        let box = f.path(for: "AV").boundingBoxOfPath
        #expect(abs(box.maxX - (1401 + kern + v.bounds.2)) <= 2)
        #expect(abs(box.maxY - 1493) <= 2 && abs(box.minY) <= 2) // y up from the baseline
    }

    @Test func layoutPathMatchesATextLayer() throws {
        // The path API lays out as a CATextLayer with that bounds: right-aligned "e" ends at the edge
        // minus e's right bearing (109 units); the first baseline is `ascent` below the top (y down).
        let f = try OQCFont(contentsOfFile: TextFixtures.fontPath, size: 20.48)
        let box = f.path(for: "e", in: CGRect(x: 100, y: 50, width: 200, height: 40), alignmentMode: .right)
            .boundingBoxOfPath
        #expect(abs(box.maxX - (300 - 1.09)) < 0.03)
        #expect(abs(box.maxY - (50 + 19.01 + 0.29)) < 0.03) // e dips 29 units below the baseline
    }

    @Test func textPathWorksAsAShapeLayerMask() throws {
        let f = try OQCFont(contentsOfFile: TextFixtures.fontPath, size: 80)
        let root = makeRoot(200, 100)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 100), red)
        let mask = CAShapeLayer()
        mask.frame = l.bounds
        mask.path = f.path(for: "O", in: l.bounds)
        l.mask = mask
        root.addSublayer(l)
        let r = Rendered(root, width: 200, height: 100)
        // O at 80 pt: ink from 115 to 1497 units (4.5 … 58.5 pt), 29 below to 1520 above the baseline (74.3).
        // Its counter, the middle of the O, is a hole in the mask.
        #expect(r.at(6, 50).a > 200)      // left stroke
        #expect(r.at(31, 44).a == 0)      // inside the counter
        #expect(r.at(100, 50).a == 0)     // outside the text
    }

    @Test func outlinesAreSafeToReadFromManyThreads() throws {
        let font = try TrueTypeFont(contentsOfFile: TextFixtures.fontPath) // fresh cache
        let glyphs = (0..<400).map { UInt16($0 * 7 % font.numGlyphs) }
        let counts = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var n = 0
            for g in glyphs { n += font.outline(g).pointCount }
            counts.withLock { $0.append(n) }
        }
        let expected = glyphs.reduce(0) { $0 + ((try? font.decodeOutline($1).pointCount) ?? 0) }
        #expect(counts.withLock { $0 } == [Int](repeating: expected, count: 8))
    }
}
