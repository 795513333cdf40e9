"""The lands a Sprouts game shows: every land of every position reached, and no other."""

from nimcore.sprouts import position as sp


def lands_by_positions(start):
    """Every land of every position reached from *start*, walking whole positions."""
    seen = {start}
    waiting = [start]
    lands = set(start)
    while waiting:
        for child in sp.moves(waiting.pop()):
            lands.update(child)
            if child not in seen:
                seen.add(child)
                waiting.append(child)
    return lands


def test_reachable_lands_are_the_lands_of_the_reachable_positions():
    for spots in (1, 2, 3):
        found = sp.reachable_lands(sp.start(spots))
        assert len(found) == len(set(found))
        assert set(found) == lands_by_positions(sp.start(spots))


def test_reachable_lands_come_fewest_lives_first():
    found = sp.reachable_lands(sp.start(2))
    keys = [(sp.land_lives(land), land) for land in found]
    assert keys == sorted(keys)
    assert found[-1] == "0.0.}]"  # the start has the most lives
    assert sp.reachable_lands(()) == []


def test_reachable_lands_of_a_sum_are_those_of_its_lands():
    position = sp.parse("0.}]1a1a.}]!")
    assert set(sp.reachable_lands(position)) == set(sp.reachable_lands(("0.}]",))) | set(
        sp.reachable_lands(("1a1a.}]",))
    )
