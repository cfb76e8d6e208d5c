import Foundation

/// A property of a layer that key-value coding and animations reach by name, with the kind of
/// value it holds. Names are the Objective-C property names Core Animation's key paths use
/// (`hidden`, `doubleSided`, `geometryFlipped`, …); the Swift spellings (`isHidden`) are
/// accepted too.
enum LayerProperty: Hashable, Sendable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, frame
    case hidden, opacity, allowsGroupOpacity, doubleSided, masksToBounds, geometryFlipped
    case allowsEdgeAntialiasing, shouldRasterize, rasterizationScale
    case backgroundColor, cornerRadius, borderWidth, borderColor
    case shadowOpacity, shadowColor, shadowOffset, shadowRadius, shadowPath
    case contents, contentsRect, contentsCenter, contentsScale, minificationFilterBias
    case name, compositingFilter
    // CAShapeLayer
    case path, fillColor, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit, lineDashPhase, lineDashPattern
    // CAGradientLayer
    case colors, locations, startPoint, endPoint
    // CAReplicatorLayer
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // CATextLayer
    case fontSize, foregroundColor
    // CAEmitterLayer (its `birthRate`, `lifetime`, `velocity`, `scale`, `spin`), and a property
    // of one of its cells (`emitterCells.NAME.birthRate`)
    case emitterBirthRate, emitterLifetime, emitterPosition, emitterZPosition, emitterSize, emitterDepth
    case emitterVelocity, emitterScale, emitterSpin
    case emitterCell(EmitterCellKeyPath)

    static let byName: [String: LayerProperty] = {
        var d: [String: LayerProperty] = [
            "bounds": .bounds, "position": .position, "zPosition": .zPosition, "anchorPoint": .anchorPoint,
            "anchorPointZ": .anchorPointZ, "transform": .transform, "sublayerTransform": .sublayerTransform,
            "frame": .frame, "hidden": .hidden, "isHidden": .hidden, "opacity": .opacity,
            "allowsGroupOpacity": .allowsGroupOpacity, "doubleSided": .doubleSided, "isDoubleSided": .doubleSided,
            "masksToBounds": .masksToBounds, "geometryFlipped": .geometryFlipped,
            "isGeometryFlipped": .geometryFlipped, "allowsEdgeAntialiasing": .allowsEdgeAntialiasing,
            "shouldRasterize": .shouldRasterize, "rasterizationScale": .rasterizationScale,
            "backgroundColor": .backgroundColor, "cornerRadius": .cornerRadius, "borderWidth": .borderWidth,
            "borderColor": .borderColor, "shadowOpacity": .shadowOpacity, "shadowColor": .shadowColor,
            "shadowOffset": .shadowOffset, "shadowRadius": .shadowRadius, "shadowPath": .shadowPath,
            "contents": .contents, "contentsRect": .contentsRect, "contentsCenter": .contentsCenter,
            "contentsScale": .contentsScale, "minificationFilterBias": .minificationFilterBias, "name": .name,
            "compositingFilter": .compositingFilter,
            "path": .path, "fillColor": .fillColor, "strokeColor": .strokeColor, "strokeStart": .strokeStart,
            "strokeEnd": .strokeEnd, "lineWidth": .lineWidth, "miterLimit": .miterLimit,
            "lineDashPhase": .lineDashPhase, "lineDashPattern": .lineDashPattern,
            "colors": .colors, "locations": .locations, "startPoint": .startPoint, "endPoint": .endPoint,
            "instanceCount": .instanceCount, "instanceDelay": .instanceDelay,
            "instanceTransform": .instanceTransform, "instanceColor": .instanceColor,
            "instanceRedOffset": .instanceRedOffset, "instanceGreenOffset": .instanceGreenOffset,
            "instanceBlueOffset": .instanceBlueOffset, "instanceAlphaOffset": .instanceAlphaOffset,
            "fontSize": .fontSize, "foregroundColor": .foregroundColor,
            "birthRate": .emitterBirthRate, "lifetime": .emitterLifetime, "emitterPosition": .emitterPosition,
            "emitterZPosition": .emitterZPosition, "emitterSize": .emitterSize, "emitterDepth": .emitterDepth,
            "velocity": .emitterVelocity, "scale": .emitterScale, "spin": .emitterSpin,
        ]
        d.reserveCapacity(d.count)
        return d
    }()

    var kind: AnimationValueKind {
        switch self {
        case .bounds, .frame, .contentsRect, .contentsCenter: return .rect
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition: return .point
        case .shadowOffset, .emitterSize: return .size
        case .emitterCell(let c): return c.kind
        case .transform, .sublayerTransform, .instanceTransform: return .transform
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .instanceColor, .foregroundColor: return .color
        case .colors: return .colors
        case .locations, .lineDashPattern: return .numbers
        case .shadowPath, .path: return .path
        case .hidden, .allowsGroupOpacity, .doubleSided, .masksToBounds, .geometryFlipped, .allowsEdgeAntialiasing,
             .shouldRasterize, .contents, .name, .instanceCount, .compositingFilter:
            return .discrete
        default: return .number
        }
    }

    /// Whether a change of the property runs the implicit animation (CALayer.h marks these
    /// "Animatable"). `frame` is derived and `name` is not animatable; booleans and `contents`
    /// are animatable explicitly but change at once here (Core Animation crossfades contents,
    /// which OpenQuartzCore does not draw yet).
    var isAnimatable: Bool {
        switch self {
        case .frame, .name, .allowsEdgeAntialiasing, .instanceCount, .hidden, .doubleSided, .masksToBounds,
             .shouldRasterize, .geometryFlipped, .allowsGroupOpacity, .contents, .compositingFilter: return false
        case .emitterCell(let c): return c.kind != .discrete
        default: return true
        }
    }

    /// Whether a booleans-as-numbers property (discrete, but set from a number).
    var isBoolean: Bool {
        switch self {
        case .hidden, .allowsGroupOpacity, .doubleSided, .masksToBounds, .geometryFlipped, .allowsEdgeAntialiasing, .shouldRasterize: return true
        default: return false
        }
    }

    /// The property's value on `l`, nil when `l` lacks it (a shape property of a plain layer).
    func get(_ l: CALayer) -> AnimationValue? {
        func col(_ c: CGColor?) -> AnimationValue { AnimationValue(c, kind: .color) ?? .noColor }
        func num(_ v: CGFloat) -> AnimationValue { .number(Double(v)) }
        func num(_ v: Float) -> AnimationValue { .number(Double(v)) }
        switch self {
        case .bounds: return .rect(l.bounds)
        case .position: return .point(l.position)
        case .zPosition: return num(l.zPosition)
        case .anchorPoint: return .point(l.anchorPoint)
        case .anchorPointZ: return num(l.anchorPointZ)
        case .transform: return .transform(l.transform)
        case .sublayerTransform: return .transform(l.sublayerTransform)
        case .frame: return .rect(l.frame)
        case .hidden: return .discrete(l.isHidden)
        case .opacity: return num(l.opacity)
        case .allowsGroupOpacity: return .discrete(l.allowsGroupOpacity)
        case .doubleSided: return .discrete(l.isDoubleSided)
        case .masksToBounds: return .discrete(l.masksToBounds)
        case .geometryFlipped: return .discrete(l.isGeometryFlipped)
        case .allowsEdgeAntialiasing: return .discrete(l.allowsEdgeAntialiasing)
        case .shouldRasterize: return .discrete(l.shouldRasterize)
        case .rasterizationScale: return num(l.rasterizationScale)
        case .backgroundColor: return col(l.backgroundColor)
        case .cornerRadius: return num(l.cornerRadius)
        case .borderWidth: return num(l.borderWidth)
        case .borderColor: return col(l.borderColor)
        case .shadowOpacity: return num(l.shadowOpacity)
        case .shadowColor: return col(l.shadowColor)
        case .shadowOffset: return .size(l.shadowOffset)
        case .shadowRadius: return num(l.shadowRadius)
        case .shadowPath: return l.shadowPath.map { .path($0) } ?? .discrete(nil)
        case .contents: return .discrete(l.contents)
        case .contentsRect: return .rect(l.contentsRect)
        case .contentsCenter: return .rect(l.contentsCenter)
        case .contentsScale: return num(l.contentsScale)
        case .minificationFilterBias: return num(l.minificationFilterBias)
        case .name: return .discrete(l.name)
        case .compositingFilter: return .discrete(l.compositingFilter)
        case .path: return (l as? CAShapeLayer).map { s in s.path.map { .path($0) } ?? .discrete(nil) }
        case .fillColor: return (l as? CAShapeLayer).map { col($0.fillColor) }
        case .strokeColor: return (l as? CAShapeLayer).map { col($0.strokeColor) }
        case .strokeStart: return (l as? CAShapeLayer).map { num($0.strokeStart) }
        case .strokeEnd: return (l as? CAShapeLayer).map { num($0.strokeEnd) }
        case .lineWidth: return (l as? CAShapeLayer).map { num($0.lineWidth) }
        case .miterLimit: return (l as? CAShapeLayer).map { num($0.miterLimit) }
        case .lineDashPhase: return (l as? CAShapeLayer).map { num($0.lineDashPhase) }
        case .lineDashPattern:
            return (l as? CAShapeLayer).map { s in s.lineDashPattern.map { .numbers($0.map(\.doubleValue)) } ?? .discrete(nil) }
        case .colors:
            return (l as? CAGradientLayer).map { g in g.colors.flatMap { AnimationValue($0, kind: .colors) } ?? .discrete(nil) }
        case .locations:
            return (l as? CAGradientLayer).map { g in g.locations.map { .numbers($0.map(\.doubleValue)) } ?? .discrete(nil) }
        case .startPoint: return (l as? CAGradientLayer).map { .point($0.startPoint) }
        case .endPoint: return (l as? CAGradientLayer).map { .point($0.endPoint) }
        case .instanceCount: return (l as? CAReplicatorLayer).map { .discrete($0.instanceCount) }
        case .instanceDelay: return (l as? CAReplicatorLayer).map { .number($0.instanceDelay) }
        case .instanceTransform: return (l as? CAReplicatorLayer).map { .transform($0.instanceTransform) }
        case .instanceColor: return (l as? CAReplicatorLayer).map { col($0.instanceColor) }
        case .instanceRedOffset: return (l as? CAReplicatorLayer).map { num($0.instanceRedOffset) }
        case .instanceGreenOffset: return (l as? CAReplicatorLayer).map { num($0.instanceGreenOffset) }
        case .instanceBlueOffset: return (l as? CAReplicatorLayer).map { num($0.instanceBlueOffset) }
        case .instanceAlphaOffset: return (l as? CAReplicatorLayer).map { num($0.instanceAlphaOffset) }
        case .fontSize: return (l as? CATextLayer).map { num($0.fontSize) }
        case .foregroundColor: return (l as? CATextLayer).map { col($0.foregroundColor) }
        case .emitterBirthRate: return (l as? CAEmitterLayer).map { num($0.birthRate) }
        case .emitterLifetime: return (l as? CAEmitterLayer).map { num($0.lifetime) }
        case .emitterPosition: return (l as? CAEmitterLayer).map { .point($0.emitterPosition) }
        case .emitterZPosition: return (l as? CAEmitterLayer).map { num($0.emitterZPosition) }
        case .emitterSize: return (l as? CAEmitterLayer).map { .size($0.emitterSize) }
        case .emitterDepth: return (l as? CAEmitterLayer).map { num($0.emitterDepth) }
        case .emitterVelocity: return (l as? CAEmitterLayer).map { num($0.velocity) }
        case .emitterScale: return (l as? CAEmitterLayer).map { num($0.scale) }
        case .emitterSpin: return (l as? CAEmitterLayer).map { num($0.spin) }
        case .emitterCell(let c): return c.get(l)
        }
    }

    /// Sets the property on `l`; false when `l` lacks it or `v` is of the wrong kind.
    @discardableResult
    func set(_ l: CALayer, _ v: AnimationValue) -> Bool {
        func cg() -> CGFloat? { v.doubleValue.map { CGFloat($0) } }
        func fl() -> Float? { v.doubleValue.map { Float($0) } }
        func bool() -> Bool? {
            if case .discrete(let b) = v { return KeyValueNumber.bool(b) }
            return v.doubleValue.map { $0 != 0 }
        }
        func color() -> CGColor?? {
            switch v {
            case .color: return .some(v.cgColorValue)
            case .noColor: return .some(nil)
            default: return nil
            }
        }
        func path() -> CGPath?? {
            switch v {
            case .path(let p): return .some(p)
            case .discrete(nil): return .some(nil)
            default: return nil
            }
        }
        func point() -> CGPoint? { if case .point(let p) = v { return p }; return nil }
        func size() -> CGSize? { if case .size(let s) = v { return s }; return nil }
        func rect() -> CGRect? { if case .rect(let r) = v { return r }; return nil }
        func transform() -> CATransform3D? { if case .transform(let t) = v { return t }; return nil }
        func numbers() -> [NSNumber]?? {
            switch v {
            case .numbers(let n): return .some(n.map { NSNumber(value: $0) })
            case .discrete(nil): return .some(nil)
            default: return nil
            }
        }
        let shape = l as? CAShapeLayer, gradient = l as? CAGradientLayer
        let replicator = l as? CAReplicatorLayer, text = l as? CATextLayer
        switch self {
        case .bounds: guard let r = rect() else { return false }; l.bounds = r
        case .position: guard let p = point() else { return false }; l.position = p
        case .zPosition: guard let x = cg() else { return false }; l.zPosition = x
        case .anchorPoint: guard let p = point() else { return false }; l.anchorPoint = p
        case .anchorPointZ: guard let x = cg() else { return false }; l.anchorPointZ = x
        case .transform: guard let t = transform() else { return false }; l.transform = t
        case .sublayerTransform: guard let t = transform() else { return false }; l.sublayerTransform = t
        case .frame: guard let r = rect() else { return false }; l.frame = r
        case .hidden: guard let b = bool() else { return false }; l.isHidden = b
        case .opacity: guard let x = fl() else { return false }; l.opacity = x
        case .allowsGroupOpacity: guard let b = bool() else { return false }; l.allowsGroupOpacity = b
        case .doubleSided: guard let b = bool() else { return false }; l.isDoubleSided = b
        case .masksToBounds: guard let b = bool() else { return false }; l.masksToBounds = b
        case .geometryFlipped: guard let b = bool() else { return false }; l.isGeometryFlipped = b
        case .allowsEdgeAntialiasing: guard let b = bool() else { return false }; l.allowsEdgeAntialiasing = b
        case .shouldRasterize: guard let b = bool() else { return false }; l.shouldRasterize = b
        case .rasterizationScale: guard let x = cg() else { return false }; l.rasterizationScale = x
        case .backgroundColor: guard let c = color() else { return false }; l.backgroundColor = c
        case .cornerRadius: guard let x = cg() else { return false }; l.cornerRadius = x
        case .borderWidth: guard let x = cg() else { return false }; l.borderWidth = x
        case .borderColor: guard let c = color() else { return false }; l.borderColor = c
        case .shadowOpacity: guard let x = fl() else { return false }; l.shadowOpacity = x
        case .shadowColor: guard let c = color() else { return false }; l.shadowColor = c
        case .shadowOffset: guard let s = size() else { return false }; l.shadowOffset = s
        case .shadowRadius: guard let x = cg() else { return false }; l.shadowRadius = x
        case .shadowPath: guard let p = path() else { return false }; l.shadowPath = p
        case .contents: guard case .discrete(let c) = v else { return false }; l.contents = c
        case .contentsRect: guard let r = rect() else { return false }; l.contentsRect = r
        case .contentsCenter: guard let r = rect() else { return false }; l.contentsCenter = r
        case .contentsScale: guard let x = cg() else { return false }; l.contentsScale = x
        case .minificationFilterBias: guard let x = fl() else { return false }; l.minificationFilterBias = x
        case .name:
            guard case .discrete(let n) = v, n == nil || n is String else { return false }
            l.name = n as? String
        case .compositingFilter: guard case .discrete(let f) = v else { return false }; l.compositingFilter = f
        case .path: guard let s = shape, let p = path() else { return false }; s.path = p
        case .fillColor: guard let s = shape, let c = color() else { return false }; s.fillColor = c
        case .strokeColor: guard let s = shape, let c = color() else { return false }; s.strokeColor = c
        case .strokeStart: guard let s = shape, let x = cg() else { return false }; s.strokeStart = x
        case .strokeEnd: guard let s = shape, let x = cg() else { return false }; s.strokeEnd = x
        case .lineWidth: guard let s = shape, let x = cg() else { return false }; s.lineWidth = x
        case .miterLimit: guard let s = shape, let x = cg() else { return false }; s.miterLimit = x
        case .lineDashPhase: guard let s = shape, let x = cg() else { return false }; s.lineDashPhase = x
        case .lineDashPattern: guard let s = shape, let n = numbers() else { return false }; s.lineDashPattern = n
        case .colors:
            guard let g = gradient else { return false }
            switch v {
            case .colors(let c): g.colors = c.compactMap { $0.cgColorValue ?? CGColor.clear }
            case .discrete(nil): g.colors = nil
            default: return false
            }
        case .locations: guard let g = gradient, let n = numbers() else { return false }; g.locations = n
        case .startPoint: guard let g = gradient, let p = point() else { return false }; g.startPoint = p
        case .endPoint: guard let g = gradient, let p = point() else { return false }; g.endPoint = p
        case .instanceCount:
            guard let r = replicator else { return false }
            if case .discrete(let n) = v, let d = KeyValueNumber.double(n), d.isFinite, abs(d) < 1e9 { r.instanceCount = Int(d) }
            else if let d = v.doubleValue, d.isFinite, abs(d) < 1e9 { r.instanceCount = Int(d) } else { return false }
        case .instanceDelay: guard let r = replicator, let x = v.doubleValue else { return false }; r.instanceDelay = x
        case .instanceTransform: guard let r = replicator, let t = transform() else { return false }; r.instanceTransform = t
        case .instanceColor: guard let r = replicator, let c = color() else { return false }; r.instanceColor = c
        case .instanceRedOffset: guard let r = replicator, let x = fl() else { return false }; r.instanceRedOffset = x
        case .instanceGreenOffset: guard let r = replicator, let x = fl() else { return false }; r.instanceGreenOffset = x
        case .instanceBlueOffset: guard let r = replicator, let x = fl() else { return false }; r.instanceBlueOffset = x
        case .instanceAlphaOffset: guard let r = replicator, let x = fl() else { return false }; r.instanceAlphaOffset = x
        case .fontSize: guard let t = text, let x = cg() else { return false }; t.fontSize = x
        case .foregroundColor: guard let t = text, let c = color() else { return false }; t.foregroundColor = c
        case .emitterBirthRate: guard let e = l as? CAEmitterLayer, let x = fl() else { return false }; e.birthRate = x
        case .emitterLifetime: guard let e = l as? CAEmitterLayer, let x = fl() else { return false }; e.lifetime = x
        case .emitterPosition: guard let e = l as? CAEmitterLayer, let p = point() else { return false }; e.emitterPosition = p
        case .emitterZPosition: guard let e = l as? CAEmitterLayer, let x = cg() else { return false }; e.emitterZPosition = x
        case .emitterSize: guard let e = l as? CAEmitterLayer, let s = size() else { return false }; e.emitterSize = s
        case .emitterDepth: guard let e = l as? CAEmitterLayer, let x = cg() else { return false }; e.emitterDepth = x
        case .emitterVelocity: guard let e = l as? CAEmitterLayer, let x = fl() else { return false }; e.velocity = x
        case .emitterScale: guard let e = l as? CAEmitterLayer, let x = fl() else { return false }; e.scale = x
        case .emitterSpin: guard let e = l as? CAEmitterLayer, let x = fl() else { return false }; e.spin = x
        case .emitterCell(let c): return c.set(l, v)
        }
        return true
    }
}

