"""
Makes one web font file per face (Heebo 400/500/700, Frank Ruhl Libre 400/700) holding everything a
Hebrew page writes, and writes src/styles/fonts.css, which declares them. The @fontsource packages
split each face into a Hebrew and a Latin file; a Hebrew sentence with a space, a full stop or a digit
then needs both files, so every page asked for two requests per face before its text could settle.

Heebo (text) keeps ASCII, so a Latin word in a sentence (an e-mail, "VIP") needs no second file.
Frank Ruhl Libre (names and headings) keeps only the capital Latin letters (acronyms such as "QR"):
without the lower-case ones each of its files fits the first round trip of a new connection (under
about 14 KB, ten TCP segments), which is what a phone's first screen waits for. Every other Latin
character comes from @fontsource's full Latin file, declared first in fonts.css: of two faces whose
ranges both hold a character, the browser uses the one declared last.

The fonts and fonts.css are committed; run this only after upgrading @fontsource/heebo or
@fontsource/frank-ruhl-libre:
    apt-get install -y python3-fonttools python3-brotli
    /usr/bin/python3 scripts/subset-fonts.py && npx prettier --write src/styles/fonts.css
"""

import io
import pathlib

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
FONTS = ROOT / "src" / "assets" / "fonts"
STYLESHEET = ROOT / "src" / "styles" / "fonts.css"
# The PDF album embeds TrueType files (its PDF writer subsets glyf/loca, which WOFF2 transforms away),
# with all of ASCII in both faces: a Latin word in a name or a quote prints in the heading face too.
ALBUM_FONTS = FONTS / "album"
ALBUM_FACES = [("frank-ruhl-libre", 700), ("heebo", 400), ("heebo", 700)]

MARKS = [
    (0x00A0, 0x00A0), (0x00A9, 0x00A9), (0x00AB, 0x00AB), (0x00B0, 0x00B0),
    (0x00B7, 0x00B7), (0x00BB, 0x00BB), (0x00D7, 0x00D7),  # nbsp © « ° · » ×
    (0x0307, 0x0308),
    (0x0590, 0x05FF),  # Hebrew letters, points and punctuation
    (0x200C, 0x200F),  # joiners and direction marks
    (0x2013, 0x2014), (0x2018, 0x2019), (0x201C, 0x201D), (0x2022, 0x2022), (0x2026, 0x2026),
    (0x20AA, 0x20AA),  # shekel sign
    (0xFB1D, 0xFB4F),  # Hebrew presentation forms
]
TEXT_RANGE = [(0x0020, 0x007E)] + MARKS
HEADING_RANGE = [(0x0020, 0x0060), (0x007B, 0x007E)] + MARKS  # ASCII without a-z

# @fontsource's unicode-range for its Latin files.
LATIN_RANGE = (
    "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, "
    "U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD"
)

# (package, CSS family, weight, range of the combined file)
FACES = [
    ("frank-ruhl-libre", "Frank Ruhl Libre", 400, HEADING_RANGE),
    ("frank-ruhl-libre", "Frank Ruhl Libre", 700, HEADING_RANGE),
    ("heebo", "Heebo", 400, TEXT_RANGE),
    ("heebo", "Heebo", 500, TEXT_RANGE),
    ("heebo", "Heebo", 700, TEXT_RANGE),
]

STYLESHEET_HEADER = """/*
 * Written by scripts/subset-fonts.py; edit the script, not this file.
 * Frank Ruhl Libre (serif) for names and headings; Heebo (sans) for text. No font CDN.
 * Each weight has two faces. The second holds Hebrew and the marks our text uses (Heebo: all of ASCII;
 * Frank Ruhl Libre: ASCII without lower-case letters), so a Hebrew page needs one file per weight.
 * The first is @fontsource's full Latin file, fetched only for a character outside the second's range:
 * of two faces whose ranges both hold a character, the browser uses the one declared last.
 */
"""


def as_ttf(path: pathlib.Path) -> io.BytesIO:
    font = TTFont(path)
    font.flavor = None
    buffer = io.BytesIO()
    font.save(buffer)
    buffer.seek(0)
    return buffer


def combined_face(package: str, weight: int) -> io.BytesIO:
    files = ROOT / "node_modules" / "@fontsource" / package / "files"
    parts = [as_ttf(files / f"{package}-{subset_name}-{weight}-normal.woff2") for subset_name in ("hebrew", "latin")]
    merged = io.BytesIO()
    Merger().merge(parts).save(merged)
    merged.seek(0)
    return merged


def write_subset(
    package: str, weight: int, ranges: list[tuple[int, int]], flavor: str | None = "woff2", folder: pathlib.Path = FONTS
) -> pathlib.Path:
    options = subset.Options()
    options.flavor = flavor
    font = subset.load_font(combined_face(package, weight), options, lazy=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[code for first, last in ranges for code in range(first, last + 1)])
    subsetter.subset(font)
    target = folder / f"{package}-{weight}.{flavor or 'ttf'}"
    subset.save_font(font, str(target), options)
    return target


def css_range(ranges: list[tuple[int, int]]) -> str:
    return ", ".join(f"U+{first:04X}" if first == last else f"U+{first:04X}-{last:04X}" for first, last in ranges)


def font_face(family: str, weight: int, source: str, unicode_range: str) -> str:
    return f"""
@font-face {{
  font-family: '{family}';
  font-style: normal;
  font-display: swap;
  font-weight: {weight};
  src: url('{source}') format('woff2');
  unicode-range: {unicode_range};
}}
"""


def main() -> None:
    FONTS.mkdir(parents=True, exist_ok=True)
    faces = []
    for package, family, weight, ranges in FACES:
        target = write_subset(package, weight, ranges)
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")
        latin_file = f"@fontsource/{package}/files/{package}-latin-{weight}-normal.woff2"
        faces.append(font_face(family, weight, latin_file, LATIN_RANGE))
        faces.append(font_face(family, weight, f"../assets/fonts/{target.name}", css_range(ranges)))
    STYLESHEET.write_text(STYLESHEET_HEADER + "".join(faces))
    print(f"{STYLESHEET.relative_to(ROOT)}: {len(faces)} faces")
    ALBUM_FONTS.mkdir(parents=True, exist_ok=True)
    for package, weight in ALBUM_FACES:
        target = write_subset(package, weight, TEXT_RANGE, flavor=None, folder=ALBUM_FONTS)
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
