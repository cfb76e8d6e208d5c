import Foundation

/// Core Foundation's attributed string, as `CTLineCreateWithAttributedString` takes it.
///
/// OpenQuartzCore extension: on Apple's platforms it is toll-free bridged to
/// `NSAttributedString`; here it is `NSAttributedString` itself, so `string as CFAttributedString`
/// compiles unchanged.
public typealias CFAttributedString = NSAttributedString
