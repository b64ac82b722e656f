/// xorshift64*: the harness's seeded source of variety. A fixed seed makes every run
/// feed a composer the same scenes, so a failure names a scene that reproduces.
struct SceneRandom: RandomNumberGenerator {
    private var state: UInt64

    /// Zero is the one state xorshift never leaves; any other seed is fine.
    init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    mutating func pick<T>(_ pool: [T]) -> T { pool.randomElement(using: &self)! }
}
