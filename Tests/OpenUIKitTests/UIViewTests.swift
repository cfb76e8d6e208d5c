import Testing
import OpenUIKit

/// UIView as a layer host: its geometry is its layer's, its hierarchy is the layer tree's, and
/// the layer asks it for drawing and layout.
@Suite struct UIViewTests {
    final class ShapeView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }
    }

    final class TaggedLayer: CALayer {
        var tagged = true
    }

    final class TaggedLayerView: UIView {
        override class var layerClass: AnyClass { TaggedLayer.self }
    }

    @Test func layerClassMakesTheLayer() {
        #expect(ShapeView().layer is CAShapeLayer)
        #expect((TaggedLayerView().layer as? TaggedLayer)?.tagged == true)
        #expect(type(of: UIView().layer) == CALayer.self)
        let v = UIView()
        #expect(v.layer.delegate === v)
    }

    @Test func geometryIsTheLayers() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        v.center = CGPoint(x: 100, y: 100)
        #expect(v.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 2))
        #expect(v.frame == CGRect(x: 0, y: 50, width: 200, height: 100))
        v.alpha = 0.25
        #expect(v.layer.opacity == 0.25)
        v.backgroundColor = .red
        #expect(v.layer.backgroundColor == UIColor.red.cgColor && v.backgroundColor == .red)
        v.isHidden = true
        v.clipsToBounds = true
        #expect(v.layer.isHidden && v.layer.masksToBounds)
        v.contentMode = .top
        #expect(v.layer.contentsGravity == .bottom)
    }

    @Test func hierarchyIsTheLayerTree() {
        let a = UIView(), b = UIView(), child = UIView(), other = UIView()
        a.addSubview(child)
        a.addSubview(other)
        #expect(child.superview === a && a.subviews.count == 2 && a.layer.sublayers?.first === child.layer)
        a.bringSubviewToFront(child)
        #expect(a.subviews.last === child && a.layer.sublayers?.last === child.layer)
        b.addSubview(child)
        #expect(child.superview === b && a.subviews.count == 1 && child.layer.superlayer === b.layer)
        child.removeFromSuperview()
        #expect(child.superview == nil && b.subviews.isEmpty && child.layer.superlayer == nil)
        a.insertSubview(child, belowSubview: other)
        #expect(a.subviews.first === child)
        child.tag = 7
        #expect(a.viewWithTag(7) === child && child.isDescendant(of: a))
    }

    @Test func tintColorIsInherited() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        #expect(child.tintColor == .systemBlue)
        parent.tintColor = .red
        #expect(child.tintColor == .red)
    }

    final class CountingView: UIView {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }

    @Test func layoutRunsThroughTheLayer() {
        let v = CountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.layoutIfNeeded()
        let before = v.layouts
        v.setNeedsLayout()
        v.layoutIfNeeded()
        #expect(v.layouts == before + 1)
        v.layoutIfNeeded()
        #expect(v.layouts == before + 1)
    }

    final class SquareView: UIView {
        var color = UIColor.red
        var rects: [CGRect] = []
        override func draw(_ rect: CGRect) {
            rects.append(rect)
            color.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 2))
        }
    }

    @Test func drawIsCalledThroughTheLayersDelegate() {
        let v = SquareView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let renderer = CAImageRenderer(size: CGSize(width: 20, height: 20))
        let first = UIImage(cgImage: renderer.image(for: v.layer))
        #expect(v.rects == [CGRect(x: 0, y: 0, width: 20, height: 20)])
        #expect(pixel(first, 5, 5) == [255, 0, 0, 255] && pixel(first, 15, 15) == [0, 0, 0, 0])
        v.color = .blue
        v.setNeedsDisplay()
        let second = UIImage(cgImage: renderer.image(for: v.layer))
        #expect(pixel(second, 5, 5) == [0, 0, 255, 255])
    }

    @Test func viewsThatDrawNothingKeepNoBitmap() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.backgroundColor = .green
        let image = UIImage(cgImage: CAImageRenderer(size: CGSize(width: 20, height: 20)).image(for: v.layer))
        #expect(v.layer.contents == nil)
        #expect(pixel(image, 10, 10) == [0, 255, 0, 255])
    }

    /// The book's `self.layerView.layer.contents = image.CGImage` on a plain view: the view
    /// draws nothing, so the image stays the layer's contents.
    @Test func contentsGivenToAViewThatDrawsNothingStay() throws {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let green = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { ctx in
            UIColor.green.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let picture = try #require(green.cgImage)
        v.layer.contents = picture
        let image = UIImage(cgImage: CAImageRenderer(size: CGSize(width: 20, height: 20)).image(for: v.layer))
        #expect((v.layer.contents as? CGImage) === picture)
        #expect(pixel(image, 10, 10) == [0, 255, 0, 255])
    }
}

extension UIViewTests {
    /// `drawHierarchy(in:afterScreenUpdates:)` draws the view tree scaled into the rectangle.
    @Test func drawHierarchyDrawsTheTreeIntoTheCurrentContext() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        parent.backgroundColor = .blue
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        child.backgroundColor = .red
        parent.addSubview(child)
        var drew = false
        let image = render(CGSize(width: 40, height: 40)) {
            drew = parent.drawHierarchy(in: CGRect(x: 0, y: 0, width: 40, height: 40), afterScreenUpdates: true)
        }
        #expect(drew)
        #expect(pixel(image, 5, 5) == [0, 0, 255, 255] && pixel(image, 30, 30) == [255, 0, 0, 255])
        #expect(!parent.drawHierarchy(in: CGRect(x: 0, y: 0, width: 10, height: 10), afterScreenUpdates: false))
    }
}
