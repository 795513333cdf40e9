"""The board of octal games: what is its own (test_boards.py checks the contract of every board)."""

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    ask_hint,
    expect_refused,
    expect_setup_refused,
    open_board,
    position,
    start,
    wait_for_my_turn,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "jeux-mysterieux/"


def prepare(board, heap: int, take: str, leave: str, first: str | None = None) -> None:
    """Choose heap *heap* (from 0), type the tokens taken and what is left, « Choisir ce coup »."""
    board.locator(".octal-heap").nth(heap).click()
    board.locator("select[name=laisser]").select_option(leave)
    if leave != "0":
        board.locator("input[name=retirer]").fill(take)
    if first is not None:
        board.locator("input[name=premier]").fill(first)
    board.get_by_role("button", name="Choisir ce coup").click()


def test_the_page_starts_small_and_the_record_heap_is_its_example(file_page, site_url):
    """The chapter's board starts from three small heaps, their moves listed heap by heap; the
    record-scale heap of 0.156 is the setup form's example, one button away."""
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    assert position(board) == [13, 8, 5]
    expect(board.locator(".octal-count")).to_have_text(["13", "8", "5"])
    expect(board.locator(".octal-pick")).to_have_count(0)  # no heap chosen yet
    board.locator(".octal-heap").nth(2).click()
    expect(board.locator(".octal-heap").nth(2)).to_have_attribute("aria-pressed", "true")
    picks = board.locator(".octal-pick")
    expect(picks.first).to_contain_text("du tas 3")
    assert all("du tas 3" in text for text in picks.all_text_contents())
    board.get_by_role("button", name="Un tas de 9\u202f999\u202f999 jetons de 0.156").click()
    expect(board.locator("input[name=code]")).to_have_value("0.156")
    expect(board.locator("input[name=heaps]")).to_have_value("9999999")
    assert position(board) == [13, 8, 5]  # filled, not started


def test_the_page_board_plays_a_heap_of_millions(file_page, site_url):
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    board.get_by_role("button", name="Un tas de 9\u202f999\u202f999 jetons de 0.156").click()
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", "[9999999]", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".octal-count")).to_have_text("9\u202f999\u202f999")
    # A heap too large to list the moves: nimcore names the prepared move (take 2, leave 5 + rest).
    prepare(board, 0, "2", "2", "5")
    expect(board.locator(".game-play")).to_contain_text(
        "retirer 2 jetons du tas 1 et partager le reste en deux tas", timeout=ENGINE_TIMEOUT
    )
    board.locator(".game-play").click()
    # The computer answers at once (0.156's period is certified), then the hint.
    wait_for_my_turn(board)
    assert sum(position(board)) < 9999999 - 2
    hint = ask_hint(board, "N")
    expect(hint.locator("table.octal-nimbers")).to_be_visible()
    expect(board.locator(".game-play")).to_contain_text("Jouer\u00a0: retirer")


def test_a_computer_first_answer_and_hint_on_9999999(file_page, site_url):
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    start(board, {"code": "0.156", "heaps": "9999999"}, None, first="autre")
    wait_for_my_turn(board)
    assert len(position(board)) >= 1 and sum(position(board)) < 9999999
    ask_hint(board, "P")  # the perfect computer leaves a losing position


def test_a_heap_beyond_javascript_numbers_is_played_exactly(file_page, site_url):
    """10**30 + 7 tokens of 0.156 (certified): a number, not tokens, and exact to the last digit."""
    huge = 10**30 + 7
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    start(board, {"code": "0.156", "heaps": str(huge)}, [str(huge)])
    expect(board.locator(".octal-token")).to_have_count(0)
    expect(board.locator(".octal-count")).to_have_text(
        "1\u202f" + "\u202f".join(["000"] * 9) + "\u202f007"
    )
    width = board.evaluate("element => [element.scrollWidth, element.clientWidth]")
    assert width[0] <= width[1] + 1  # the number wraps within the board
    prepare(board, 0, "3", "1")
    expect(board.locator(".game-play")).to_contain_text(
        "retirer 3 jetons du tas 1", timeout=ENGINE_TIMEOUT
    )
    board.locator(".game-play").click()
    wait_for_my_turn(board)
    after = [int(heap) for heap in position(board)]
    assert sum(after) < huge - 3
    ask_hint(board, "P")  # the perfect computer left a losing position


def test_a_heap_of_a_thousand_digits_gets_a_hint_and_a_winning_reply(file_page, site_url):
    """0.137 on 10**1000 + 3 tokens (N): nimcore's answer lists a few winning moves, not the
    thousand it once sent (5.9 MB); the hint names the move, the computer plays to a P-position."""
    heap = str(10**1000 + 3)
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    start(board, {"code": "0.137", "heaps": heap}, [heap])
    hint = ask_hint(board, "N")
    expect(hint.locator(".game-verdict")).to_contain_text("Position gagnante pour vous")
    expect(hint.locator("table.octal-nimbers")).to_be_visible()
    expect(board.locator(".game-play")).to_contain_text("Jouer\u00a0: retirer")
    start(board, {"code": "0.137", "heaps": heap}, None, first="autre")
    wait_for_my_turn(board)
    assert sum(int(part) for part in position(board)) < int(heap)
    ask_hint(board, "P")  # the perfect computer leaves a losing position


