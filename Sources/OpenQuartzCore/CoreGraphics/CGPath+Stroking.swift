import Foundation
import Raster

extension CGPath {
    /// The outline of this path stroked with the given width, caps, joins and miter limit, as
    /// a path to fill with the non-zero rule (Core Graphics' `copy(strokingWithWidth:…)`).
    /// Curves are flattened to within 0.1 units of the path before stroking.
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let cap: LineCap = lineCap == .round ? .round : lineCap == .square ? .square : .butt
        let join: LineJoin = lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter
        let style = StrokeStyle(width: Double(max(lineWidth, 0)), cap: cap, join: join, miterLimit: Double(miterLimit))
        return CGPath.from(Raster.Path(self).stroked(style, tolerance: 0.1), transform: transform)
    }

    /// The outline of `path` stroked with the given width, caps, joins and miter limit, mapped
    /// by `transform` (nil: none): the spelling Apple's SDK imports for
    /// `CGPathCreateCopyByStrokingPath`, which iOS code still calls. The same outline as
    /// `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)`; nil when `lineWidth`
    /// is not a positive number, which Core Graphics requires.
    public convenience init?(__byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?, lineWidth: CGFloat,
                             lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat) {
        guard lineWidth > 0, lineWidth.isFinite else { return nil }
        let outline = path.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                                transform: transform?.pointee ?? .identity)
        self.init(storage: outline.storage)
    }

    /// A CGPath with the elements of a rasterizer path, mapped by `transform`.
    static func from(_ path: Raster.Path, transform: CGAffineTransform = .identity) -> CGPath {
        let out = CGMutablePath()
        path.forEachElement { e in
            switch e {
            case let .move(x, y): out.move(to: CGPoint(x: x, y: y), transform: transform)
            case let .line(x, y): out.addLine(to: CGPoint(x: x, y: y), transform: transform)
            case let .quad(cx, cy, x, y):
                out.addQuadCurve(to: CGPoint(x: x, y: y), control: CGPoint(x: cx, y: cy), transform: transform)
            case let .cubic(c1x, c1y, c2x, c2y, x, y):
                out.addCurve(to: CGPoint(x: x, y: y), control1: CGPoint(x: c1x, y: c1y),
                             control2: CGPoint(x: c2x, y: c2y), transform: transform)
            case .close: out.closeSubpath()
            }
        }
        return out
    }
}
