import Testing
import Foundation
import OpenQuartzCore

@Suite struct CGPathStrokingTests {
    /// A 100-long horizontal line stroked 10 wide: butt caps give the 100×10 box around it,
    /// square caps extend it by half the width at each end.
    @Test func strokedLineOutlines() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        let butt = line.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(butt.boundingBoxOfPath.equalTo(CGRect(x: 0, y: -5, width: 100, height: 10)))
        #expect(butt.contains(CGPoint(x: 50, y: 4)) && !butt.contains(CGPoint(x: 50, y: 6)))
        #expect(!butt.contains(CGPoint(x: -2, y: 0)))
        let square = line.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        #expect(square.contains(CGPoint(x: -4, y: 0)) && square.contains(CGPoint(x: 104, y: 0)))
        let round = line.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .round, miterLimit: 10,
                              transform: CGAffineTransform(translationX: 10, y: 20))
        #expect(round.contains(CGPoint(x: 10 - 4.5, y: 20)) && !round.contains(CGPoint(x: 10 - 4, y: 20 + 4)))
    }

    /// `CGPath(__byStroking:…)`, the spelling Apple's SDK imports for
    /// `CGPathCreateCopyByStrokingPath`: the same outline as `copy(strokingWithWidth:…)`, the
    /// transform applied to the outline, and nil for a width Core Graphics refuses.
    @Test func importedStrokingSpelling() throws {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        let outline = try #require(CGPath(__byStroking: line, transform: nil, lineWidth: 10, lineCap: .butt,
                                          lineJoin: .miter, miterLimit: 10))
        #expect(outline.boundingBoxOfPath.equalTo(CGRect(x: 0, y: -5, width: 100, height: 10)))
        var double = CGAffineTransform(scaleX: 2, y: 2)
        let scaled = try #require(CGPath(__byStroking: line, transform: &double, lineWidth: 10, lineCap: .butt,
                                         lineJoin: .miter, miterLimit: 10))
        #expect(scaled.boundingBoxOfPath.equalTo(CGRect(x: 0, y: -10, width: 200, height: 20)))
        for width in [0, -1, CGFloat.nan, .infinity] {
            #expect(CGPath(__byStroking: line, transform: nil, lineWidth: width, lineCap: .butt, lineJoin: .miter,
                           miterLimit: 10) == nil)
        }
    }
}
