import Testing
import OpenUIKit

/// A counting label as iOS apps write one, of the kind that steps: a display link asking for
/// 60 calls a second adds a sixtieth of the distance to the number shown at each call, until it
/// passes the target, where it stops on the target and invalidates the link. Ported with
/// OpenUIKit for UIKit and `CADisplayLink(handler:)` for `init(target:selector:)` (no
/// Objective-C runtime on Linux); the rest is the iOS code's logic, in our words.
final class SteppingCountLabel: UILabel {
    let callsPerSecond = 60
    private(set) var link: CADisplayLink?
    private var startValue = 0
    private var shownValue = 0
    private var endValue = 0
    private var step = 0

    func count(from start: Int, to end: Int) {
        step = Int((Double(abs(end - start)) / Double(callsPerSecond)).rounded())
        let link = CADisplayLink(handler: { [self] _ in advance() })
        link.preferredFramesPerSecond = callsPerSecond
        link.add(to: .current, forMode: .common)
        self.link = link
        startValue = start
        shownValue = start
        endValue = end
    }

    private func advance() {
        let rising = endValue > startValue
        shownValue += rising ? step : -step
        if rising ? shownValue > endValue : shownValue < endValue {
            shownValue = endValue
            link?.invalidate()
        }
        text = String(shownValue)
    }
}

/// Chapter 11 of *iOS Core Animation: Advanced Techniques*, "Timer-Based Animation": a ball
/// dropped by a display link. Each call adds the time since the last call (read from
/// `CACurrentMediaTime()`) to the animation's offset, eases it with the book's bounce curve and
/// places the ball; at the end it invalidates the link. In our words; the run loop is the
/// thread's own (the book's is the main run loop, the one a program rendering on its main
/// thread passes).
final class DroppingBallController {
    let ballView: UIView
    private var link: CADisplayLink?
    private let duration: CFTimeInterval = 1
    private var timeOffset: CFTimeInterval = 0
    private var lastStep: CFTimeInterval = 0
    private let fromValue = CGPoint(x: 150, y: 32)
    private let toValue = CGPoint(x: 150, y: 268)
    private(set) var calls = 0

    init(ballView: UIView) { self.ballView = ballView }

    func animate() {
        ballView.center = fromValue
        timeOffset = 0
        lastStep = CACurrentMediaTime()
        let link = CADisplayLink(handler: { [unowned self] _ in step() })
        link.add(to: .current, forMode: .default)
        self.link = link
    }

    private func step() {
        calls += 1
        let thisStep = CACurrentMediaTime()
        timeOffset = min(timeOffset + thisStep - lastStep, duration)
        lastStep = thisStep
        let time = Self.bounceEaseOut(timeOffset / duration)
        ballView.center = CGPoint(x: fromValue.x + (toValue.x - fromValue.x) * time,
                                  y: fromValue.y + (toValue.y - fromValue.y) * time)
        if timeOffset >= duration {
            link?.invalidate()
            link = nil
        }
    }

    /// The book's bounce: four parabolas meeting at 4/11, 8/11 and 9/10.
    static func bounceEaseOut(_ t: Double) -> Double {
        if t < 4 / 11.0 { return 121 * t * t / 16 }
        if t < 8 / 11.0 { return 363 / 40.0 * t * t - 99 / 10.0 * t + 17 / 5.0 }
        if t < 9 / 10.0 { return 4356 / 361.0 * t * t - 35442 / 1805.0 * t + 16061 / 1805.0 }
        return 54 / 5.0 * t * t - 513 / 25.0 * t + 268 / 25.0
    }
}

/// Display-link driven iOS code rendered offline (docs/animate.md, "Display links"): each
/// frame of `CAImageRenderer.frames(for:from:rate:range:)` calls the links before it is drawn.
@Suite struct DisplayLinkCodeTests {
    /// Counting 0 → 600 steps by 10 at each call; at 30 fps (below the 60 asked for, so every
    /// frame calls), frame i shows min(10 · (i + 1), 600), drawn as a label holding that text
    /// draws it. Once the count ends the link lets go of its handler, which held the label: with
    /// the view tree gone, the label is freed.
    @Test func countingLabelShowsItsCountInEachFrame() throws {
        let size = CGSize(width: 60, height: 24)
        let rate = try #require(FrameRate(framesPerSecond: 30))
        var texts: [String?] = []
        var checked: [Int: [UInt8]] = [:]
        weak var weakLabel: SteppingCountLabel?
        do {
            let root = UIView(frame: CGRect(origin: .zero, size: size))
            let label = SteppingCountLabel(frame: root.bounds)
            root.addSubview(label)
            weakLabel = label
            label.count(from: 0, to: 600)
            for frame in CAImageRenderer(size: size).frames(for: root.layer, from: 0, rate: rate, range: 0..<62) {
                texts.append(label.text)
                if [0, 59, 61].contains(frame.index) { checked[frame.index] = frame.image.premultipliedRGBA }
            }
        }
        let expected: [String?] = (0..<62).map { String(min(10 * ($0 + 1), 600)) }
        #expect(texts == expected)
        for (i, pixels) in checked {
            let reference = UIView(frame: CGRect(origin: .zero, size: size))
            let still = UILabel(frame: reference.bounds)
            still.text = String(min(10 * (i + 1), 600))
            reference.addSubview(still)
            let image = CAImageRenderer(size: size).image(for: reference.layer)
            #expect(pixels == image.premultipliedRGBA, "frame \(i)")
        }
        #expect(weakLabel == nil)
    }

    /// The book's ball, set up at media time 0 and rendered at 30 fps: frame i places it where
    /// the bounce puts it after i/30 s (worked out by hand at 0.2 s and 0.5 s: 121 · 0.04 / 16 =
    /// 0.3025 of the way, 103.39; 363/40 · 0.25 − 9.9 · 0.5 + 3.4 = 0.71875, 201.625), and the
    /// link stops once the second is over.
    @Test func timerBasedBounceFollowsTheFrameClock() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let ball = UIView(frame: CGRect(x: 0, y: 0, width: 32, height: 32))
        root.addSubview(ball)
        let controller = DroppingBallController(ballView: ball)
        CAImageRenderer.withMediaTime(0) { controller.animate() }
        let rate = try #require(FrameRate(framesPerSecond: 30))
        var ys: [CGFloat] = []
        for _ in CAImageRenderer(size: root.bounds.size).frames(for: root.layer, from: 0, rate: rate, range: 0..<40) {
            ys.append(ball.center.y)
        }
        for (i, y) in [(0, 32.0), (6, 103.39), (15, 201.625), (30, 268.0), (39, 268.0)] {
            #expect(abs(Double(ys[i]) - y) < 1e-9, "frame \(i): \(ys[i])")
        }
        // Called at frames 0 … 30 (the 1 s offset reached, up to rounding of the summed steps) or 31.
        #expect(controller.calls == 31 || controller.calls == 32)
    }
}
