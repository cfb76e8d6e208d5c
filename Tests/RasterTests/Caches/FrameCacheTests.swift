import Foundation
import Testing
import Raster

/// The frame cache's byte budget: a full cache makes room from entries unused in the current
/// frame, once per frame, and a frame that overfills it stays linear in its insertions.
@Suite struct FrameCacheTests {
    /// A budget of `limit` bytes, no second-sighting rule, entries up to the whole budget.
    static func cache(limit: Int) -> FrameCache<Int, Int> {
        FrameCache(FrameCachePolicy(byteLimit: limit, largestShare: 1))
    }

    @Test func aFullFrameKeepsWhatFitsAndRefusesTheRest() {
        let c = Self.cache(limit: 100)
        for k in 0..<20 { c.insert(k, for: k, bytes: 10) }
        // Ten entries of ten bytes fill a hundred; all ten were used in this frame, so none
        // may be dropped for the other ten.
        #expect(c.statistics.entries == 10)
        #expect(c.statistics.bytes == 100)
        #expect(c.statistics.evictions == 0)
        #expect((0..<10).allSatisfy { c.value(for: $0) == $0 })
        #expect((10..<20).allSatisfy { c.value(for: $0) == nil })
    }

    @Test func aLaterFrameMakesRoomFromWhatItHasNotUsed() {
        let c = Self.cache(limit: 100)
        for k in 0..<10 { c.insert(k, for: k, bytes: 10) }
        c.endFrame()
        // Frame 1 uses keys 0 and 1; the first insertion that does not fit sweeps out the
        // eight unused ones (idle one frame, still within the six-frame idle limit).
        _ = c.value(for: 0); _ = c.value(for: 1)
        for k in 100..<108 { c.insert(k, for: k, bytes: 10) }
        #expect(c.statistics.evictions == 8)
        #expect(c.statistics.entries == 10)
        #expect(c.value(for: 0) == 0 && c.value(for: 1) == 1)
        #expect((2..<10).allSatisfy { c.value(for: $0) == nil })
        #expect((100..<108).allSatisfy { c.value(for: $0) == $0 })
        // Full again, with everything used in this frame: more insertions are refused.
        c.insert(200, for: 200, bytes: 10)
        #expect(c.value(for: 200) == nil)
        // The next frame sweeps again.
        c.endFrame()
        c.insert(300, for: 300, bytes: 10)
        #expect(c.value(for: 300) == 300)
        #expect(c.statistics.entries == 1)
    }

    /// 40 000 insertions into a cache that holds 20 000, all in one frame (a first frame of
    /// 40 000 small layers whose outlines overflow the outline cache): each refused insertion
    /// used to sweep the 20 000 kept entries again, 4 * 10^8 visits, tens of seconds even in a
    /// release build. One sweep a frame is 60 000 dictionary operations: milliseconds. The
    /// bound leaves two orders of magnitude for a slow, loaded machine.
    @Test func overfillingOneFrameIsLinear() {
        let c = Self.cache(limit: 20_000)
        let start = Date()
        for k in 0..<40_000 { c.insert(k, for: k, bytes: 1) }
        let seconds = Date().timeIntervalSince(start)
        #expect(c.statistics.entries == 20_000)
        #expect(seconds < 3, "40 000 insertions into a full cache took \(seconds) s")
    }
}
