import Foundation

/// Per-thread state UIKit keeps per thread (the graphics context stack, the animation blocks
/// being run), stored in the thread's dictionary so that it needs no lock.
enum ThreadLocal {
    /// The calling thread's value under `key`, made by `make` on first use.
    static func value<T: AnyObject>(forKey key: String, make: () -> T) -> T {
        let dictionary = Thread.current.threadDictionary
        if let v = dictionary[key] as? T { return v }
        let v = make()
        dictionary[key] = v
        return v
    }
}
