extension SpokenVocabulary {
    /// The counted form of every reviewed sight name (`CountedName`): what "two chairs",
    /// "dos sillas" and "hai cái ghế" say after the number. Sight only: a sound class is
    /// heard as a kind, never counted (`LabelListComposition.countsRecords(of:)`).
    static let countedSightNames: [CountedName] = [
        CountedName("person", en: "people", es: "personas", .feminine, vi: "người",
                    note: "English \"people\", the irregular plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("chair", en: "chairs", es: "sillas", .feminine, vi: "cái ghế",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("door", en: "doors", es: "puertas", .feminine, vi: "cánh cửa",
                    note: "Regular English plural. Vietnamese keeps the classifier cánh (doors, gates)."),
        CountedName("doorway", en: "doorways", es: "entradas", .feminine, vi: "ô cửa",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("table", en: "tables", es: "mesas", .feminine, vi: "cái bàn",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("desk", en: "desks", es: "escritorios", .masculine, vi: "cái bàn làm việc",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("stairs", en: "staircases", es: "escaleras", .feminine, vi: "cầu thang",
                    note: "\"some stairs\" is one staircase: two are \"two staircases\"; Spanish \"escaleras\" is already plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("escalator", en: "escalators", es: "escaleras mecánicas", .feminine, vi: "thang cuốn",
                    note: "Regular English plural. Spanish noun and adjective both agree (escaleras mecánicas). Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("elevator", en: "elevators", es: "ascensores", .masculine, vi: "thang máy",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("car", en: "cars", es: "coches", .masculine, vi: "chiếc ô tô",
                    note: "Regular English plural. Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("bicycle", en: "bicycles", es: "bicicletas", .feminine, vi: "chiếc xe đạp",
                    note: "Regular English plural. Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("motorcycle", en: "motorcycles", es: "motocicletas", .feminine, vi: "chiếc xe máy",
                    note: "Regular English plural. Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("bus", en: "buses", es: "autobuses", .masculine, vi: "chiếc xe buýt",
                    note: "Regular English plural. Spanish plural drops the written accent (autobuses). Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("truck", en: "trucks", es: "camiones", .masculine, vi: "chiếc xe tải",
                    note: "Regular English plural. Spanish plural drops the written accent (camiones). Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("train", en: "trains", es: "trenes", .masculine, vi: "đoàn tàu",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("dog", en: "dogs", es: "perros", .masculine, vi: "con chó",
                    note: "Regular English plural. Vietnamese keeps the classifier con (animals)."),
        CountedName("cat", en: "cats", es: "gatos", .masculine, vi: "con mèo",
                    note: "Regular English plural. Vietnamese keeps the classifier con (animals)."),
        CountedName("bird", en: "birds", es: "pájaros", .masculine, vi: "con chim",
                    note: "Regular English plural. Vietnamese keeps the classifier con (animals)."),
        CountedName("bench", en: "benches", es: "bancos", .masculine, vi: "cái ghế dài",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("traffic_light", en: "traffic lights", es: "semáforos", .masculine, vi: "cột đèn giao thông",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("stop_sign", en: "stop signs", es: "señales de alto", .feminine, vi: "biển báo dừng",
                    note: "Regular English plural. Spanish inflects the head noun only (señales de alto). Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("fire_hydrant", en: "fire hydrants", es: "hidrantes", .masculine, vi: "trụ cứu hỏa",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("crosswalk", en: "crosswalks", es: "pasos de peatones", .masculine, vi: "lối qua đường",
                    note: "Regular English plural. Spanish inflects the head noun only (pasos de peatones). Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("curb", en: "curbs", es: "bordillos", .masculine, vi: "mép vỉa hè",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("pole", en: "poles", es: "postes", .masculine, vi: "cái cột",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("tree", en: "trees", es: "árboles", .masculine, vi: "cái cây",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("potted_plant", en: "potted plants", es: "plantas en maceta", .feminine, vi: "chậu cây",
                    note: "Regular English plural. Spanish inflects the head noun only (plantas en maceta). Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("trash_can", en: "trash cans", es: "papeleras", .feminine, vi: "thùng rác",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("mailbox", en: "mailboxes", es: "buzones", .masculine, vi: "hộp thư",
                    note: "Regular English plural. Spanish plural drops the written accent (buzones). Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("parking_meter", en: "parking meters", es: "parquímetros", .masculine, vi: "cột thu phí đỗ xe",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("couch", en: "couches", es: "sofás", .masculine, vi: "cái ghế sofa",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("bed", en: "beds", es: "camas", .feminine, vi: "cái giường",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("toilet", en: "toilets", es: "inodoros", .masculine, vi: "bồn cầu",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("sink", en: "sinks", es: "lavabos", .masculine, vi: "bồn rửa",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("refrigerator", en: "refrigerators", es: "refrigeradores", .masculine, vi: "cái tủ lạnh",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("television", en: "televisions", es: "televisores", .masculine, vi: "cái tivi",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("laptop", en: "laptops", es: "portátiles", .masculine, vi: "chiếc máy tính xách tay",
                    note: "Regular English plural. Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("cell_phone", en: "phones", es: "teléfonos móviles", .masculine, vi: "chiếc điện thoại",
                    note: "Regular English plural. Spanish noun and adjective both agree (teléfonos móviles). Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("book", en: "books", es: "libros", .masculine, vi: "quyển sách",
                    note: "Regular English plural. Vietnamese keeps the classifier quyển (books)."),
        CountedName("bottle", en: "bottles", es: "botellas", .feminine, vi: "cái chai",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("cup", en: "cups", es: "tazas", .feminine, vi: "cái cốc",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("backpack", en: "backpacks", es: "mochilas", .feminine, vi: "cái ba lô",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("umbrella", en: "umbrellas", es: "paraguas", .masculine, vi: "cái ô",
                    note: "Regular English plural. Spanish plural is unchanged. Vietnamese keeps the classifier cái (objects)."),
        CountedName("handbag", en: "handbags", es: "bolsos", .masculine, vi: "cái túi xách",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("suitcase", en: "suitcases", es: "maletas", .feminine, vi: "cái vali",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("window", en: "windows", es: "ventanas", .feminine, vi: "cửa sổ",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("wall", en: "walls", es: "paredes", .feminine, vi: "bức tường",
                    note: "Regular English plural. Vietnamese keeps the classifier bức (walls)."),
        CountedName("shelf", en: "shelves", es: "estanterías", .feminine, vi: "cái kệ",
                    note: "Irregular English plural (shelves). Vietnamese keeps the classifier cái (objects)."),
        CountedName("cabinet", en: "cabinets", es: "armarios", .masculine, vi: "cái tủ",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("sign", en: "signs", es: "letreros", .masculine, vi: "tấm biển",
                    note: "Regular English plural. Vietnamese keeps the classifier tấm (flat signs)."),
        CountedName("fence", en: "fences", es: "vallas", .feminine, vi: "hàng rào",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("gate", en: "gates", es: "verjas", .feminine, vi: "cánh cổng",
                    note: "Regular English plural. Vietnamese keeps the classifier cánh (doors, gates)."),
        CountedName("stroller", en: "strollers", es: "cochecitos de bebé", .masculine, vi: "chiếc xe đẩy trẻ em",
                    note: "Regular English plural. Spanish inflects the head noun only (cochecitos de bebé). Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("wheelchair", en: "wheelchairs", es: "sillas de ruedas", .feminine, vi: "chiếc xe lăn",
                    note: "Regular English plural. Spanish inflects the head noun only (sillas de ruedas). Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("scooter", en: "scooters", es: "patinetes", .masculine, vi: "chiếc xe scooter",
                    note: "Regular English plural. Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("shopping_cart", en: "shopping carts", es: "carritos de compras", .masculine, vi: "chiếc xe đẩy hàng",
                    note: "Regular English plural. Spanish inflects the head noun only (carritos de compras). Vietnamese keeps the classifier chiếc (vehicles, single items)."),
        CountedName("lamp", en: "lamps", es: "lámparas", .feminine, vi: "cái đèn",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("clock", en: "clocks", es: "relojes", .masculine, vi: "cái đồng hồ",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("traffic_cone", en: "traffic cones", es: "conos de tráfico", .masculine, vi: "cái cọc tiêu",
                    note: "Regular English plural. Spanish inflects the head noun only (conos de tráfico). Vietnamese keeps the classifier cái (objects)."),
        CountedName("handrail", en: "handrails", es: "pasamanos", .masculine, vi: "tay vịn",
                    note: "Regular English plural. Spanish plural is unchanged. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("ramp", en: "ramps", es: "rampas", .feminine, vi: "đường dốc",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("bus_stop", en: "bus stops", es: "paradas de autobús", .feminine, vi: "trạm xe buýt",
                    note: "Regular English plural. Spanish inflects the head noun only (paradas de autobús). Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("keyboard", en: "keyboards", es: "teclados", .masculine, vi: "bàn phím",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("mirror", en: "mirrors", es: "espejos", .masculine, vi: "cái gương",
                    note: "Regular English plural. Vietnamese keeps the classifier cái (objects)."),
        CountedName("puddle", en: "puddles", es: "charcos", .masculine, vi: "vũng nước",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
        CountedName("bollard", en: "bollards", es: "bolardos", .masculine, vi: "cột chắn",
                    note: "Regular English plural. Vietnamese has no classifier here; the number stands before the noun."),
    ]
}

extension SpokenVocabulary {
    /// The counted form of a reviewed sight identifier, if it has one.
    public static func countedName(for identifier: String) -> CountedName? {
        countedByIdentifier[canonicalIdentifier(identifier)]
    }

    /// The subject for `count` records of one sight identifier in `locale`: the singular
    /// subject for one, "two chairs" up to ten, "many chairs" above. An identifier with
    /// no reviewed entry is counted in English words with the locale's number, as its
    /// singular is said in English with an English article ("dos umbrella stands").
    /// Nil where a reviewed entry has no counted form: a count is never guessed.
    public static func subject(for identifier: String, locale: SpokenLocale, count: Int) -> String? {
        guard count > 1 else { return subject(for: identifier, locale: locale) }
        let plural: String, gender: SpokenGender?
        if let counted = countedName(for: identifier) {
            (plural, gender) = (counted.plural(locale), counted.esGender)
        } else if entry(for: identifier) == nil, let english = englishFallbackPlural(for: identifier) {
            // An English noun in a Spanish sentence takes the masculine, as borrowed nouns
            // do ("muchos umbrella stands"); with no gender, Spanish has no "many" at all.
            (plural, gender) = (english, .masculine)
        } else {
            return nil
        }
        guard let number = ConnectingWords.forLocale(locale).countWord(count, gender: gender) else { return nil }
        return "\(number) \(plural)"
    }

    /// Whether records of this identifier can be counted: a reviewed counted form, or
    /// no reviewed entry at all (counted in English, as its singular is said).
    public static func isCountable(_ identifier: String) -> Bool {
        countedName(for: identifier) != nil || (entry(for: identifier) == nil && englishFallbackPlural(for: identifier) != nil)
    }

    /// "umbrella_stand" → "umbrella stands"; nil for an identifier with no letters.
    static func englishFallbackPlural(for identifier: String) -> String? {
        let words = canonicalIdentifier(identifier).split(separator: "_").map(String.init)
        return Plural.name(words, locale: .en)?.joined(separator: " ")
    }

    static let countedByIdentifier = table(countedSightNames, identifier: \.identifier)
}
