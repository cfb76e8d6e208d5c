import Foundation

/// One source of particles of a `CAEmitterLayer`: how many are born each second, how long they
/// live, how they move, turn, grow and change colour, and the image each draws
/// (CAEmitterCell.h). Properties that are a mean and a range give each particle a value drawn
/// uniformly from `[mean − range/2, mean + range/2]` (CAEmitterLayer.h, `seed`); how particles
/// are made from these values is in docs/particles.md.
///
/// A cell is a plain object: changing it does not mark its layer changed, as on iOS, where
/// the render server reads the cells at each commit; a timed render here reads them at every
/// frame.
open class CAEmitterCell: NSObject, NSSecureCoding, CAMediaTiming {
    /// The cell's name, used to build key paths (`emitterCells.NAME.birthRate`). Default nil.
    open var name: String?
    /// Whether the cell emits and draws. Default true.
    open var isEnabled = true
    /// Particles born per second (multiplied by the layer's `birthRate`). Default 0. Animatable.
    open var birthRate: Float = 0
    /// Mean lifetime of a particle in seconds (multiplied by the layer's `lifetime`). Default 0.
    /// Animatable.
    open var lifetime: Float = 0
    /// Range of the lifetime about its mean. Default 0. Animatable.
    open var lifetimeRange: Float = 0
    /// The emission direction's angle from the layer's plane, toward +z, in radians (the header
    /// calls it a colatitude; with 0 particles move in the plane). Default 0. Animatable.
    open var emissionLatitude: CGFloat = 0
    /// The emission direction's angle in the x-y plane from the x axis, in radians (toward +y:
    /// down on iOS). Default 0. Animatable.
    open var emissionLongitude: CGFloat = 0
    /// The angle the emission direction spreads over, centred on it, in radians (2π: every
    /// direction). Default 0. Animatable.
    open var emissionRange: CGFloat = 0
    /// Mean initial speed in points per second (multiplied by the layer's `velocity`). Default 0.
    /// Animatable.
    open var velocity: CGFloat = 0
    /// Range of the initial speed. Default 0. Animatable.
    open var velocityRange: CGFloat = 0
    /// Acceleration along x, points per second². Default 0. Animatable.
    open var xAcceleration: CGFloat = 0
    /// Acceleration along y, points per second² (positive pulls down on iOS). Default 0. Animatable.
    open var yAcceleration: CGFloat = 0
    /// Acceleration along z, points per second². Default 0. Animatable.
    open var zAcceleration: CGFloat = 0
    /// Mean scale of the contents (multiplied by the layer's `scale`). Default 1. Animatable.
    open var scale: CGFloat = 1
    /// Range of the scale. Default 0. Animatable.
    open var scaleRange: CGFloat = 0
    /// Change of the scale per second. Default 0. Animatable.
    open var scaleSpeed: CGFloat = 0
    /// Mean rotation speed in radians per second (multiplied by the layer's `spin`). Default 0.
    /// Animatable.
    open var spin: CGFloat = 0
    /// Range of the rotation speed. Default 0. Animatable.
    open var spinRange: CGFloat = 0
    /// The mean colour that multiplies the contents. Default opaque white. Animatable.
    open var color: CGColor? = CGColor.white
    /// Range of the red component. Default 0. Animatable.
    open var redRange: Float = 0
    /// Range of the green component. Default 0. Animatable.
    open var greenRange: Float = 0
    /// Range of the blue component. Default 0. Animatable.
    open var blueRange: Float = 0
    /// Range of the alpha component. Default 0. Animatable.
    open var alphaRange: Float = 0
    /// Change of the red component per second of a particle's life. Default 0. Animatable.
    open var redSpeed: Float = 0
    /// Change of the green component per second. Default 0. Animatable.
    open var greenSpeed: Float = 0
    /// Change of the blue component per second. Default 0. Animatable.
    open var blueSpeed: Float = 0
    /// Change of the alpha component per second. Default 0. Animatable.
    open var alphaSpeed: Float = 0
    /// The image each particle draws, a `CGImage`; nothing is drawn without one. Default nil.
    open var contents: Any?
    /// The part of the image drawn, in unit coordinates. Default the unit rectangle.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point. Default 1.
    open var contentsScale: CGFloat = 1
    /// The filter used when a particle is drawn smaller than its image (`kCAFilterLinear`,
    /// `kCAFilterNearest`, `kCAFilterTrilinear`). Default `"linear"`.
    open var minificationFilter = "linear"
    /// The filter used when a particle is drawn larger than its image. Default `"linear"`.
    open var magnificationFilter = "linear"
    /// The mipmap level bias of trilinear minification. Default 0.
    open var minificationFilterBias: Float = 0
    /// Cells each particle of this cell emits from where it is, in the direction it moves.
    /// Default nil.
    open var emitterCells: [CAEmitterCell]?
    /// Values inherited as in layers. Default nil.
    open var style: [AnyHashable: Any]?

