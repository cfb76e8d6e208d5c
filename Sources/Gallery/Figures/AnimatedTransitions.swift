import Foundation
import OpenQuartzCore

// Transitions: a label pushed to its next value, and a card faded into its new look. Each tree
// is committed by its first frame; the change and the transition come after, as in an app.

extension AnimatedFigure {
    static let pushTransition = AnimatedFigure(
        id: "push-transition", title: "A CATransition push",
        caption: "A counter's label changes from 41 to 42 and a push transition from the right, added after the change, slides the old text out and the new one in; the label's masksToBounds clips both.",
        canvas: animatedCanvas, listingKeys: ["animated-push"], make: pushTransitionLayer)
    static let fadeTransition = AnimatedFigure(
        id: "fade-transition", title: "A CATransition fade",
        caption: "A square card becomes a blue disc with actions disabled, and a fade transition dissolves the old look into the new one.",
        canvas: animatedCanvas, listingKeys: ["animated-fade"], make: fadeTransitionLayer)
}

// listing-begin: animated-push
/// A counter label pushed from 41 to 42.
func pushTransitionLayer() -> CALayer {
    let root = canvasLayer()
    let label = CATextLayer()
    label.bounds = CGRect(x: 0, y: 0, width: 120, height: 60)
    label.position = CGPoint(x: 100, y: 100)
    label.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.5, alpha: 1)
    label.cornerRadius = 10
    label.masksToBounds = true
    label.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    label.fontSize = 40
    label.alignmentMode = .center
    label.string = "41"
    root.addSublayer(label)
    commitFirstFrame(root, canvas: animatedCanvas)
    label.string = "42"
    let push = CATransition()
    push.type = .push
    push.subtype = .fromRight
    push.beginTime = 0.4
    push.duration = 1
    // Until it begins, the old text shows.
    push.fillMode = .backwards
    push.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    label.add(push, forKey: kCATransition)
    return root
}
// listing-end: animated-push

// listing-begin: animated-fade
/// A card faded into a disc.
func fadeTransitionLayer() -> CALayer {
    let root = canvasLayer()
    let card = CALayer()
    card.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
    card.position = CGPoint(x: 100, y: 100)
    card.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
    card.cornerRadius = 12
    root.addSublayer(card)
    commitFirstFrame(root, canvas: animatedCanvas)
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    card.cornerRadius = 60
    let fade = CATransition()
    fade.type = .fade
    fade.beginTime = 0.4
    fade.duration = 1.2
    fade.fillMode = .backwards
    card.add(fade, forKey: kCATransition)
    CATransaction.commit()
    return root
}
// listing-end: animated-fade
