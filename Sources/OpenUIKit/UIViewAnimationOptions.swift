import Foundation

extension UIView {
    /// Options for animating views: repetition, the timing curve and the rest of UIKit's
    /// options (those about user interaction, transitions and frame rates are accepted and
    /// have no effect here).
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options as bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out subviews at commit time so that they animate with their parent.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Lets the user interact with views while they animate.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts from the value shown now rather than the model value (the layer's implicit
        /// animations always start from what is shown).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats the animation indefinitely.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs the animation backwards after forwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Uses this block's duration rather than an enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Uses this block's curve rather than an enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Redraws the view's content as it animates.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// Hides and shows views rather than removing and adding them in transitions.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Ignores the options of an enclosing block.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Ease in and out, the default curve.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// No transition.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// Flip from the left.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Flip from the right.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Curl up.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Curl down.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Cross dissolve.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Flip from the top.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Flip from the bottom.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The default frame rate.
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        /// 60 frames a second.
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// 30 frames a second.
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The timing function of the option's curve (bits 16 to 19).
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: return CAMediaTimingFunction(name: .easeIn)
            case 2: return CAMediaTimingFunction(name: .easeOut)
            case 3: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }
}
