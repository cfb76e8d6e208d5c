import Foundation
import OpenUIKit

extension UIImage {
    /// The painted picture named `name`, where the book's listings call `UIImage(named:)`: the
    /// book's image files are not ours to ship, and `UIImage(named:)` looks only in the main
    /// bundle and the current directory, which neither the gallery nor its tests control.
    static func standIn(named name: String) -> UIImage? {
        StandInImages.image(named: name).map { UIImage(cgImage: $0) }
    }
}
