import Foundation
import OpenQuartzCore

/// The part of UIKit's `UIFont` the labels use: a face and a point size.
struct UIFont {
    /// A family name, as `CATextLayer.font` takes it.
    let fontName: String
    let pointSize: CGFloat

    /// iOS 6's system font was Helvetica. DejaVu Sans (Debian's fonts-dejavu-core, which
    /// OpenQuartzCore's font lookup always falls back to) is named outright rather than left to
    /// the fallback chain, so that the figures do not change with whichever other faces a
    /// machine has installed.
    static func systemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(fontName: "DejaVu Sans", pointSize: size)
    }

    /// Distance between baselines, as the text layer lays lines out; nil when no font at all
    /// is installed (then nothing is drawn either).
    var lineHeight: CGFloat? { OQCFont(name: fontName, size: pointSize)?.lineHeight }
}
