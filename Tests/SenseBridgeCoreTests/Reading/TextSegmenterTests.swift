import SenseBridgeCore
import Testing

@Suite struct TextSegmenterTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var locale: SpokenLocale
        var text: String
        var segments: [String]
        var testDescription: String { "\(locale): \(name)" }
    }

    static let english: [Row] = [
        Row(name: "titles before names never end a sentence", locale: .en,
            text: "Mr. Smith met Dr. Jones and Mrs. Lee on St. Mark's day. They talked.",
            segments: ["Mr. Smith met Dr. Jones and Mrs. Lee on St. Mark's day.", "They talked."]),
        Row(name: "labels before numbers and names", locale: .en,
            text: "See Fig. 3 and No. 12. It was England vs. Spain. E.g. Paris, i.e. France.",
            segments: ["See Fig. 3 and No. 12.", "It was England vs. Spain.", "E.g. Paris, i.e. France."]),
        Row(name: "a.m., p.m. and etc. end a sentence only before a capital", locale: .en,
            text: "We met at 9 a.m. Then we left at 5 p.m. and ate. Apples, pears, etc. are fruit. Bread etc. Then more.",
            segments: ["We met at 9 a.m.", "Then we left at 5 p.m. and ate.", "Apples, pears, etc. are fruit.", "Bread etc.", "Then more."]),
        Row(name: "numbers keep their marks", locale: .en,
            text: "Pi is 3.14 and it cost 1,000.50 dollars. Version 2.0 shipped on 12.05.2024. Good.",
            segments: ["Pi is 3.14 and it cost 1,000.50 dollars.", "Version 2.0 shipped on 12.05.2024.", "Good."]),
        Row(name: "single initials are not sentence ends", locale: .en,
            text: "J. R. R. Tolkien wrote it. He was English.",
            segments: ["J. R. R. Tolkien wrote it.", "He was English."]),
        Row(name: "closing quotes and brackets stay with their sentence", locale: .en,
            text: "He said \"Stop.\" Then he left. (It was late.) She agreed! “Fine,” he wrote. ‘Really?’ Yes.",
            segments: ["He said \"Stop.\"", "Then he left.", "(It was late.)", "She agreed!", "“Fine,” he wrote.", "‘Really?’", "Yes."]),
        Row(name: "line-break hyphenation joins words and keeps compounds", locale: .en,
            text: "The infor-\nmation was state-of-the-\nart, Franco-\nPrussian and COVID-\n19 era; recog\u{AD}\nnition   works.",
            segments: ["The information was state-of-the-art, Franco-Prussian and COVID-19 era; recognition works."]),
        Row(name: "exclamations, questions and ellipses", locale: .en,
            text: "Really?! Yes… and no. Wait... What? Go!",
            segments: ["Really?!", "Yes… and no.", "Wait...", "What?", "Go!"]),
        Row(name: "a blank line ends a heading without a full stop", locale: .en,
            text: "Chapter One\n\nIt began here.\nIt went on.",
            segments: ["Chapter One", "It began here.", "It went on."]),
        Row(name: "whitespace collapses and invisible characters go", locale: .en,
            text: "  Too   many\tspaces\u{200B}\n here.  \r\n",
            segments: ["Too many spaces here."]),
        Row(name: "a list number opening a segment is not a sentence", locale: .en,
            text: "1. Open the box. 2. Remove the lid. There are 3. Then stop.",
            segments: ["1. Open the box.", "2. Remove the lid.", "There are 3.", "Then stop."]),
        Row(name: "nothing to read gives no segments", locale: .en, text: " \n\n \t", segments: []),
    ]

    static let spanish: [Row] = [
        Row(name: "títulos ante nombres", locale: .es,
            text: "El Sr. García y la Sra. Pérez llegaron. La Srta. Ruiz y la Dra. Gómez no.",
            segments: ["El Sr. García y la Sra. Pérez llegaron.", "La Srta. Ruiz y la Dra. Gómez no."]),
        Row(name: "¿ y ¡ abren su propia frase", locale: .es,
            text: "¿Vienes mañana? ¡Claro que sí! Nos vemos. ¿Vienes? dijo ella.",
            segments: ["¿Vienes mañana?", "¡Claro que sí!", "Nos vemos.", "¿Vienes? dijo ella."]),
        Row(name: "abreviaturas ante números", locale: .es,
            text: "Ud. y Uds. lo saben. Ver pág. 12 y núm. 3, aprox. 20 euros. Fin.",
            segments: ["Ud. y Uds. lo saben.", "Ver pág. 12 y núm. 3, aprox. 20 euros.", "Fin."]),
        Row(name: "números con punto y coma decimales", locale: .es,
            text: "Cuesta 1.000,50 euros. El 12.05.2024 fue lunes. La versión 2.0 salió.",
            segments: ["Cuesta 1.000,50 euros.", "El 12.05.2024 fue lunes.", "La versión 2.0 salió."]),
        Row(name: "etc. termina la frase ante mayúscula", locale: .es,
            text: "Compró pan, leche, etc. Luego se fue. Vive en EE. UU. desde 2010. Le gusta.",
            segments: ["Compró pan, leche, etc.", "Luego se fue.", "Vive en EE. UU. desde 2010.", "Le gusta."]),
        Row(name: "comillas latinas y guiones de fin de línea", locale: .es,
            text: "Dijo «Hola.» Después la infor-\nmación llegó.",
            segments: ["Dijo «Hola.»", "Después la información llegó."]),
        Row(name: "acentos con marcas combinantes", locale: .es,
            text: "Ver pa\u{301}g. 4 hoy. Adio\u{301}s.",
            segments: ["Ver pág. 4 hoy.", "Adiós."]),
    ]

    static let vietnamese: [Row] = [
        Row(name: "TP. trước tên thành phố", locale: .vi,
            text: "TP. Hồ Chí Minh rất đông. Hà Nội thì yên tĩnh hơn.",
            segments: ["TP. Hồ Chí Minh rất đông.", "Hà Nội thì yên tĩnh hơn."]),
        Row(name: "học hàm, học vị trước tên", locale: .vi,
            text: "PGS. TS. Nguyễn Văn An và ThS. Trần Thị Bình đã đến. GS.TS. Phạm Minh và Th.S. Lê Hoa phát biểu. Mọi người vỗ tay.",
            segments: ["PGS. TS. Nguyễn Văn An và ThS. Trần Thị Bình đã đến.", "GS.TS. Phạm Minh và Th.S. Lê Hoa phát biểu.",
                       "Mọi người vỗ tay."]),
        Row(name: "số có dấu chấm và dấu phẩy", locale: .vi,
            text: "Giá là 1.000,50 đồng. Ngày 12.05.2024 là thứ Hai.",
            segments: ["Giá là 1.000,50 đồng.", "Ngày 12.05.2024 là thứ Hai."]),
        Row(name: "v.v. kết thúc câu trước chữ hoa", locale: .vi,
            text: "Mua rau, thịt, cá v.v. Sau đó về nhà.",
            segments: ["Mua rau, thịt, cá v.v.", "Sau đó về nhà."]),
        Row(name: "dấu ngoặc kép và câu hỏi", locale: .vi,
            text: "Anh ấy hỏi: “Bạn có khỏe không?” Tôi gật đầu. Thật sao? tôi không tin.",
            segments: ["Anh ấy hỏi: “Bạn có khỏe không?”", "Tôi gật đầu.", "Thật sao? tôi không tin."]),
        // Decomposed: "Ấ" and "Ở" arrive as a base letter and combining marks, "ế" too.
        Row(name: "chữ viết tách dấu vẫn được so đúng", locale: .vi,
            text: "Ông Đ. Văn A\u{302}\u{301}n đe\u{302}\u{301}n. O\u{31B}\u{309} đây vui.",
            segments: ["Ông Đ. Văn Ấn đến.", "Ở đây vui."]),
    ]

    @Test(arguments: english + spanish + vietnamese)
    func segments(row: Row) {
        #expect(TextSegmenter(locale: row.locale).segments(row.text) == row.segments)
    }

    /// Words `first...last` in a locale's script, each a separate word.
    static func words(_ locale: SpokenLocale, _ range: ClosedRange<Int>) -> [String] {
        let stem = ["en": "word", "es": "palabra", "vi": "chữ"][locale.rawValue]!
        return range.map { "\(stem)\($0)" }
    }

    struct LongRow: Sendable, CustomTestStringConvertible {
        var name: String
        var words: Int
        var commaAfter: [Int]
        var cuts: [Int]
        var testDescription: String { name }
    }

    static let longRuns: [LongRow] = [
        LongRow(name: "without a clause mark, cut evenly", words: 50, commaAfter: [], cuts: [25, 25]),
        LongRow(name: "at the last comma within the limit", words: 50, commaAfter: [12, 30, 45], cuts: [30, 20]),
        LongRow(name: "a comma too near the start is passed over", words: 50, commaAfter: [5], cuts: [25, 25]),
        LongRow(name: "a run at the limit is not cut", words: 40, commaAfter: [10], cuts: [40]),
        LongRow(name: "41 words make two near-equal halves", words: 41, commaAfter: [], cuts: [21, 20]),
        LongRow(name: "a very long run makes several", words: 130, commaAfter: [35], cuts: [35, 32, 32, 31]),
    ]

    @Test(arguments: SpokenLocale.allCases, longRuns)
    func anOverLongRunIsCut(locale: SpokenLocale, row: LongRow) {
        let words = Self.words(locale, 1...row.words).enumerated().map { index, word in
            row.commaAfter.contains(index + 1) ? word + "," : word
        }
        let segments = TextSegmenter(locale: locale).segments(words.joined(separator: " ") + ".")
        #expect(segments.map { $0.split(separator: " ").count } == row.cuts)
        #expect(segments.joined(separator: " ") == words.joined(separator: " ") + ".")
    }

    @Test func aSmallerLimitIsHonoured() {
        let segments = TextSegmenter(locale: .en, maximumWords: 4).segments("one two three four five six seven eight nine")
        #expect(segments == ["one two three", "four five six", "seven eight nine"])
    }
}
