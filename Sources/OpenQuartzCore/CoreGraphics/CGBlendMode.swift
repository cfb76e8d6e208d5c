/// How a drawing operation's colour combines with what the context already holds, with
/// Core Graphics' raw values. The first sixteen are the PDF blend modes (W3C Compositing and
/// Blending Level 1 formulas), then the Porter–Duff operators and two additive modes.
public enum CGBlendMode: Int32, Sendable {
    /// Source over destination. The default.
    case normal = 0
    /// B = Cs·Cb.
    case multiply = 1
    /// B = Cs + Cb − Cs·Cb.
    case screen = 2
    /// Hard light with source and backdrop swapped.
    case overlay = 3
    /// B = min(Cs, Cb).
    case darken = 4
    /// B = max(Cs, Cb).
    case lighten = 5
    /// Brightens the backdrop to reflect the source.
    case colorDodge = 6
    /// Darkens the backdrop to reflect the source.
    case colorBurn = 7
    /// Darkens or lightens depending on the source, softly.
    case softLight = 8
    /// Multiplies or screens depending on the source.
    case hardLight = 9
    /// B = |Cs − Cb|.
    case difference = 10
    /// B = Cs + Cb − 2·Cs·Cb.
    case exclusion = 11
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue = 12
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation = 13
    /// The source's hue and saturation with the backdrop's luminosity.
    case color = 14
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity = 15
    /// R = 0.
    case clear = 16
    /// R = S.
    case copy = 17
    /// R = S·Da.
    case sourceIn = 18
    /// R = S·(1 − Da).
    case sourceOut = 19
    /// R = S·Da + D·(1 − Sa).
    case sourceAtop = 20
    /// R = S·(1 − Da) + D.
    case destinationOver = 21
    /// R = D·Sa.
    case destinationIn = 22
    /// R = D·(1 − Sa).
    case destinationOut = 23
    /// R = S·(1 − Da) + D·Sa.
    case destinationAtop = 24
    /// R = S·(1 − Da) + D·(1 − Sa).
    case xor = 25
    /// R = max(0, 1 − ((1 − D) + (1 − S))).
    case plusDarker = 26
    /// R = min(1, S + D).
    case plusLighter = 27
}
