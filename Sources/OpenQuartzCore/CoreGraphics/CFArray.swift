import Foundation

/// Core Foundation's array, which Apple's Core Graphics takes where Swift code writes
/// `[color1, color2] as CFArray` (for example `CGGradient(colorsSpace:colors:locations:)`).
/// OpenQuartzCore extension: on Linux there is no CFArray, so it is Foundation's `NSArray`,
/// to which a Swift array converts with the same `as CFArray` spelling.
public typealias CFArray = NSArray
