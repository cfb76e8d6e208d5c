import Testing
import OpenUIKit

/// A tag chip as iOS code sizes one: a rounded view whose width comes from its text's
/// `boundingRect(with:options:attributes:context:)`, rounded up with `ceil`, plus insets.
final class TagChipView: UIView {
    static let insets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
    let text: String
    let font = UIFont.systemFont(ofSize: 14)

    init(text: String) {
        self.text = text
        super.init(frame: .zero)
        backgroundColor = .systemGray5
        layer.cornerRadius = 8
        frame.size = sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude))
    }

    required init?(coder: NSCoder) {
        text = ""
        super.init(coder: coder)
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let bounds = (text as NSString).boundingRect(with: size, options: [.usesLineFragmentOrigin, .usesFontLeading],
                                                     attributes: [.font: font], context: nil)
        return CGSize(width: ceil(bounds.width) + TagChipView.insets.left + TagChipView.insets.right,
                      height: ceil(bounds.height) + TagChipView.insets.top + TagChipView.insets.bottom)
    }

    override func draw(_ rect: CGRect) {
        (text as NSString).draw(in: bounds.inset(by: TagChipView.insets), withAttributes: [.font: font, .foregroundColor: UIColor.label])
    }
}

@Suite struct TagChipViewTests {
    @Test func chipIsSizedToItsText() {
        let chip = TagChipView(text: "layers")
        let textWidth = "layers".size(withAttributes: [.font: chip.font]).width
        #expect(chip.frame.width == ceil(textWidth) + 20)
        #expect(chip.frame.height == ceil(chip.font.lineHeight) + 8)
        // The text fits in the chip: black ink inside the insets, none outside them.
        let size = chip.bounds.size
        let image = UIImage(cgImage: CAImageRenderer(size: size).image(for: chip.layer))
        var ink = 0, outside = 0
        for y in 0..<Int(size.height) {
            for x in 0..<Int(size.width) {
                let p = pixel(image, x, y)
                guard p.count == 4, p[3] == 255, p[0] < 100 else { continue }
                if x >= 9, x <= Int(size.width) - 9, y >= 3, y <= Int(size.height) - 3 { ink += 1 } else { outside += 1 }
            }
        }
        #expect(ink > 20 && outside == 0)
    }
}
