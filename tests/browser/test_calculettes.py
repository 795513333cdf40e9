"""The calculators page (calculettes.js): nim-sum, base b and Zeckendorf, all from the engine."""

import re

import pytest
from boardtest import ENGINE_TIMEOUT, visit, wait_for_held
from playwright.sync_api import expect

from nimcore.nim import analyse
from nimcore.numeration import base_digits, zeckendorf, zeckendorf_digits

pytestmark = pytest.mark.browser

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Two 40-digit numbers: far beyond 2^53, where JavaScript numbers stop being exact.
BIG_A = 1234567890123456789012345678901234567890
BIG_B = 9876543210987654321098765432109876543211
LONGEST = int("9" * 300)  # nimcore.bridge.MAX_CALCULATOR_DIGITS


def open_page(page, site_url):
    visit(page, site_url + "calculettes/")
    board = page.locator('[data-board="calculettes"]')
    expect(board.locator(".calc-nim-sum input")).to_be_visible(timeout=30_000)
    return board


def answered(calc, value):
    expect(calc).to_have_attribute("data-result", value, timeout=ENGINE_TIMEOUT)


def test_the_nim_sum_matches_nimcore(file_page, site_url):
    board = open_page(file_page, site_url)
    calc = board.locator(".calc-nim-sum")
    answered(calc, "5")  # the default 11 9 7
    for values in (
        [1, 3, 5, 7],
        [13, 10, 3, 1],
        [12, 10, 6, 5],
        [1000000000000000, 3],
        [0],
        [BIG_A, BIG_B],
        [2**53 + 1, 2**53],
        [LONGEST, BIG_A, 1],
    ):
        calc.locator("input[name=nombres]").fill(" ".join(map(str, values)))
        calc.get_by_role("button", name="Calculer la somme de Nim").click()
        expected = analyse(values)
        answered(calc, str(expected.nim_sum))
        rows = calc.locator("tbody tr")
        expect(rows).to_have_count(len(values))
        for row, digits in enumerate(expected.rows):
            expect(rows.nth(row).locator("td")).to_have_text([str(digit) for digit in digits])
        expect(calc.locator("tfoot tr").first.locator("td")).to_have_text(
            [str(n) for n in expected.column_ones]
        )
        expect(calc.locator(".calc-answer")).to_contain_text(
            f"(en base 2\u00a0: {expected.nim_sum:b})"
        )


def test_two_forty_digit_numbers_are_nim_added_exactly(file_page, site_url):
    board = open_page(file_page, site_url)
    calc = board.locator(".calc-nim-sum")
    answered(calc, "5")
    calc.locator("input[name=nombres]").fill(f"{BIG_A} {BIG_B}")
    calc.locator("input[name=nombres]").press("Enter")
    total = BIG_A ^ BIG_B
    answered(calc, str(total))
    grouped = f"{total:,}".replace(",", "\u202f")  # French groups of three digits
    expect(calc.locator(".calc-value")).to_have_text(grouped)
    expect(calc.locator("tbody th")).to_have_text(
        [f"{BIG_A:,}".replace(",", "\u202f"), f"{BIG_B:,}".replace(",", "\u202f")]
    )


def test_the_base_writing_matches_nimcore(file_page, site_url):
    board = open_page(file_page, site_url)
    calc = board.locator(".calc-base")
    answered(calc, "102")  # 11 in base 3
    for value, base in (
        (69, 3),
        (255, 16),
        (0, 7),
        (35, 36),
        (999999999999999, 36),
        (11, 2),
        (BIG_B, 36),
        (2**64, 2),
        (LONGEST, 7),
    ):
        calc.locator("input[name=nombre-base]").fill(str(value))
        calc.locator("input[name=base]").fill(str(base))
        calc.get_by_role("button", name="Écrire en base b").click()
        answered(calc, "".join(DIGITS[digit] for digit in base_digits(value, base)))


def test_the_zeckendorf_writing_matches_nimcore(file_page, site_url):
    board = open_page(file_page, site_url)
    calc = board.locator(".calc-zeckendorf")
    answered(calc, "21+3")  # 24, the worked game of the Fibonacci chapter
    for value in (74, 100, 1, 0, 10**15, BIG_A, 10**299):
        calc.locator("input[name=nombre-zeckendorf]").fill(str(value))
        calc.get_by_role("button", name="Écrire en somme de Fibonacci").click()
        answered(calc, "+".join(map(str, zeckendorf(value))) or "0")
        expect(calc.locator(".calc-result")).to_contain_text(
            "".join(map(str, zeckendorf_digits(value))) if value else "Zéro"
        )


