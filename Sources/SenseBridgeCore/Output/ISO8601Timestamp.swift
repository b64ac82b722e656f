/// UTC wall-clock timestamps with milliseconds, e.g. `2025-03-01T14:05:09.120Z`.
///
/// Written out by hand (days-to-civil conversion) rather than through a date formatter:
/// it has no locale, time zone or shared formatter state to get wrong, and it is plain
/// arithmetic a test can pin down.
public enum ISO8601Timestamp {
    public static func string(secondsSince1970 seconds: Double) -> String {
        // Clamp to years 0001…9999 so hostile clocks cannot overflow or print 5-digit years.
        let clamped = seconds.isFinite ? min(max(seconds, -62_135_596_800), 253_402_300_799.999) : 0
        let totalMilliseconds = Int64((clamped * 1000).rounded(.down))
        var days = totalMilliseconds / 86_400_000
        var milliseconds = totalMilliseconds % 86_400_000
        if milliseconds < 0 {
            milliseconds += 86_400_000
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        let hour = milliseconds / 3_600_000
        let minute = milliseconds / 60_000 % 60
        let second = milliseconds / 1000 % 60
        let millisecond = milliseconds % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millisecond, 3))Z"
    }

    /// Howard Hinnant's days-from-epoch to proleptic Gregorian date.
    static func civil(fromDays z: Int64) -> (Int64, Int64, Int64) {
        let z = z + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
