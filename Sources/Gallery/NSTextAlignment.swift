import OpenQuartzCore

/// UIKit's text alignments, as a label hands them to its text layer.
enum NSTextAlignment {
    case left, center, right, justified, natural

    var alignmentMode: CATextLayerAlignmentMode {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }
}
