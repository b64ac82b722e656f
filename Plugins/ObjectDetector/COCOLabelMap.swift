/// The built-in label map: TensorFlow's SSD MobileNetV2 COCO graph numbers its 80
/// classes 1 to 90 (ids 12, 26, 29, 30, 45, 66, 68, 69, 71 and 83 are unused), each
/// mapped here to the SenseBridge identifier the vocabulary names in en, es and vi.
///
/// Where the identifier differs from COCO's own name, the comment says COCO's: "mouse"
/// is the pointing device, never the animal; "dining table" is any table a person eats
/// or works at. There is no door, no stairs and no wall: this model was never trained
/// to see them, and nothing here may suggest it was.
///
/// The precision floors were measured with this model on the photographs that ship in
/// scikit-image 0.22.0 (docs/MODELS.md, "Where the model is weak"): a class that fired
/// on a photograph where there was no such thing gets a floor above the score it fired
/// with; every other class has the plugin's `minimumConfidence` only.
enum COCOLabelMap {
    static let map = LabelMap(entries: [
        1: .init(identifier: "person"),
        2: .init(identifier: "bicycle"),
        3: .init(identifier: "car"),
        4: .init(identifier: "motorcycle"),
        5: .init(identifier: "airplane"),
        6: .init(identifier: "bus"),
        7: .init(identifier: "train"),
        8: .init(identifier: "truck"),
        9: .init(identifier: "boat"),
        10: .init(identifier: "traffic_light"),
        11: .init(identifier: "fire_hydrant"),
        13: .init(identifier: "stop_sign"),
        14: .init(identifier: "parking_meter"),
        15: .init(identifier: "bench"),
        16: .init(identifier: "bird"),
        17: .init(identifier: "cat"),
        18: .init(identifier: "dog"),
        19: .init(identifier: "horse"),
        20: .init(identifier: "sheep"),
        21: .init(identifier: "cow"),
        22: .init(identifier: "elephant"),
        23: .init(identifier: "bear"),
        24: .init(identifier: "zebra"),
        25: .init(identifier: "giraffe"),
        27: .init(identifier: "backpack"),
        28: .init(identifier: "umbrella"),
        31: .init(identifier: "handbag"),
        32: .init(identifier: "tie"),
        33: .init(identifier: "suitcase"),
        34: .init(identifier: "frisbee"),
        35: .init(identifier: "skis"),
        36: .init(identifier: "snowboard"),
        37: .init(identifier: "ball"),  // COCO "sports ball"
        38: .init(identifier: "kite"),
        39: .init(identifier: "baseball_bat"),
        40: .init(identifier: "baseball_glove"),
        41: .init(identifier: "skateboard"),
        42: .init(identifier: "surfboard"),
        43: .init(identifier: "tennis_racket"),
        44: .init(identifier: "bottle"),
        46: .init(identifier: "wine_glass"),
        47: .init(identifier: "cup"),
        48: .init(identifier: "fork"),
        49: .init(identifier: "knife"),
        50: .init(identifier: "spoon"),
        51: .init(identifier: "bowl", minimumConfidence: 0.6,
                    reason: "Fired at 0.556 on scikit-image 0.22.0's coins.png, where there is no bowl; a real bowl scored 0.869 on the coffee photograph (Tests/Fixtures/images/photos/coffee.png)."),
        52: .init(identifier: "banana"),
        53: .init(identifier: "apple", minimumConfidence: 0.6,
                    reason: "Fired at 0.502 on scikit-image 0.22.0's color.png, a colour chart with no apple in it."),
        54: .init(identifier: "sandwich"),
        55: .init(identifier: "orange"),
        56: .init(identifier: "broccoli"),
        57: .init(identifier: "carrot"),
        58: .init(identifier: "hot_dog"),
        59: .init(identifier: "pizza"),
        60: .init(identifier: "donut"),
        61: .init(identifier: "cake"),
        62: .init(identifier: "chair"),
        63: .init(identifier: "couch"),
        64: .init(identifier: "potted_plant"),
        65: .init(identifier: "bed"),
        67: .init(identifier: "table"),  // COCO "dining table"
        70: .init(identifier: "toilet"),
        72: .init(identifier: "television"),  // COCO "tv"
        73: .init(identifier: "laptop"),
        74: .init(identifier: "computer_mouse", minimumConfidence: 0.6,
                    reason: "Fired at 0.502 on the astronaut photograph (Tests/Fixtures/images/photos/astronaut.png), where there is no computer mouse (its box was the lower right corner)."),
        75: .init(identifier: "remote_control"),  // COCO "remote"
        76: .init(identifier: "keyboard"),
        77: .init(identifier: "cell_phone"),
        78: .init(identifier: "microwave"),
        79: .init(identifier: "oven"),
        80: .init(identifier: "toaster"),
        81: .init(identifier: "sink"),
        82: .init(identifier: "refrigerator"),
        84: .init(identifier: "book"),
        85: .init(identifier: "clock", minimumConfidence: 0.65,
                    reason: "Fired at 0.591 and 0.536 on scikit-image 0.22.0's coins.png, a tray of old coins with no clock: a round face with marks around its rim is what the model takes for a clock."),
        86: .init(identifier: "vase"),
        87: .init(identifier: "scissors"),
        88: .init(identifier: "teddy_bear"),
        89: .init(identifier: "hair_dryer"),  // COCO "hair drier"
        90: .init(identifier: "toothbrush"),
    ])
}
