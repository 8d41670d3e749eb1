"""What the special cards and rituals act on: a player's things in Hell, destroying them,
and the No Targeting promises a targeted ritual may break.

"In Hell" (digest G8): tabled hordes (`P.hordes`, never `P.earth`), Souls (always
in the home realm), tabled rituals, and artifacts while their Devil is in Hell (artifacts
go wherever the Devil goes, LH-I.3.2-01; an imprisoned Devil holds none, LH-I.1.1-05).
A Devil held in Heaven is never a target (G8); his hordes and Souls left in Hell are.

Targets are (owner, thing) pairs: `thing` is a card id (horde, ritual or artifact) or
"soul" for Souls.
"""

from __future__ import annotations

from ..deck import discard
from ..state import LohState, card_id
from . import hordes

SOUL = "soul"
IN_HELL = ("hell", "ko")  # statuses whose artifacts are in Hell (LH-I.1.1-01)
NO_TARGETING = ("no targeting", "notarget", "no target", "no-targeting", "notargeting")


def things_in_hell(st: LohState, owner: str, thing: str) -> list[str]:
    """The owner's instances of card `thing` in Hell (for Souls: [] — count them with
    souls_in_hell)."""
    p = st.players[owner]
    kind = thing.split(".")[0]
    if kind == "horde":
        pool = p.hordes
    elif kind == "ritual":
        pool = p.rituals
    elif kind == "artifact":
        pool = p.artifacts if p.status in IN_HELL else []
    else:
        return []
    return [i for i in pool if card_id(st, i) == thing]


def available(st: LohState, owner: str, thing: str) -> int:
    """How many of `thing` the owner has in Hell now (Souls: the Soul count)."""
    if thing == SOUL:
        return st.players[owner].souls
    return len(things_in_hell(st, owner, thing))


def destroy(st: LohState, owner: str, thing: str, n: int, data, dice, log, rule: str) -> int:
    """Destroy up to `n` of the owner's `thing` in Hell; return how many were. Hordes,
    rituals and artifacts go to the discard (LH-I.3.6-01); Souls leave the game
    (LH-I.4.1-01). The last-tabled instances go first (which of equal cards is destroyed
    does not matter: a Tormented Ones' power is its place in the army, not the card)."""
    if thing == SOUL:
        k = min(n, st.players[owner].souls)
        st.players[owner].souls -= k
        return k
    victims = things_in_hell(st, owner, thing)[::-1][:n]
    for inst in victims:
        destroy_instance(st, owner, inst, data, dice, log, rule)
    return len(victims)


def destroy_instance(st: LohState, owner: str, inst: str, data, dice, log, rule: str) -> None:
    """One tabled card of the owner destroyed: off the table, to the discard pile."""
    p = st.players[owner]
    pool = {"horde": "hordes", "ritual": "rituals", "artifact": "artifacts"}[
        card_id(st, inst).split(".")[0]]
    getattr(p, pool).remove(inst)
    discard(st, [inst], dice, log)
    if pool == "hordes":
        horde_destroyed(st, owner, inst, data, log, rule)


def horde_destroyed(st: LohState, owner: str, instance: str, data, log, rule: str) -> None:
    """A horde destroyed outside a fight (by a ritual): the horde's own rule for being
    destroyed applies too (Warriors of Darkness: their owner gains a Soul, digest §2.6).
    The hordes module (combat helper) owns that rule."""
    hordes.on_destroyed(st, owner, st.cards[instance], data, log, rule)


def broken_promise(st: LohState, caster: str, owner: str) -> dict | None:
    """The caster's No Targeting promise to `owner` in force, if any (LH-II.3.1-06).
    Promises are recorded, not enforced: the report says the promise was broken."""
    if caster == owner:
        return None
    for pr in st.promises:
        kind = str(pr.get("kind") or "").strip().lower()
        until = pr.get("until")
        live = until is None or not isinstance(until, int) or st.turn <= until
        if pr.get("from") == caster and owner in pr.get("to", []) and kind in NO_TARGETING \
                and live:
            return pr
    return None


def thing_name(thing: str, data, n: int = 1) -> str:
    if thing == SOUL:
        return "Soul" if n == 1 else "Souls"
    return data.cards[thing].name
