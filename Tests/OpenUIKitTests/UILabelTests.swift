import Testing
import OpenUIKit

/// UILabel: UIKit's defaults, its size from its text, and its text drawn centred vertically.
@Suite struct UILabelTests {
    @Test func defaultsAreUIKits() {
        let label = UILabel(frame: .zero)
        #expect(label.font.pointSize == 17 && label.textColor == .label && label.numberOfLines == 1)
        #expect(label.textAlignment == .natural && label.lineBreakMode == .byTruncatingTail)
        #expect(label.backgroundColor == nil && !label.isUserInteractionEnabled)
        #expect(label.intrinsicContentSize == .zero)
    }

    @Test func sizeIsTheTexts() {
        let label = UILabel(frame: .zero)
        label.text = "Layers"
        let expected = "Layers".size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)])
        #expect(label.intrinsicContentSize == expected)
        label.sizeToFit()
        #expect(label.bounds.size == expected)
    }

    @Test func textIsDrawnCentredVertically() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        label.text = "Hi"
        label.textColor = .red
        let image = UIImage(cgImage: CAImageRenderer(size: CGSize(width: 100, height: 60)).image(for: label.layer))
        let lineHeight = label.font.lineHeight
        let top = (60 - lineHeight) / 2
        var rows: [Int] = []
        for y in 0..<60 where (0..<100).contains(where: { pixel(image, $0, y).last ?? 0 > 0 }) { rows.append(y) }
        #expect(!rows.isEmpty)
        if let first = rows.first, let last = rows.last {
            #expect(CGFloat(first) >= top - 1 && CGFloat(last) <= top + lineHeight + 1)
        }
    }
}
