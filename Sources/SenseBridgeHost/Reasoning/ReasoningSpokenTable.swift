import SenseBridgeCore

/// Every sentence the reasoning backend says, per locale, reviewed as data.
///
/// Slots are written `{name}` and filled once; nothing filled in is read again.
/// Spanish and Vietnamese are first drafts awaiting a native speaker's review.
struct ReasoningSpokenTable {
    /// Session start, backend on-device (the default).
    var onDeviceActive: String
    /// Session start, cloud backend; {provider} is e.g. "Anthropic".
    var cloudActive: String
    /// Session start, the user's own https server; {host} is the address's host.
    var localActive: String
    /// Session start, the user's own http:// server: cleartext is said, not footnoted.
    var localActiveUnencrypted: String
    /// Session start, a profile named a network composer while the backend is on-device.
    var networkNotTurnedOn: String
    /// Session start, backend chosen but that provider's terms not acknowledged.
    var networkTermsMissing: String
    /// Session start, cloud backend chosen but no key stored (or the key file is unsafe).
    var networkKeyMissing: String
    /// Session start, the network composer plugin is missing, broken or misconfigured.
    var networkCouldNotStart: String
    /// Breaker tripped (urgent), cloud. Wording fixed by the design.
    var cloudFailing: String
    /// Breaker tripped (urgent), the user's own server.
    var localFailing: String
    /// A probe succeeded after the breaker tripped, cloud.
    var cloudRecovered: String
    var localRecovered: String
    /// The per-hour request budget is used up; {limit} is the budget.
    var hourlyBudgetReached: String
    /// The hour rolled over after the budget was reached.
    var hourlyBudgetResumed: String
    /// The per-session request budget is used up; {limit} is the budget.
    var sessionBudgetReached: String

    static func table(_ locale: SpokenLocale) -> ReasoningSpokenTable {
        switch locale {
        case .en: return english
        case .es: return spanish
        case .vi: return vietnamese
        }
    }

    static let english = ReasoningSpokenTable(
        onDeviceActive: "Descriptions are composed on this device.",
        cloudActive: "Descriptions are composed by {provider} in the cloud. Only object names are sent.",
        localActive: "Descriptions are composed by your server at {host}. Only object names are sent.",
        localActiveUnencrypted: "Descriptions are composed by your server at {host}. Only object names are sent, and they travel unencrypted.",
        networkNotTurnedOn: "Network descriptions are not turned on, so SenseBridge is using on-device descriptions.",
        networkTermsMissing: "The provider's terms have not been acknowledged, so SenseBridge is using on-device descriptions.",
        networkKeyMissing: "No usable API key is stored for the provider, so SenseBridge is using on-device descriptions.",
        networkCouldNotStart: "Network descriptions could not start, so SenseBridge is using on-device descriptions.",
        cloudFailing: "Cloud descriptions aren't responding, so SenseBridge is continuing with on-device descriptions.",
        localFailing: "Your server's descriptions aren't responding, so SenseBridge is continuing with on-device descriptions.",
        cloudRecovered: "Cloud descriptions are back.",
        localRecovered: "Your server's descriptions are back.",
        hourlyBudgetReached: "SenseBridge reached its limit of {limit} network requests this hour, so it is continuing with on-device descriptions.",
        hourlyBudgetResumed: "Network descriptions have resumed for the new hour.",
        sessionBudgetReached: "SenseBridge reached its limit of {limit} network requests for this session, so it is continuing with on-device descriptions.")

    static let spanish = ReasoningSpokenTable(
        onDeviceActive: "Las descripciones se componen en este dispositivo.",
        cloudActive: "Las descripciones las compone {provider} en la nube. Solo se envían los nombres de los objetos.",
        localActive: "Las descripciones las compone tu servidor en {host}. Solo se envían los nombres de los objetos.",
        localActiveUnencrypted: "Las descripciones las compone tu servidor en {host}. Solo se envían los nombres de los objetos, y viajan sin cifrar.",
        networkNotTurnedOn: "Las descripciones en red no están activadas, así que SenseBridge usa descripciones en el dispositivo.",
        networkTermsMissing: "No se han aceptado los términos del proveedor, así que SenseBridge usa descripciones en el dispositivo.",
        networkKeyMissing: "No hay una clave de API utilizable para el proveedor, así que SenseBridge usa descripciones en el dispositivo.",
        networkCouldNotStart: "Las descripciones en red no pudieron iniciarse, así que SenseBridge usa descripciones en el dispositivo.",
        cloudFailing: "Las descripciones en la nube no responden, así que SenseBridge continúa con descripciones en el dispositivo.",
        localFailing: "Las descripciones de tu servidor no responden, así que SenseBridge continúa con descripciones en el dispositivo.",
        cloudRecovered: "Las descripciones en la nube han vuelto.",
        localRecovered: "Las descripciones de tu servidor han vuelto.",
        hourlyBudgetReached: "SenseBridge alcanzó su límite de {limit} solicitudes de red en esta hora, así que continúa con descripciones en el dispositivo.",
        hourlyBudgetResumed: "Las descripciones en red se reanudan en la nueva hora.",
        sessionBudgetReached: "SenseBridge alcanzó su límite de {limit} solicitudes de red en esta sesión, así que continúa con descripciones en el dispositivo.")

    static let vietnamese = ReasoningSpokenTable(
        onDeviceActive: "Mô tả được soạn trên thiết bị này.",
        cloudActive: "Mô tả được soạn bởi {provider} trên đám mây. Chỉ tên đồ vật được gửi đi.",
        localActive: "Mô tả được soạn bởi máy chủ của bạn tại {host}. Chỉ tên đồ vật được gửi đi.",
        localActiveUnencrypted: "Mô tả được soạn bởi máy chủ của bạn tại {host}. Chỉ tên đồ vật được gửi đi, và không được mã hóa.",
        networkNotTurnedOn: "Mô tả qua mạng chưa được bật, nên SenseBridge dùng mô tả trên thiết bị.",
        networkTermsMissing: "Điều khoản của nhà cung cấp chưa được chấp nhận, nên SenseBridge dùng mô tả trên thiết bị.",
        networkKeyMissing: "Không có khóa API dùng được cho nhà cung cấp, nên SenseBridge dùng mô tả trên thiết bị.",
        networkCouldNotStart: "Không thể khởi động mô tả qua mạng, nên SenseBridge dùng mô tả trên thiết bị.",
        cloudFailing: "Mô tả trên đám mây không phản hồi, nên SenseBridge tiếp tục với mô tả trên thiết bị.",
        localFailing: "Mô tả từ máy chủ của bạn không phản hồi, nên SenseBridge tiếp tục với mô tả trên thiết bị.",
        cloudRecovered: "Mô tả trên đám mây đã hoạt động trở lại.",
        localRecovered: "Mô tả từ máy chủ của bạn đã hoạt động trở lại.",
        hourlyBudgetReached: "SenseBridge đã đạt giới hạn {limit} yêu cầu mạng trong giờ này, nên tiếp tục với mô tả trên thiết bị.",
        hourlyBudgetResumed: "Mô tả qua mạng đã tiếp tục trong giờ mới.",
        sessionBudgetReached: "SenseBridge đã đạt giới hạn {limit} yêu cầu mạng trong phiên này, nên tiếp tục với mô tả trên thiết bị.")
}
