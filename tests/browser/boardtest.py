"""Helpers shared by the tests of the boards built on game.js (not the Nim board).

Every such board carries the test hooks of game.js: data-turn ("humain",
"ordinateur", "fin"), data-position (JSON), data-winner, data-hint ("P", "N").
The helpers wait on those hooks, never on time.
"""

import json
import re
from collections.abc import Callable
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

ENGINE_TIMEOUT = 120_000  # a cold Pyodide boot on a slow machine
PAGE_TIMEOUT = 30_000  # a board is drawn without the engine; the margin is for a busy machine

#: The board's gesture elements whose move nimcore lists (enabled, not marked forbidden):
#: data-gesture (the gesture, as JSON), or data-to on the boards not yet on gestures.
GESTURES = (
    '.game-area [data-to]:not([aria-disabled="true"]):not([disabled]),'
    ' .game-area [data-gesture]:not([aria-disabled="true"]):not([disabled])'
)

#: Every control and gesture target of a board smaller than *min* CSS px (44: WCAG 2.5.5),
#: as {what, width, height}: buttons, fields, links, focusable cells. Hidden ones are left out.
SMALL_TARGETS = """(root, min) => {
  const found = [];
  const selector = 'button, select, input, textarea, a[href], summary, [tabindex], [role="gridcell"], [role="button"]';
  for (const element of root.querySelectorAll(selector)) {
    if (element.closest("[hidden], .board-sr-only")) continue;
    if (element.matches('[role="region"]')) continue;  // a scrolling frame, not a target
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.width < min - 0.5 || box.height < min - 0.5) {
      const name = element.getAttribute("aria-label") || element.textContent.trim().slice(0, 30) || element.getAttribute("name");
      found.push({what: `${element.tagName.toLowerCase()}.${element.className} « ${name} »`, width: Math.round(box.width), height: Math.round(box.height)});
    }
  }
  return found;
}"""

#: How many Tab stops a board has (focusable, shown, not tabindex=-1, not disabled).
TAB_STOPS = """(root) => [...root.querySelectorAll('button, select, input, textarea, a[href], summary, [tabindex]')]
  .filter((element) => !element.disabled && element.tabIndex >= 0 && !element.closest("[hidden], .board-sr-only")
    && element.getClientRects().length > 0).length"""

#: The sentence game.js shows, on a hint, for a losing position.
LOSING_VERDICT = "Position perdante\u00a0: aucun coup ne gagne contre un adversaire parfait."


def force_click(target: Locator) -> None:
    """Click *target* though it is marked aria-disabled (Playwright would wait for it), in the
    middle of the screen: a forced click skips the check that the element receives it, and an
    element left under the theme's sticky header by an earlier scroll gave the click to the
    header (seen on the Chomp board, once in three runs)."""
    target.evaluate("(element) => element.scrollIntoView({block: 'center', inline: 'center'})")
    target.click(force=True)


def small_targets(board: Locator, minimum: int = 44) -> list[dict]:
    """The board's controls and gesture targets smaller than *minimum* × *minimum* CSS px."""
    return board.evaluate(SMALL_TARGETS, minimum)


def tab_stops(board: Locator) -> int:
    """How many times Tab stops inside the board."""
    return board.evaluate(TAB_STOPS)


def open_board(
    page: Page, url: str, game: str, drawn: str, shows=None, *, key: str | None = None
) -> Locator:
    """Show *url* (visit) and return the board of *game* once its element *drawn* is visible.

    With *key*, the board of that data-key (a page with two boards of one kind).
    With *shows*, wait until the board shows that position (read from the address).
    """
    visit(page, url)
    board = page.locator(f'[data-key="{key}"]' if key else f'[data-board="{game}"]')
    expect(board.locator(drawn).first).to_be_visible(timeout=PAGE_TIMEOUT)
    if shows is not None:
        expect(board).to_have_attribute(
            "data-position", json.dumps(shows, separators=(",", ":")), timeout=ENGINE_TIMEOUT
        )
    return board


def hold_pyodide(context: BrowserContext) -> tuple[list[Route], Callable[[], None]]:
    """Hold Pyodide's WebAssembly: the engine stays loading until `release` is called.

    Returns the held requests (see wait_for_held) and `release`.
    """
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    context.route("**/pyodide.asm.wasm*", hold)

    def release() -> None:
        context.unroute("**/pyodide.asm.wasm*", hold)
        for route in held:
            route.fallback()

    return held, release


