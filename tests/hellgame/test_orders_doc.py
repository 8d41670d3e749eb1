"""docs/orders-hellgame.md documents every order, and its examples parse."""

from pathlib import Path

from pbem_games.hellgame.orders import ORDER_TYPES

DOC = (Path(__file__).parents[2] / "docs" / "orders-hellgame.md").read_text()


def test_every_order_type_is_documented_with_its_example():
    for key, otype in ORDER_TYPES.items():
        assert f"`{key}" in DOC, key
        assert f"`{otype.example}`" in DOC, otype.example


def test_the_doc_names_each_orders_rule():
    for key, otype in ORDER_TYPES.items():
        assert otype.rule in DOC, (key, otype.rule)


def test_every_action_kind_is_documented_with_its_example():
    from pbem_games.hellgame.action.kinds import KINDS

    for key, kind in KINDS.items():
        assert f"`{key}" in DOC, key
        if kind.run is not None:
            assert f"`{kind.example}`" in DOC, kind.example
            assert kind.rule in DOC, (key, kind.rule)
