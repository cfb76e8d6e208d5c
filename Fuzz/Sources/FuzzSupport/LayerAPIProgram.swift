// The layer API driven property by property: the bytes spell up to 64 calls on a small tree of
// every layer class, each call one of: make a layer and add, insert (at any index, below or
// above a sibling) or replace with it; remove one; set a mask; set a property through its
// Swift setter or through setValue(_:forKeyPath:) with a value of any kind; set a subclass's
// own properties (shape, text, gradient, replicator, emitter and its cells, scroll, tiled);
// add or remove animations with hostile timing; scroll; lay out; hit-test; render (timed or
// not, 48 × 48). Numbers are NaN, infinities, 1e308, negative sizes and huge counts as often
// as ordinary ones. Every call must return without a trap, a wild access, a leak or a hang.
//
// Here rather than in the harness, as AnimationProgram.swift, so that the main package's tests
// replay fuzz-layer-api's findings (Fuzz/Crashers) through the very calls the fuzzer made.
import Foundation
import OpenQuartzCore

private let layerKeyPaths = [
    "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
    "frame", "hidden", "doubleSided", "geometryFlipped", "masksToBounds", "contentsRect", "contentsCenter",
    "contentsScale", "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
    "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "shouldRasterize",
    "rasterizationScale", "contents", "speed", "timeOffset", "beginTime", "duration", "repeatCount",
    "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit",
    "lineDashPhase", "lineDashPattern", "string", "fontSize", "font", "foregroundColor", "wrapped",
    "colors", "locations", "startPoint", "endPoint", "instanceCount", "instanceDelay",
    "instanceTransform", "instanceColor", "instanceAlphaOffset", "instanceRedOffset", "birthRate",
    "lifetime", "emitterPosition", "emitterSize", "velocity", "scale", "spin", "emitterCells",
    "levelsOfDetail", "levelsOfDetailBias", "tileSize", "bounds.size", "position.y", "transform.scale.x",
    "sublayerTransform.m34", "shadowOffset.height", "name", "style", "unknownKey", "",
]

extension FuzzReader {
    /// A colour of hostile components, or none (point(), size(), rect() and color() are
    /// CGContextProgram.swift's).
    mutating func optionalColor() -> CGColor? { bool() ? nil : color() }
    mutating func numbers() -> [NSNumber]? { bool() ? nil : (0..<below(8)).map { _ in NSNumber(value: double()) } }

    /// A layer of any of the library's classes.
    mutating func anyLayer() -> CALayer {
        switch below(9) {
        case 0: return CAShapeLayer()
        case 1: return CATextLayer()
        case 2: return CAGradientLayer()
        case 3: return CAReplicatorLayer()
        case 4: return CATransformLayer()
        case 5: return CAEmitterLayer()
        case 6: return CAScrollLayer()
        case 7: return CATiledLayer()
        default: return CALayer()
        }
    }

    /// An emitter cell with hostile rates, lifetimes and ranges, sometimes with cells of its own.
    mutating func emitterCell(depth: Int) -> CAEmitterCell {
        let c = CAEmitterCell()
        c.birthRate = float(); c.lifetime = float(); c.lifetimeRange = float()
        c.velocity = cg(); c.velocityRange = cg(); c.emissionRange = cg(); c.emissionLongitude = cg()
        c.xAcceleration = cg(); c.yAcceleration = cg(); c.scale = cg(); c.scaleRange = cg()
        c.scaleSpeed = cg(); c.spin = cg(); c.spinRange = cg(); c.alphaSpeed = float(); c.alphaRange = float()
        c.color = optionalColor()
        c.contentsRect = rect()
        if bool() { c.duration = double(); c.beginTime = double(); c.speed = float(); c.repeatCount = float() }
        if depth < 2, bool() { c.emitterCells = (0..<below(3)).map { _ in emitterCell(depth: depth + 1) } }
        return c
    }

