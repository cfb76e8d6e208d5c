import Testing
import OpenUIKit

/// A pulsing dot as iOS code writes one: a round view whose layer gets a "transform.scale"
/// animation that autoreverses and repeats `MAXFLOAT` times.
final class PulseDotView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemRed
        layer.cornerRadius = frame.width / 2
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    func startPulsing() {
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1.0
        pulse.toValue = 1.5
        pulse.duration = 0.5
        pulse.autoreverses = true
        pulse.repeatCount = MAXFLOAT
        layer.add(pulse, forKey: "pulse")
    }
}

@Suite struct PulseViewTests {
    @Test func maxFloatIsTheLargestFloat() {
        #expect(MAXFLOAT == Float.greatestFiniteMagnitude)
        #expect(MAXFLOAT == 0x1.fffffep+127)
    }

    /// Scale 1 → 1.5 over 0.5 s, then back: at 0.25 s the scale is 1.25, at 0.75 s (on the way
    /// back) 1.25 again, and it is still pulsing after an hour.
    @Test func pulseScalesUpAndBackForEver() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let dot = PulseDotView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
        root.addSubview(dot)
        let renderer = CAImageRenderer(size: CGSize(width: 100, height: 100))
        dot.startPulsing()
        _ = renderer.image(for: root.layer, atTime: 0)
        for (t, scale) in [(0.25, 1.25), (0.75, 1.25), (3600.5, 1.5)] {
            _ = renderer.image(for: root.layer, atTime: t)
            let shown = try #require(dot.layer.presentation()?.transform)
            #expect(abs(shown.m11 - scale) < 1e-6 && abs(shown.m22 - scale) < 1e-6)
        }
    }
}
