import Foundation

extension UIView {
    /// How a view places its drawn content when its bounds change size.
    public enum ContentMode: Int, Sendable {
        /// Stretches the content to fill the bounds.
        case scaleToFill = 0
        /// Scales the content to fit, keeping its aspect ratio.
        case scaleAspectFit = 1
        /// Scales the content to fill, keeping its aspect ratio (parts may be cut off).
        case scaleAspectFill = 2
        /// Draws the content again (`draw(_:)`) for the new size.
        case redraw = 3
        /// Centres the content at its size.
        case center = 4
        /// Centres the content along the top edge.
        case top = 5
        /// Centres the content along the bottom edge.
        case bottom = 6
        /// Centres the content along the left edge.
        case left = 7
        /// Centres the content along the right edge.
        case right = 8
        /// Puts the content in the top-left corner.
        case topLeft = 9
        /// Puts the content in the top-right corner.
        case topRight = 10
        /// Puts the content in the bottom-left corner.
        case bottomLeft = 11
        /// Puts the content in the bottom-right corner.
        case bottomRight = 12

        /// The layer's contents gravity for the mode. Core Animation's "top" is the max-Y edge,
        /// the bottom of a y-down view, so UIKit's top modes are its bottom gravities.
        var contentsGravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            }
        }
    }
}
