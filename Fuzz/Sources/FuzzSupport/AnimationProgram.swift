// Animation evaluation with caller-supplied timing: the bytes build a small layer tree (plain,
// shape, replicator and gradient layers), set key-value pairs of any kind on it (numbers,
// points, rects, transforms, colours, strings, arrays, nil) through setValue(_:forKeyPath:),
// and add basic, keyframe, spring, group and transition animations whose durations, begin
// times, speeds, repeat counts, time offsets, key times, timing functions and spring
// parameters may be NaN, infinite, 1e308 or negative; then asks for presentation layers and
// renders frames (32 × 32, within the default budget) at hostile media times. Every call must
// return without a trap, a wild access, unbounded memory or a hang.
//
// Here rather than in the harness, as CGContextProgram.swift, so that the main package's tests
// replay fuzz-animation's findings (Fuzz/Crashers) through the very calls the fuzzer made.
import OpenQuartzCore

private let keyPaths = [
    "opacity", "position", "position.x", "bounds", "bounds.size.width", "transform", "transform.rotation.z",
    "transform.scale", "transform.translation", "sublayerTransform", "backgroundColor", "cornerRadius",
    "borderWidth", "borderColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowPath",
    "anchorPoint", "zPosition", "contentsRect", "hidden", "path", "strokeEnd", "strokeStart", "lineWidth",
    "lineDashPattern", "lineDashPhase", "fillColor", "colors", "locations", "startPoint", "instanceCount",
    "instanceDelay", "instanceTransform", "instanceAlphaOffset", "rasterizationScale", "custom", "",
    "transform.rotation.x", "frame", "masksToBounds",
]

extension FuzzReader {
    mutating func float() -> Float { Float(double()) }

    mutating func transform3D() -> CATransform3D {
        var t = CATransform3DIdentity
        switch below(4) {
        case 0: t = CATransform3DMakeRotation(cg(), cg(), cg(), cg())
        case 1: t = CATransform3DMakeScale(cg(), cg(), cg())
        case 2: t = CATransform3DMakeTranslation(cg(), cg(), cg())
        default: t.m34 = cg(); t.m11 = cg(); t.m44 = cg()
        }
        return t
    }