/// A part of a property a key path names after the property: `position.x`,
/// `bounds.size.width`, `transform.rotation.z`, `transform.scale`, … (Core Animation's
/// "Key-Value Coding Extensions": CGPoint x/y, CGSize width/height, CGRect origin/size and
/// their fields, CATransform3D rotation/scale/translation and their axes), and the
/// `transform.scale.xy` that Apple's key-path parser accepts though the guide does not list it
/// (Pulsator's pulse animates it, and its discs grow on iOS).
enum KeyComponent: Sendable {
    case whole, x, y, width, height, origin, size, originX, originY, sizeWidth, sizeHeight
    case rotationX, rotationY, rotationZ, scale, scaleX, scaleY, scaleZ, scaleXY
    case translation, translationX, translationY, translationZ

    static func parse(_ rest: Substring, for kind: AnimationValueKind) -> KeyComponent? {
        switch (kind, rest) {
        case (_, ""): return .whole
        case (.point, "x"): return .x
        case (.point, "y"): return .y
        case (.size, "width"): return .width
        case (.size, "height"): return .height
        case (.rect, "origin"): return .origin
        case (.rect, "size"): return .size
        case (.rect, "origin.x"): return .originX
        case (.rect, "origin.y"): return .originY
        case (.rect, "size.width"): return .sizeWidth
        case (.rect, "size.height"): return .sizeHeight
        case (.transform, "rotation"), (.transform, "rotation.z"): return .rotationZ
        case (.transform, "rotation.x"): return .rotationX
        case (.transform, "rotation.y"): return .rotationY
        case (.transform, "scale"): return .scale
        case (.transform, "scale.x"): return .scaleX
        case (.transform, "scale.y"): return .scaleY
        case (.transform, "scale.z"): return .scaleZ
        case (.transform, "scale.xy"): return .scaleXY
        case (.transform, "translation"): return .translation
        case (.transform, "translation.x"): return .translationX
        case (.transform, "translation.y"): return .translationY
        case (.transform, "translation.z"): return .translationZ
        default: return nil
        }
    }

