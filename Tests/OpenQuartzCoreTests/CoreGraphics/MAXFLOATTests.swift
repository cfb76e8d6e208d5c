import Testing
import OpenQuartzCore

@Suite struct MAXFLOATTests {
    /// `MAXFLOAT` is C's largest finite float, FLT_MAX = (2 − 2⁻²³) · 2¹²⁷.
    @Test func isTheLargestFiniteFloat() {
        #expect(MAXFLOAT == (2 - 0x1p-23) * 0x1p127)
        #expect(MAXFLOAT.isFinite && MAXFLOAT.nextUp == .infinity)
    }
}
