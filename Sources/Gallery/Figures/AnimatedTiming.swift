import Foundation
import OpenQuartzCore

// Time: implicit animations of a transaction and its completion block; a layer paused and one
// slowed down by their own speed and timeOffset.

extension AnimatedFigure {
    static let implicitCompletion = AnimatedFigure(
        id: "implicit-completion", title: "Implicit animations and a completion block",
        caption: "A committed square moves across in a CATransaction of one second; the transaction's completion block turns it green, an implicit animation of the default 0.25 s that begins with the next frame.",
        canvas: animatedCanvas, listingKeys: ["animated-implicit"], make: implicitCompletionLayer)
    static let pauseAndScrub = AnimatedFigure(
        id: "pause-and-scrub", title: "Pause and scrub with speed and timeOffset",
        caption: "Three dots run the same animation. The top one plays; the middle one's layer is paused (speed 0) and scrubbed to 0.5 s by its timeOffset; the bottom one's layer runs at half speed.",
        canvas: animatedCanvas, listingKeys: ["animated-pause"], make: pauseAndScrubLayer)
}

// listing-begin: animated-implicit
/// A move in a transaction, then a colour change from its completion block.
func implicitCompletionLayer() -> CALayer {
    let root = canvasLayer()
    let square = CALayer()
    square.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
    square.position = CGPoint(x: 45, y: 100)
    square.cornerRadius = 8
    square.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    root.addSublayer(square)
    commitFirstFrame(root, canvas: animatedCanvas)
    CATransaction.begin()
    CATransaction.setAnimationDuration(1)
    CATransaction.setCompletionBlock {
        square.backgroundColor = CGColor(red: 0.2, green: 0.75, blue: 0.3, alpha: 1)
    }
    square.position = CGPoint(x: 155, y: 100)
    CATransaction.commit()
    return root
}
// listing-end: animated-implicit

// listing-begin: animated-pause
/// One animation played, paused at 0.5 s, and played at half speed.
func pauseAndScrubLayer() -> CALayer {
    let root = canvasLayer()
    var rows: [CALayer] = []
    for i in 0..<3 {
        let row = CALayer()
        row.bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
        row.position = CGPoint(x: 100, y: 50 + CGFloat(i) * 50)
        root.addSublayer(row)
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        dot.position = CGPoint(x: 30, y: 20)
        dot.cornerRadius = 15
        dot.backgroundColor = CGColor(red: 0.35, green: 0.34, blue: 0.84, alpha: 1)
        row.addSublayer(dot)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 30
        slide.toValue = 170
        slide.duration = 1
        slide.autoreverses = true
        slide.repeatCount = .infinity
        slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        dot.add(slide, forKey: "slide")
        rows.append(row)
    }
    // The animations begin with the first frame, at time 0.
    commitFirstFrame(root, canvas: animatedCanvas)
    // Pause the middle row and scrub it to half a second (Apple's QA1673 recipe)…
    rows[1].speed = 0
    rows[1].timeOffset = 0.5
    // …and play the bottom one at half speed.
    rows[2].speed = 0.5
    return root
}
// listing-end: animated-pause
