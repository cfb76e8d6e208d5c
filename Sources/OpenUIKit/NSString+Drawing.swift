import Foundation

/// UIKit's string drawing and measuring (`NSStringDrawing`), on OpenQuartzCore's text layout.
/// Attributes take UIKit's values (`.font`: a `UIFont`, `.foregroundColor`: a `UIColor`) or
/// Core Text's; strings are drawn into the current context (`UIGraphicsGetCurrentContext()`)
/// and draw nothing without one.
extension NSString {
    /// Draws the string on one line (per paragraph) with the top left of its first line at
    /// `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(NSAttributedString(string: self as String, attributes: attrs), at: point)
    }

    /// Draws the string wrapped into `rect`; lines that do not fit are left out.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        StringDrawing.draw(NSAttributedString(string: self as String, attributes: attrs), in: rect)
    }

    /// Draws the string in `rect` as `options` say (see `boundingRect(with:options:attributes:context:)`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        NSAttributedString(string: self as String, attributes: attributes).draw(with: rect, options: options, context: context)
    }

    /// The size of the string drawn on one line per paragraph: the widest line and the lines'
    /// height (one line: the font's `lineHeight`), in fractional points.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(of: NSAttributedString(string: self as String, attributes: attrs), width: nil)
    }

    /// The rectangle the string takes: with `.usesLineFragmentOrigin`, its lines wrapped to
    /// `size.width` from the origin; without, one line with the origin on its baseline.
    /// Fractional; round up with `ceil` to size a view.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(of: NSAttributedString(string: self as String, attributes: attributes), size: size,
                                   options: options, context: context)
    }
}

extension StringProtocol {
    /// Draws the string on one line (per paragraph) with the top left of its first line at
    /// `point` (see `NSString.draw(at:withAttributes:)`).
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (String(self) as NSString).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string wrapped into `rect` (see `NSString.draw(in:withAttributes:)`).
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (String(self) as NSString).draw(in: rect, withAttributes: attrs)
    }

    /// Draws the string in `rect` as `options` say (see `NSString.draw(with:options:attributes:context:)`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        (String(self) as NSString).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    /// The size of the string drawn on one line per paragraph (see `NSString.size(withAttributes:)`).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (String(self) as NSString).size(withAttributes: attrs)
    }

    /// The rectangle the string takes (see `NSString.boundingRect(with:options:attributes:context:)`).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        (String(self) as NSString).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

extension NSAttributedString {
    /// Draws the string on one line (per paragraph) with the top left of its first line at
    /// `point`, each run in its own attributes.
    public func draw(at point: CGPoint) { StringDrawing.draw(self, at: point) }

    /// Draws the string wrapped into `rect`; lines that do not fit are left out.
    public func draw(in rect: CGRect) { StringDrawing.draw(self, in: rect) }

    /// Draws the string in `rect` as `options` say: with `.usesLineFragmentOrigin` wrapped
    /// into it, else on one line whose baseline starts at the rectangle's origin.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        if options.contains(.usesLineFragmentOrigin) {
            StringDrawing.draw(self, in: rect, truncates: options.contains(.truncatesLastVisibleLine))
        } else {
            let line = StringDrawing.boundingRect(of: self, size: rect.size, options: options, context: nil)
            StringDrawing.draw(self, at: CGPoint(x: rect.minX, y: rect.minY + line.minY))
        }
        context?.totalBounds = boundingRect(with: rect.size, options: options, context: nil)
    }

    /// The size of the string drawn on one line per paragraph.
    public func size() -> CGSize { StringDrawing.size(of: self, width: nil) }

    /// The rectangle the string takes (see `NSString.boundingRect(with:options:attributes:context:)`).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        StringDrawing.boundingRect(of: self, size: size, options: options, context: context)
    }
}
