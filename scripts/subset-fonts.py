"""
Makes one web font file per face (Heebo 400/500/700, Frank Ruhl Libre 400/700) holding everything a
Hebrew page writes: the Hebrew letters and points, ASCII (digits, punctuation, the odd Latin word such
as "QR") and the few typographic marks our text uses. The @fontsource packages split each face into a
Hebrew and a Latin file; a Hebrew sentence with a space, a full stop or a digit then needs both files,
so every page asked for two requests per face before its text could settle. The output goes to
src/assets/fonts/ and is committed; src/styles/fonts.css declares these files with COMBINED_RANGE and
keeps @fontsource's full Latin file as the face for any other Latin character.

Run after upgrading @fontsource/heebo or @fontsource/frank-ruhl-libre:
    apt-get install -y python3-fonttools python3-brotli
    /usr/bin/python3 scripts/subset-fonts.py
"""

import io
import pathlib

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "assets" / "fonts"
FACES = [("heebo", 400), ("heebo", 500), ("heebo", 700), ("frank-ruhl-libre", 400), ("frank-ruhl-libre", 700)]

# Must equal the unicode-range of the combined faces in src/styles/fonts.css.
COMBINED_RANGE = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00A0), (0x00A9, 0x00A9), (0x00AB, 0x00AB), (0x00B0, 0x00B0),
    (0x00B7, 0x00B7), (0x00BB, 0x00BB), (0x00D7, 0x00D7),  # nbsp © « ° · » ×
    (0x0307, 0x0308),
    (0x0590, 0x05FF),  # Hebrew letters, points and punctuation
    (0x200C, 0x200F),  # joiners and direction marks
    (0x2013, 0x2014), (0x2018, 0x2019), (0x201C, 0x201D), (0x2022, 0x2022), (0x2026, 0x2026),
    (0x20AA, 0x20AA),  # shekel sign
    (0xFB1D, 0xFB4F),  # Hebrew presentation forms
]


def as_ttf(path: pathlib.Path) -> io.BytesIO:
    font = TTFont(path)
    font.flavor = None
    buffer = io.BytesIO()
    font.save(buffer)
    buffer.seek(0)
    return buffer


def combined_face(family: str, weight: int) -> TTFont:
    files = ROOT / "node_modules" / "@fontsource" / family / "files"
    parts = [as_ttf(files / f"{family}-{subset_name}-{weight}-normal.woff2") for subset_name in ("hebrew", "latin")]
    return Merger().merge(parts)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    unicodes = [code for first, last in COMBINED_RANGE for code in range(first, last + 1)]
    for family, weight in FACES:
        merged = io.BytesIO()
        combined_face(family, weight).save(merged)
        merged.seek(0)
        options = subset.Options()
        options.flavor = "woff2"
        font = subset.load_font(merged, options, lazy=False)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=unicodes)
        subsetter.subset(font)
        target = OUT / f"{family}-{weight}.woff2"
        subset.save_font(font, str(target), options)
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
