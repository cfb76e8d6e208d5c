// ThreadSanitizer on this Linux toolchain (Swift 6.3.1) does not see Synchronization.Mutex as
// synchronisation: this correct program (every access to the array inside withLock) is reported as
// a "Swift access race", and the same program with NSLock is clean. Run:
//   swiftc -sanitize=thread -g Scripts/tsan-mutex-repro.swift -o /tmp/r && /tmp/r
import Synchronization
import Foundation
final class Box { var x = 0 }
let pool = Mutex<[Box]>([Box()])
DispatchQueue.concurrentPerform(iterations: 8) { _ in
    for _ in 0..<20000 {
        let b: Box? = pool.withLock { list in
            var best = -1
            for (i, s) in list.enumerated() where s.x >= 0 { if best < 0 { best = i } }
            return best >= 0 ? list.remove(at: best) : nil
        }
        let c = b ?? Box()
        pool.withLock { $0.append(c) }
    }
}
print("done", pool.withLock { $0.count })