    /// Whether the component is an angle (in radians, as Apple's table says).
    var isRotation: Bool { self == .rotationX || self == .rotationY || self == .rotationZ }

    /// The kind of the component's value.
    func kind(base: AnimationValueKind) -> AnimationValueKind {
        switch self {
        case .whole: return base
        case .origin: return .point
        case .size, .translation: return .size
        default: return .number
        }
    }

    /// The component of a property value.
    func get(_ v: AnimationValue) -> AnimationValue? {
        switch (self, v) {
        case (.whole, _): return v
        case (.x, .point(let p)): return .number(Double(p.x))
        case (.y, .point(let p)): return .number(Double(p.y))
        case (.width, .size(let s)): return .number(Double(s.width))
        case (.height, .size(let s)): return .number(Double(s.height))
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (.originX, .rect(let r)): return .number(Double(r.origin.x))
        case (.originY, .rect(let r)): return .number(Double(r.origin.y))
        case (.sizeWidth, .rect(let r)): return .number(Double(r.size.width))
        case (.sizeHeight, .rect(let r)): return .number(Double(r.size.height))
        case (_, .transform(let t)):
            let c = TransformComponents(t)
            switch self {
            case .rotationX: return .number(c.rotation.x)
            case .rotationY: return .number(c.rotation.y)
            case .rotationZ: return .number(c.rotation.z)
            // Apple: "transform.scale" reads the average of the three scale factors.
            case .scale: return .number((c.scale.x + c.scale.y + c.scale.z) / 3)
            case .scaleX: return .number(c.scale.x)
            case .scaleY: return .number(c.scale.y)
            case .scaleZ: return .number(c.scale.z)
            // Read as the average of the two factors it sets, as `scale` reads its three.
            case .scaleXY: return .number((c.scale.x + c.scale.y) / 2)
            case .translation: return .size(CGSize(width: c.translation.x, height: c.translation.y))
            case .translationX: return .number(c.translation.x)
            case .translationY: return .number(c.translation.y)
            case .translationZ: return .number(c.translation.z)
            default: return nil
            }
        default: return nil
        }
    }

