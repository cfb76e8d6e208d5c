import Testing
import OpenUIKit

/// A line chart's tap area as iOS code builds one: the chart's polyline stroked into an
/// outline with `CGPath(__byStroking:…)`, the spelling the SDK imports, then hit tested.
final class LineChartView: UIView {
    var points: [CGPoint] = [] { didSet { setNeedsDisplay() } }

    var linePath: CGPath {
        let path = CGMutablePath()
        path.addLines(between: points)
        return path
    }

    var tapArea: CGPath? {
        CGPath(__byStroking: linePath, transform: nil, lineWidth: 20, lineCap: .round, lineJoin: .round, miterLimit: 10)
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(linePath)
        context.setStrokeColor(UIColor.systemGreen.cgColor)
        context.setLineWidth(2)
        context.strokePath()
    }
}

@Suite struct ChartHitAreaTests {
    @Test func strokedOutlineIsTheTapArea() throws {
        let chart = LineChartView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        chart.points = [CGPoint(x: 0, y: 80), CGPoint(x: 100, y: 20), CGPoint(x: 200, y: 60)]
        let area = try #require(chart.tapArea)
        #expect(area.contains(CGPoint(x: 100, y: 28)))     // 8 below the peak: within the 10 half-width
        #expect(!area.contains(CGPoint(x: 100, y: 40)))    // 20 below: outside
        #expect(area.contains(CGPoint(x: -8, y: 80)))      // the round cap
        // The outline is Core Graphics' own stroke of the same path.
        let same = chart.linePath.copy(strokingWithWidth: 20, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(area == same)
        var scale = CGAffineTransform(scaleX: 2, y: 2)
        let scaled = try #require(CGPath(__byStroking: chart.linePath, transform: &scale, lineWidth: 20,
                                         lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        #expect(scaled.contains(CGPoint(x: 200, y: 56)))
        #expect(CGPath(__byStroking: chart.linePath, transform: nil, lineWidth: 0, lineCap: .butt,
                       lineJoin: .miter, miterLimit: 10) == nil)
        #expect(CGPath(__byStroking: chart.linePath, transform: nil, lineWidth: .nan, lineCap: .butt,
                       lineJoin: .miter, miterLimit: 10) == nil)
        // And the chart draws its line through draw(_:).
        let image = UIImage(cgImage: CAImageRenderer(size: CGSize(width: 200, height: 100)).image(for: chart.layer))
        #expect(pixel(image, 50, 49) == [52, 199, 89, 255])  // fully inside the 2-point line
    }
}
