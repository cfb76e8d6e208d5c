/// Core Foundation's signed index and count type (`CTLineGetGlyphCount` returns one).
public typealias CFIndex = Int
