"""The pictures of a row (accordion.svg), read back with an XML parser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import accordion
from accordion.svg import CARD_W, DEFAULT_WIDTH, RED, per_band

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def cards(root: ET.Element) -> list[ET.Element]:
    return root.findall(".//svg:g[@class='card']", NS)


def offset(card: ET.Element) -> tuple[float, float]:
    """The (x, y) of a card group's translate()."""
    inside = card.attrib["transform"].removeprefix("translate(").removesuffix(")")
    x, y = inside.split(",")
    return float(x), float(y)


def index_text(card: ET.Element) -> ET.Element:
    found = card.find("svg:text[@class='index']", NS)
    assert found is not None
    return found


def test_a_deal_draws_every_card_in_order_with_its_pile_number() -> None:
    deal = accordion.Deal.from_seed(1)
    root = parse(accordion.svg(deal))
    drawn = cards(root)
    assert [card.attrib["data-card"] for card in drawn] == [str(card) for card in deal]
    assert [card.attrib["data-pile"] for card in drawn] == [str(n) for n in range(1, 53)]
    numbers = [text.text for text in root.findall(".//svg:text[@class='pile-number']", NS)]
    assert numbers == [str(n) for n in range(1, 53)]


def test_cards_show_rank_and_suit_symbol_in_the_suit_colour() -> None:
    root = parse(accordion.svg(accordion.Deal.parse("TH 7S AD KC")))
    texts = [index_text(card) for card in cards(root)]
    assert [text.text for text in texts] == ["10♥", "7♠", "A♦", "K♣"]
    assert [text.attrib["fill"] == RED for text in texts] == [True, False, True, False]
    pips = [card.find("svg:text[@class='pip']", NS) for card in cards(root)]
    assert [pip.text for pip in pips if pip is not None] == ["♥", "♠", "♦", "♣"]


def test_the_row_is_laid_in_bands_that_wrap_at_the_width() -> None:
    root = parse(accordion.svg(accordion.Deal.from_seed(7)))
    rows: dict[float, list[float]] = {}
    for card in cards(root):
        x, y = offset(card)
        rows.setdefault(y, []).append(x)
    assert [len(xs) for _, xs in sorted(rows.items())] == [13, 13, 13, 13]
    # Read as one line: each band starts again at the left edge, left to right.
    for xs in rows.values():
        assert xs == sorted(xs)
    assert len({xs[0] for xs in rows.values()}) == 1
    assert float(root.attrib["width"]) <= DEFAULT_WIDTH


@pytest.mark.parametrize("width", [300, 720, 1200])
def test_narrower_pictures_have_more_bands(width: int) -> None:
    root = parse(accordion.svg(accordion.Deal.from_seed(3), width=width))
    across = per_band(width)
    bands = {offset(card)[1] for card in cards(root)}
    assert len(bands) == -(-52 // across)
    assert float(root.attrib["width"]) <= width
    rightmost = max(offset(card)[0] for card in cards(root))
    assert rightmost + CARD_W <= float(root.attrib["width"])


def test_a_short_row_is_one_band_as_wide_as_it_needs() -> None:
    root = parse(accordion.svg("7H 7S 8S KS"))
    assert len(cards(root)) == 4
    assert len({offset(card)[1] for card in cards(root)}) == 1
    assert float(root.attrib["width"]) < DEFAULT_WIDTH / 2


def test_a_game_shows_its_piles_with_height_badges() -> None:
    game = accordion.Game("7H 7S 8S KS")
    game.play("KS>8S")
    game.play("KS>7S")
    root = parse(accordion.svg(game))
    drawn = cards(root)
    assert [card.attrib["data-card"] for card in drawn] == ["7H", "KS"]
    assert [card.attrib["data-height"] for card in drawn] == ["1", "3"]
    assert drawn[0].find("svg:g[@class='height']", NS) is None
    badge = drawn[1].find("svg:g[@class='height']", NS)
    assert badge is not None
    assert [text.text for text in badge.findall("svg:text", NS)] == ["3"]


def test_a_blind_game_shows_its_stock_face_down() -> None:
    game = accordion.Game(accordion.Deal.from_seed(2), blind=True)
    root = parse(accordion.svg(game))
    assert cards(root) == []
    stock = root.find(".//svg:g[@class='stock']", NS)
    assert stock is not None and stock.attrib["data-size"] == "52"
    for _ in range(3):
        game.deal()
    root = parse(accordion.svg(game))
    assert len(cards(root)) == 3
    stock = root.find(".//svg:g[@class='stock']", NS)
    assert stock is not None and stock.attrib["data-size"] == "49"
    assert "49" in [text.text for text in stock.findall("svg:text", NS)]


def test_repr_svg_on_deal_and_game(engine: ModuleType) -> None:
    deal = engine.Deal.parse("7H 7S 8S KS")
    assert parse(deal._repr_svg_()) is not None
    assert deal._repr_svg_() == accordion.svg(deal)
    game: Any = engine.Game(deal)
    game.play("7S>7H")
    root = parse(game._repr_svg_())
    assert [card.attrib["data-card"] for card in cards(root)] == ["7S", "8S", "KS"]
    assert [card.attrib["data-height"] for card in cards(root)] == ["2", "1", "1"]


def test_save_svg_writes_the_same_picture(tmp_path: Path) -> None:
    deal = accordion.Deal.from_seed(5, cards=18)
    path = tmp_path / "row.svg"
    accordion.save_svg(path, deal)
    assert path.read_text(encoding="utf-8") == accordion.svg(deal)
    assert len(cards(parse(path.read_text(encoding="utf-8")))) == 18


def test_svg_is_exported_from_the_package() -> None:
    assert "svg" in accordion.__all__ and "save_svg" in accordion.__all__
