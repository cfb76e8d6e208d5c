import Testing
import OpenUIKit

/// A progress ring written as iOS code writes one: a view whose track and progress are
/// `CAShapeLayer`s on an arc built with `UIBezierPath(arcCenter:…clockwise: true)`, laid out in
/// `layoutSubviews()`, progress shown by `strokeEnd`.
final class RingProgressView: UIView {
    private let trackLayer = CAShapeLayer()
    private let progressLayer = CAShapeLayer()

    var progress: CGFloat = 0 {
        didSet { progressLayer.strokeEnd = min(max(progress, 0), 1) }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        for shape in [trackLayer, progressLayer] {
            shape.fillColor = UIColor.clear.cgColor
            shape.lineWidth = 8
            layer.addSublayer(shape)
        }
        trackLayer.strokeColor = UIColor.lightGray.cgColor
        progressLayer.strokeColor = UIColor.systemBlue.cgColor
        progressLayer.strokeEnd = 0
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY),
                                radius: min(bounds.width, bounds.height) / 2 - 4,
                                startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
        for shape in [trackLayer, progressLayer] {
            shape.frame = bounds
            shape.path = path.cgPath
        }
    }
}

@Suite struct RingProgressViewTests {
    /// Half the progress, starting at twelve o'clock and running clockwise on screen, covers the
    /// right half of the ring; the left half shows the track.
    @Test func halfProgressCoversTheRightHalf() {
        let ring = RingProgressView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.progress = 0.5
        let image = UIImage(cgImage: CAImageRenderer(size: CGSize(width: 100, height: 100)).image(for: ring.layer))
        let blue: [UInt8] = [0, 122, 255, 255]
        let gray = UInt8((2.0 / 3.0 * 255).rounded())
        #expect(pixel(image, 96, 50) == blue)        // three o'clock
        #expect(pixel(image, 53, 96) == blue)        // just right of six o'clock
        #expect(pixel(image, 4, 50) == [gray, gray, gray, 255])  // nine o'clock: track
        #expect(pixel(image, 50, 50) == [0, 0, 0, 0])            // the hole
    }
}
