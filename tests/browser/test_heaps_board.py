"""The heaps board (heaps.js): what is its own, beyond the contract of every board (test_boards.py).

One board for Nim and the subtraction games: its setup form (heaps, variant,
the rule of a subtraction game), its hint tables (Nim's binary table, each
heap's nimber and the period), the amounts a rule forbids, Marienbad, random
starts, and two boards of one page keeping their own URL parameters.
"""

import json

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    PAGE_TIMEOUT,
    draw_random,
    follow_hints,
    force_click,
    visit,
    wait_for_address,
    wait_for_my_turn,
)
from playwright.sync_api import expect

from nimcore import nim, subtraction

pytestmark = pytest.mark.browser


def open_heaps(page, url, key, query="", shows=None):
    """Open a page's heaps board; with *shows*, wait until it shows that position (from its address)."""
    visit(page, url + query)
    board = page.locator(f'[data-key="{key}"]')
    expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
    if shows is not None:
        expect(board).to_have_attribute(
            "data-position", json.dumps(shows, separators=(",", ":")), timeout=ENGINE_TIMEOUT
        )
    return board


def heaps_now(board):
    return json.loads(board.get_attribute("data-position"))


def new_game(board, heaps, *, rule=None, misere=False, mode="ordinateur", first="vous"):
    """Start a game; `rule` (subtraction boards) is ("jusqua", K), ("entre", m, M) or ("ensemble", "1 2 4")."""
    board.locator("input[name=heaps]").fill(heaps)
    if rule is not None:
        board.locator("select[name=rule]").select_option(rule[0])
        names = {"jusqua": ["up_to"], "entre": ["low", "high"], "ensemble": ["set"]}[rule[0]]
        for name, value in zip(names, rule[1:], strict=True):
            board.locator(f"input[name={name}]").fill(value)
    board.locator("select[name=convention]").select_option("misere" if misere else "normale")
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    if first == "vous":
        expect(board).to_have_attribute(
            "data-position",
            json.dumps([int(x) for x in heaps.split()]).replace(" ", ""),
            timeout=ENGINE_TIMEOUT,
        )


def match(board, heap, take):
    """The match whose choice takes `take` matches from heap `heap` (from 0)."""
    return board.locator(f'.heaps-row[data-heap="{heap}"] .heaps-match[data-take="{take}"]')


def take_one_match(board):
    """A plain legal move: one match from the first non-empty heap, chosen then played with « Jouer »."""
    heap = next(index for index, size in enumerate(heaps_now(board)) if size)
    match(board, heap, 1).click()
    board.locator(".game-play").click()


def test_nim_hint_writes_the_heaps_in_base_2(file_page, site_url):
    board = open_heaps(file_page, site_url + "nim/", "nim", "?nim=12-10-6-5", [12, 10, 6, 5])
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator("table.nim-binary")
    expect(table.locator("caption")).to_have_text("Les tas écrits en base 2, colonne par colonne")
    expect(table.locator("tfoot")).to_contain_text("3 (impair)")
    expect(table.locator("tr.is-best th")).to_have_text("Tas 1\u00a0: 12")
    best = nim.analyse([12, 10, 6, 5]).recommended
    expect(board.locator(".game-play")).to_have_text(f"Jouer\u00a0: {best.text}")
    expect(board.locator(".heaps-match[data-hinted]")).to_have_count(best.take)


def test_misere_nim_ends_with_the_misere_verdict(file_page, site_url):
    board = open_heaps(file_page, site_url + "nim/", "nim", "?nim=1-1-1_misere", [1, 1, 1])
    expect(board.locator("select[name=convention]")).to_have_value("misere")
    expect(board.locator(".game-rule")).to_contain_text("qui joue le dernier coup perd")
    for _ in range(3):
        if board.get_attribute("data-turn") == "fin":
            break
        take_one_match(board)
        wait_for_my_turn(board)
    expect(board.locator(".board-message")).to_contain_text("version misère")


def test_a_rule_forbids_amounts_in_nimcore_words(file_page, site_url):
    board = open_heaps(file_page, site_url + "un-seul-tas/", "soustraction")
    new_game(board, "10", rule=("ensemble", "1 2 4"))
    expect(board.locator(".game-rule")).to_contain_text("retirer 1, 2 ou 4 allumettes")
    expect(board.locator(".heaps-match.is-forbidden")).to_have_count(10 - 3)
    force_click(match(board, 0, 3))  # aria-disabled: Playwright would wait for it
    message = board.locator(".board-message")
    expect(message).to_contain_text(
        "Coup refusé\u00a0: Coup interdit\u00a0: la règle est de retirer 1, 2 ou 4 allumettes, pas 3."
    )
    assert heaps_now(board) == [10]


