/// Core Foundation's string, as Core Text's functions take it (`CTFontCreateWithName("Helvetica"
/// as CFString, 12, nil)`).
///
/// OpenQuartzCore extension: on Apple's platforms `CFString` is toll-free bridged to `NSString`
/// and converts to and from `String` with `as`; swift-corelibs-foundation does not export Core
/// Foundation's types on Linux, so `String` stands in for it and those casts compile unchanged.
public typealias CFString = String
