import Foundation
import OpenQuartzCore

// Animations of layer properties: a spinning cube, a replicator spinner, a flight along a
// Bézier path, a spring, a progress ring and a shimmer.

/// The animated figures' canvas: 200 points square at one pixel per point.
let animatedCanvas = Figure.Canvas(width: 200, height: 200, scale: 1,
                                   background: CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))

extension AnimatedFigure {
    static let spinningCube = AnimatedFigure(
        id: "spinning-cube", title: "A spinning lit cube",
        caption: "Six faces in a CATransformLayer, each with the shade a light above and in front gives it (as in figure 5.22), turned once a second about y by a transform.rotation.y animation; the container's sublayerTransform adds the perspective and a tilt.",
        canvas: animatedCanvas, listingKeys: ["animated-cube"], make: spinningCubeLayer)
    static let replicatorSpinner = AnimatedFigure(
        id: "replicator-spinner", title: "A replicator spinner",
        caption: "One dot with a fading opacity animation, repeated twelve times round a circle by a CAReplicatorLayer; instanceDelay starts each copy's animation a twelfth of a second after the one before, so the fade runs round.",
        canvas: animatedCanvas, listingKeys: ["animated-spinner"], make: replicatorSpinnerLayer)
    static let bezierFlight = AnimatedFigure(
        id: "bezier-flight", title: "Flying along a Bézier path",
        caption: "A CAKeyframeAnimation of position along a cubic Bézier path (drawn by a CAShapeLayer), with rotationMode .rotateAuto turning the plane to the path's direction.",
        canvas: animatedCanvas, listingKeys: ["animated-flight"], make: bezierFlightLayer)
    static let spring = AnimatedFigure(
        id: "spring", title: "A spring",
        caption: "A CASpringAnimation of position.y (mass 1, stiffness 100, damping 5): the ball overshoots and settles.",
        canvas: animatedCanvas, listingKeys: ["animated-spring"], make: springLayer)
    static let progressRing = AnimatedFigure(
        id: "progress-ring", title: "A strokeEnd progress ring",
        caption: "A CAShapeLayer's circle drawn from strokeEnd 0 to 1, eased in and out, held at the end by fillMode .forwards and isRemovedOnCompletion = false.",
        canvas: animatedCanvas, listingKeys: ["animated-ring"], make: progressRingLayer)
    static let shimmer = AnimatedFigure(
        id: "shimmer", title: "A shimmering gradient",
        caption: "A CAGradientLayer whose locations animate, so that a light band sweeps across the placeholder bars once a second.",
        canvas: animatedCanvas, listingKeys: ["animated-shimmer"], make: shimmerLayer)
}

// listing-begin: animated-cube
/// A cube of six shaded faces turning about y.
func spinningCubeLayer() -> CALayer {
    let root = canvasLayer()
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500.0
    root.sublayerTransform = CATransform3DRotate(perspective, -.pi / 6, 1, 0, 0)
    let cube = CATransformLayer()
    cube.bounds = root.bounds
    cube.position = root.position
    root.addSublayer(cube)
    let colors = [CGColor(red: 0.95, green: 0.45, blue: 0.45, alpha: 1), CGColor(red: 0.45, green: 0.8, blue: 0.45, alpha: 1),
                  CGColor(red: 0.45, green: 0.6, blue: 0.95, alpha: 1), CGColor(red: 0.95, green: 0.8, blue: 0.3, alpha: 1),
                  CGColor(red: 0.75, green: 0.5, blue: 0.9, alpha: 1), CGColor(red: 0.3, green: 0.8, blue: 0.8, alpha: 1)]
    // The shade of each face: the light comes from above and in front.
    let shades: [CGFloat] = [0.1, 0.4, 0, 0.8, 0.4, 0.6]
    let transforms = [CATransform3DMakeTranslation(0, 0, 50),
                      CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0),
                      CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0),
                      CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0),
                      CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0),
                      CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0)]
    for i in 0..<6 {
        let face = CALayer()
        face.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        face.position = CGPoint(x: 100, y: 100)
        face.backgroundColor = colors[i]
        face.transform = transforms[i]
        let shade = CALayer()
        shade.frame = face.bounds
        shade.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: shades[i])
        face.addSublayer(shade)
        cube.addSublayer(face)
    }
    let spin = CABasicAnimation(keyPath: "transform.rotation.y")
    spin.fromValue = 0
    spin.toValue = 2 * Double.pi
    spin.duration = 2
    spin.repeatCount = .infinity
    cube.add(spin, forKey: "spin")
    return root
}
// listing-end: animated-cube

// listing-begin: animated-spinner
/// Twelve dots fading in turn.
func replicatorSpinnerLayer() -> CALayer {
    let root = canvasLayer()
    let replicator = CAReplicatorLayer()
    replicator.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
    replicator.position = CGPoint(x: 100, y: 100)
    replicator.instanceCount = 12
    replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
    replicator.instanceDelay = 1.0 / 12.0
    root.addSublayer(replicator)
    let dot = CALayer()
    dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 28)
    dot.position = CGPoint(x: 60, y: 16)
    dot.cornerRadius = 5
    dot.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.5, alpha: 1)
    replicator.addSublayer(dot)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0.1
    fade.duration = 1
    fade.repeatCount = .infinity
    dot.add(fade, forKey: "fade")
    return root
}
// listing-end: animated-spinner

