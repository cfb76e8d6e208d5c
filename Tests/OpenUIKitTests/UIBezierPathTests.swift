import Testing
import OpenUIKit

/// UIBezierPath in UIKit's y-down coordinates: `clockwise` as seen on screen, rounded corners
/// limited to half the shorter side, and drawing into the current context.
@Suite struct UIBezierPathTests {
    /// Apple: "a start angle of 0, an end angle of π and clockwise true draw the bottom half of
    /// a circle" (y down, so the bottom half has the larger y).
    @Test func clockwiseArcIsTheBottomHalfOnScreen() {
        let bottom = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(close(bottom.bounds, CGRect(x: 10, y: 50, width: 80, height: 40)))
        let top = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(close(top.bounds, CGRect(x: 10, y: 10, width: 80, height: 40)))
        // Drawn, the closed clockwise half fills below the centre only.
        let image = render(CGSize(width: 100, height: 100)) {
            bottom.close()
            UIColor.red.setFill()
            bottom.fill()
        }
        #expect(pixel(image, 50, 70) == [255, 0, 0, 255])
        #expect(pixel(image, 50, 30) == [0, 0, 0, 0])
    }

    @Test func addArcFollowsTheSameDirection() {
        let p = UIBezierPath()
        p.move(to: CGPoint(x: 60, y: 50))
        p.addArc(withCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // A quarter turn clockwise on screen from +x ends straight below the centre.
        #expect(abs(p.currentPoint.x - 50) < 1e-9 && abs(p.currentPoint.y - 60) < 1e-9)
        #expect(p.bounds.minY >= 50 - 1e-9)
    }

    @Test func roundedCornersAreLimitedToHalfTheShorterSide() {
        let stadium = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 100)
        #expect(close(stadium.bounds, CGRect(x: 0, y: 0, width: 100, height: 40)))
        #expect(stadium.contains(CGPoint(x: 50, y: 1)))
        #expect(stadium.contains(CGPoint(x: 20, y: 20)) && !stadium.contains(CGPoint(x: 2, y: 2)))
    }

    @Test func onlyTheChosenCornersAreRounded() {
        let p = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100),
                             byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 20, height: 5))
        #expect(!p.contains(CGPoint(x: 2, y: 2)))       // top left, rounded with the width, 20
        #expect(p.contains(CGPoint(x: 98, y: 2)))       // top right, square
        #expect(p.contains(CGPoint(x: 2, y: 98)))       // bottom left, square
        #expect(!p.contains(CGPoint(x: 98, y: 98)))     // bottom right, rounded
        // The height of the radii is ignored: a point 5 in from both edges of the top left is
        // outside a 20-radius corner (distance from its centre (20, 20) is 21.2).
        #expect(!p.contains(CGPoint(x: 5, y: 5)))
    }

    @Test func rectOvalAndCGPathInitialisers() {
        let r = CGRect(x: 5, y: 6, width: 30, height: 20)
        #expect(UIBezierPath(rect: r).bounds == r)
        let oval = UIBezierPath(ovalIn: r)
        #expect(oval.contains(CGPoint(x: r.midX, y: r.midY)) && !oval.contains(CGPoint(x: r.minX + 1, y: r.minY + 1)))
        let copy = UIBezierPath(cgPath: oval.cgPath)
        #expect(copy.cgPath == oval.cgPath)
        #expect(UIBezierPath().isEmpty && !copy.isEmpty)
    }

    @Test func defaultsAreUIKits() {
        let p = UIBezierPath()
        #expect(p.lineWidth == 1 && p.lineCapStyle == .butt && p.lineJoinStyle == .miter)
        #expect(p.miterLimit == 10 && p.flatness == 0.6 && !p.usesEvenOddFillRule)
    }

    @Test func strokeUsesThePathsWidth() {
        let image = render(CGSize(width: 20, height: 20)) {
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: 10))
            line.addLine(to: CGPoint(x: 20, y: 10))
            line.lineWidth = 4
            UIColor.green.setStroke()
            line.stroke()
        }
        #expect(pixel(image, 10, 9) == [0, 255, 0, 255] && pixel(image, 10, 11) == [0, 255, 0, 255])
        #expect(pixel(image, 10, 5) == [0, 0, 0, 0] && pixel(image, 10, 14) == [0, 0, 0, 0])
    }

    @Test func applyTransformsThePoints() {
        let p = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        p.apply(CGAffineTransform(translationX: 5, y: 7))
        #expect(p.bounds == CGRect(x: 5, y: 7, width: 10, height: 10))
    }
}

/// Whether two rectangles agree to within 1e-9 on every edge.
func close(_ a: CGRect, _ b: CGRect) -> Bool {
    abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.maxX - b.maxX) < 1e-9 && abs(a.maxY - b.maxY) < 1e-9
}

/// What `draw` draws in a transparent image context of `size` at scale 1.
func render(_ size: CGSize, scale: CGFloat = 1, _ draw: () -> Void) -> UIImage? {
    UIGraphicsBeginImageContextWithOptions(size, false, scale)
    defer { UIGraphicsEndImageContext() }
    draw()
    return UIGraphicsGetImageFromCurrentImageContext()
}
