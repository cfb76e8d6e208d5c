import Foundation

/// The largest finite `Float`, 0x1.fffffep+127: the C library's `MAXFLOAT`, which Apple's
/// SDK imports from `math.h` and Glibc's module does not. Layer code uses it for an animation
/// that repeats "for ever" (`repeatCount = MAXFLOAT`).
public var MAXFLOAT: Float { Float.greatestFiniteMagnitude }
