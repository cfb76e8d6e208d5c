import Foundation
import OpenQuartzCore

// UIKit's string drawing (NSString's size(withAttributes:) and draw(at:withAttributes:), from
// NSStringDrawing.h) for the ported layers, on Core Text: a string measures its line's width by
// its font's ascent plus descent, and draws into UIKit's current context with its top-left
// corner at the point, upright in the flipped space UIKit draws in.

extension CTFont {
    /// UIFont.withSize(_:): the same face at another size.
    func withSize(_ fontSize: CGFloat) -> CTFont { CTFontCreateCopyWithAttributes(self, fontSize, nil, nil) }
}

extension NSString {
    private func line(_ attrs: [NSAttributedString.Key: Any]?) -> (line: CTLine, width: CGFloat, ascent: CGFloat, descent: CGFloat) {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: self as String, attributes: attrs) as CFAttributedString)
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        return (line, CGFloat(width), ascent, descent)
    }

    func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let l = line(attrs)
        return CGSize(width: l.width, height: l.ascent + l.descent)
    }

    func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let l = line(attrs)
        let matrix = ctx.textMatrix
        // UIKit's space is y down: text space is flipped back so glyphs stand upright.
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        ctx.textPosition = CGPoint(x: point.x, y: point.y + l.ascent)
        CTLineDraw(l.line, ctx)
        ctx.textMatrix = matrix
    }
}
