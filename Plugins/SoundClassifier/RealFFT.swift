import Foundation

/// The magnitudes of a real signal's discrete Fourier transform, bins 0 through N/2,
/// by an iterative radix-2 FFT (N a power of two). Double throughout: the frontend is
/// checked against numpy's float64 `rfft` to well under the model's own rounding.
struct RealFFT {
    let length: Int
    private let cosines: [Double]
    private let sines: [Double]
    private let reversed: [Int]

    init(length: Int) {
        precondition(length > 1 && length & (length - 1) == 0, "RealFFT needs a power of two, not \(length)")
        self.length = length
        cosines = (0..<(length / 2)).map { cos(-2 * Double.pi * Double($0) / Double(length)) }
        sines = (0..<(length / 2)).map { sin(-2 * Double.pi * Double($0) / Double(length)) }
        let bits = length.trailingZeroBitCount
        reversed = (0..<length).map { index in
            var result = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { result |= 1 << (bits - 1 - bit) }
            return result
        }
    }

    func magnitudes(_ signal: [Double]) -> [Double] {
        precondition(signal.count == length, "RealFFT of length \(length) given \(signal.count) samples")
        var real = [Double](repeating: 0, count: length)
        var imaginary = [Double](repeating: 0, count: length)
        for index in 0..<length { real[reversed[index]] = signal[index] }
        // Through buffer pointers: a debug build checks every array subscript, which made
        // this loop most of a listener's CPU there.
        real.withUnsafeMutableBufferPointer { real in
            imaginary.withUnsafeMutableBufferPointer { imaginary in
                cosines.withUnsafeBufferPointer { cosines in
                    sines.withUnsafeBufferPointer { sines in
                        var size = 2
                        while size <= length {
                            let half = size / 2, step = length / size
                            var start = 0
                            while start < length {
                                for offset in 0..<half {
                                    let twiddle = offset * step
                                    let a = start + offset, b = a + half
                                    let tReal = real[b] * cosines[twiddle] - imaginary[b] * sines[twiddle]
                                    let tImaginary = real[b] * sines[twiddle] + imaginary[b] * cosines[twiddle]
                                    real[b] = real[a] - tReal
                                    imaginary[b] = imaginary[a] - tImaginary
                                    real[a] += tReal
                                    imaginary[a] += tImaginary
                                }
                                start += size
                            }
                            size *= 2
                        }
                    }
                }
            }
        }
        return (0...(length / 2)).map { (real[$0] * real[$0] + imaginary[$0] * imaginary[$0]).squareRoot() }
    }
}
