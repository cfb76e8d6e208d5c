import Testing
import Foundation
import Raster
import OpenQuartzCore

/// A long-lived renderer whose scene changes shape every frame: the frame caches stay within
/// their budgets (no growth after the first frames) and the static part keeps coming from them.
@Suite struct FrameCacheBoundsTests {
    /// Resident memory now and at its peak, in kB (Linux's /proc/self/status).
    static func residentKB() -> (now: Int, peak: Int) {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            guard let line = s.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }

    /// 2 000 frames here (seconds); `OQC_CACHE_FRAMES=10000` runs the 10 000 (about
    /// 20 s of CPU in a debug build) and also checks the peak resident memory, whose figures
    /// docs/architecture.md gives.
    @Test func changingFramesStayBoundedAndKeepHittingTheStaticPart() {
        let root = makeRoot(96, 64)
        // The static part: rounded cards with borders (each of its own size, so that each is a
        // shape of its own in the caches), and a star-shaped shape layer.
        for i in 0..<32 {
            let card = makeLayer(CGRect(x: 4 + CGFloat(i % 4) * 22, y: 4 + CGFloat(i / 4) * 0.125,
                                        width: 16 + CGFloat(i) * 0.0625, height: 14), white)
            card.cornerRadius = 4
            card.borderWidth = 1
            card.borderColor = black
            root.addSublayer(card)
        }
        let star = CAShapeLayer()
        star.frame = CGRect(x: 4, y: 22, width: 30, height: 30)
        let starPath = CGMutablePath()
        for k in 0..<10 {
            let r: CGFloat = k % 2 == 0 ? 15 : 6, a = CGFloat(k) * .pi / 5
            let p = CGPoint(x: 15 + r * sin(a), y: 15 - r * cos(a))
            if k == 0 { starPath.move(to: p) } else { starPath.addLine(to: p) }
        }
        starPath.closeSubpath()
        star.path = starPath
        star.fillColor = red
        root.addSublayer(star)
        // The changing part: each frame new shapes, each drawn twice (so that the coverage
        // caches admit them: a second sighting), which never come back.
        let boxes = (0..<2).map { i in makeLayer(CGRect(x: 40 + CGFloat(i) * 26, y: 24, width: 20, height: 20), blue) }
        let blobs = (0..<2).map { _ in CAShapeLayer() }
        for l in boxes { root.addSublayer(l) }
        for b in blobs {
            b.frame = CGRect(x: 40, y: 46, width: 50, height: 16)
            b.fillColor = black
            root.addSublayer(b)
        }
        let renderer = CAImageRenderer(size: CGSize(width: 96, height: 64))
        let surface = Surface(width: renderer.pixelWidth, height: renderer.pixelHeight)
        var bytesAt100 = 0, entriesAt100 = 0, peakBytes = 0, peakEntries = 0
        var rssAt100 = (now: 0, peak: 0)
        var hitsBefore = 0
        let requested = Int(ProcessInfo.processInfo.environment["OQC_CACHE_FRAMES"] ?? "")
        let frames = max(requested ?? 2_000, 200)
        for f in 0..<frames {
            let t = CGFloat(f)
            for l in boxes {
                l.bounds.size = CGSize(width: 12 + (t * 0.37).truncatingRemainder(dividingBy: 10), height: 18)
                l.cornerRadius = 2 + (t * 0.13).truncatingRemainder(dividingBy: 5)
            }
            let blob = CGPath(ellipseIn: CGRect(x: (t * 0.29).truncatingRemainder(dividingBy: 20), y: 2,
                                                width: 20 + (t * 0.17).truncatingRemainder(dividingBy: 9), height: 12),
                              transform: nil)
            for b in blobs { b.path = blob }
            renderer.render(root, into: surface)
            let s = renderer.frameCacheStatistics
            // What the first 100 frames needed (the changing shapes' sizes cycle within them).
            if f < 100 { bytesAt100 = max(bytesAt100, s.bytes); entriesAt100 = max(entriesAt100, s.entries) }
            if f == 99 { rssAt100 = Self.residentKB() }
            if f >= 100 { peakBytes = max(peakBytes, s.bytes); peakEntries = max(peakEntries, s.entries) }
            if f == frames - 101 { hitsBefore = s.hits }
            if f == frames - 1 {
                // The static part came from the caches in the last hundred frames: at least
                // the top cards' backgrounds and borders and the star per frame.
                #expect(s.hits - hitsBefore >= 100 * 9, "hits in the last 100 frames: \(s.hits - hitsBefore)")
            }
        }
        let rss = Self.residentKB()
        print("\(frames) frames; frame caches: first 100 frames \(bytesAt100) B in \(entriesAt100) entries, peak after \(peakBytes) B in \(peakEntries); RSS frame 100 \(rssAt100.now) kB (peak \(rssAt100.peak) kB), end \(rss.now) kB, peak \(rss.peak) kB")
        if requested != nil {
            // Asked for by name (run alone, with --filter): the process's peak resident memory
            // is then this renderer's, and must not grow by more than 10 % after frame 100.
            // In the whole suite other tests share the process, so only the caches are checked.
            #expect(Double(rss.peak) <= 1.1 * Double(rssAt100.peak), "peak RSS grew from \(rssAt100.peak) kB to \(rss.peak) kB")
        }
        #expect(bytesAt100 > 0)
        #expect(Double(peakBytes) <= 1.1 * Double(bytesAt100), "cache bytes grew from \(bytesAt100) to \(peakBytes)")
        #expect(Double(peakEntries) <= 1.1 * Double(entriesAt100), "cache entries grew from \(entriesAt100) to \(peakEntries)")
    }

    /// Without `cachesFrames` nothing outlives a frame.
    @Test func noFramesKeptWithoutCachesFrames() {
        let root = makeRoot(40, 40)
        let l = makeLayer(CGRect(x: 5, y: 5, width: 30, height: 30), red)
        l.cornerRadius = 6
        root.addSublayer(l)
        root.addSublayer(makeLayer(CGRect(x: 5, y: 5, width: 30, height: 30), red))
        let renderer = CAImageRenderer(size: CGSize(width: 40, height: 40))
        renderer.cachesFrames = false
        for _ in 0..<3 { _ = renderer.image(for: root) }
        #expect(renderer.frameCacheStatistics.entries == 0)
        #expect(renderer.frameCacheStatistics.bytes == 0)
    }
}