    /// `base` with the component replaced by `v`; nil when `v` is of the wrong kind.
    func set(_ v: AnimationValue, in base: AnimationValue) -> AnimationValue? {
        if self == .whole { return v }
        switch (base, v) {
        case (.point(var p), .number(let d)):
            switch self { case .x: p.x = CGFloat(d); case .y: p.y = CGFloat(d); default: return nil }
            return .point(p)
        case (.size(var s), .number(let d)):
            switch self { case .width: s.width = CGFloat(d); case .height: s.height = CGFloat(d); default: return nil }
            return .size(s)
        case (.rect(var r), .point(let p)) where self == .origin: r.origin = p; return .rect(r)
        case (.rect(var r), .size(let s)) where self == .size: r.size = s; return .rect(r)
        case (.rect(var r), .number(let d)):
            switch self {
            case .originX: r.origin.x = CGFloat(d)
            case .originY: r.origin.y = CGFloat(d)
            case .sizeWidth: r.size.width = CGFloat(d)
            case .sizeHeight: r.size.height = CGFloat(d)
            default: return nil
            }
            return .rect(r)
        case (.transform(let t), .size(let s)) where self == .translation:
            var c = TransformComponents(t)
            c.translation.x = Double(s.width); c.translation.y = Double(s.height)
            return .transform(c.matrix)
        case (.transform, .point(let p)) where self == .translation:
            // Apple documents an NSSize here, but a keyframe `path` (whose values are points)
            // on `transform.translation` moves the layer along the path: Lottie's Core
            // Animation engine animates every position that way.
            return set(.size(CGSize(width: p.x, height: p.y)), in: base)
        case (.transform(let t), .number(let d)):
            var c = TransformComponents(t)
            switch self {
            case .rotationX: c.rotation.x = d
            case .rotationY: c.rotation.y = d
            case .rotationZ: c.rotation.z = d
            case .scale: c.scale = (d, d, d)
            case .scaleX: c.scale.x = d
            case .scaleY: c.scale.y = d
            case .scaleZ: c.scale.z = d
            case .scaleXY: c.scale.x = d; c.scale.y = d
            case .translationX: c.translation.x = d
            case .translationY: c.translation.y = d
            case .translationZ: c.translation.z = d
            default: return nil
            }
            return .transform(c.matrix)
        default: return nil
        }
    }
}

