"""The board of the game of sprouts: what is its own (test_boards.py checks the contract of
every board). A game by touch at a phone's width, a curve drawn with the pointer, the
keyboard, and the address that reopens the same drawing."""

import re

import pytest
from boardtest import ENGINE_TIMEOUT, open_board, position, small_targets, wait_for_my_turn
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "pousses/"
#: A phone's width.
PHONE = {"width": 390, "height": 844}


def spot(board, number):
    """The button over spot *number* (from 1, as nimcore's words count them)."""
    return board.locator(f'.sprouts-spot[data-spot="{number - 1}"]')


def curves(board):
    """The points of every curve drawn, in order (what a reload must draw again)."""
    return board.locator(".sprouts-curves polyline").evaluate_all(
        "lines => lines.map((line) => line.getAttribute('points'))"
    )


def test_a_game_by_touch_at_a_phone_s_width_and_its_address(file_page, site_url):
    """At 390 px every spot is a 44 px target; touching two spots chooses nimcore's move
    (its curve drawn dashed), touching again plays it; the computer answers with a curve of
    its own; the address then reopens the same drawing, curve for curve."""
    page = file_page
    page.set_viewport_size(PHONE)
    board = open_board(page, site_url + PAGE + "?pousses=2", "sprouts", ".sprouts-spot", shows="2")
    wait_for_my_turn(board)
    assert small_targets(board.locator(".sprouts-drawing")) == []
    spot(board, 1).click()
    expect(spot(board, 1)).to_have_attribute("aria-pressed", "true")
    # Chosen by touch: the caption speaks of touching, not of keys.
    expect(board.locator(".sprouts-legend").first).to_contain_text("touchez le point")
    expect(board.locator(".sprouts-legend").first).not_to_contain_text("Échap")
    expect(board.locator(".sprouts-moves [data-gesture]")).to_have_count(2)  # a loop, or to 2
    spot(board, 2).click()
    expect(board.locator(".game-play")).to_have_text("Jouer\u00a0: relier le point 1 au point 2")
    expect(board.locator(".sprouts-move.is-selected polyline")).to_have_count(1)
    spot(board, 2).click()
    expect(board).not_to_have_attribute("data-position", '"2"', timeout=ENGINE_TIMEOUT)
    wait_for_my_turn(board)
    expect(board.locator(".sprouts-curves polyline")).to_have_count(2, timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-turn")).to_contain_text("L’ordinateur a joué")
    assert position(board).startswith("2,0-1,")
    drawn, code = curves(board), position(board)
    page.wait_for_function(
        "(code) => new URL(location.href).searchParams.get('pousses') === code", arg=code
    )
    page.goto(page.url)
    reopened = page.locator('[data-board="sprouts"]')
    expect(reopened).to_have_attribute("data-position", f'"{code}"', timeout=ENGINE_TIMEOUT)
    expect(reopened.locator(".sprouts-curves polyline")).to_have_count(2)
    assert curves(reopened) == drawn


def test_a_curve_drawn_with_the_pointer_plays_its_move(file_page, site_url):
    """Pressed on spot 1 and released on spot 2: the only move joining them is played at once."""
    page = file_page
    board = open_board(page, site_url + PAGE + "?pousses=2", "sprouts", ".sprouts-spot", shows="2")
    wait_for_my_turn(board)
    board.locator(".sprouts-drawing").scroll_into_view_if_needed()
    one, two = spot(board, 1).bounding_box(), spot(board, 2).bounding_box()
    assert one is not None and two is not None
    # Released far from every spot: said, and nothing played.
    page.mouse.move(one["x"] + one["width"] / 2, one["y"] + one["height"] / 2)
    page.mouse.down()
    page.mouse.move(one["x"] + one["width"] / 2, one["y"] - 3 * one["height"], steps=8)
    page.mouse.up()
    expect(board.locator(".board-message")).to_contain_text("La courbe doit finir sur un point")
    expect(board).to_have_attribute("data-position", '"2"')
    page.mouse.move(one["x"] + one["width"] / 2, one["y"] + one["height"] / 2)
    page.mouse.down()
    page.mouse.move(two["x"] + two["width"] / 2, two["y"] + two["height"] / 2, steps=8)
    page.mouse.up()
    expect(board).to_have_attribute("data-position", re.compile(r'^"2,0-1'), timeout=ENGINE_TIMEOUT)
    wait_for_my_turn(board)
    expect(board.locator(".sprouts-curves polyline")).to_have_count(2)


def test_the_spots_are_one_tab_stop_played_with_the_keyboard(file_page, site_url):
    """Tab reaches the spots once; the arrows go from spot to spot; Enter chooses a spot,
    Enter on a second one lists the moves joining them (several here), whose list is the
    next stop; Enter chooses one, Enter again plays it; Escape forgets the spot chosen."""
    page = file_page
    board = open_board(page, site_url + PAGE + "?pousses=3,0-1", "sprouts", ".sprouts-spot")
    expect(board).to_have_attribute("data-position", '"3,0-1"', timeout=ENGINE_TIMEOUT)
    wait_for_my_turn(board)
    expect(board.locator('.sprouts-spot[tabindex="0"]')).to_have_count(1)
    board.locator(".game-rule").click()
    for _ in range(6):
        page.keyboard.press("Tab")
        if board.locator(".sprouts-spots").evaluate(
            "area => area.contains(document.activeElement)"
        ):
            break
    focused = "document.activeElement.dataset.spot"
    assert page.evaluate(focused) == "0"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "1"
    page.keyboard.press("Enter")
    expect(spot(board, 2)).to_have_attribute("aria-pressed", "true")
    # Chosen from the keyboard: the caption tells the keys.
    expect(board.locator(".sprouts-legend").first).to_contain_text("Échap change de point")
    page.keyboard.press("Escape")
    expect(spot(board, 2)).to_have_attribute("aria-pressed", "false")
    expect(board.locator(".sprouts-moves")).to_have_count(0)
    # Still the keys' words, not the finger's.
    expect(board.locator(".sprouts-legend").first).to_contain_text("Avec les flèches")
    # Spot 1 to spot 4 (the spot the first curve put down): several curves, by region splits.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "3"
    page.keyboard.press("Enter")
    listed = board.locator(".sprouts-moves [data-gesture]")
    expect(listed).to_have_count(2)
    on_a_move = "document.activeElement.classList.contains('sprouts-move-button')"
    assert page.evaluate(on_a_move)
    # Escape in the list closes it; the keyboard stays on the spots, where the arrows work.
    page.keyboard.press("Escape")
    expect(board.locator(".sprouts-moves")).to_have_count(0)
    assert page.evaluate(focused) == "3"
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == "0"
    page.keyboard.press("Enter")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(listed).to_have_count(2)
    assert page.evaluate(on_a_move)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_contain_text("Jouer\u00a0: relier le point 1 au point 4")
    page.keyboard.press("Enter")
    expect(board).not_to_have_attribute("data-position", '"3,0-1"', timeout=ENGINE_TIMEOUT)
    assert position(board).startswith("3,0-1,0-3")
    # The list went with the move played: the keyboard is back on the spots, not lost on the
    # page, and the arrows go on from spot to spot once the computer has answered.
    assert page.evaluate("document.activeElement.classList.contains('sprouts-spot')")
    wait_for_my_turn(board)
    page.keyboard.press("Home")
    first = page.evaluate(focused)
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) not in (first, None)