def wait_for_held(
    page: Page,
    held: list,
    timeout: int = ENGINE_TIMEOUT,
    message: str = "the wasm request should be waiting",
) -> None:
    """Wait until the request a test holds (Pyodide's wasm, routed into *held*) has come.

    The worker asks for it once it has started and looked for the snapshot: on a
    busy machine, later than any fixed wait; never later than *timeout* (ms). Any
    other held request too (*message* says which, if it never comes).
    """
    for _ in range(timeout // 100):
        if held:
            return
        page.wait_for_timeout(100)
    assert held, message


def keyboard_path(page: Page, probe: str, steps: list[tuple[str, object]]) -> None:
    """Press the key of each step in turn; after each, *probe* (a script reading the focused
    element) must read the step's expected value: a keyboard path written as a table."""
    for key, expected in steps:
        page.keyboard.press(key)
        assert page.evaluate(probe) == expected, key


def wait_for_address(page: Page, *parts: str, query: str | None = None) -> None:
    """Wait until the page's address holds *parts* (or its query is *query*, without « ? »).

    A board writes its position into the address just after the frame that shows
    it is painted (game.js: replaceState costs milliseconds the answer would wait).
    """
    page.wait_for_function(
        """([parts, query]) => parts.every((part) => window.location.href.includes(part))
            && (query === null || window.location.search === "?" + query)""",
        arg=[list(parts), query],
        timeout=PAGE_TIMEOUT,
    )


def draw_random(board: Locator) -> None:
    """« Position au hasard »: nimcore picks among the board's draws; wait until the field holds its pick."""
    button = board.locator(".game-random")
    button.click()
    expect(button).to_be_enabled(timeout=ENGINE_TIMEOUT)


def position(board: Locator):
    """The position the board shows (its data-position, decoded)."""
    return json.loads(board.get_attribute("data-position"))


def fill_setup(board: Locator, fields: dict[str, str]) -> None:
    """Fill the game's own setup *fields* (by name: input or select)."""
    for name, value in fields.items():
        control = board.locator(f'form.game-setup [name="{name}"]')
        if control.evaluate("element => element.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)


def start(
    board: Locator,
    fields: dict[str, str],
    expected,
    *,
    mode: str = "ordinateur",
    level: str = "perfect",
    first: str = "vous",
) -> None:
    """Fill the game's own *fields* (by name: input or select), the common ones, and start.

    *expected* is the position the board must then show (None: not checked,
    for a game the computer starts).
    """
    fill_setup(board, fields)
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).not_to_have_attribute("data-setup", "en-attente", timeout=ENGINE_TIMEOUT)
    if expected is not None:
        expect(board).to_have_attribute(
            "data-position", json.dumps(expected, separators=(",", ":"))
        )


def wait_for_my_turn(board: Locator) -> None:
    expect(board).to_have_attribute("data-turn", re.compile("humain|fin"), timeout=ENGINE_TIMEOUT)


def ask_hint(board: Locator, outcome: str) -> Locator:
    """Ask for a hint, expect its verdict (*outcome* "P" or "N"), return the hint panel."""
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", outcome, timeout=ENGINE_TIMEOUT)
    hint = board.locator(".game-hint")
    if outcome == "P":
        expect(hint.locator(".game-verdict")).to_have_text(LOSING_VERDICT)
    return hint


def expect_losing_hint(board: Locator, *why: str) -> None:
    """On a losing position, the hint says so and explains why every move loses (*why* fragments)."""
    hint = ask_hint(board, "P")
    for fragment in why:
        expect(hint).to_contain_text(fragment)
    expect(board.locator(".game-play")).to_have_text("Jouer")  # no move is recommended


def play_out(board: Locator, move: Callable[[Locator], None], rounds: int = 30) -> None:
    """Play *move* on each of the human's turns until the game is over."""
    for _ in range(rounds):
        if board.get_attribute("data-turn") == "fin":
            return
        move(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-turn", "fin")


def follow_hints(board: Locator, rounds: int = 30) -> None:
    """Ask for a hint on each turn and play the move it recommends, until the game is over."""

    def hinted(board: Locator) -> None:
        ask_hint(board, "N")
        board.locator(".game-play").click()

    play_out(board, hinted, rounds)


def expect_winner(board: Locator, winner: str) -> None:
    """The game is over and *winner* ("humain" or "ordinateur") won, said in French."""
    expect(board).to_have_attribute("data-winner", winner)
    text = "Vous avez gagné" if winner == "humain" else re.compile("L[’']ordinateur a gagné")
    expect(board.locator(".board-message")).to_contain_text(text)


def expect_refused(board: Locator, fragment: str, unchanged) -> None:
    """A French refusal containing *fragment*; the position is still *unchanged*, the human to play."""
    expect(board.locator(".board-message")).to_contain_text(fragment)
    expect(board.locator(".board-message")).to_have_attribute("data-kind", "error")
    assert position(board) == unchanged
    assert board.get_attribute("data-turn") == "humain"


def expect_setup_refused(board: Locator, fields: dict[str, str], fragment: str, unchanged) -> None:
    """The setup form filled with *fields* (by name) is refused in French with *fragment*;
    the board still shows *unchanged*."""
    fill_setup(board, fields)
    board.get_by_role("button", name="Nouvelle partie").click()
    message = board.locator(".board-message")
    expect(message).to_contain_text("Partie non lancée")
    expect(message).to_contain_text(fragment, timeout=ENGINE_TIMEOUT)
    assert position(board) == unchanged


def prepared_targets(
    board: Locator, clear_selector: str, target_of: Callable[[dict], str] | None = None
) -> list[str]:
    """Every move a reader can prepare, gesture after gesture (each prepared move, then
    every gesture from it), as compact JSON texts of their targets, sorted. *clear_selector*
    names the control that forgets a prepared move: each one is prepared again from scratch
    to go on. Nothing is played. A gesture element names its gesture (data-gesture, whose
    target *target_of* asks nimcore for) or its target (data-to)."""
    clear = board.locator(clear_selector)
    start = board.get_attribute("data-position")
    paths: dict[str | None, list[str]] = {None: []}
    queue: list[str | None] = [None]
    while queue:
        state = queue.pop(0)
        if clear.is_enabled():
            clear.click()
        for key in paths[state]:
            board.locator(GESTURES).evaluate_all(
                """(elements, key) => elements
                    .find((e) => JSON.stringify(JSON.parse(e.dataset.gesture ?? e.dataset.to)) === key)
                    .click()""",
                key,
            )
        if state is not None:
            expect(board.locator(".game-play")).to_be_enabled()
        assert board.get_attribute("data-position") == start  # nothing was played
        offered = board.locator(GESTURES).evaluate_all(
            "elements => elements.map((e) => e.dataset.gesture ?? e.dataset.to)"
        )
        for key in {
            json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)
            for text in offered
        }:
            if key not in paths:
                paths[key] = [*paths[state], key]
                queue.append(key)
    if clear.is_enabled():
        clear.click()
    keys = [key for key in paths if key is not None]
    if target_of is None:
        return sorted(keys)
    return sorted({target_of(json.loads(key)) for key in keys})


#: Swap the boards *selector* names for fresh ones, as the build wrote them (the page's
#: HTML, fetched first), with *address* as the page's address (a URL, or [key, code]: the
#: address with *code* under the URL parameter *key*), and set them up (site.js): in one
#: task, so that no board left behind writes the address in between (a board's pending
#: address write is dropped once setUpBoards has let it go).
SWAP_BOARDS = """async ([address, selector]) => {
  const response = await fetch(location.pathname, {cache: "no-store"});
  const built = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = [...built.querySelectorAll("[data-board]")];
  const old = [...document.querySelectorAll("[data-board]")];
  if (fresh.length !== old.length) throw new Error("the page's boards are not the built ones");
  const url = new URL(typeof address === "string" ? address : location.href);
  if (typeof address !== "string") {
    // The board's code alone, as a link to it: no game settings left by an earlier game.
    for (const setting of ["niveau", "commence", "adversaire"]) url.searchParams.delete(setting);
    url.searchParams.set(address[0], address[1]);
  }
  history.replaceState(history.state, "", url);
  old.forEach((board, index) => {
    if (board.matches(selector)) board.replaceWith(document.importNode(fresh[index], true));
  });
  window.nimJeux.setUpBoards();
}"""


def remount(page: Page, key: str, code: str) -> Locator:
    """Put *code* in the page's address under *key* (without the game settings an earlier
    game may have written there: level, who starts, two players) and set up a fresh board there.

    The board reads its address as on a page load (site.js's setUpBoards, which
    the page runs on each `document$`), but the page's engine, already started, answers: a
    few milliseconds instead of a page load and an engine start. Every board's
    plain page load from an address is test_boards.py's.
    """
    page.evaluate(SWAP_BOARDS, [[key, code], f'[data-key="{key}"]'])
    return page.locator(f'[data-key="{key}"]')


def visit(page: Page, url: str) -> None:
    """Show *url*: a page load, unless the page shows *url*'s page already (another address
    of it). Its boards are then swapped for fresh ones, which read the new address as on a
    page load, and the page's engine, started already, answers them (see remount); the
    focus and the scroll go back to the top, as on a load."""
    if urlsplit(page.url).path == urlsplit(url).path and page.evaluate(
        "() => window.nimJeux !== undefined"
    ):
        page.evaluate(SWAP_BOARDS, [url, "[data-board]"])
        page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    else:
        page.goto(url)
