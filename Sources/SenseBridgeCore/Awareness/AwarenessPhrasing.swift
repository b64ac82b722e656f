/// The sentences of hands-free awareness, all from the locale's `SpokenTable`.
///
/// Distances go through `Phrasing.nearestMeasurement`, so they are rounded toward the
/// user exactly as a one-shot check is; a side is appended only when the reduction
/// earned it. The summary states facts about the app (alerts raised, minutes run),
/// never about the world: "you passed four obstacles" would be built from readings
/// nobody verified.
extension Phrasing {
    /// "The nearest thing measured is about 1 metre away. It is on your left."
    public static func awarenessAlert(distance: Double, side: ZoneReading.Side?, locale: SpokenLocale) -> String {
        let measurement = nearestMeasurement(atDistance: distance, locale: locale)
        let table = SpokenTable.forLocale(locale)
        switch side {
        case .none: return measurement
        case .left?: return measurement + " " + table.nearestOnLeft.text
        case .right?: return measurement + " " + table.nearestOnRight.text
        }
    }

    /// The sentence for an awareness event; nil for events no prose channel carries (pulses).
    public static func awareness(_ event: AwarenessEvent, locale: SpokenLocale) -> String? {
        switch event {
        case let .alert(distance, side, _), let .nearerBand(distance, side, _):
            return awarenessAlert(distance: distance, side: side, locale: locale)
        case let .clear(distance), let .measurementResumed(distance):
            return nearestMeasurement(atDistance: distance, locale: locale)
        case .measurementLost:
            return couldNotMeasure(locale: locale)
        case .pulse:
            return nil
        }
    }

    /// "This session ran for less than a minute and gave 2 obstacle alerts." Total like
    /// every phrasing: NaN or a negative time is under a minute, and a time too long for
    /// an Int (the former `Int(seconds / 60)` trapped past 5.5e20 s) is held at Int.max.
    public static func sessionSummary(alerts: Int, seconds: Double, locale: SpokenLocale) -> String {
        let table = SpokenTable.forLocale(locale)
        let alertText = alerts == 1 ? table.alertOne.text : table.alertsMany.filled(["number": String(max(0, alerts))])
        let wholeMinutes = (seconds / 60).rounded(.down)
        let minutes = wholeMinutes.isNaN || wholeMinutes <= 0 ? 0 : Int(exactly: wholeMinutes) ?? Int.max
        let minuteText: String
        switch minutes {
        case 0: minuteText = table.minutesUnderOne.text
        case 1: minuteText = table.minuteOne.text
        default: minuteText = table.minutesMany.filled(["number": String(minutes)])
        }
        return table.sessionSummary.filled(["minutes": minuteText, "alerts": alertText])
    }

    /// Said once when the sensing source fails mid-walk, and once when it recovers.
    public static func sensorFailing(locale: SpokenLocale) -> String { SpokenTable.forLocale(locale).sensorFailing.text }
    public static func sensorRecovered(locale: SpokenLocale) -> String { SpokenTable.forLocale(locale).sensorRecovered.text }
}