    mutating func path() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: cg(), y: cg()))
        for _ in 0..<below(4) { p.addQuadCurve(to: CGPoint(x: cg(), y: cg()), control: CGPoint(x: cg(), y: cg())) }
        if bool() { p.addEllipse(in: CGRect(x: cg(), y: cg(), width: cg(), height: cg())) }
        return p
    }

    /// A value of any kind, often not the kind the key path holds.
    mutating func value() -> Any? {
        switch below(12) {
        case 0: return nil
        case 1: return NSNumber(value: double())
        case 2: return NSValue(cgPoint: CGPoint(x: cg(), y: cg()))
        case 3: return NSValue(cgRect: CGRect(x: cg(), y: cg(), width: cg(), height: cg()))
        case 4: return NSValue(caTransform3D: transform3D())
        case 5: return CGColor(red: cg(), green: cg(), blue: cg(), alpha: cg())
        case 6: return "a string"
        case 7: return (0..<below(6)).map { _ in NSNumber(value: double()) }
        case 8: return path()
        case 9: return [CGColor(gray: cg(), alpha: cg()), CGColor(red: 0, green: 1, blue: 0, alpha: cg())]
        case 10: return NSValue(cgSize: CGSize(width: cg(), height: cg()))
        default: return double()
        }
    }

    mutating func timingFunction() -> CAMediaTimingFunction? {
        switch below(3) {
        case 0: return nil
        case 1: return CAMediaTimingFunction(name: [.linear, .easeIn, .easeOut, .easeInEaseOut, .default][below(5)])
        default: return CAMediaTimingFunction(controlPoints: float(), float(), float(), float())
        }
    }

    /// Sets every CAMediaTiming property and the animation's own from the bytes.
    mutating func time(_ a: CAAnimation) {
        if bool() { a.duration = double() }
        if bool() { a.beginTime = double() }
        if bool() { a.speed = float() }
        if bool() { a.timeOffset = double() }
        if bool() { a.repeatCount = float() }
        if bool() { a.repeatDuration = double() }
        a.autoreverses = bool()
        a.fillMode = [.removed, .forwards, .backwards, .both][below(4)]
        a.isRemovedOnCompletion = bool()
        a.timingFunction = timingFunction()
    }

    mutating func animation(depth: Int) -> CAAnimation {
        let key = keyPaths[below(keyPaths.count)]
        let a: CAAnimation
        switch below(depth > 2 ? 4 : 5) {
        case 0:
            let b = CABasicAnimation(keyPath: key)
            b.fromValue = value(); b.toValue = value(); b.byValue = value()
            a = b
        case 1:
            let s = CASpringAnimation(keyPath: key)
            s.mass = cg(); s.stiffness = cg(); s.damping = cg(); s.initialVelocity = cg()
            s.allowsOverdamping = bool()
            s.fromValue = value(); s.toValue = value()
            if bool() { _ = s.settlingDuration }
            a = s
        case 2:
            let k = CAKeyframeAnimation(keyPath: key)
            k.values = (0..<below(6)).compactMap { _ in value() }
            if bool() { k.keyTimes = (0..<below(7)).map { _ in NSNumber(value: double()) } }
            if bool() { k.path = path() }
            k.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][below(5)]
            if bool() { k.timingFunctions = (0..<below(5)).compactMap { _ in timingFunction() } }
            if bool() { k.tensionValues = (0..<below(5)).map { _ in NSNumber(value: double()) } }
            if bool() { k.rotationMode = bool() ? .rotateAuto : .rotateAutoReverse }
            a = k
        case 3:
            let t = CATransition()
            t.type = [.fade, .push, .moveIn, .reveal][below(4)]
            t.startProgress = float(); t.endProgress = float()
            a = t
        default:
            let g = CAAnimationGroup()
            g.animations = (0..<below(4)).map { _ in animation(depth: depth + 1) }
            a = g
        }
        if let p = a as? CAPropertyAnimation {
            p.isAdditive = bool(); p.isCumulative = bool()
            if bool() { p.valueFunction = CAValueFunction(name: [.rotateZ, .scale, .translate, .scaleX][below(4)]) }
        }
        time(a)
        return a
    }

    mutating func layer() -> CALayer {
        switch below(4) {
        case 0: return CAShapeLayer()
        case 1: let r = CAReplicatorLayer(); r.instanceCount = below(4); return r
        case 2: return CAGradientLayer()
        default: return CALayer()
        }
    }
}

public func runAnimationProgram(_ bytes: [UInt8]) {
    var r = FuzzReader(bytes)
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
    var layers = [root]
    for _ in 0..<r.below(4) {
        let l = r.layer()
        l.frame = CGRect(x: r.cg(), y: r.cg(), width: r.cg(), height: r.cg())
        l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layers[r.below(layers.count)].addSublayer(l)
        layers.append(l)
    }
    for _ in 0..<r.below(6) {
        layers[r.below(layers.count)].setValue(r.value(), forKeyPath: keyPaths[r.below(keyPaths.count)])
    }
    for i in 0..<r.below(6) {
        let l = layers[r.below(layers.count)]
        if r.bool() { l.speed = r.float(); l.timeOffset = r.double(); l.beginTime = r.double() }
        l.add(r.animation(depth: 0), forKey: r.bool() ? "k\(i)" : nil)
    }
    let renderer = CAImageRenderer(size: CGSize(width: 32, height: 32))
    renderer.cachesFrames = r.bool()
    for _ in 0..<(r.below(3) + 1) {
        let t = r.double()
        _ = try? renderer.checkedImage(for: root)
        _ = renderer.image(for: root, atTime: t)
        for l in layers { _ = l.presentation()?.opacity }
    }
}