    /// One of CALayer's own properties through its Swift setter.
    mutating func setLayerProperty(_ l: CALayer, image: CGImage) {
        switch below(34) {
        case 0: l.bounds = rect()
        case 1: l.position = point()
        case 2: l.zPosition = cg()
        case 3: l.anchorPoint = point()
        case 4: l.anchorPointZ = cg()
        case 5: l.transform = transform3D()
        case 6: l.sublayerTransform = transform3D()
        case 7: l.frame = rect()
        case 8: l.isHidden = bool(); l.isDoubleSided = bool(); l.isGeometryFlipped = bool()
        case 9: l.masksToBounds = bool()
        case 10: l.contentsRect = rect()
        case 11: l.contentsCenter = rect()
        case 12: l.contentsScale = cg()
        case 13: l.opacity = float()
        case 14: l.backgroundColor = optionalColor()
        case 15: l.cornerRadius = cg(); l.maskedCorners = CACornerMask(rawValue: UInt(byte() & 15))
        case 16: l.borderWidth = cg(); l.borderColor = optionalColor()
        case 17: l.shadowOpacity = float(); l.shadowColor = optionalColor()
        case 18: l.shadowOffset = size(); l.shadowRadius = cg()
        case 19: l.shadowPath = bool() ? path() : nil
        case 20: l.shouldRasterize = bool(); l.rasterizationScale = cg()
        case 21: l.contents = bool() ? image : nil
        case 22: l.contentsGravity = [.center, .resize, .resizeAspect, .resizeAspectFill, .top, .bottomRight][below(6)]
        case 23: l.minificationFilterBias = float()
        case 24: l.speed = float(); l.timeOffset = double()
        case 25: l.beginTime = double(); l.duration = double()
        case 26: l.repeatCount = float(); l.repeatDuration = double(); l.autoreverses = bool()
        case 27: l.allowsGroupOpacity = bool(); l.allowsEdgeAntialiasing = bool()
        case 28: l.cornerCurve = bool() ? .continuous : .circular
        case 29: l.isOpaque = bool(); l.needsDisplayOnBoundsChange = bool()
        case 30: l.name = bool() ? "n\(byte())" : nil
        case 31: l.compositingFilter = bool() ? "multiplyBlendMode" : nil
        case 32: l.fillMode = [.removed, .forwards, .backwards, .both][below(4)]
        default: l.contentsScale = cg(); l.rasterizationScale = cg()
        }
    }

    /// One of a subclass's own properties through its Swift setter.
    mutating func setSubclassProperty(_ l: CALayer) {
        switch l {
        case let s as CAShapeLayer:
            switch below(8) {
            case 0: s.path = bool() ? path() : nil
            case 1: s.fillColor = optionalColor(); s.strokeColor = optionalColor()
            case 2: s.strokeStart = cg(); s.strokeEnd = cg()
            case 3: s.lineWidth = cg(); s.miterLimit = cg()
            case 4: s.lineDashPattern = numbers(); s.lineDashPhase = cg()
            case 5: s.lineCap = [.butt, .round, .square][below(3)]; s.lineJoin = [.miter, .round, .bevel][below(3)]
            case 6: s.fillRule = bool() ? .evenOdd : .nonZero
            default: s.path = path(); s.lineWidth = cg(); s.strokeColor = optionalColor()
            }
        case let t as CATextLayer:
            switch below(6) {
            case 0: t.string = bool() ? String(repeating: "W ", count: below(200)) : nil
            case 1: t.fontSize = cg()
            case 2: t.font = bool() ? "Helvetica" as NSString : nil
            case 3: t.foregroundColor = optionalColor()
            case 4: t.isWrapped = bool(); t.truncationMode = [.none, .start, .middle, .end][below(4)]
            default: t.alignmentMode = [.natural, .left, .right, .center, .justified][below(5)]
            }
        case let g as CAGradientLayer:
            switch below(4) {
            case 0: g.colors = bool() ? (0..<below(6)).compactMap { _ in optionalColor() } : nil
            case 1: g.locations = numbers()
            case 2: g.startPoint = point(); g.endPoint = point()
            default: g.type = [.axial, .radial, .conic][below(3)]
            }
        case let r as CAReplicatorLayer:
            switch below(5) {
            case 0: r.instanceCount = int()
            case 1: r.instanceDelay = double()
            case 2: r.instanceTransform = transform3D()
            case 3: r.instanceColor = optionalColor()
            default:
                r.instanceAlphaOffset = float(); r.instanceRedOffset = float()
                r.instanceGreenOffset = float(); r.instanceBlueOffset = float()
            }
        case let e as CAEmitterLayer:
            switch below(6) {
            case 0: e.emitterCells = bool() ? (0..<below(4)).map { _ in emitterCell(depth: 0) } : nil
            case 1: e.birthRate = float(); e.lifetime = float()
            case 2: e.emitterPosition = point(); e.emitterSize = size(); e.emitterDepth = cg()
            case 3: e.velocity = float(); e.scale = float(); e.spin = float()
            case 4: e.seed = UInt32(truncatingIfNeeded: int())
            default:
                e.emitterShape = [.point, .line, .rectangle, .cuboid, .circle, .sphere][below(6)]
                e.emitterMode = [.points, .outline, .surface, .volume][below(4)]
                e.renderMode = [.unordered, .oldestFirst, .oldestLast, .backToFront, .additive][below(5)]
            }
        case let s as CAScrollLayer:
            s.scrollMode = [.none, .vertically, .horizontally, .both][below(4)]
            if bool() { s.scroll(to: point()) } else { s.scroll(to: rect()) }
        case let t as CATiledLayer:
            t.levelsOfDetail = int(); t.levelsOfDetailBias = int(); t.tileSize = size()
        default:
            setValue(on: l)
        }
    }