def test_subtraction_hint_gives_nimbers_and_the_period(file_page, site_url):
    """{2, 3, 5, 8}: the hint gives the preperiod and period nimcore found; hints win."""
    assert subtraction.analyse([30], [2, 3, 5, 8]).outcome == "N"
    board = open_heaps(file_page, site_url + "un-seul-tas/", "soustraction")
    new_game(board, "30", rule=("ensemble", "2 3 5 8"))
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    hint = board.locator(".game-hint")
    expect(hint).to_contain_text("période 17, après une prépériode de 13 valeurs")
    expect(hint.locator("table.heaps-nimbers thead")).to_contain_text("Valeur de Grundy g(x)")
    follow_hints(board)
    expect(board).to_have_attribute("data-winner", "humain")


def test_nim_max_hint_reads_each_heap_mod_k_plus_1(file_page, site_url):
    board = open_heaps(file_page, site_url + "sprague-grundy/", "nim-max")
    expect(board.locator("input[name=up_to]")).to_have_value("3")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator("table.heaps-nimbers")
    expect(table.locator("thead")).to_contain_text("Valeur de Grundy x mod 4")
    expect(table.locator("tfoot")).to_contain_text("1 ⊕ 2 ⊕ 0 = 3")


def test_misere_with_several_heaps_is_searched(file_page, site_url):
    analysis = subtraction.analyse([5, 7, 4], [1, 2, 4], misere=True)
    assert analysis.outcome == "N" and analysis.method == "search"
    board = open_heaps(file_page, site_url + "un-seul-tas/", "soustraction")
    new_game(board, "5 7 4", rule=("ensemble", "1 2 4"), misere=True)
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-hint")).to_contain_text("recherche exhaustive")
    follow_hints(board, rounds=40)
    expect(board).to_have_attribute("data-winner", "humain")


def test_setup_is_read_by_the_board_and_checked_by_nimcore(file_page, site_url):
    board = open_heaps(file_page, site_url + "nim/", "nim")
    new_game(board, "2 3")
    message = board.locator(".board-message")
    heaps_field = board.locator("input[name=heaps]")
    for bad, fragment in [
        ("3 -1", "«\u00a0-1\u00a0»"),  # the field as typed, read by nimcore
        ("3 x", "«\u00a0x\u00a0»"),
        ("", "au moins 1 tas"),
        ("41", "hors limites"),
        ("1 2 3 4 5 6 7 8 9", "9 valeurs, c'est trop (8 au plus)"),
        ("0 0", "déjà finie"),  # no move from there
    ]:
        heaps_field.fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text("Partie non lancée")
        expect(message).to_contain_text(fragment)
        assert heaps_now(board) == [2, 3]
    other = open_heaps(file_page, site_url + "un-seul-tas/", "soustraction")
    new_game(other, "5")
    other.locator("input[name=heaps]").fill("30 30 30 30")
    other.locator("select[name=rule]").select_option("ensemble")
    other.locator("input[name=set]").fill("1 3 4")
    other.locator("select[name=convention]").select_option("misere")
    other.get_by_role("button", name="Nouvelle partie").click()
    expect(other.locator(".board-message")).to_contain_text(
        "Version misère à plusieurs tas", timeout=ENGINE_TIMEOUT
    )
    assert heaps_now(other) == [5]


def test_the_position_lives_in_the_url(file_page, site_url):
    page = file_page
    board = open_heaps(page, site_url + "nim/", "nim", "?nim=2-0-9_misere", [2, 0, 9])
    expect(board.locator("input[name=heaps]")).to_have_value("2 0 9")
    expect(board.locator(".heaps-empty")).to_have_text("vide")
    new_game(board, "4 0 11 2")
    wait_for_address(page, query="nim=4-0-11-2")  # malformed ones: test_boards.py


def test_random_starts_and_marienbad(file_page, site_url):
    board = open_heaps(file_page, site_url + "nim/", "nim")
    field = board.locator("input[name=heaps]")
    convention = board.locator("select[name=convention]")
    for misere in (False, True):
        convention.select_option("misere" if misere else "normale")
        outcomes = set()
        for _ in range(40):
            draw_random(board)
            heaps = [int(x) for x in field.input_value().split()]
            assert len(heaps) == 4 and all(0 <= size <= 15 for size in heaps), heaps
            outcomes.add(nim.analyse(heaps, misere=misere).outcome)
            if outcomes == {"P", "N"}:
                break
        assert outcomes == {"P", "N"}, misere
    board.get_by_role("button", name="Marienbad 1-3-5-7").click()
    expect(field).to_have_value("1 3 5 7")
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", "[1,3,5,7]")


