"""What can change hands in a trade or be discarded: the item records the order parsers
build and the trading code executes, with their texts and the rules on when each may
move. Pure readers over the state (no changes here).

An item is a JSON-compatible dict:

    {"kind": "souls", "n": 2}                        Souls (in the home realm)
    {"kind": "card", "card": "horde.fiends", "n": 2} resource cards of one kind, from
                                                     hand (rituals, specials) or table
                                                     (hordes, artifacts)
    {"kind": "oath", "devil": "devil.belial", "n": 1}   Oaths of one Devil, from hand
    {"kind": "prisoner", "name": "carl"}             a prisoner handed to a new captor
    {"kind": "realm"}                                home realms swapped (both GIVE Realm)
    {"kind": "surrender"}                            the giver surrenders to the receiver

When each may move (LH-II.2-01): hand cards and Oaths whenever trading is allowed;
tabled hordes and artifacts (LH-I.3.1-01, LH-I.3.2-03), Souls (LH-I.4.1-01) and home
realms (LH-I.2-06) in the transfer phase only (the combat-transfer step is the combat
code's); prisoners whenever trading is allowed except in the combat phase, where only
armies move them (LH-I.1.1-09). Tabled rituals never move (LH-I.3.3-02).
"""

from __future__ import annotations

from pbem.lines import count

from .state import LohState, is_oath

HAND_KINDS = ("ritual", "special")
TABLE_KINDS = ("horde", "artifact")


def held(st: LohState, name: str, card: str, data) -> list[str]:
    """The player's instances of a card id that a trade or a discard can take: hand for
    rituals and specials, the table for hordes and artifacts (not tabled rituals, not
    hordes on Earth). Unprotected ones first (giving a protected one away ends its
    protection anyway, LH-II.2.1-03)."""
    p = st.players[name]
    kind = data.cards[card].kind
    where = p.hand if kind in HAND_KINDS else p.hordes if kind == "horde" \
        else p.artifacts
    mine = [c for c in where if not is_oath(c) and st.cards[c] == card]
    return [c for c in mine if c not in p.protected] + \
        [c for c in mine if c in p.protected]


def held_oaths(st: LohState, name: str, devil: str) -> list[str]:
    """The player's Oaths of one Devil, in id order."""
    slug = devil.split(".", 1)[1]
    return sorted(c for c in st.players[name].hand if c.startswith(f"oath.{slug}."))


def shortfall(st: LohState, name: str, items: list[dict], data) -> str | None:
    """What the player lacks to give or discard all of `items` now (None: nothing)."""
    p = st.players[name]
    need: dict[tuple, int] = {}
    for it in items:
        if it["kind"] in ("souls", "card", "oath"):
            key = (it["kind"], it.get("card") or it.get("devil") or "")
            need[key] = need.get(key, 0) + it["n"]
    for (kind, what), n in need.items():
        have = p.souls if kind == "souls" else len(held(st, name, what, data)) \
            if kind == "card" else len(held_oaths(st, name, what))
        if have < n:
            wanted = text({"kind": kind, "n": n, "card": what, "devil": what}, data)
            return f"{name} has {have} and not {wanted}"
    for it in items:
        if it["kind"] == "prisoner" and (st.players[it["name"]].status != "prisoner"
                                         or st.players[it["name"]].captor != name):
            return f"{it['name']} is not {name}'s prisoner"
        if it["kind"] == "realm" and not p.home:
            return f"{name} has no home realm"
        if it["kind"] == "surrender" and p.status != "hell":
            return f"{name}'s Devil is not in Hell (only a Devil in Hell can surrender)"
    return None


def movable(item: dict, phase: str, data) -> tuple[str, str] | None:
    """(rule, reason) when the item may not change hands in this phase, else None."""
    kind = item["kind"]
    tabled = kind == "card" and data.cards[item["card"]].kind in TABLE_KINDS
    if (tabled or kind in ("souls", "realm")) and phase != "transfer":
        rule = {"souls": "LH-I.4.1-01", "realm": "LH-I.2-06"}.get(kind, "LH-II.2-01")
        what = "home realms" if kind == "realm" else "Souls" if kind == "souls" \
            else "tabled " + data.cards[item["card"]].kind + "s"
        return rule, f"{what} change hands only in the transfer phase"
    if kind == "prisoner" and phase == "combat":
        return "LH-I.1.1-09", "in the combat phase only armies move prisoners"
    return None


def text(item: dict, data) -> str:
    """The canonical text of an item: "2 Souls", "Fiends", "2 Fiends", "Oath of
    Belial", "Prisoner carl", "Realm", "Surrender"."""
    kind = item["kind"]
    if kind == "souls":
        return count(item["n"], "Soul")
    if kind == "card":
        name = data.cards[item["card"]].name
        return name if item["n"] == 1 else f"{item['n']} {name}"
    if kind == "oath":
        devil = data.devils[item["devil"]].name
        return f"Oath of {devil}" if item["n"] == 1 else f"{item['n']} Oaths of {devil}"
    if kind == "prisoner":
        return f"Prisoner {item['name']}"
    return kind.capitalize()


def hidden(item: dict, data) -> bool:
    """Hand cards and Oaths are secret (LH-I.3-01)."""
    return item["kind"] == "oath" or (item["kind"] == "card"
                                      and data.cards[item["card"]].kind in HAND_KINDS)


def public_text(item: dict, data) -> str:
    """The text the table sees: hand cards and Oaths are secret (LH-I.3-01)."""
    if hidden(item, data):
        return count(item["n"], "card") + " from hand"
    if item["kind"] == "surrender":
        return "surrender"
    return text(item, data)