    /// A key-value pair through key-value coding: a value of any kind, at any key path.
    mutating func setValue(on l: CALayer) {
        let key = layerKeyPaths[below(layerKeyPaths.count)]
        switch below(3) {
        case 0: l.setValue(value(), forKey: key)
        case 1: l.setValue(value(), forKeyPath: key)
        default: _ = l.value(forKeyPath: key)
        }
    }
}

public func runLayerAPIProgram(_ bytes: [UInt8]) {
    var r = FuzzReader(bytes)
    let image = CGImage(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255, 9, 9, 9, 0])!
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 48, height: 48)
    var layers = [root]
    let renderer = CAImageRenderer(size: CGSize(width: 48, height: 48))
    renderer.cachesFrames = r.bool()
    var step = 0
    while step < 64, !r.isAtEnd {
        step += 1
        let l = layers[r.below(layers.count)]
        switch r.below(16) {
        case 0, 1:
            // Layers are made with a frame and a colour so that a render has something to draw.
            guard layers.count < 24 else { continue }
            let n = r.anyLayer()
            n.frame = CGRect(x: r.cg(), y: r.cg(), width: r.cg(), height: r.cg())
            n.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            switch r.below(5) {
            case 0: l.addSublayer(n)
            case 1: l.insertSublayer(n, at: UInt32(truncatingIfNeeded: r.int()))
            case 2: l.insertSublayer(n, below: layers[r.below(layers.count)])
            case 3: l.insertSublayer(n, above: layers[r.below(layers.count)])
            default: l.replaceSublayer(layers[r.below(layers.count)], with: n)
            }
            layers.append(n)
        case 2:
            // A move: a layer already in the tree, added under another (perhaps its descendant).
            layers[r.below(layers.count)].addSublayer(l)
        case 3: if l !== root { l.removeFromSuperlayer() }
        case 4: l.mask = r.bool() ? layers[r.below(layers.count)] : nil
        case 5: l.sublayers = r.bool() ? (0..<r.below(4)).map { _ in layers[r.below(layers.count)] } : nil
        case 6, 7: r.setLayerProperty(l, image: image)
        case 8, 9: r.setSubclassProperty(l)
        case 10: r.setValue(on: l)
        case 11: l.add(r.animation(depth: 0), forKey: r.bool() ? "k\(r.byte() & 3)" : nil)
        case 12: if r.bool() { l.removeAllAnimations() } else { l.removeAnimation(forKey: "k\(r.byte() & 3)") }
        case 13:
            switch r.below(4) {
            case 0: l.scroll(r.point())
            case 1: l.scrollRectToVisible(r.rect())
            case 2: _ = root.hitTest(r.point())
            default: _ = l.convert(r.point(), to: layers[r.below(layers.count)])
            }
        case 14: l.setNeedsLayout(); l.layoutIfNeeded(); l.setNeedsDisplay(); l.displayIfNeeded()
        default:
            if r.bool() { _ = try? renderer.checkedImage(for: root) } else { _ = renderer.image(for: root, atTime: r.double()) }
            _ = l.presentation()?.frame
        }
    }
    _ = try? renderer.checkedImage(for: root)
    _ = renderer.image(for: root, atTime: r.double())
}
