import Testing
import Foundation
import OpenQuartzCore

/// The content layers: shapes and gradients, drawn between contents and sublayers.
@Suite struct ContentLayerTests {
    @Test func axialGradientRunsFromStartToEndPoint() {
        let root = makeRoot(100, 100)
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        g.colors = [red, blue]
        root.addSublayer(g)
        let img = Rendered(root, width: 100, height: 100)
        let top = img.rgba(50, 0), mid = img.rgba(50, 50), bottom = img.rgba(50, 99)
        #expect(top.r >= 250 && top.b <= 5)
        #expect(bottom.b >= 250 && bottom.r <= 5)
        #expect(abs(mid.r - 127) <= 3 && abs(mid.b - 127) <= 3)
        // Horizontal start and end turn it sideways.
        g.startPoint = CGPoint(x: 0, y: 0.5)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        let side = Rendered(root, width: 100, height: 100)
        #expect(side.rgba(0, 50).r >= 250 && side.rgba(99, 50).b >= 250)
    }

    @Test func shapeLayerFillsThenStrokesItsPath() {
        let root = makeRoot(100, 100)
        let s = CAShapeLayer()
        s.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        s.path = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
        s.fillColor = red
        s.strokeColor = blue
        s.lineWidth = 10
        root.addSublayer(s)
        let img = Rendered(root, width: 100, height: 100)
        #expect(img.at(50, 50) == (255, 0, 0, 255))     // fill
        #expect(img.at(20, 50) == (0, 0, 255, 255))     // stroke centred on the edge, over the fill
        #expect(img.at(16, 50) == (0, 0, 255, 255))
        #expect(img.at(13, 50).a == 0)                  // half the width outside
        // strokeEnd 0.5 keeps the first half of the outline: the top and right edges.
        s.fillColor = nil
        s.strokeEnd = 0.5
        let half = Rendered(root, width: 100, height: 100)
        #expect(half.at(50, 20) == (0, 0, 255, 255))
        #expect(half.at(80, 50) == (0, 0, 255, 255))
        #expect(half.at(50, 80).a == 0)
    }
}

@Suite struct ReplicatorLayerTests {
    /// Three instances moved 30 points apart, each redder offset removing green and blue.
    @Test func instancesAreTransformedAndTinted() {
        let root = makeRoot(120, 40)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        r.instanceGreenOffset = -0.5
        r.instanceBlueOffset = -0.5
        r.addSublayer(makeLayer(CGRect(x: 5, y: 10, width: 20, height: 20), white))
        root.addSublayer(r)
        let img = Rendered(root, width: 120, height: 40)
        #expect(img.at(15, 20) == (255, 255, 255, 255))
        #expect(img.at(45, 20) == (255, 128, 128, 255))
        #expect(img.at(75, 20) == (255, 0, 0, 255))
        #expect(img.at(105, 20).a == 0)
    }
}
