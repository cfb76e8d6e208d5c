// `import QuartzCore` on Apple's platforms brings Foundation with it (and through it
// `CGFloat`, `CGPoint`, `CGSize`, `CGRect`, `NSNumber`, `NSAttributedString`, …), so layer code
// never imports Foundation itself. `import OpenQuartzCore` does the same: Foundation is
// re-exported whole, the narrowest spelling that gives every name QuartzCore's clients use
// (swift-corelibs-foundation declares the Core Graphics geometry types on Linux).
@_exported import Foundation