def expect_refused(calc, fragment):
    """nimcore's French refusal, in place of the last result: a new error clears the old result."""
    expect(calc.locator(".calc-message")).to_contain_text(fragment, timeout=ENGINE_TIMEOUT)
    expect(calc.locator(".calc-message")).to_have_attribute("data-kind", "error")
    expect(calc.locator(".calc-value")).to_have_count(0)
    expect(calc).not_to_have_attribute("data-result", re.compile(".*"))
    expect(calc.locator("input").first).to_have_attribute("aria-invalid", "true")


def test_french_refusals_clear_the_last_result(file_page, site_url):
    board = open_page(file_page, site_url)
    nim_sum, base, zeck = (
        board.locator(f".calc-{name}") for name in ("nim-sum", "base", "zeckendorf")
    )
    for text, fragment in [
        ("", "Indiquez au moins un nombre"),
        ("11 x 7", "«\u00a0x\u00a0» n'est pas un entier naturel"),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13", "de 1 à 12 nombres (13 ici)"),
        ("1" * 301, "Nombre trop long (301 chiffres)\u00a0: 300 chiffres au plus"),
        ("1 " + "0" * 5 + "1" * 301, "Nombre trop long"),
    ]:
        answered(nim_sum, "5")
        nim_sum.locator("input[name=nombres]").fill(text)
        nim_sum.get_by_role("button", name="Calculer la somme de Nim").click()
        expect_refused(nim_sum, fragment)
        nim_sum.locator("input[name=nombres]").fill("11 9 7")
        nim_sum.get_by_role("button", name="Calculer la somme de Nim").click()
    answered(nim_sum, "5")
    expect(nim_sum.locator("input[name=nombres]")).to_have_attribute("aria-invalid", "false")
    for value, b, fragment in [
        ("11", "1", "La base b est un entier de 2 à 36, pas «\u00a01\u00a0»"),
        ("11", "37", "de 2 à 36"),
        ("11", "", "Indiquez la base b"),
        ("-4", "3", "«\u00a0-4\u00a0» n'est pas un entier naturel"),
        ("1,5", "3", "«\u00a01,5\u00a0» n'est pas un entier naturel"),
        ("1" * 301, "3", "300 chiffres au plus"),
    ]:
        base.locator("input[name=nombre-base]").fill(value)
        base.locator("input[name=base]").fill(b)
        base.get_by_role("button", name="Écrire en base b").click()
        expect_refused(base, fragment)
    answered(zeck, "21+3")
    zeck.locator("input[name=nombre-zeckendorf]").fill("douze")
    zeck.get_by_role("button", name="Écrire en somme de Fibonacci").click()
    expect_refused(zeck, "«\u00a0douze\u00a0» n'est pas un entier naturel")
    # No form of the page shows the browser's own (English) validation.
    assert board.evaluate(
        "root => [...root.querySelectorAll('form')].every((form) => form.noValidate)"
    )


def test_the_keyboard_alone_computes(file_page, site_url):
    page = file_page
    board = open_page(page, site_url)
    calc = board.locator(".calc-zeckendorf")
    answered(calc, "21+3")
    field = calc.locator("input[name=nombre-zeckendorf]")
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("30")
    page.keyboard.press("Enter")
    answered(calc, "21+8+1")
    page.keyboard.press("Tab")  # to the calculator's button
    expect(calc.get_by_role("button", name="Écrire en somme de Fibonacci")).to_be_focused()
    base = board.locator(".calc-base")
    base.locator("input[name=base]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    answered(base, "1011")


def test_usable_before_the_engine_is_ready(site_page, site_url, context):
    held = []
    context.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    board = open_page(site_page, site_url)
    expect(board.locator(".board-status")).to_have_text("Moteur en cours de chargement…")
    calc = board.locator(".calc-nim-sum")
    calc.locator("input[name=nombres]").fill("1 3 5 7")
    calc.locator("input[name=nombres]").press("Enter")
    expect(calc.locator(".calc-result")).to_contain_text("dès que le moteur sera prêt")
    wait_for_held(site_page, held)
    expect(calc.locator(".calc-result")).to_contain_text("dès que le moteur sera prêt")
    for route in held:
        route.continue_()
    answered(calc, "0")
    expect(calc.locator(".calc-result")).to_contain_text("position perdante")
