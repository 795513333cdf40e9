"""Teachers' worksheets: ``<!-- nimcore:worksheet family=nim level=easy seed=1 -->``.

The element carries nimcore's worksheet for the family, level and seed given
(``data-sheet``) and the families a reader may choose with their levels
(``data-families``): the sheet is shown, and printed, before the engine is
ready; the page's board (``fiche.js``) asks the engine for a new one.
"""

from __future__ import annotations

from nimcore import NimcoreError, worksheet
from site_hooks.tables import MacroError, escape, macro
from site_hooks.tables.boards import BOARD_PLACEHOLDERS, attribute_json

__all__ = ["worksheet_element"]


@macro("worksheet")
def worksheet_element(family: str = "nim", level: str = "easy", seed: str = "1") -> str:
    """The worksheet board of a page, with nimcore's sheet for *family*, *level* and *seed*."""
    try:
        sheet = worksheet.worksheet(family, level, int(seed))
    except (NimcoreError, ValueError) as error:
        raise MacroError(f"family={family} level={level} seed={seed}: {error}") from None
    kind = BOARD_PLACEHOLDERS["worksheet"]
    return (
        f'<div data-board="{kind}" data-key="{kind}"'
        f" data-families='{attribute_json(worksheet.families())}'"
        f" data-sheet='{attribute_json(sheet)}'>\n"
        f"<noscript>{escape('Cette fiche a besoin de JavaScript.')}</noscript>\n</div>"
    )