// listing-begin: animated-flight
/// A plane following a curve, turned along it.
func bezierFlightLayer() -> CALayer {
    let root = canvasLayer()
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 20, y: 170))
    path.addCurve(to: CGPoint(x: 180, y: 30), control1: CGPoint(x: 40, y: -20), control2: CGPoint(x: 160, y: 220))
    let track = CAShapeLayer()
    track.frame = root.bounds
    track.path = path
    track.fillColor = nil
    track.strokeColor = CGColor(red: 0.6, green: 0.6, blue: 0.65, alpha: 1)
    track.lineWidth = 2
    track.lineDashPattern = [6, 4]
    root.addSublayer(track)
    let plane = CAShapeLayer()
    plane.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
    plane.position = CGPoint(x: 20, y: 170)
    let body = CGMutablePath()
    body.move(to: CGPoint(x: 30, y: 10))
    body.addLine(to: CGPoint(x: 0, y: 0))
    body.addLine(to: CGPoint(x: 8, y: 10))
    body.addLine(to: CGPoint(x: 0, y: 20))
    body.closeSubpath()
    plane.path = body
    plane.fillColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
    root.addSublayer(plane)
    let fly = CAKeyframeAnimation(keyPath: "position")
    fly.path = path
    fly.rotationMode = .rotateAuto
    fly.duration = 2
    fly.repeatCount = .infinity
    plane.add(fly, forKey: "fly")
    return root
}
// listing-end: animated-flight

// listing-begin: animated-spring
/// A ball dropped on a spring.
func springLayer() -> CALayer {
    let root = canvasLayer()
    let ball = CALayer()
    ball.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    ball.position = CGPoint(x: 100, y: 140)
    ball.cornerRadius = 20
    ball.backgroundColor = CGColor(red: 1, green: 0.58, blue: 0, alpha: 1)
    root.addSublayer(ball)
    let drop = CASpringAnimation(keyPath: "position.y")
    drop.fromValue = 30
    drop.toValue = 140
    drop.mass = 1
    drop.stiffness = 100
    drop.damping = 5
    drop.duration = 2
    ball.add(drop, forKey: "drop")
    return root
}
// listing-end: animated-spring

// listing-begin: animated-ring
/// A ring drawn from nothing to whole.
func progressRingLayer() -> CALayer {
    let root = canvasLayer()
    // A circle of radius 60 about (100, 100), from the top, clockwise, in four cubic arcs.
    let circle = CGMutablePath()
    circle.move(to: CGPoint(x: 100, y: 40))
    circle.addCurve(to: CGPoint(x: 160, y: 100), control1: CGPoint(x: 133.137, y: 40), control2: CGPoint(x: 160, y: 66.863))
    circle.addCurve(to: CGPoint(x: 100, y: 160), control1: CGPoint(x: 160, y: 133.137), control2: CGPoint(x: 133.137, y: 160))
    circle.addCurve(to: CGPoint(x: 40, y: 100), control1: CGPoint(x: 66.863, y: 160), control2: CGPoint(x: 40, y: 133.137))
    circle.addCurve(to: CGPoint(x: 100, y: 40), control1: CGPoint(x: 40, y: 66.863), control2: CGPoint(x: 66.863, y: 40))
    for (color, animated) in [(CGColor(red: 0.82, green: 0.82, blue: 0.84, alpha: 1), false),
                              (CGColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1), true)] {
        let ring = CAShapeLayer()
        ring.frame = root.bounds
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = color
        ring.lineWidth = 14
        ring.lineCap = .round
        root.addSublayer(ring)
        if animated {
            let progress = CABasicAnimation(keyPath: "strokeEnd")
            progress.fromValue = 0
            progress.toValue = 1
            progress.duration = 1.5
            progress.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            progress.fillMode = .forwards
            progress.isRemovedOnCompletion = false
            ring.add(progress, forKey: "progress")
        }
    }
    return root
}
// listing-end: animated-ring

// listing-begin: animated-shimmer
/// Placeholder bars with a light band sweeping across them.
func shimmerLayer() -> CALayer {
    let root = canvasLayer()
    let gray = CGColor(red: 0.78, green: 0.78, blue: 0.8, alpha: 1)
    let light = CGColor(red: 0.97, green: 0.97, blue: 0.98, alpha: 1)
    for (i, width) in [160, 120, 140].enumerated() {
        let bar = CAGradientLayer()
        bar.bounds = CGRect(x: 0, y: 0, width: CGFloat(width), height: 24)
        bar.position = CGPoint(x: 20 + CGFloat(width) / 2, y: 60 + CGFloat(i) * 40)
        bar.cornerRadius = 6
        bar.colors = [gray, light, gray]
        bar.locations = [0, 0.1, 0.2]
        bar.startPoint = CGPoint(x: 0, y: 0.5)
        bar.endPoint = CGPoint(x: 1, y: 0.5)
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [0, 0.1, 0.2]
        sweep.toValue = [0.8, 0.9, 1]
        sweep.duration = 1
        sweep.repeatCount = .infinity
        bar.add(sweep, forKey: "shimmer")
        root.addSublayer(bar)
    }
    return root
}
// listing-end: animated-shimmer
