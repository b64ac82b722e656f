#!/usr/bin/python3
"""Renders the sample pages the OCR plugin is tested on, with their ground truth.

    scripts/make-sample-page.py [--check]

Writes, from the text in this file:
  samples/page-en.png, page-en.txt   a short English letter: a heading and two
                                     paragraphs, with "Dr.", the number 3.5 and a
                                     word hyphenated at a line break ("din-" "ner")
  samples/page-es.png, page-es.txt   a short Spanish note (á é í ó ú ñ ¿ ¡)
  samples/page-vi.png, page-vi.txt   a short Vietnamese note (stacked diacritics)
  Tests/Fixtures/images/canary-en.png  one line with a made-up canary word, which the
                                     privacy test looks for in every log and stream

Each .txt is the page as printed, one printed line per line and a blank line between
paragraphs; a hyphen that breaks a word at a line end stays where it was printed,
since the plugin reports lines as tesseract reads them and the reading core joins the
halves. Tests compare with whitespace collapsed, so the line breaks only document.

Deterministic: no randomness, no dates, no metadata; PNGs are 8-bit gray. The same
Pillow and DejaVu fonts give the same bytes on every run; another Pillow or FreeType
may move pixels, never the text. --check renders into memory and fails when a file
checked in differs, so a changed sentence cannot be forgotten in the ground truth.

Runs on Debian's python3 with python3-pil and fonts-dejavu-core (scripts/deps.sh
installs both), hence /usr/bin/python3 rather than whichever python3 is first on PATH.
"""
import io
import os
import sys

from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTS = "/usr/share/fonts/truetype/dejavu"
BODY_FONT = os.path.join(FONTS, "DejaVuSerif.ttf")
HEADING_FONT = os.path.join(FONTS, "DejaVuSans-Bold.ttf")

# About 12 pt body text scanned at 200 dpi: an x-height tesseract reads well, on a
# page small enough to check in.
BODY_SIZE = 30
HEADING_SIZE = 40
LINE_GAP = 14          # pixels between body lines
PARAGRAPH_GAP = 30     # extra pixels between paragraphs
MARGIN = 70
WIDTH = 1100

# Each page: a heading, then paragraphs, each a list of printed lines. Lines are
# broken by hand so the hyphenated word falls at a line end on every machine.
PAGES = {
    "en": {
        "heading": "Notes from the Clinic",
        "paragraphs": [
            [
                "Dr. Rivera saw Maria on Monday morning and",
                "wrote a new prescription: take 3.5 ml of the",
                "syrup twice a day, after breakfast and after din-",
                "ner, for the next ten days.",
            ],
            [
                "Please bring this letter to the pharmacy on",
                "Elm Street. Call the front desk if the pain",
                "comes back or if you have any questions.",
            ],
        ],
    },
    "es": {
        "heading": "Aviso del edificio",
        "paragraphs": [
            [
                "El señor Núñez cambiará el ascensor el miércoles.",
                "¿Necesita ayuda con las escaleras? ¡Llame a la",
                "portería antes de las nueve de la mañana!",
            ],
        ],
    },
    "vi": {
        "heading": "Thông báo của phòng khám",
        "paragraphs": [
            [
                "Bác sĩ dặn uống thuốc hai lần mỗi ngày,",
                "sau bữa sáng và sau bữa tối. Nếu còn đau,",
                "xin gọi điện cho chúng tôi trước thứ Sáu.",
            ],
        ],
    },
}

# A word no page, log line or message of SenseBridge contains, so finding it in a log
# can only mean recognized text leaked there.
CANARY = {"heading": None, "paragraphs": [["The password is PERIWINKLE 8841."]]}


def render(page):
    """The page as an 8-bit gray image, and its ground truth text."""
    body = ImageFont.truetype(BODY_FONT, BODY_SIZE)
    heading = ImageFont.truetype(HEADING_FONT, HEADING_SIZE)
    blocks = []  # (font, lines, gap before the block)
    truth = []
    if page["heading"]:
        blocks.append((heading, [page["heading"]], 0))
        truth.append(page["heading"])
    for paragraph in page["paragraphs"]:
        blocks.append((body, paragraph, PARAGRAPH_GAP if blocks else 0))
        truth.append("\n".join(paragraph))

    def line_height(font):
        ascent, descent = font.getmetrics()
        return ascent + descent

    height = MARGIN * 2
    for font, lines, gap in blocks:
        height += gap + len(lines) * (line_height(font) + LINE_GAP)
    image = Image.new("L", (WIDTH, height), 255)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    for font, lines, gap in blocks:
        y += gap
        for line in lines:
            width = draw.textlength(line, font=font)
            if width > WIDTH - 2 * MARGIN:
                sys.exit(f"make-sample-page: the line {line!r} is {width:.0f} px wide; "
                         f"the text area is {WIDTH - 2 * MARGIN} px. Break it earlier.")
            draw.text((MARGIN, y), line, font=font, fill=0)
            y += line_height(font) + LINE_GAP
    return image, "\n\n".join(truth) + "\n"


def png_bytes(image):
    buffer = io.BytesIO()
    # No optimize pass and no metadata: the bytes depend only on the pixels.
    image.save(buffer, format="PNG", compress_level=9)
    return buffer.getvalue()


def outputs():
    """Every file this script owns, path -> bytes."""
    files = {}
    for locale, page in PAGES.items():
        image, truth = render(page)
        files[f"samples/page-{locale}.png"] = png_bytes(image)
        files[f"samples/page-{locale}.txt"] = truth.encode("utf-8")
    image, _ = render(CANARY)
    files["Tests/Fixtures/images/canary-en.png"] = png_bytes(image)
    return files


def main(argv):
    check = "--check" in argv[1:]
    unknown = [a for a in argv[1:] if a != "--check"]
    if unknown:
        sys.exit(f"make-sample-page: unknown argument {unknown[0]!r}. Usage: scripts/make-sample-page.py [--check]")
    for font in (BODY_FONT, HEADING_FONT):
        if not os.path.exists(font):
            sys.exit(f"make-sample-page: {font} is missing; install fonts-dejavu-core (scripts/deps.sh does).")
    stale = []
    for relative, data in outputs().items():
        path = os.path.join(ROOT, relative)
        if check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            if not same:
                stale.append(relative)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        print(f"make-sample-page: wrote {relative} ({len(data)} bytes)")
    if stale:
        sys.exit("make-sample-page: these differ from what the script renders: " + ", ".join(stale)
                 + ". Run scripts/make-sample-page.py and commit the result.")


if __name__ == "__main__":
    main(sys.argv)
