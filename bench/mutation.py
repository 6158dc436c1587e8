"""How often ``drill check`` catches a wrong figure: plant one, check, count.

For each built-in pack, numbers written out in a card's text (outside placeholders, not
part of a name such as H100 or Llama 3 8B) are changed one at a time, by +40% and
separately by ×10, in a copy of the pack; the copy is checked, and the change is caught
when the checker reports an error the unchanged pack does not have. Numbers inside a worked
equation (a side of ``=`` or ``≈``) and numbers in plain prose are counted apart.

    .venv/bin/python -m bench.mutation [--per-class N] [--seed S] [--json]

Not a test: it measures. Its picks are seeded, so two runs on the same packs agree.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

_NUMBER = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w.,]\d|\d)")
_NAME_WORDS = ("pack", "lesson", "Llama", "Qwen", "Mistral", "Gen", "question", "P", "Q")
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻"


@dataclass(frozen=True)
class Site:
    pack: Path
    card: str
    path: str
    index: int  # in the file text
    number: str
    in_equation: bool


def sites(pack: Path) -> list[Site]:
    from drill.checking.equations import find_equations
    from drill.checking.variant_checks import base_renderings
    from drill.packs.catalog import load_catalog
    from drill.packs.loader import load_pack
    from drill.packs.templates import Literal
    from drill.packs.yaml_positions import SourceText

    catalog = load_catalog()
    names = [n for gpu in catalog.gpus for n in (gpu.name, *gpu.aliases)]
    names += [n for model in catalog.models for n in (model.name, *model.aliases)]
    loaded = load_pack(pack, str(pack))
    assert loaded.pack is not None, pack
    source = SourceText(loaded.text)
    found: list[Site] = []
    for card in loaded.pack.cards:
        base = base_renderings(card)
        for path, text in card.texts():
            template = card.templates.get(path, text)
            rendered = base.get(path)
            spans = ([(s, e, p) for s, e, p in rendered.spans if isinstance(p, Literal)]
                     if rendered else [(0, len(text), None)])
            sides = [(side.start, side.end) for eq in find_equations(text)
                     for side in eq.sides if side.numeric]
            start = card.text_locations.get(path, card.where)
            for span_start, span_end, piece in spans:
                literal = text[span_start:span_end]
                for match in _NUMBER.finditer(literal):
                    if _is_name(literal, match, names):
                        continue
                    offset = span_start + match.start()
                    template_offset = (piece.start if piece else 0) + match.start()
                    where = source.position_in_source(start, template, template_offset)
                    index = source.index(where.line, where.column)
                    if loaded.text[index : index + len(match.group())] != match.group():
                        continue  # cannot find it in the file: leave it
                    in_eq = any(a <= offset < b for a, b in sides)
                    found.append(Site(pack, card.id, path, index, match.group(), in_eq))
    return found


def _is_name(text: str, match: re.Match[str], names: list[str]) -> bool:
    before = text[: match.start()]
    after = text[match.end() : match.end() + 1]
    if after and (after.isalpha() or after in _SUPERSCRIPTS):
        return True  # "8B", "4th", the 10 of "10⁹"
    if match.group() == "10" and text[match.end() : match.end() + 1] in _SUPERSCRIPTS:
        return True
    word = before.rstrip().rsplit(" ", 1)[-1] if before.strip() else ""
    if word in _NAME_WORDS:
        return True
    window = text[max(0, match.start() - 30) : match.end() + 30]
    return any(n in window and _inside(text, match, n) for n in names)


def _inside(text: str, match: re.Match[str], name: str) -> bool:
    at = text.find(name)
    while at >= 0:
        if at <= match.start() < at + len(name):
            return True
        at = text.find(name, at + 1)
    return False


def mutate(number: str, how: str) -> str:
    value = float(number.replace(",", ""))
    decimals = len(number.split(".")[1]) if "." in number else 0
    new = value * (1.4 if how == "+40%" else 10)
    while round(new, decimals) == round(value, decimals) and decimals < 6:
        decimals += 1  # 0.1 × 1.4 is 0.14, not 0.1 again
    text = f"{new:,.{decimals}f}" if "," in number or new >= 10_000 else f"{new:.{decimals}f}"
    return text


def errors_of(path: Path) -> set[str]:
    from drill.checking.checker import check_file

    report = check_file(path, str(path))
    return {str(d) for d in report.diagnostics if d.is_error}


def run(per_class: int, seed: int) -> dict[str, dict[str, int]]:
    from drill.packs.locate import builtin_packs_dir

    rng = random.Random(seed)
    counts: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for pack in sorted(builtin_packs_dir().glob("*.yaml")):
            text = pack.read_text(encoding="utf-8")
            copy = Path(folder) / pack.name
            copy.write_text(text, encoding="utf-8")
            before = errors_of(copy)
            found = sites(pack)
            for in_eq in (False, True):
                kind = "equation" if in_eq else "prose"
                pool = [s for s in found if s.in_equation == in_eq]
                picks = rng.sample(pool, min(per_class, len(pool)))
                for how in ("+40%", "×10"):
                    tally = counts.setdefault(f"{kind} {how}", {"caught": 0, "planted": 0})
                    for site in picks:
                        new = mutate(site.number, how)
                        changed = text[: site.index] + new + text[site.index + len(site.number):]
                        copy.write_text(changed, encoding="utf-8")
                        after = errors_of(copy)
                        tally["planted"] += 1
                        if after - before:
                            tally["caught"] += 1
                        elif "-v" in sys.argv:
                            print(f"missed: {pack.name} {site.card} {site.path}: "
                                  f"{site.number} → {new}", file=sys.stderr)
            copy.write_text(text, encoding="utf-8")
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-class", type=int, default=25,
                        help="numbers picked per pack and per class (prose, equation)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("-v", action="store_true", help="list what was missed")
    args = parser.parse_args()
    counts = run(args.per_class, args.seed)
    if args.json:
        print(json.dumps(counts, indent=2))
        return 0
    for kind, tally in counts.items():
        share = tally["caught"] / tally["planted"] if tally["planted"] else 0.0
        print(f"{kind:<16} caught {tally['caught']:>3} of {tally['planted']:>3} ({share:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
