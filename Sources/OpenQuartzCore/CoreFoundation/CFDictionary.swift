import Foundation

/// Core Foundation's dictionary, which Apple's Core Graphics takes for auxiliary information
/// (`CGContext.beginTransparencyLayer(auxiliaryInfo:)`). OpenQuartzCore extension: on Linux
/// there is no CFDictionary, so it is Foundation's `NSDictionary` (`nil` is what callers pass).
public typealias CFDictionary = NSDictionary
