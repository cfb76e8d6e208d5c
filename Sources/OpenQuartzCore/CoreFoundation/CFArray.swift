/// Core Foundation's array, spelt so that code written for Apple's platforms compiles here:
/// `[a, b] as CFArray` is a Swift array, which assigns to `CAGradientLayer.colors` (`[Any]?`)
/// and passes wherever an API of this module takes a `CFArray`.
///
/// OpenQuartzCore extension: on Apple's platforms `CFArray` is a Core Foundation object
/// toll-free bridged to `NSArray`; swift-corelibs-foundation does not export Core Foundation's
/// types on Linux, so the array itself stands in for it.
public typealias CFArray = [Any]