/// A key path resolved against the layer properties: the property and the part of it.
package struct LayerKeyPath: Sendable {
    let property: LayerProperty
    let component: KeyComponent

    /// Nil for a key path that names no layer property (a custom key).
    package init?(_ keyPath: String) {
        let name: Substring, rest: Substring
        if let dot = keyPath.firstIndex(of: ".") {
            name = keyPath[..<dot]; rest = keyPath[keyPath.index(after: dot)...]
        } else {
            name = Substring(keyPath); rest = ""
        }
        if name == "emitterCells" {
            guard let c = EmitterCellKeyPath(rest) else { return nil }
            property = .emitterCell(c)
            component = .whole
            return
        }
        guard let p = LayerProperty.byName[String(name)], let c = KeyComponent.parse(rest, for: p.kind) else { return nil }
        property = p
        component = c
    }

    var kind: AnimationValueKind { component.kind(base: property.kind) }

    /// `v` read as a value of this key path's kind; nil when it is of the wrong kind.
    /// `transform.translation` takes a point as well as a size (`KeyComponent.set`), read as
    /// the size of the same numbers so that a point and a size interpolate with each other.
    func value(_ v: Any?) -> AnimationValue? {
        if let a = AnimationValue(v, kind: kind) { return a }
        guard component == .translation, case .point(let p)? = AnimationValue(v, kind: .point) else { return nil }
        return .size(CGSize(width: p.x, height: p.y))
    }

    package func get(_ l: CALayer) -> AnimationValue? { property.get(l).flatMap { component.get($0) } }

    @discardableResult
    func set(_ l: CALayer, _ v: AnimationValue) -> Bool {
        if component == .whole { return property.set(l, v) }
        guard let base = property.get(l), let nv = component.set(v, in: base) else { return false }
        return property.set(l, nv)
    }
}
