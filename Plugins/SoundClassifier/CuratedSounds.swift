import Foundation
import SenseBridgePluginKit

/// Which AudioSet classes (YAMNet's outputs, by their names in yamnet_class_map.csv) each
/// SenseBridge sound identifier stands for. Only identifiers with reviewed en/es/vi names
/// (SpokenVocabulary+Sound) are here, and only classes that say what the name says: a
/// class that covers more ("Dog": any dog sound; "Glass": glass clinking; "Alarm": any
/// alarm; "Telephone": a phone call, dialling) is left out, because the person would hear
/// a thing the model never claimed. docs/SOUND_CLASSIFIER.md lists what is not mapped.
///
/// Floors: an identifier the model scores on a different sound needs more than
/// `minimumConfidence` before it is said, set only where a measurement showed it
/// (docs/SOUND_CLASSIFIER.md; a floor of 0 leaves the minimum). A floor cannot fix what
/// the model cannot hear: a beep scores "Smoke detector" as high as a smoke alarm does.
enum CuratedSounds {
    struct Entry {
        var identifier: String
        var classes: [String]
        var floor: Double
        var why: String
    }

    static let entries: [Entry] = [
        Entry(identifier: "smoke_alarm", classes: ["Smoke detector, smoke alarm"], floor: 0.8,
              why: "AudioSet's class. Floor 0.8: on the listening bench's non-alarm clips a kitchen timer scored it 0.72 and keypad tones 0.42, and each became an urgent alert; the T3 pattern scores 0.93. Below the floor the alarm-pattern detector decides, by timing. A floor cannot tell every beep (a 3.1 kHz beep every second scored 0.96) from an alarm; the microwave's beeps scored 0.03"),
        Entry(identifier: "fire_alarm", classes: ["Fire alarm"], floor: 0.8,
              why: "AudioSet's class. Floor 0.8, as smoke_alarm's: a clean temporal-three tone heard live through the sound server scored it above 0.4 beside smoke_alarm, a second alert for one alarm; below the floor the alarm-pattern detector decides"),
        Entry(identifier: "siren", classes: ["Siren", "Civil defense siren", "Police car (siren)", "Ambulance (siren)",
                                             "Fire engine, fire truck (siren)", "Emergency vehicle"], floor: 0,
              why: "every AudioSet siren: the person needs to know one is near, not whose it is. A wail scored 0.98, a yelp 0.65; nothing else above 0.08"),
        Entry(identifier: "doorbell", classes: ["Doorbell", "Ding-dong"], floor: 0,
              why: "both are a doorbell; 'Ding' alone (a bell, a notification) is not"),
        Entry(identifier: "knock", classes: ["Knock"], floor: 0,
              why: "AudioSet's knock is knocking on a door or surface; 'Tap' is left out"),
        Entry(identifier: "baby_crying", classes: ["Baby cry, infant cry"], floor: 0, why: "AudioSet's class"),
        Entry(identifier: "dog_barking", classes: ["Bark", "Bow-wow"], floor: 0,
              why: "barks; 'Dog' is left out: it covers whimpers and growls, and the name says barking"),
        Entry(identifier: "car_horn", classes: ["Vehicle horn, car horn, honking"], floor: 0,
              why: "AudioSet's class; 'Air horn, truck horn' is left out (stadiums, ships), 'Honk' is geese"),
        Entry(identifier: "reversing_beeps", classes: ["Reversing beeps"], floor: 0, why: "AudioSet's class"),
        Entry(identifier: "glass_breaking", classes: ["Shatter"], floor: 0,
              why: "breaking glass; 'Glass' is left out: it is mostly glasses clinking"),
        Entry(identifier: "water_running", classes: ["Water tap, faucet", "Sink (filling or washing)"], floor: 0,
              why: "water running in a home; 'Water' and 'Stream' (outdoors) are left out"),
        Entry(identifier: "speech", classes: ["Speech", "Child speech, kid speaking", "Conversation", "Narration, monologue"],
              floor: 0, why: "someone speaking, whoever it is; nothing of what is said is ever recognised"),
        Entry(identifier: "alarm_clock", classes: ["Alarm clock"], floor: 0,
              why: "AudioSet's class; it scored 0.15 at most, on T4, so generated alarm-clock bursts go unheard"),
        Entry(identifier: "telephone_ringing", classes: ["Telephone bell ringing", "Ringtone"], floor: 0,
              why: "a phone ringing; 'Telephone' is left out: it covers calls and dialling"),
        Entry(identifier: "cat_meowing", classes: ["Meow", "Caterwaul"], floor: 0, why: "a cat's voice; 'Cat' and 'Purr' are left out"),
        Entry(identifier: "footsteps", classes: ["Walk, footsteps"], floor: 0, why: "AudioSet's class"),
        Entry(identifier: "engine", classes: ["Engine", "Light engine (high frequency)", "Medium engine (mid frequency)",
                                             "Heavy engine (low frequency)", "Idling"], floor: 0,
              why: "an engine running; 'Engine starting' and 'Engine knocking' are moments, not running"),
        Entry(identifier: "bicycle_bell", classes: ["Bicycle bell"], floor: 0, why: "AudioSet's class"),
        Entry(identifier: "train_horn", classes: ["Train horn"], floor: 0, why: "AudioSet's class; 'Train whistle' is not a horn"),
        Entry(identifier: "traffic", classes: ["Traffic noise, roadway noise"], floor: 0, why: "AudioSet's class"),
        Entry(identifier: "music", classes: ["Music"], floor: 0.4,
              why: "AudioSet's parent class, scored for any music (its genres and instruments are not named). Floor 0.4: the 520 Hz square-wave alarm scored it 0.32, and 'music' said over an alarm misleads; an arpeggio scored 0.98"),
        Entry(identifier: "laughter", classes: ["Laughter", "Baby laughter", "Giggle", "Belly laugh", "Chuckle, chortle"], floor: 0,
              why: "any laughter"),
        Entry(identifier: "shouting", classes: ["Shout", "Yell", "Children shouting"], floor: 0,
              why: "raised voices; 'Screaming' is left out (it may be fear, which the name does not say)"),
        Entry(identifier: "applause", classes: ["Applause", "Clapping"], floor: 0, why: "AudioSet's classes"),
        Entry(identifier: "coughing", classes: ["Cough"], floor: 0, why: "AudioSet's class"),
        Entry(identifier: "thunder", classes: ["Thunder"], floor: 0, why: "AudioSet's class; 'Thunderstorm' may be the rain alone"),
        Entry(identifier: "rain", classes: ["Rain", "Raindrop", "Rain on surface"], floor: 0, why: "AudioSet's rain classes"),
        Entry(identifier: "crowd", classes: ["Crowd"], floor: 0, why: "AudioSet's class"),
    ]

    /// The table with each class name replaced by its output index in the model's map.
    struct Resolved {
        struct Entry: Equatable {
            var identifier: String
            var indices: [Int]
            var floor: Double
        }
        var entries: [Entry]
    }

    /// Fails loading when a class the table names is not in `map`: a renamed class would
    /// otherwise go silently unheard.
    static func resolve(_ map: AudioSetClassMap, file: String) throws -> Resolved {
        Resolved(entries: try entries.map { entry in
            let indices = try entry.classes.map { name in
                guard let index = map.indices[name] else {
                    throw PluginError.invalidConfig("The class map \(file) has no class '\(name)', which the sound classifier maps to '\(entry.identifier)'. It is not YAMNet's AudioSet map (yamnet_class_map.csv).")
                }
                return index
            }
            return Resolved.Entry(identifier: entry.identifier, indices: indices, floor: entry.floor)
        })
    }
}
