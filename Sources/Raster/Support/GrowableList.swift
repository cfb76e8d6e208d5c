/// Values appended one at a time in a hot loop (the stroker's points, directions and lengths):
/// a growable buffer without what `Array.append` costs each time, a call into the runtime to
/// check that the storage is not shared and the capacity read through the array's header
/// (about 2 % of the drawing race's strokes). A class, so that the stroker and the buffers it
/// borrows from a context share one; nothing else holds them.
final class GrowableList<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    /// An empty list with room for `capacity` values.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    func append(_ v: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = v
        count += 1
    }

    /// Room for `n` values in all.
    func reserve(_ n: Int) { if n > capacity { grow(to: n) } }

    /// Doubles the room (at least to `n`), keeping the values.
    @inline(never)
    private func grow(to n: Int) {
        let c = max(n, 2 * capacity)
        let b = UnsafeMutablePointer<Element>.allocate(capacity: c)
        b.initialize(from: base, count: count)
        base.deallocate()
        base = b
        capacity = c
    }

    @inline(__always)
    subscript(i: Int) -> Element { base[i] }

    func removeAll() { count = 0 }

    func removeLast() { count -= 1 }

    /// Reverses the values in place.
    func reverse() {
        var i = 0, j = count - 1
        while i < j {
            let t = base[i]
            base[i] = base[j]
            base[j] = t
            i += 1; j -= 1
        }
    }

    /// Appends `other`'s values, last first.
    func append(reversed other: GrowableList<Element>) {
        reserve(count + other.count)
        for k in stride(from: other.count - 1, through: 0, by: -1) { base[count] = other.base[k]; count += 1 }
    }
}
