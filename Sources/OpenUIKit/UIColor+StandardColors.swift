import Foundation

/// UIKit's fixed colors (gray ones in a gray color space, as UIKit makes them) and its system
/// colors as they appear in light mode, from Apple's Human Interface Guidelines' color table.
extension UIColor {
    /// Black: grayscale 0.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// Dark gray: grayscale 1/3.
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// Light gray: grayscale 2/3.
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// White: grayscale 1.
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// Gray: grayscale 0.5.
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// Red: RGB (1, 0, 0).
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// Green: RGB (0, 1, 0).
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// Blue: RGB (0, 0, 1).
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// Cyan: RGB (0, 1, 1).
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// Yellow: RGB (1, 1, 0).
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// Magenta: RGB (1, 0, 1).
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// Orange: RGB (1, 0.5, 0).
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// Purple: RGB (0.5, 0, 0.5).
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// Brown: RGB (0.6, 0.4, 0.2).
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// Clear: grayscale 0 with opacity 0.
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    /// An sRGB color from 8-bit components, for the system color table.
    private static func rgb8(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    /// System red, light mode: (255, 59, 48).
    public class var systemRed: UIColor { rgb8(255, 59, 48) }
    /// System green, light mode: (52, 199, 89).
    public class var systemGreen: UIColor { rgb8(52, 199, 89) }
    /// System blue, light mode: (0, 122, 255).
    public class var systemBlue: UIColor { rgb8(0, 122, 255) }
    /// System orange, light mode: (255, 149, 0).
    public class var systemOrange: UIColor { rgb8(255, 149, 0) }
    /// System yellow, light mode: (255, 204, 0).
    public class var systemYellow: UIColor { rgb8(255, 204, 0) }
    /// System pink, light mode: (255, 45, 85).
    public class var systemPink: UIColor { rgb8(255, 45, 85) }
    /// System purple, light mode: (175, 82, 222).
    public class var systemPurple: UIColor { rgb8(175, 82, 222) }
    /// System teal, light mode: (48, 176, 199).
    public class var systemTeal: UIColor { rgb8(48, 176, 199) }
    /// System indigo, light mode: (88, 86, 214).
    public class var systemIndigo: UIColor { rgb8(88, 86, 214) }
    /// System brown, light mode: (162, 132, 94).
    public class var systemBrown: UIColor { rgb8(162, 132, 94) }
    /// System mint, light mode: (0, 199, 190).
    public class var systemMint: UIColor { rgb8(0, 199, 190) }
    /// System cyan, light mode: (50, 173, 230).
    public class var systemCyan: UIColor { rgb8(50, 173, 230) }
    /// System gray, light mode: (142, 142, 147).
    public class var systemGray: UIColor { rgb8(142, 142, 147) }
    /// Second system gray, light mode: (174, 174, 178).
    public class var systemGray2: UIColor { rgb8(174, 174, 178) }
    /// Third system gray, light mode: (199, 199, 204).
    public class var systemGray3: UIColor { rgb8(199, 199, 204) }
    /// Fourth system gray, light mode: (209, 209, 214).
    public class var systemGray4: UIColor { rgb8(209, 209, 214) }
    /// Fifth system gray, light mode: (229, 229, 234).
    public class var systemGray5: UIColor { rgb8(229, 229, 234) }
    /// Sixth system gray, light mode: (242, 242, 247).
    public class var systemGray6: UIColor { rgb8(242, 242, 247) }

    /// Text that contains primary content, light mode: black.
    public class var label: UIColor { rgb8(0, 0, 0) }
    /// Text that contains secondary content, light mode: (60, 60, 67) at 60 %.
    public class var secondaryLabel: UIColor { rgb8(60, 60, 67, 0.6) }
    /// Text that contains tertiary content, light mode: (60, 60, 67) at 30 %.
    public class var tertiaryLabel: UIColor { rgb8(60, 60, 67, 0.3) }
    /// Text that contains quaternary content, light mode: (60, 60, 67) at 18 %.
    public class var quaternaryLabel: UIColor { rgb8(60, 60, 67, 0.18) }
    /// Links, light mode: (0, 122, 255).
    public class var link: UIColor { rgb8(0, 122, 255) }
    /// Placeholder text, light mode: (60, 60, 67) at 30 %.
    public class var placeholderText: UIColor { rgb8(60, 60, 67, 0.3) }
    /// Thin borders or dividers that let content show through, light mode: (60, 60, 67) at 29 %.
    public class var separator: UIColor { rgb8(60, 60, 67, 0.29) }
    /// Borders or dividers that hide content, light mode: (198, 198, 200).
    public class var opaqueSeparator: UIColor { rgb8(198, 198, 200) }
    /// The main background of an interface, light mode: white.
    public class var systemBackground: UIColor { rgb8(255, 255, 255) }
    /// Content layered on the main background, light mode: (242, 242, 247).
    public class var secondarySystemBackground: UIColor { rgb8(242, 242, 247) }
    /// Content layered on secondary backgrounds, light mode: white.
    public class var tertiarySystemBackground: UIColor { rgb8(255, 255, 255) }
    /// The background of a grouped interface, light mode: (242, 242, 247).
    public class var systemGroupedBackground: UIColor { rgb8(242, 242, 247) }
    /// Content layered on a grouped background, light mode: white.
    public class var secondarySystemGroupedBackground: UIColor { rgb8(255, 255, 255) }
    /// Content layered on secondary grouped backgrounds, light mode: (242, 242, 247).
    public class var tertiarySystemGroupedBackground: UIColor { rgb8(242, 242, 247) }
    /// Fill for thin and small shapes, light mode: (120, 120, 128) at 20 %.
    public class var systemFill: UIColor { rgb8(120, 120, 128, 0.2) }
    /// Fill for medium-size shapes, light mode: (120, 120, 128) at 16 %.
    public class var secondarySystemFill: UIColor { rgb8(120, 120, 128, 0.16) }
    /// Fill for large shapes, light mode: (118, 118, 128) at 12 %.
    public class var tertiarySystemFill: UIColor { rgb8(118, 118, 128, 0.12) }
    /// Fill for large areas with complex content, light mode: (116, 116, 128) at 8 %.
    public class var quaternarySystemFill: UIColor { rgb8(116, 116, 128, 0.08) }
    /// The tint color of views that set none: system blue.
    public class var tintColor: UIColor { systemBlue }
}