def test_two_heaps_boards_keep_their_own_url_parameters(file_page, site_url):
    """Nim keeps ?nim=, « Nim à K maximum » ?nim-max=, a second board of one key ?<key>-2=."""
    page = file_page
    page.goto(site_url + "sprague-grundy/?nim=1-2-3")
    other = page.locator('[data-key="nim-max"]')
    expect(other).to_have_attribute("data-position", "[9,6,4]", timeout=PAGE_TIMEOUT)
    wait_for_address(page, "nim=1-2-3")
    assert "nim-max=" not in page.url  # a board at its page's start leaves the address alone
    new_game(other, "9 6 5", rule=("jusqua", "3"), mode="deux")
    wait_for_address(page, "nim=1-2-3", "nim-max=9-6-5_1a3")
    open_heaps(page, site_url + "nim/", "nim", "?nim=2-2", [2, 2])
    page.evaluate(
        """async () => {
            const first = document.querySelector('[data-key="nim"]');
            const second = document.createElement("div");
            Object.assign(second.dataset, {board: "heaps", game: "nim", key: "nim", view: first.dataset.view, form: first.dataset.form});
            second.id = "second-nim";
            first.after(second);
            const module = await import(new URL("../javascripts/boards/heaps.js", document.baseURI).href);
            module.mountHeaps(second, {engine: window.nimJeux.engine, signal: new AbortController().signal});
        }"""
    )
    second = page.locator("#second-nim")
    expect(second).to_have_attribute("data-position", "[1,3,5,7]")
    wait_for_address(page, "nim=2-2")
    new_game(second, "7 1", mode="deux")
    wait_for_address(page, "nim=2-2", "nim-2=7-1")


#: Each heap's matches as drawn: [[the data-take of each match of a line] for each line].
DRAWN_LINES = """board => [...board.querySelectorAll(".heaps-row")].map(row => {
  const lines = new Map();
  for (const match of row.querySelectorAll(".heaps-match")) {
    const box = match.getBoundingClientRect();
    const top = Math.round(box.top / 10);
    lines.set(top, [...(lines.get(top) ?? []), [Number(match.dataset.take), Math.round(box.left), Math.round(box.right)]]);
  }
  return [...lines.values()];
})"""


def test_a_phone_shows_heaps_by_fives_and_the_arrows_follow_the_lines(site_page, site_url):
    """At 390 px a heap of up to 40 matches wraps between groups of five only, its lines in
    columns, within the screen; Up and Down go to the line drawn above or below (in the heap,
    then the next), Left and Right along the heap; a touch on a wrapped match takes its share."""
    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    board = open_heaps(page, site_url + "nim/", "nim", "?nim=12-3-40", [12, 3, 40])
    width = page.evaluate("document.documentElement.clientWidth")
    heaps = board.evaluate(DRAWN_LINES)
    for lines, size in zip(heaps, (12, 3, 40), strict=True):
        takes = [take for line in lines for take, _, _ in line]
        assert takes == list(range(size, 0, -1))  # in reading order
        assert [len(line) for line in lines] == [5] * (size // 5) + ([size % 5] if size % 5 else [])
        for line in lines:  # in columns, on the screen
            assert [left for _, left, _ in line] == [left for _, left, _ in lines[0][: len(line)]]
            assert line[-1][2] <= width
    board.locator('.heaps-match[tabindex="0"]').focus()

    def cursor():
        return page.evaluate(
            "() => [Number(document.activeElement.dataset.heap), Number(document.activeElement.dataset.take)]"
        )

    # Heap 1: 12 11 10 9 8 / 7 6 5 4 3 / 2 1. Heap 2: 3 2 1.
    assert cursor() == [0, 1]  # the last match of the first heap
    for key, expected in [
        ("ArrowUp", [0, 6]),
        ("ArrowUp", [0, 11]),
        ("ArrowUp", [0, 11]),  # the first line: nothing above
        ("ArrowDown", [0, 6]),
        ("ArrowDown", [0, 1]),
        ("ArrowDown", [1, 2]),  # the next heap's first line
        ("ArrowUp", [0, 1]),
        ("ArrowLeft", [0, 2]),
        ("ArrowLeft", [0, 3]),  # the end of the line above
        ("ArrowRight", [0, 2]),  # the start of the last line
        ("ArrowRight", [0, 1]),
        ("Home", [0, 12]),
        ("End", [0, 1]),
    ]:
        page.keyboard.press(key)
        assert cursor() == expected, key
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_contain_text("retirer 1 allumette du tas 1 (12 → 11)")
    match(board, 2, 33).click()  # the third match of the second line of heap 3
    expect(board.locator(".game-play")).to_contain_text("retirer 33 allumettes du tas 3 (40 → 7)")
    expect(board.locator('.heaps-row[data-heap="2"] [aria-pressed="true"]')).to_have_count(33)