def test_a_refusal_goes_once_the_reader_chooses_again(file_page, site_url):
    """Touching a spot with no life left shows nimcore's refusal; touching a living spot then
    chooses it, and the refusal, which no longer applies, is gone."""
    page = file_page
    board = open_board(page, site_url + PAGE + "?pousses=2,0-0,0-1", "sprouts", ".sprouts-spot")
    expect(board).to_have_attribute("data-position", '"2,0-0,0-1"', timeout=ENGINE_TIMEOUT)
    wait_for_my_turn(board)
    message = board.locator(".board-message")
    spot(board, 1).click(force=True)  # aria-disabled, yet reached: nimcore says why
    expect(message).to_have_attribute("data-kind", "error", timeout=ENGINE_TIMEOUT)
    expect(message).not_to_be_empty()
    spot(board, 2).click()
    expect(spot(board, 2)).to_have_attribute("aria-pressed", "true")
    expect(message).to_be_empty()
    expect(message).not_to_have_attribute("data-kind", "error")


@pytest.mark.parametrize(
    ("query", "winner", "said"),
    [
        ("?pousses=1,0-0,0-1&commence=ordinateur", "humain", "Vous avez gagné"),
        ("?pousses=1,0-0,0-1", "ordinateur", "L’ordinateur a gagné"),
        ("?pousses=1,0-0,0-1_misere&commence=ordinateur", "ordinateur", "L’ordinateur a gagné"),
    ],
)
def test_an_address_reopens_a_game_that_ended(file_page, site_url, query, winner, said):
    """A finished drawing in the address (a reload after the last move) is the game as it
    ended, misère included: the side to move (commence=) cannot, so the other played last,
    and nimcore's end-of-game message says who won; the address is kept as it was."""
    page = file_page
    board = open_board(page, site_url + PAGE + query, "sprouts", ".sprouts-spot")
    expect(board).to_have_attribute("data-turn", "fin", timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute("data-winner", winner)
    expect(board.locator(".board-message")).to_contain_text(said)
    expect(board.locator(".sprouts-curves polyline")).to_have_count(2)
    expect(board.locator(".sprouts-legend")).to_have_count(0)
    # The form holds the page's start, not the finished drawing: a new game starts from it.
    expect(board.locator('form.game-setup [name="spots"]')).to_have_value("3")
    expect(board.locator('form.game-setup [name="premier"]')).to_have_value("vous")
    end = "perd" if "_misere" in query else "gagne"
    expect(board.locator(".game-rule")).to_contain_text(f"qui joue le dernier coup {end}")
    # The address is written (when it changes) in a task queued after the next frame.
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    kept = page.evaluate("() => decodeURIComponent(location.search)")
    assert kept == query


def test_a_refused_setup_marks_and_focuses_its_field(file_page, site_url):
    """At a phone's width, « Nouvelle partie » with 9 spots: nimcore's refusal names the field,
    which alone is marked invalid (not the convention) and takes the focus, so it comes into
    view; the drawing is unchanged."""
    page = file_page
    page.set_viewport_size(PHONE)
    board = open_board(page, site_url + PAGE + "?pousses=2", "sprouts", ".sprouts-spot", shows="2")
    wait_for_my_turn(board)
    spots = board.locator('form.game-setup [name="spots"]')
    spots.fill("9")
    board.get_by_role("button", name="Nouvelle partie").click()
    message = board.locator(".board-message")
    expect(message).to_contain_text("« 9 » est hors limites", timeout=ENGINE_TIMEOUT)
    expect(spots).to_have_attribute("aria-invalid", "true")
    expect(spots).to_be_focused()
    expect(spots).to_be_in_viewport()
    expect(board.locator('form.game-setup [name="convention"]')).not_to_have_attribute(
        "aria-invalid", "true"
    )
    assert position(board) == "2"
    # Corrected, the field is no longer marked, and the refusal goes.
    spots.fill("2")
    expect(spots).not_to_have_attribute("aria-invalid", "true")
    expect(message).to_be_empty()


def test_jouer_pressed_from_the_keyboard_leaves_the_keyboard_on_the_board(file_page, site_url):
    """Spot 1, then spot 2 (one curve: chosen, its caption says so); « Jouer » with Enter plays
    it, and the focus goes back to the spots, where the arrows work after the reply."""
    page = file_page
    board = open_board(page, site_url + PAGE + "?pousses=2", "sprouts", ".sprouts-spot", shows="2")
    wait_for_my_turn(board)
    spot(board, 1).click()
    spot(board, 2).click()
    expect(board.locator(".sprouts-legend").first).to_contain_text("Courbe choisie")
    play = board.locator(".game-play")
    expect(play).to_be_enabled()
    play.focus()
    page.keyboard.press("Enter")
    expect(board).not_to_have_attribute("data-position", '"2"', timeout=ENGINE_TIMEOUT)
    assert page.evaluate("document.activeElement.classList.contains('sprouts-spot')")
    wait_for_my_turn(board)
    page.keyboard.press("Home")
    first = page.evaluate("document.activeElement.dataset.spot")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.spot") not in (first, None)


#: A drawing whose grid put spots 2, 9 and 10 4 units of 100 apart, and a curve through the
#: number 1 (a critic's game at 390 px, reopened by its address; the game is over).
CROWDED = "3,2-2k1,0-0,3-4,0-2,5-6s1,1-1,1-8"
#: A touch phone's screen (Playwright's devices["Pixel 5"] has 393 px).
TOUCH_PHONE = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

#: The boxes (CSS px) of the spots' dots and numbers, and the pairs that overlap; the numbers
#: a curve passes through (its segments clipped by the box, shrunk by a pixel for the halo).
LAYOUT = """
(board) => {
  const box = (element) => {
    const r = element.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const dots = [...board.querySelectorAll(".sprouts-dot circle")].map(box);
  const numbers = [...board.querySelectorAll(".sprouts-number")].map(box);
  const named = [
    ...dots.map((b, i) => [`dot ${i + 1}`, b]),
    ...numbers.map((b, i) => [`number ${i + 1}`, b]),
  ];
  const overlaps = [];
  named.forEach(([one, a], i) => named.slice(i + 1).forEach(([two, b]) => {
    const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
    const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
    if (w > 0.5 && h > 0.5) overlaps.push(`${one} / ${two}`);
  }));
  const svg = board.querySelector(".sprouts-svg");
  const matrix = svg.getScreenCTM();
  const crossed = [];
  for (const line of board.querySelectorAll(".sprouts-curves polyline")) {
    const points = [...line.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(matrix));
    numbers.forEach(([left, top, right, bottom], i) => {
      const [l, t, r, b] = [left + 1, top + 1, right - 1, bottom - 1];
      for (let k = 1; k < points.length; k += 1) {
        const p = points[k - 1], q = points[k];
        let low = 0, high = 1;
        const dx = q.x - p.x, dy = q.y - p.y;
        let inside = true;
        for (const [step, room] of [[-dx, p.x - l], [dx, r - p.x], [-dy, p.y - t], [dy, b - p.y]]) {
          if (step === 0) { if (room < 0) inside = false; }
          else if (step < 0) low = Math.max(low, room / step);
          else high = Math.min(high, room / step);
        }
        if (inside && high > low) { crossed.push(`number ${i + 1}`); break; }
      }
    });
  }
  return {overlaps, crossed, centres: dots.map(([l, t, r, b]) => [(l + r) / 2, (t + b) / 2])};
}
"""


@pytest.mark.browser_context_args(**TOUCH_PHONE)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_crowded_spots_and_numbers_stay_apart_and_a_touch_picks_the_nearest(
    site_page, site_url, scheme
):
    """At 390 px, in both palettes: no two spots' dots or numbers overlap and no curve passes
    through a number (nimcore pulls near spots apart, the board puts each number where it
    meets nothing); every spot stays a 44 px target. The buttons of near spots overlap, so a
    touch picks the nearest spot: on the same drawing a move earlier (the reader to play),
    touching each spot picks it, named in nimcore's refusal or chosen."""
    page = site_page
    page.emulate_media(color_scheme=scheme)
    board = open_board(
        page,
        site_url + PAGE + f"?pousses={CROWDED}&commence=ordinateur",
        "sprouts",
        ".sprouts-spot",
    )
    expect(board).to_have_attribute("data-turn", "fin", timeout=ENGINE_TIMEOUT)
    expect(page.locator("body")).to_have_attribute(
        "data-md-color-scheme", "slate" if scheme == "dark" else "default"
    )
    board.locator(".sprouts-drawing").scroll_into_view_if_needed()
    drawn = board.evaluate(LAYOUT)
    assert drawn["overlaps"] == [] and drawn["crossed"] == []
    assert len(drawn["centres"]) == 10
    assert small_targets(board.locator(".sprouts-drawing")) == []

    earlier = CROWDED.rsplit(",", 1)[0]
    board = open_board(page, site_url + PAGE + f"?pousses={earlier}", "sprouts", ".sprouts-spot")
    expect(board).to_have_attribute("data-position", f'"{earlier}"', timeout=ENGINE_TIMEOUT)
    wait_for_my_turn(board)
    # nimcore's moves are known (a touch before is forgotten when they come): dead spots marked.
    expect(board.locator('.sprouts-spot[aria-disabled="true"]')).to_have_count(7)
    board.locator(".sprouts-drawing").scroll_into_view_if_needed()
    drawn = board.evaluate(LAYOUT)
    assert drawn["overlaps"] == [] and drawn["crossed"] == []
    message = board.locator(".board-message")
    for number, (x, y) in enumerate(drawn["centres"], start=1):
        if number == 9:
            break  # spot 9 would join spot 2, chosen below
        page.touchscreen.tap(x, y)
        if number == 2:  # a living spot: chosen
            expect(spot(board, 2)).to_have_attribute("aria-pressed", "true")
        else:  # a spot with no curve left: nimcore's refusal names it
            expect(message).to_contain_text(re.compile(rf"Le point {number} n(’|')a plus"))
    # Spot 9, 8 units of 100 from spot 2: the curve joining them is chosen.
    page.touchscreen.tap(*drawn["centres"][8])
    expect(board.locator(".game-play")).to_contain_text("relier le point 2 au point 9")
