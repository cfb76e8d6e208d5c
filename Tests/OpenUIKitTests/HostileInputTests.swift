import Testing
import OpenUIKit

/// Non-finite, negative and huge values are ordinary input: nothing traps, and what cannot be
/// drawn draws nothing.
@Suite struct HostileInputTests {
    static let bad: [CGFloat] = [.nan, .infinity, -.infinity, -1e300, 1e300, -5, 0]

    @Test func pathsTakeAnyNumbers() {
        for v in HostileInputTests.bad {
            let r = CGRect(x: v, y: v, width: v, height: v)
            _ = UIBezierPath(rect: r).bounds
            _ = UIBezierPath(ovalIn: r).bounds
            _ = UIBezierPath(roundedRect: r, cornerRadius: v).bounds
            _ = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), byRoundingCorners: .allCorners,
                             cornerRadii: CGSize(width: v, height: v)).bounds
            let arc = UIBezierPath(arcCenter: CGPoint(x: v, y: v), radius: v, startAngle: v, endAngle: -v, clockwise: true)
            _ = arc.contains(CGPoint(x: 1, y: 1))
            arc.apply(CGAffineTransform(scaleX: v, y: v))
        }
    }

    @Test func contextsAndImagesTakeAnyNumbers() {
        for v in HostileInputTests.bad {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, v)
            UIColor(hue: v, saturation: v, brightness: v, alpha: v).setFill()
            UIRectFill(CGRect(x: v, y: v, width: v, height: v))
            UIRectFrame(CGRect(x: 0, y: 0, width: v, height: v))
            "text".draw(in: CGRect(x: v, y: v, width: v, height: v), withAttributes: [.font: UIFont.systemFont(ofSize: v)])
            _ = "text".boundingRect(with: CGSize(width: v, height: v), options: .usesLineFragmentOrigin, attributes: nil, context: nil)
            _ = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            let format = UIGraphicsImageRendererFormat()
            format.scale = v
            _ = UIGraphicsImageRenderer(size: CGSize(width: 3, height: v), format: format).image { _ in }
            _ = UIGraphicsImageRenderer(bounds: CGRect(x: v, y: v, width: 2, height: 2), format: format).image { _ in }
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func viewsAndAnimationsTakeAnyNumbers() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let view = UIView(frame: .zero)
        root.addSubview(view)
        let renderer = CAImageRenderer(size: CGSize(width: 20, height: 20))
        _ = renderer.image(for: root.layer, atTime: 0)
        for v in HostileInputTests.bad {
            UIView.animate(withDuration: Double(v), delay: Double(v), usingSpringWithDamping: v, initialSpringVelocity: v,
                           animations: {
                               view.frame = CGRect(x: v, y: v, width: v, height: v)
                               view.alpha = v
                               view.transform = CGAffineTransform(rotationAngle: v)
                           })
            UIView.animate(withDuration: Double(v)) { view.center = CGPoint(x: v, y: v) }
            root.insertSubview(UIView(), at: Int(clamping: Int64(v.isFinite ? max(min(v, 1e18), -1e18) : 0)))
            _ = renderer.image(for: root.layer, atTime: 1)
        }
        root.addSubview(root)
        #expect(root.superview == nil)
    }
}
