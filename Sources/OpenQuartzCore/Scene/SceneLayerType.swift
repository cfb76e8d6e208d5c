/// The `"type"` of a scene layer object and the Core Animation class it makes.
enum SceneLayerType: String, CaseIterable, Sendable {
    case layer, shape, transform, text, gradient, replicator, scroll, emitter

    func makeLayer() -> CALayer {
        switch self {
        case .layer: return CALayer()
        case .shape: return CAShapeLayer()
        case .transform: return CATransformLayer()
        case .text: return CATextLayer()
        case .gradient: return CAGradientLayer()
        case .replicator: return CAReplicatorLayer()
        case .scroll: return CAScrollLayer()
        case .emitter: return CAEmitterLayer()
        }
    }

    /// The scene type of a layer object; a subclass of ours counts as its nearest known class.
    init(of layer: CALayer) {
        switch layer {
        case is CAShapeLayer: self = .shape
        case is CATransformLayer: self = .transform
        case is CATextLayer: self = .text
        case is CAGradientLayer: self = .gradient
        case is CAReplicatorLayer: self = .replicator
        case is CAScrollLayer: self = .scroll
        case is CAEmitterLayer: self = .emitter
        default: self = .layer
        }
    }
}

/// Every key a layer object may have, and which layer type owns it (nil: every type).
enum SceneLayerKey: String, CaseIterable, Sendable {
    case type, name, bounds, position, frame, anchorPoint, anchorPointZ, zPosition
    case transform, affineTransform, sublayerTransform, hidden, opacity, allowsGroupOpacity
    case backgroundColor, cornerRadius, cornerCurve, maskedCorners, borderWidth, borderColor
    case masksToBounds, shadowOpacity, shadowColor, shadowOffset, shadowRadius, shadowPath
    case mask, contents, contentsGravity, contentsScale, contentsRect, contentsCenter
    case minificationFilter, magnificationFilter, minificationFilterBias
    case shouldRasterize, rasterizationScale, doubleSided, allowsEdgeAntialiasing
    case edgeAntialiasingMask, geometryFlipped, sublayers
    /// A Core Image compositing filter's name (CALayer.compositingFilter).
    case compositingFilter
    /// OpenQuartzCore extension (CALayer.allowsHitTesting): false keeps the layer and its
    /// subtree out of hit testing, as UIKit's userInteractionEnabled does for views.
    case allowsHitTesting
    /// The layer's own time (CAMediaTiming): how fast it runs and where it starts, for
    /// its animations and its sublayers' (docs/time.md "The time model").
    case speed, timeOffset
    /// Animations added to the layer (docs/scene-format.md "Animations").
    case animations
    // CAShapeLayer
    case path, fillColor, strokeColor, lineWidth, fillRule, lineCap, lineJoin, miterLimit
    case lineDashPattern, lineDashPhase, strokeStart, strokeEnd
    // CATextLayer
    case string, fontSize, font, foregroundColor, alignmentMode, isWrapped, truncationMode
    // CAGradientLayer
    case colors, locations, startPoint, endPoint, gradientType
    // CAReplicatorLayer
    case instanceCount, instanceTransform, instanceDelay, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // CAScrollLayer
    case scrollMode
    // CAEmitterLayer
    case emitterCells, birthRate, lifetime, emitterPosition, emitterZPosition, emitterSize, emitterDepth
    case emitterShape, emitterMode, renderMode, preservesDepth, velocity, scale, spin, seed

    var owner: SceneLayerType? {
        switch self {
        case .path, .fillColor, .strokeColor, .lineWidth, .fillRule, .lineCap, .lineJoin, .miterLimit,
             .lineDashPattern, .lineDashPhase, .strokeStart, .strokeEnd:
            return .shape
        case .string, .fontSize, .font, .foregroundColor, .alignmentMode, .isWrapped, .truncationMode:
            return .text
        case .colors, .locations, .startPoint, .endPoint, .gradientType:
            return .gradient
        case .instanceCount, .instanceTransform, .instanceDelay, .instanceColor,
             .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
            return .replicator
        case .scrollMode:
            return .scroll
        case .emitterCells, .birthRate, .lifetime, .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth,
             .emitterShape, .emitterMode, .renderMode, .preservesDepth, .velocity, .scale, .spin, .seed:
            return .emitter
        default:
            return nil
        }
    }

    /// Hashed lookup: one probe per member beats comparing against ~70 names.
    static let byName: [String: SceneLayerKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The keys a layer of `type` accepts, for "did you mean" hints.
    static func names(for type: SceneLayerType) -> [String] {
        allCases.filter { $0.owner == nil || $0.owner == type }.map(\.rawValue)
    }
}
