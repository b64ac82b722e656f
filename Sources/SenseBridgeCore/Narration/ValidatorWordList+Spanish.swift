extension ValidatorWordList {
    /// Matched without accents: "esta" is caught as "está", "detras" as "detrás".
    public static let es = ValidatorWordList(
        language: .es,
        sentence: ["hay", "veo", "vemos", "ves", "es", "son", "está", "están", "estoy", "esto", "eso",
                   "yo", "tú", "usted", "se ve", "se ven", "se oye", "era", "fue", "había", "tienes",
                   "tenemos"],
        certainty: ["definitivamente", "ciertamente", "sin duda", "claramente", "obviamente",
                    "con certeza", "seguro", "segura", "exactamente", "confirmado", "confirmada",
                    "indudablemente", "absolutamente", "cierto", "cierta"],
        hedge: ["quizás", "quizá", "tal vez", "posiblemente", "probablemente", "parece", "parecen",
                "parecer", "puede que", "puede ser", "podría", "podrían", "a lo mejor", "acaso",
                "aparentemente", "supuestamente", "creo", "seguramente", "probable", "posible"],
        number: ["uno", "once",
                 "doce", "trece", "catorce", "quince", "dieciséis", "veinte", "treinta", "cuarenta",
                 "cincuenta", "cien", "ciento", "cientos", "mil", "docena"],
        distance: ["metro", "metros", "m", "cm", "mm", "km", "centímetro*", "milímetro*", "kilómetro*",
                   "pie", "pies", "pulgada", "pulgadas", "yarda", "yardas", "milla", "millas", "distancia",
                   "cerca", "cercano", "cercana", "lejos", "lejano", "lejana", "aproximadamente",
                   "alrededor", "a unos", "a unas"],
        direction: ["izquierda", "derecha", "delante", "adelante", "enfrente", "frente", "detrás", "atrás",
                    "al lado", "junto", "arriba", "abajo", "encima", "debajo", "hacia", "aquí", "ahí",
                    "allí", "allá", "recto", "centro", "en medio", "lado", "norte", "sur", "oeste", "tu",
                    "tus", "vuestro"],
        danger: ["peligro", "peligroso", "peligrosa", "peligrosos", "peligrosas", "cuidado", "atención",
                 "alerta", "precaución", "riesgo", "a salvo", "despejado", "despejada", "libre", "detente",
                 "deténgase", "pare", "párate", "obstáculo", "obstáculos", "evita", "evite", "no pase"],
        absence: ["nada", "nadie", "ninguno", "ninguna", "ningún", "no", "vacío", "vacía", "en blanco",
                  "sin", "ausente"],
        allowedCompounds: ["señal de alto"],
        languageMarkers: ["el", "la", "los", "las", "un", "una", "unos", "unas", "y", "del", "de", "con",
                          "es", "está", "hay", "en", "por", "para", "que", "al"]
    )
}
