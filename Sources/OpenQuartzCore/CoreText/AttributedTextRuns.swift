import Foundation

/// An attributed string cut into the styled runs `TextLayout` lays out: per run its face and
/// size (`.font`), colour (`.foregroundColor` or Core Text's `kCTForegroundColorAttributeName`),
/// kerning (`.kern`) and paragraph settings (`.paragraphStyle`). Values of other types are
/// ignored, as Core Text ignores what it does not understand.
package struct AttributedTextRuns {
    var runs: [TextLayout.Run] = []
    /// The colour of each style index the runs use.
    var colors: [CGColor?] = []

    /// - Parameters:
    ///   - defaultFace, defaultSize, defaultColor: for runs without those attributes.
    ///   - sizeForNames: the size given to a `.font` that has none of its own (a name or a
    ///     `CGFont`).
    init(_ s: NSAttributedString, defaultFace: TrueTypeFont, defaultSize: Double, defaultColor: CGColor?,
         sizeForNames: Double) {
        let text = s.string as NSString
        let length = s.length
        guard length > 0 else { return }
        var colors: [CGColor?] = []
        var runs: [TextLayout.Run] = []
        func style(_ c: CGColor?) -> Int {
            // Equal colours share an index, so a string of many runs in one colour fills once.
            if let i = colors.firstIndex(where: { $0 == c }) { return i }
            colors.append(c)
            return colors.count - 1
        }
        s.enumerateAttributes(in: NSRange(location: 0, length: length), options: []) { attrs, range, _ in
            var face = defaultFace, size = defaultSize
            switch attrs[.font] {
            case let f as CTFont:
                if let ff = f.face { face = ff; size = Double(f.size) }
            case let f as CGFont:
                face = f.face; size = sizeForNames
            case let f as OQCFont:
                face = f.face; size = Double(f.pointSize)
            case let name as String:
                if let ff = FontCatalog.shared.font(named: name) { face = ff; size = sizeForNames }
            default: break
            }
            let color = (attrs[.foregroundColor] as? CGColor)
                ?? (attrs[NSAttributedString.Key(kCTForegroundColorAttributeName)] as? CGColor) ?? defaultColor
            var run = TextLayout.Run(text: Substring(text.substring(with: range)), font: face, size: size,
                                     style: style(color), kern: AttributedTextRuns.number(attrs[.kern]) ?? 0)
            if let p = attrs[.paragraphStyle] as? NSParagraphStyle { run.paragraph = AttributedTextRuns.paragraph(p) }
            runs.append(run)
        }
        self.runs = runs
        self.colors = colors
    }

    /// A number attribute of any of the types Swift code writes one with.
    package static func number(_ v: Any?) -> Double? {
        switch v {
        case let d as Double: return d.isFinite ? d : nil
        case let c as CGFloat: return c.isFinite ? Double(c) : nil
        case let f as Float: return f.isFinite ? Double(f) : nil
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue.isFinite ? n.doubleValue : nil
        default: return nil
        }
    }

    /// A paragraph style's alignment and line breaking as the layout's settings. Wrapping stays
    /// the layer's choice (`isWrapped`); a truncating mode truncates each paragraph on one line,
    /// `byClipping` cuts it; `byCharWrapping` wraps between characters.
    static func paragraph(_ p: NSParagraphStyle) -> TextLayout.Paragraph {
        let alignment: CATextLayerAlignmentMode
        switch p.alignment {
        case .left: alignment = .left
        case .center: alignment = .center
        case .right: alignment = .right
        case .justified: alignment = .justified
        case .natural: alignment = .natural
        }
        var out = TextLayout.Paragraph(alignment: alignment, truncation: nil)
        switch p.lineBreakMode {
        case .byWordWrapping: break
        case .byCharWrapping: out.breaksByCharacter = true
        case .byClipping: out.truncation = CATextLayerTruncationMode.none
        case .byTruncatingHead: out.truncation = .start
        case .byTruncatingTail: out.truncation = .end
        case .byTruncatingMiddle: out.truncation = .middle
        }
        return out
    }
}