def test_an_illegal_move_is_refused_in_french(file_page, site_url):
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    start(board, {"code": "0.156", "heaps": "9999999 12"}, [9999999, 12], mode="deux")
    # 0.156: taking 1 token never leaves two heaps (d1 = 1).
    prepare(board, 1, "1", "2", "4")
    expect_refused(board, "ne permet pas de retirer", [9999999, 12])
    # A take larger than the heap, or not a number: nimcore reads the fields as typed.
    prepare(board, 1, "13", "1")
    expect_refused(board, "Jetons retirés\u00a0: le tas 2 n'a que 12 jetons", [9999999, 12])
    prepare(board, 1, "3", "2", "dix")
    expect_refused(board, "Premier tas\u00a0: «\u00a0dix\u00a0»", [9999999, 12])


def test_listed_moves_can_be_picked_on_small_positions(file_page, site_url):
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    start(board, {"code": "0.137", "heaps": "5"}, [5], mode="deux")
    expect(board.locator(".octal-token")).to_have_count(5)
    first = board.locator(".octal-pick").first
    expect(first).to_contain_text("retirer")
    text = first.text_content()
    first.click()
    expect(board.locator(".game-play")).to_have_text(f"Jouer\u00a0: {text}")
    board.locator(".game-play").click()
    wait_for_my_turn(board)
    assert position(board) != [5]


def test_keyboard_only(file_page, site_url):
    """Tab to the heap, Enter; type the move in the fields; Enter chooses it, Enter again plays it."""
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    start(board, {"code": "0.156", "heaps": "9999999"}, [9999999], mode="deux")
    board.locator(".game-rule").click()
    for _ in range(10):
        file_page.keyboard.press("Tab")
        if board.locator(".octal-heap").evaluate("heap => heap === document.activeElement"):
            break
    file_page.keyboard.press("Enter")
    expect(board.locator("input[name=retirer]")).to_be_focused()
    file_page.keyboard.press("Control+a")
    file_page.keyboard.type("3")  # take 3, leave one heap (the default): 0.156's d3 allows it
    file_page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_contain_text(
        "(9\u202f999\u202f999 → 9\u202f999\u202f996)", timeout=ENGINE_TIMEOUT
    )
    file_page.keyboard.press("Enter")  # the same move again: played
    expect(board).to_have_attribute("data-position", "[9999996]", timeout=ENGINE_TIMEOUT)


def test_the_setup_refuses_bad_codes_and_heaps_nimcore_cannot_answer(file_page, site_url):
    board = open_board(file_page, site_url + PAGE, "octal", ".octal-heap")
    for code, heaps, fragment in [
        ("0.1x", "10", "seuls les chiffres de 0 à 7"),
        ("0.104", "9999999", "ne peut pas être analysé"),
    ]:
        expect_setup_refused(board, {"code": code, "heaps": heaps}, fragment, [13, 8, 5])


def test_a_long_first_computation_shows_progress(site_page, site_url):
    board = open_board(site_page, site_url + PAGE, "octal", ".octal-heap")
    board.locator("input[name=code]").fill("0.16")
    board.locator("input[name=heaps]").fill("999999")
    board.get_by_role("button", name="Nouvelle partie").click()
    progress = board.locator(".game-progress")
    expect(progress).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(progress).to_contain_text("Calcul en cours")
    expect(board).to_have_attribute("data-position", "[999999]", timeout=ENGINE_TIMEOUT)
    expect(progress).to_be_hidden()


def test_a_long_computation_can_be_stopped(site_page, site_url):
    board = open_board(site_page, site_url + PAGE, "octal", ".octal-heap")
    board.locator("input[name=code]").fill("0.16")
    board.locator("input[name=heaps]").fill("999999")
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board.locator(".game-progress")).to_be_visible(timeout=ENGINE_TIMEOUT)
    board.get_by_role("button", name="Arrêter le calcul").click()
    expect(board.locator(".board-message")).to_contain_text("Partie non lancée")
    expect(board.locator(".game-progress")).to_be_hidden()
    assert position(board) == [13, 8, 5]


def test_many_heaps_fit_a_phone_and_counts_never_wrap(file_page, site_url):
    """121 heaps (a game of 9 999 999 played long): a grid of numbers scrolling in its box, each
    count on one line; one Tab stop for them all, arrows inside."""
    page = file_page
    page.set_viewport_size({"width": 390, "height": 844})
    sizes = [82_644, 38, 9, 1_234_567, 120] * 24 + [7]
    code = "-".join(map(str, sizes)) + "_0.156"
    board = open_board(page, f"{site_url}{PAGE}?octal={code}", "octal", ".octal-heap", shows=sizes)
    heaps = board.locator(".octal-heaps")
    expect(heaps).to_have_class("octal-heaps is-many")
    lines = board.locator(".octal-count").evaluate_all(
        "counts => counts.map((count) => count.getClientRects().length)"
    )
    assert len(lines) == 121 and set(lines) == {1}
    assert heaps.evaluate("box => box.scrollHeight > box.clientHeight")  # it scrolls, in its box
    width = board.evaluate("element => [element.scrollWidth, element.clientWidth]")
    assert width[0] <= width[1] + 1
    expect(board.locator('.octal-heap[tabindex="0"]')).to_have_count(1)
    board.locator(".octal-heap").first.focus()
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.key") == "tas-120"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(board.locator(".octal-heap").nth(119)).to_have_attribute("aria-pressed", "true")
    expect(board.locator(".octal-move-heap")).to_have_text("Tas 120")
