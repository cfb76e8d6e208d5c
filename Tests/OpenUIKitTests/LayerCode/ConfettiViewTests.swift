import Testing
import OpenUIKit

/// Confetti as iOS confetti views build it: a view whose layer class is `CAEmitterLayer`, a
/// line emitter along the top edge laid out in `layoutSubviews`, one cell per colour drawing
/// a small white piece tinted by the cell's colour, thrown downward and to the side, spinning
/// and shrinking.
final class ConfettiView: UIView {
    override class var layerClass: AnyClass { CAEmitterLayer.self }

    var emitter: CAEmitterLayer { layer as! CAEmitterLayer }
    let colors: [UIColor] = [.red, .green, .blue, .orange, .purple]
    var intensity: Float = 0.5

    /// A 10 × 6 white piece of paper.
    lazy var piece: CGImage? = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 6)).image { ctx in
        UIColor.white.setFill()
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 6))
    }.cgImage

    override func layoutSubviews() {
        super.layoutSubviews()
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: 0)
        emitter.emitterSize = CGSize(width: bounds.width, height: 1)
        emitter.masksToBounds = true
    }

    func start() {
        emitter.emitterCells = colors.map { color in
            let cell = CAEmitterCell()
            cell.birthRate = 6 * intensity
            cell.lifetime = 14 * intensity
            cell.lifetimeRange = 0
            cell.color = color.cgColor
            cell.velocity = CGFloat(350 * intensity)
            cell.velocityRange = CGFloat(80 * intensity)
            cell.emissionLongitude = .pi
            cell.emissionRange = .pi
            cell.spin = CGFloat(3.5 * intensity)
            cell.spinRange = CGFloat(4 * intensity)
            cell.scaleRange = CGFloat(intensity)
            cell.scaleSpeed = CGFloat(-0.1 * intensity)
            cell.contents = piece
            return cell
        }
        emitter.birthRate = 1
    }
}

@Suite struct ConfettiViewTests {
    /// After 2 s the view shows pieces of every colour, below the top edge, over both halves.
    @Test func confettiFallsInEveryColour() throws {
        let view = ConfettiView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        view.layoutIfNeeded()
        view.start()
        let renderer = CAImageRenderer(size: CGSize(width: 300, height: 400))
        let px = renderer.image(for: view.layer, atTime: 2).premultipliedRGBA
        func at(_ i: Int) -> (r: Int, g: Int, b: Int, a: Int) { (Int(px[i]), Int(px[i + 1]), Int(px[i + 2]), Int(px[i + 3])) }
        var seen = Set<String>(), left = 0, right = 0, low = 0
        for y in 0..<400 {
            for x in 0..<300 {
                let p = at((y * 300 + x) * 4)
                guard p.a == 255 else { continue }
                // UIKit's standard colours, premultiplied and opaque: which one is this piece?
                if p.r > 200 && p.g < 60 && p.b < 60 { seen.insert("red") }
                if p.g > 200 && p.r < 60 && p.b < 60 { seen.insert("green") }
                if p.b > 200 && p.r < 60 && p.g < 60 { seen.insert("blue") }
                if p.r > 200 && p.g > 100 && p.g < 160 && p.b < 60 { seen.insert("orange") }
                if p.r > 100 && p.b > 100 && p.g < 60 { seen.insert("purple") }
                if x < 150 { left += 1 } else { right += 1 }
                if y > 100 { low += 1 }
            }
        }
        #expect(seen == ["red", "green", "blue", "orange", "purple"])
        #expect(left > 50 && right > 50 && low > 50, "left \(left), right \(right), below 100 pt \(low)")
    }
}
