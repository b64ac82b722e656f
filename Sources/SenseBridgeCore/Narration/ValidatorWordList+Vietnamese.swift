extension ValidatorWordList {
    /// Matched with diacritics against accented text. Entries whose unaccented form is
    /// a different everyday word are marked so an unaccented match never counts.
    /// No language markers: Vietnamese is recognized by its letters instead.
    public static let vi = ValidatorWordList(
        language: .vi,
        sentence: ["có", "tôi", "bạn", "chúng tôi", "chúng ta", "đây là", "đó là", "là", "thấy",
                   "nhìn thấy", "đang", "hãy"],
        certainty: ["chắc chắn", "rõ ràng", "nhất định", "đúng là", "chính xác", "khẳng định",
                    "hoàn toàn"],
        hedge: ["có lẽ", "có thể", "hình như", "dường như", "có vẻ", "chắc là", "chắc", "trông như",
                "nghe như", "tôi nghĩ", "khả năng", "hẳn là", "không chắc"],
        number: ["mươi", "trăm",
                 "nghìn", "ngàn", "triệu", "lăm"],
        distance: ["mét", "m", "cm", "mm", "km", "xăng ti mét", "ki lô mét", "cây số", "khoảng cách",
                   "cách", "gần", "xa", "sát", "khoảng"],
        direction: ["trái", "phải", "trước", "phía trước", "sau", "phía sau", "đằng sau", "đằng trước",
                    "bên cạnh", "cạnh", "bên trái", "bên phải", "trên", "dưới", "phía", "hướng", "ở đây",
                    "ở đó", "đây", "đó", "kia", "giữa", "thẳng", "lên", "xuống", "ở"],
        danger: ["nguy hiểm", "nguy", "cẩn thận", "coi chừng", "chú ý", "cảnh báo", "an toàn", "dừng lại",
                 "dừng", "đứng lại", "tránh", "chướng ngại", "chướng ngại vật", "thông thoáng", "thoáng",
                 "rủi ro", "khẩn cấp"],
        absence: ["không", "không có", "chẳng", "chả", "trống", "trống trơn", "không ai", "vắng"],
        allowedCompounds: ["biển báo dừng", "ba lô"],
        languageMarkers: [],
        diacriticsAlwaysSignificant: ["là", "cạnh", "thẳng", "tránh", "dừng", "trống", "chả", "cách", "sát", "ở"]
    )
}