    // MARK: CAMediaTiming

    /// When the cell starts emitting, in the emitter layer's local time. Default 0.
    open var beginTime: CFTimeInterval = 0
    /// How long the cell emits after `beginTime`; 0 (the default) is for ever.
    open var duration: CFTimeInterval = 0
    /// Stored for `CAMediaTiming`; not applied to emission (docs/particles.md). Default 1.
    open var speed: Float = 1
    /// Stored for `CAMediaTiming`; not applied to emission. Default 0.
    open var timeOffset: CFTimeInterval = 0
    /// Stored for `CAMediaTiming`; not applied to emission. Default 0.
    open var repeatCount: Float = 0
    /// Stored for `CAMediaTiming`; not applied to emission. Default 0.
    open var repeatDuration: CFTimeInterval = 0
    /// Stored for `CAMediaTiming`; not applied to emission. Default false.
    open var autoreverses = false
    /// Stored for `CAMediaTiming`; not applied to emission. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode = .removed

    /// Values stored under keys that name no property (`setValue(_:forKey:)`).
    private var extraValues: [String: Any] = [:]

    /// A cell with Core Animation's defaults.
    public override init() { super.init() }

    /// The default value of a property, as `CALayer.defaultValue(forKey:)`: nil for every key
    /// (each property's default is its initial value).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether `encode(with:)` writes the value of `key`. Always true.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Cells can be archived with secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// The names of the numeric properties, as key-value coding and archives spell them.
    static let floatKeys = ["birthRate", "lifetime", "lifetimeRange", "redRange", "greenRange", "blueRange", "alphaRange",
                            "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "minificationFilterBias", "speed", "repeatCount"]
    static let cgFloatKeys = ["emissionLatitude", "emissionLongitude", "emissionRange", "velocity", "velocityRange",
                              "xAcceleration", "yAcceleration", "zAcceleration", "scale", "scaleRange", "scaleSpeed",
                              "spin", "spinRange", "contentsScale", "beginTime", "duration", "timeOffset", "repeatDuration"]

    /// A cell read from a keyed archive: every property under its name, sub-cells included.
    public required init?(coder: NSCoder) {
        super.init()
        name = coder.decodeStringValue(forKey: "name")
        if let v = coder.decodeBoolValue(forKey: "enabled") { isEnabled = v }
        for key in Self.floatKeys { if let v = coder.decodeFloatValue(forKey: key) { setValue(v, forKey: key) } }
        for key in Self.cgFloatKeys { if let v = coder.decodeCGFloat(forKey: key) { setValue(v, forKey: key) } }
        if let c = coder.decodeColor(forKey: "color") { color = c }
        contents = coder.decodeImage(forKey: "contents")
        if let r = coder.decodeRectValue(forKey: "contentsRect") { contentsRect = r }
        if let f = coder.decodeStringValue(forKey: "minificationFilter") { minificationFilter = f }
        if let f = coder.decodeStringValue(forKey: "magnificationFilter") { magnificationFilter = f }
        if let b = coder.decodeBoolValue(forKey: "autoreverses") { autoreverses = b }
        if let f = coder.decodeStringValue(forKey: "fillMode") { fillMode = CAMediaTimingFillMode(rawValue: f) }
        if coder.containsValue(forKey: "emitterCells"),
           let list = coder.decodeObject(of: [NSArray.self, CAEmitterCell.self], forKey: "emitterCells") as? [Any] {
            emitterCells = list.compactMap { $0 as? CAEmitterCell }
        }
    }

    /// Writes every property under its name (`contents` only when it is a `CGImage`; `style`
    /// is not archived).
    open func encode(with coder: NSCoder) {
        coder.encodeString(name, forKey: "name")
        coder.encode(isEnabled, forKey: "enabled")
        for key in Self.floatKeys { if let v = value(forKey: key) as? Float { coder.encode(v, forKey: key) } }
        for key in Self.cgFloatKeys {
            if let v = value(forKey: key) as? CGFloat { coder.encodeCGFloat(v, forKey: key) }
            else if let v = value(forKey: key) as? Double { coder.encodeCGFloat(CGFloat(v), forKey: key) }
        }
        coder.encodeColor(color, forKey: "color")
        coder.encodeImage(contents as? CGImage, forKey: "contents")
        coder.encodeRect(contentsRect, forKey: "contentsRect")
        coder.encodeString(minificationFilter, forKey: "minificationFilter")
        coder.encodeString(magnificationFilter, forKey: "magnificationFilter")
        coder.encode(autoreverses, forKey: "autoreverses")
        coder.encodeString(fillMode.rawValue, forKey: "fillMode")
        if let cells = emitterCells { coder.encode(cells as NSArray, forKey: "emitterCells") }
    }

    /// A copy of the cell and, to `depth` levels, of its sub-cells (cells deeper than that are
    /// left out, so that a cell that contains itself is copied in bounded time).
    final func deepCopy(depth: Int = CAEmitterCell.maxDepth) -> CAEmitterCell {
        let c = CAEmitterCell()
        c.name = name; c.isEnabled = isEnabled; c.birthRate = birthRate; c.lifetime = lifetime
        c.lifetimeRange = lifetimeRange; c.emissionLatitude = emissionLatitude; c.emissionLongitude = emissionLongitude
        c.emissionRange = emissionRange; c.velocity = velocity; c.velocityRange = velocityRange
        c.xAcceleration = xAcceleration; c.yAcceleration = yAcceleration; c.zAcceleration = zAcceleration
        c.scale = scale; c.scaleRange = scaleRange; c.scaleSpeed = scaleSpeed; c.spin = spin; c.spinRange = spinRange
        c.color = color; c.redRange = redRange; c.greenRange = greenRange; c.blueRange = blueRange; c.alphaRange = alphaRange
        c.redSpeed = redSpeed; c.greenSpeed = greenSpeed; c.blueSpeed = blueSpeed; c.alphaSpeed = alphaSpeed
        c.contents = contents; c.contentsRect = contentsRect; c.contentsScale = contentsScale
        c.minificationFilter = minificationFilter; c.magnificationFilter = magnificationFilter
        c.minificationFilterBias = minificationFilterBias; c.style = style
        c.beginTime = beginTime; c.duration = duration; c.speed = speed; c.timeOffset = timeOffset
        c.repeatCount = repeatCount; c.repeatDuration = repeatDuration; c.autoreverses = autoreverses; c.fillMode = fillMode
        c.extraValues = extraValues
        if depth > 1 { c.emitterCells = emitterCells?.map { $0.deepCopy(depth: depth - 1) } }
        return c
    }

    /// The deepest nesting of sub-cells that is emitted and copied (a cell of the layer is
    /// level 1): a particle of level k emits particles of level k + 1, so the work grows as a
    /// product of the levels' counts (docs/limits.md).
    package static let maxDepth = 4

    // MARK: Key-value coding

    /// The value of a property by its Objective-C name (`birthRate`, `enabled`, `color`, …),
    /// or a value stored with `setValue(_:forKey:)`; numbers as their Swift types.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "enabled", "isEnabled": return isEnabled
        case "birthRate": return birthRate
        case "lifetime": return lifetime
        case "lifetimeRange": return lifetimeRange
        case "emissionLatitude": return emissionLatitude
        case "emissionLongitude": return emissionLongitude
        case "emissionRange": return emissionRange
        case "velocity": return velocity
        case "velocityRange": return velocityRange
        case "xAcceleration": return xAcceleration
        case "yAcceleration": return yAcceleration
        case "zAcceleration": return zAcceleration
        case "scale": return scale
        case "scaleRange": return scaleRange
        case "scaleSpeed": return scaleSpeed
        case "spin": return spin
        case "spinRange": return spinRange
        case "color": return color
        case "redRange": return redRange
        case "greenRange": return greenRange
        case "blueRange": return blueRange
        case "alphaRange": return alphaRange
        case "redSpeed": return redSpeed
        case "greenSpeed": return greenSpeed
        case "blueSpeed": return blueSpeed
        case "alphaSpeed": return alphaSpeed
        case "contents": return contents
        case "contentsRect": return contentsRect
        case "contentsScale": return contentsScale
        case "minificationFilter": return minificationFilter
        case "magnificationFilter": return magnificationFilter
        case "minificationFilterBias": return minificationFilterBias
        case "emitterCells": return emitterCells
        case "style": return style
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        default: return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets a property by its Objective-C name; a value of the wrong type for a known key
    /// leaves the property as it was; other keys are stored and read back by `value(forKey:)`.
    open func setValue(_ value: Any?, forKey key: String) {
        func f() -> Float? { KeyValueNumber.double(value).map { Float($0) } }
        func g() -> CGFloat? { KeyValueNumber.double(value).map { CGFloat($0) } }
        switch key {
        case "name": if value == nil || value is String { name = value as? String }
        case "enabled", "isEnabled": if let b = KeyValueNumber.bool(value) { isEnabled = b }
        case "birthRate": if let v = f() { birthRate = v }
        case "lifetime": if let v = f() { lifetime = v }
        case "lifetimeRange": if let v = f() { lifetimeRange = v }
        case "emissionLatitude": if let v = g() { emissionLatitude = v }
        case "emissionLongitude": if let v = g() { emissionLongitude = v }
        case "emissionRange": if let v = g() { emissionRange = v }
        case "velocity": if let v = g() { velocity = v }
        case "velocityRange": if let v = g() { velocityRange = v }
        case "xAcceleration": if let v = g() { xAcceleration = v }
        case "yAcceleration": if let v = g() { yAcceleration = v }
        case "zAcceleration": if let v = g() { zAcceleration = v }
        case "scale": if let v = g() { scale = v }
        case "scaleRange": if let v = g() { scaleRange = v }
        case "scaleSpeed": if let v = g() { scaleSpeed = v }
        case "spin": if let v = g() { spin = v }
        case "spinRange": if let v = g() { spinRange = v }
        case "color":
            if value == nil || value is NSNull { color = nil } else if let c = value as? CGColor { color = c }
        case "redRange": if let v = f() { redRange = v }
        case "greenRange": if let v = f() { greenRange = v }
        case "blueRange": if let v = f() { blueRange = v }
        case "alphaRange": if let v = f() { alphaRange = v }
        case "redSpeed": if let v = f() { redSpeed = v }
        case "greenSpeed": if let v = f() { greenSpeed = v }
        case "blueSpeed": if let v = f() { blueSpeed = v }
        case "alphaSpeed": if let v = f() { alphaSpeed = v }
        case "contents": contents = value
        case "contentsRect": if let r = value as? CGRect { contentsRect = r }
        case "contentsScale": if let v = g() { contentsScale = v }
        case "minificationFilter": if let s = value as? String { minificationFilter = s }
        case "magnificationFilter": if let s = value as? String { magnificationFilter = s }
        case "minificationFilterBias": if let v = f() { minificationFilterBias = v }
        case "emitterCells":
            if value == nil || value is NSNull { emitterCells = nil } else if let c = value as? [CAEmitterCell] { emitterCells = c }
        case "style": if value == nil { style = nil } else if let s = value as? [AnyHashable: Any] { style = s }
        case "beginTime": if let v = KeyValueNumber.double(value) { beginTime = v }
        case "duration": if let v = KeyValueNumber.double(value) { duration = v }
        case "speed": if let v = f() { speed = v }
        case "timeOffset": if let v = KeyValueNumber.double(value) { timeOffset = v }
        case "repeatCount": if let v = f() { repeatCount = v }
        case "repeatDuration": if let v = KeyValueNumber.double(value) { repeatDuration = v }
        case "autoreverses": if let b = KeyValueNumber.bool(value) { autoreverses = b }
        case "fillMode":
            if let m = value as? CAMediaTimingFillMode { fillMode = m } else if let s = value as? String { fillMode = .init(rawValue: s) }
        default: extraValues[key] = value
        }
    }

    /// The sub-cell named `name` (the first, as key paths find it).
    final func subcell(named name: Substring) -> CAEmitterCell? {
        emitterCells?.first { $0.name.map { $0[...] == name } ?? false }
    }
}
