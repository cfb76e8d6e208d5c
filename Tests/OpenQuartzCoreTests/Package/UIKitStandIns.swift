import Foundation
import OpenQuartzCore

// What the ported drawing layers (PortedDrawingLayers.swift) need beyond UIKitStandIn.swift:
// the named colours they use (UIKit's values) and UIKit's current-context stack. UIColor is
// CGColor there.

extension CGColor {
    static let lightGray = CGColor(gray: 2.0 / 3.0, alpha: 1)
    static let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    static let cyan = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    func withAlphaComponent(_ alpha: CGFloat) -> CGColor { copy(alpha: alpha) ?? self }
}

/// UIKit's stack of current contexts (main-thread only in UIKit; tests draw on one thread).
enum UIGraphicsContextStack {
    nonisolated(unsafe) static var contexts: [CGContext] = []
}

func UIGraphicsGetCurrentContext() -> CGContext? { UIGraphicsContextStack.contexts.last }
func UIGraphicsPushContext(_ context: CGContext) { UIGraphicsContextStack.contexts.append(context) }
func UIGraphicsPopContext() { _ = UIGraphicsContextStack.contexts.popLast() }
