import Testing
import OpenUIKit

/// A bar chart image as iOS code draws one with `UIGraphicsImageRenderer`: bars filled with
/// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounded at the top only.
func barChartImage(values: [CGFloat], size: CGSize) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    let renderer = UIGraphicsImageRenderer(size: size, format: format)
    return renderer.image { context in
        UIColor.systemBackground.setFill()
        context.fill(CGRect(origin: .zero, size: size))
        let barWidth = size.width / CGFloat(values.count)
        for (index, value) in values.enumerated() {
            let height = size.height * value
            let bar = CGRect(x: CGFloat(index) * barWidth + 2, y: size.height - height, width: barWidth - 4, height: height)
            let path = UIBezierPath(roundedRect: bar, byRoundingCorners: [.topLeft, .topRight],
                                    cornerRadii: CGSize(width: 4, height: 4))
            UIColor.systemIndigo.setFill()
            path.fill()
        }
    }
}

@Suite struct BarChartRendererTests {
    @Test func barsStandOnTheBottomEdge() {
        let image = barChartImage(values: [0.5, 1, 0.25], size: CGSize(width: 60, height: 40))
        #expect(image.size == CGSize(width: 60, height: 40) && image.cgImage?.width == 120)
        let indigo: [UInt8] = [88, 86, 214, 255], white: [UInt8] = [255, 255, 255, 255]
        // Bar 0 is 20 points tall: pixels (at scale 2) in its middle column.
        #expect(pixel(image, 20, 79) == indigo && pixel(image, 20, 44) == indigo && pixel(image, 20, 36) == white)
        // Bar 1 reaches the top; its top corners are rounded, its bottom ones square.
        #expect(pixel(image, 60, 2) == indigo && pixel(image, 44, 0) == white && pixel(image, 44, 79) == indigo)
        // Between the bars, the background.
        #expect(pixel(image, 40, 79) == white)
    }
}
