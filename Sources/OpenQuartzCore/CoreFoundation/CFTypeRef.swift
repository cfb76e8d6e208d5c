/// Any Core Foundation object, as `CATextLayer.font` is assigned one on Apple's platforms
/// (`layer.font = "Helvetica" as CFTypeRef`). As in Apple's Swift overlay, it is `AnyObject`.
public typealias CFTypeRef = AnyObject
