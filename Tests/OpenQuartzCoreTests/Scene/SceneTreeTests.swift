import Foundation
import Testing
import OpenQuartzCore

@Suite("Scene layer trees")
struct SceneTreeTests {
    typealias S = SceneTestSupport

    @Test func canvasAndRoot() throws {
        let s = try S.parse(#"{"canvas": {"width": 400, "height": 300, "scale": 2, "background": "white"}, "layers": []}"#)
        #expect(s.size == CGSize(width: 400, height: 300))
        #expect(s.scale == 2)
        #expect(s.background == CGColor(gray: 1, alpha: 1))
        #expect(s.pixelWidth == 800 && s.pixelHeight == 600)
        #expect(s.root.bounds == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(s.root.position == CGPoint(x: 200, y: 150))
        #expect(s.root.transform == CATransform3DIdentity)
        #expect(s.root.sublayers ?? [] == [])
        let odd = try S.parse(#"{"canvas": {"width": 10.3, "height": 10.5, "scale": 1}}"#)
        #expect(odd.pixelWidth == 10 && odd.pixelHeight == 11)  // round(), half away from zero
        #expect(try S.parse(#"{"canvas": {"width": 1, "height": 1}}"#).background == nil)
    }

    @Test func defaultsAreCoreAnimations() throws {
        let l = try S.layer("")
        #expect(type(of: l) == CALayer.self)
        #expect(l.bounds == .zero && l.position == .zero && l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(l.opacity == 1 && l.cornerRadius == 0 && l.borderWidth == 0)
        #expect(l.borderColor == CGColor(gray: 0, alpha: 1) && l.shadowColor == CGColor(gray: 0, alpha: 1))
        #expect(l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowRadius == 3 && l.shadowOpacity == 0)
        #expect(l.allowsEdgeAntialiasing == false && l.allowsGroupOpacity == true)
        #expect(l.isDoubleSided && !l.isHidden && !l.masksToBounds && l.contentsGravity == .resize)
        let shape = try S.layer(#""type": "shape""#) as? CAShapeLayer
        #expect(shape?.fillColor == CGColor(gray: 0, alpha: 1) && shape?.strokeColor == nil && shape?.lineWidth == 1)
        let text = try S.layer(#""type": "text""#) as? CATextLayer
        #expect(text?.fontSize == 36 && text?.foregroundColor == CGColor(gray: 1, alpha: 1))
    }

    @Test func everyCommonKey() throws {
        let l = try S.layer(#"""
        "name": "n", "bounds": [1, 2, 30, 40], "position": [5, 6], "anchorPoint": [0, 1], "anchorPointZ": 7,
        "zPosition": 8, "sublayerTransform": [{"scale": [2, 2]}], "hidden": true, "opacity": 0.25,
        "allowsGroupOpacity": false, "backgroundColor": "red", "cornerRadius": 4, "cornerCurve": "continuous",
        "maskedCorners": ["minXMinY", "maxXMaxY"], "borderWidth": 2, "borderColor": null, "masksToBounds": true,
        "shadowOpacity": 0.5, "shadowColor": "blue", "shadowOffset": [1, -2], "shadowRadius": 9,
        "shadowPath": {"rect": [0, 0, 1, 1]}, "mask": {"name": "m"}, "contentsGravity": "topLeft",
        "contentsScale": 2, "contentsRect": [0, 0, 0.5, 0.5], "contentsCenter": [0.25, 0.25, 0.5, 0.5],
        "minificationFilter": "trilinear", "magnificationFilter": "nearest", "minificationFilterBias": -0.5,
        "shouldRasterize": true, "rasterizationScale": 3, "doubleSided": false, "allowsEdgeAntialiasing": true,
        "edgeAntialiasingMask": ["minX", "maxY"], "geometryFlipped": true, "transform": [{"translate": [1, 2, 3]}]
        """#)
        #expect(l.name == "n" && l.bounds == CGRect(x: 1, y: 2, width: 30, height: 40) && l.position == CGPoint(x: 5, y: 6))
        #expect(l.anchorPoint == CGPoint(x: 0, y: 1) && l.anchorPointZ == 7 && l.zPosition == 8)
        #expect(l.sublayerTransform == CATransform3DMakeScale(2, 2, 1))
        #expect(l.transform == CATransform3DMakeTranslation(1, 2, 3))
        #expect(l.isHidden && l.opacity == 0.25 && !l.allowsGroupOpacity)
        #expect(l.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(l.cornerRadius == 4 && l.cornerCurve == .continuous)
        #expect(l.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        #expect(l.borderWidth == 2 && l.borderColor == nil && l.masksToBounds)
        #expect(l.shadowOpacity == 0.5 && l.shadowColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(l.shadowOffset == CGSize(width: 1, height: -2) && l.shadowRadius == 9)
        #expect(l.shadowPath?.elements == CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).elements)
        #expect(l.mask?.name == "m" && l.mask?.superlayer === l)
        #expect(l.contentsGravity == .topLeft && l.contentsScale == 2)
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 0.5))
        #expect(l.contentsCenter == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        #expect(l.minificationFilter == .trilinear && l.magnificationFilter == .nearest && l.minificationFilterBias == -0.5)
        #expect(l.shouldRasterize && l.rasterizationScale == 3 && !l.isDoubleSided)
        #expect(l.allowsEdgeAntialiasing && l.edgeAntialiasingMask == [.layerLeftEdge, .layerTopEdge] && l.isGeometryFlipped)
    }

    @Test func frameUsesAnchorPointAndKeepsBoundsOrigin() throws {
        // position = origin + anchor × size: (10 + 0.25·40, 20 + 1·30).
        let l = try S.layer(#""bounds": [5, 6, 1, 1], "anchorPoint": [0.25, 1], "frame": [10, 20, 40, 30]"#)
        #expect(l.bounds == CGRect(x: 5, y: 6, width: 40, height: 30))
        #expect(l.position == CGPoint(x: 20, y: 50))
        // The order of keys in the file does not matter, and a transform does not change it.
        let m = try S.layer(#""frame": [10, 20, 40, 30], "transform": [{"scale": [2, 2]}], "anchorPoint": [0, 0]"#)
        #expect(m.position == CGPoint(x: 10, y: 20) && m.bounds.size == CGSize(width: 40, height: 30))
    }

    @Test func affineTransformKey() throws {
        let l = try S.layer(#""affineTransform": [{"rotate": {"degrees": 90}}]"#)
        #expect(l.transform == CATransform3DMakeAffineTransform(CGAffineTransform.identity.rotated(by: .pi / 2)))
        #expect(S.layerError(#""transform": [], "affineTransform": []"#) == "t.json: layers[0].affineTransform: give \"transform\" or \"affineTransform\", not both")
    }

    @Test func canvasDefaultsReachEveryLayer() throws {
        let s = try S.parse(S.scene(layers: #"{"sublayers": [{"allowsGroupOpacity": true, "allowsEdgeAntialiasing": false}], "mask": {}}"#,
                                    canvasExtra: #", "allowsEdgeAntialiasing": true, "allowsGroupOpacity": false"#))
        let l = try #require(s.root.sublayers?.first)
        #expect(s.root.allowsEdgeAntialiasing && !s.root.allowsGroupOpacity)
        #expect(l.allowsEdgeAntialiasing && !l.allowsGroupOpacity)
        #expect(l.mask?.allowsEdgeAntialiasing == true && l.mask?.allowsGroupOpacity == false)
        let own = try #require(l.sublayers?.first)
        #expect(!own.allowsEdgeAntialiasing && own.allowsGroupOpacity)
    }

    @Test func shapeLayer() throws {
        let l = try #require(try S.layer(#"""
        "type": "shape", "path": "M0 0 L10 0", "fillColor": null, "strokeColor": "green", "lineWidth": 3,
        "fillRule": "evenOdd", "lineCap": "round", "lineJoin": "bevel", "miterLimit": 4,
        "lineDashPattern": [2, 1.5], "lineDashPhase": 1, "strokeStart": 0.25, "strokeEnd": 0.75
        """#) as? CAShapeLayer)
        #expect(l.path?.elements == [.move(to: .zero), .line(to: CGPoint(x: 10, y: 0))])
        #expect(l.fillColor == nil && l.strokeColor == CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(l.lineWidth == 3 && l.fillRule == .evenOdd && l.lineCap == .round && l.lineJoin == .bevel)
        #expect(l.miterLimit == 4 && l.lineDashPattern?.map(\.doubleValue) == [2, 1.5] && l.lineDashPhase == 1)
        #expect(l.strokeStart == 0.25 && l.strokeEnd == 0.75)
    }

    @Test func textGradientReplicatorTransformLayers() throws {
        let t = try #require(try S.layer(#""type": "text", "string": "Hi", "fontSize": 12, "font": "DejaVu Sans", "foregroundColor": "black", "alignmentMode": "center", "isWrapped": true"#) as? CATextLayer)
        #expect(t.string as? String == "Hi" && t.fontSize == 12 && t.font as? String == "DejaVu Sans")
        #expect(t.foregroundColor == CGColor(gray: 0, alpha: 1) && t.alignmentMode == .center && t.isWrapped)
        let g = try #require(try S.layer(##""type": "gradient", "colors": ["red", "#0000FF"], "locations": [0, 1], "startPoint": [0, 0], "endPoint": [1, 1], "gradientType": "radial""##) as? CAGradientLayer)
        #expect((g.colors as? [CGColor]) == [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)])
        #expect(g.locations?.map(\.doubleValue) == [0, 1] && g.startPoint == .zero && g.endPoint == CGPoint(x: 1, y: 1) && g.type == .radial)
        let r = try #require(try S.layer(#""type": "replicator", "instanceCount": 5, "instanceTransform": [{"translate": [10, 0]}], "instanceDelay": 0.5, "instanceColor": "red", "instanceRedOffset": -0.1, "instanceGreenOffset": -0.2, "instanceBlueOffset": 0.1, "instanceAlphaOffset": -0.25"#) as? CAReplicatorLayer)
        #expect(r.instanceCount == 5 && r.instanceTransform == CATransform3DMakeTranslation(10, 0, 0) && r.instanceDelay == 0.5)
        #expect(r.instanceColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(r.instanceRedOffset == -0.1 && r.instanceGreenOffset == -0.2 && r.instanceBlueOffset == 0.1 && r.instanceAlphaOffset == -0.25)
        #expect(try S.layer(#""type": "transform""#) is CATransformLayer)
    }

    @Test func treeShape() throws {
        let s = try S.parse(S.scene(layers: #"{"name": "a", "sublayers": [{"name": "b"}, {"sublayers": [{"name": "d"}]}]}, {"name": "e"}"#))
        let a = try #require(s.root.sublayers?.first)
        #expect(s.root.sublayers?.map(\.name) == ["a", "e"])
        #expect(a.superlayer === s.root && a.sublayers?.count == 2)
        let d = try #require(a.sublayers?[1].sublayers?.first)
        #expect(d.name == "d" && d.superlayer === a.sublayers?[1])
        #expect(s.path(of: d) == "a/#1/d")
        #expect(s.path(of: s.root) == nil)
        #expect(s.path(of: CALayer()) == nil)
    }

    @Test func hitTestAnswersLikeTheCLI() throws {
        let s = try S.parse(#"{"canvas": {"width": 400, "height": 300}, "layers": [{"name": "card", "bounds": [0, 0, 200, 100], "position": [200, 150], "sublayers": [{"bounds": [0, 0, 50, 50], "position": [25, 25]}, {"name": "b", "frame": [100, 50, 20, 20]}]}]}"#)
        // card spans x 100…300, y 100…200; #0 spans 100…150 both ways; b spans x 200…220, y 150…170.
        #expect(s.hitTest(CGPoint(x: 101, y: 101)).flatMap(s.path(of:)) == "card/#0")
        #expect(s.hitTest(CGPoint(x: 210, y: 160)).flatMap(s.path(of:)) == "card/b")
        #expect(s.hitTest(CGPoint(x: 250, y: 110)).flatMap(s.path(of:)) == "card")
        #expect(s.hitTest(CGPoint(x: 5, y: 5)) == nil)
    }
}
