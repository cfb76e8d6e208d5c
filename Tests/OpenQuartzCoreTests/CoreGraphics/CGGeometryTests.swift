import Testing
import Foundation
import OpenQuartzCore

/// Foundation's CGRect semantics where Apple's are subtle (CGGeometry.h), pinned so a
/// toolchain change that diverges is caught.
@Suite struct CGGeometryTests {
    @Test func standardizedAndDerivedValues() {
        let r = CGRect(x: 10, y: 10, width: -5, height: -4)
        #expect(r.standardized == CGRect(x: 5, y: 6, width: 5, height: 4))
        // Getters standardise.
        #expect(r.minX == 5 && r.maxX == 10 && r.midY == 8 && r.width == 5 && r.height == 4)
    }

    @Test func integral() {
        // floor of the minimum, ceil of the maximum.
        #expect(CGRect(x: 1.2, y: -0.5, width: 3.1, height: 0.1).integral == CGRect(x: 1, y: -1, width: 4, height: 1))
        #expect(CGRect(x: 10, y: 10, width: -5.5, height: 2).integral == CGRect(x: 4, y: 10, width: 6, height: 2))
        #expect(CGRect.null.integral.isNull)
    }

    @Test func insetDividedUnionContains() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.insetBy(dx: 6, dy: 1).isNull)
        #expect(r.insetBy(dx: -1, dy: 2) == CGRect(x: -1, y: 2, width: 12, height: 6))
        let d = r.divided(atDistance: 3, from: .maxXEdge)
        #expect(d.slice == CGRect(x: 7, y: 0, width: 3, height: 10) && d.remainder == CGRect(x: 0, y: 0, width: 7, height: 10))
        #expect(r.divided(atDistance: 20, from: .minYEdge).remainder == CGRect(x: 0, y: 10, width: 10, height: 0))
        #expect(r.union(.null) == r)
        // A zero rect is not null: its origin joins the union.
        #expect(CGRect(x: 20, y: 20, width: 0, height: 0).union(r) == CGRect(x: 0, y: 0, width: 20, height: 20))
        // Half-open: the max edges are outside.
        #expect(r.contains(CGPoint(x: 0, y: 0)) && !r.contains(CGPoint(x: 10, y: 5)))
        #expect(r.intersection(CGRect(x: 20, y: 0, width: 1, height: 1)).isNull)
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)) && !CGSize(width: 1, height: 1).equalTo(.zero))
        #expect(r.equalTo(CGRect(x: 0, y: 0, width: 10, height: 10)))
    }
}
