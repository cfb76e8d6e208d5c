// `import UIKit` on iOS brings Foundation, Core Graphics and QuartzCore with it, so layer code
// that imports UIKit uses `CALayer`, `CGPath` and `CATransaction` without importing them.
// `import OpenUIKit` does the same by re-exporting OpenQuartzCore (which re-exports Foundation).
@_exported import OpenQuartzCore
