"""The re-roll Arcana: Try Again (arcana.try-again, 003 l.2269: "may re-roll any die just
rolled"; printed "Action") and Re-roll (arcana.re-roll, 003 l.2074: "may re-roll one or
more dice used during the Action Phase or the Combat Phase"; "Action: at any time").

Neither is cast as an Action: a die is re-rolled as it fails, so the cards are played by
the standing order REROLL WITH (orders/rerolls.py; IP-33, default: not used), read at
the roll sites that have the re-roll hook (reroll.py): Atonement, Evil Deeds, leaving
AnteHell, Influence, flight (Action Phase; in combat Re-roll only, `combat_flight`); and,
for Re-roll only, combat saves (combat/saves.py asks the hook
point combat-save-failed, `combat_save`). A CAST or
COMBAT CAST of them is refused, pointing to REROLL WITH (`RerollCard.refusal`).

Readings (doubtful texts, documented in the orders doc):
- "The user of this card": a Daemon of the player that is not Incapacitated (HG-3.3-04)
  — in the Action Phase the Daemon whose roll failed if it is his and able, else his
  first able Daemon in Rank order; in combat, the joined Daemon that brought the card
  (HG-11.1-03: only brought cards are played in a combat).
- Try Again, printed "Action": Action Phase rolls only; it re-rolls one die, the one
  that failed (Caim's die: the lowest kept at Atonement, the first miss at Evil Deeds).
- Re-roll, "one or more dice": every failed die of that roll (each miss at Evil Deeds;
  a roll with one die in question re-rolls that die). In combat: the failed save die of
  the first Unit of the player's that fails a save, which then may still be saved.
- Caim re-rolls first (free, once a turn); then the REROLL WITH lines in sheet order,
  each while the roll still fails. The new face stands, better or worse.
- In the Action Phase the card is a played Arcana: other players' COUNTER lines may
  answer it (HG-9.8.2-01), and a cancelled re-roll card is spent with no re-roll.
  The card costs nothing (data: cost 0), so Lucifer - An Impostor? does not bar it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pbem.engine import ILLEGAL

from .. import effects
from ..errors import OrderError
from ..hooks import hook
from ..orders.keywords import ANY
from ..orders.rerolls import CARDS, COMBAT_SAVES, RE_ROLL, REROLL_WITH, RULE, TRY_AGAIN
from .context import ActionCtx


@dataclass(frozen=True)
class RerollCard:
    """The effect entry of a re-roll card (effects.ARCANA): not a Spell, never cast. It is
    called only when magic._resolve resolves it after its Counters: nothing more to do
    there, the re-roll itself is rolled by `offer`."""

    card: str
    support = None
    check = None
    cancels = False
    combat = False

    def __call__(self, cast) -> None:
        return None

    def refusal(self, data, keyword: str) -> OrderError:
        name = data.arcana[self.card].name
        return OrderError(ILLEGAL, f"{name} is not cast with {keyword}: it re-rolls a die "
                          "as it fails, so it is played by a standing order", RULE,
                          f"write REROLL WITH {name} FIRST FAILED ATONEMENT, EVIL DEEDS "
                          "(kinds of roll)")


for _cid in CARDS:
    effects.arcana(_cid)(RerollCard(_cid))


@hook("roll-failed", order=20)
def offer(actx: ActionCtx, player: str, kind: str, faces: list[int],
          failed: Callable[[list[int]], list[int]], what: Callable[[list[int], int], str]
          ) -> list[int]:
    """The player's REROLL WITH lines for a roll of `kind` whose dice `failed(faces)`
    lists: each line, in sheet order, whose card he holds plays it while the roll still
    fails. Returns the faces after the re-rolls (the list is changed in place).
    Flight dice (reroll.FLIGHT) are rolled in three phases: in combat (the context has
    the `fight`) only Re-roll is played, by the Daemon that brought it (`combat_flight`);
    in the Random Moves Phase neither card ("Action Phase or Combat Phase", "Action")."""
    if not isinstance(actx, ActionCtx):
        fight = getattr(actx, "fight", None)
        if fight is not None:
            combat_flight(fight, player, kind, faces, failed, what)
        return faces
    for o in actx.orders(player, REROLL_WITH):
        bad = failed(faces)
        if not bad:
            break
        cid = o["card"]
        if not ({kind, ANY} & set(o["kinds"])) or cid not in actx.st.players[player].hand:
            continue
        daemon = _user(actx, player)
        if daemon is None:
            actx.log.private(player, "reroll-card-unused", f"You hold "
                             f"{actx.data.arcana[cid].name}, but every Daemon of yours is "
                             "Incapacitated: no one can play it.", "HG-3.3-04", card=cid)
            continue
        if not _played(actx, cid, daemon, player):
            continue
        for i in (bad[:1] if cid == TRY_AGAIN else bad):
            _reroll(actx.dice, actx.log, player, cid, kind, faces, i, what(faces, i))
    return faces


def _user(actx: ActionCtx, player: str) -> str | None:
    """The Daemon that plays the card: the one whose roll failed, if it is the player's
    and able, else his first able Daemon in Rank order (HG-3.3-04)."""
    st = actx.st
    mine = sorted((d for d in st.players[player].daemons
                   if d in st.daemons and not st.daemons[d].incapacitated),
                  key=lambda d: actx.data.daemons[d].rank)
    if actx.daemon in mine:
        return actx.daemon
    return mine[0] if mine else None


def _played(actx: ActionCtx, cid: str, daemon: str, player: str) -> bool:
    """The card leaves the hand for the bottom of the deck (HG-9.8.1-04); other players
    may counter it (HG-9.8.2-01). Whether it still works."""
    from .magic import Cast, _resolve, answered, play

    cast = Cast(actx, cid, daemon, player, {}, actx.st.daemons[daemon].where)
    play(cast, " to re-roll a failed die")
    if _resolve(answered(cast)):
        return True
    actx.log.public("reroll-card-cancelled", f"{actx.data.arcana[cid].name} of {cast.who()} "
                    "is cancelled: no die is re-rolled.", "HG-9.8.2-01", player=player,
                    card=cid)
    return False


def _reroll(dice, log, player: str, cid: str, kind: str, faces: list[int], i: int,
            what: str) -> None:
    name = {TRY_AGAIN: "Try Again", RE_ROLL: "Re-roll"}[cid]
    new = dice.roll(f"{name}: re-roll of {what}", player)
    log.public("card-reroll", f"{player} re-rolls {what} with {name}: {new}.", cid,
               player=player, roll=kind, old=faces[i], new=new, card=cid)
    faces[i] = new


def _play_in_combat(f, party: str, kind: str, what: Callable[[], str]) -> bool:
    """Play Re-roll in a fight for a die of `kind`: the first REROLL WITH Re-roll line
    listing `kind` or ANY, if a Daemon of the party still in the fight brought the card
    (HG-11.1-03); the card is taken and its play announced (`what()`: the die, asked only
    then). False when it is not played."""
    from ..combat.fight import take

    for o in f.orders(party, REROLL_WITH):
        if o["card"] != RE_ROLL or not ({kind, ANY} & set(o["kinds"])):
            continue
        daemon = f.caster(party, RE_ROLL)
        if daemon is None or f.st.daemons[daemon].incapacitated:
            return False
        take(f, party, daemon, RE_ROLL)
        f.log.public("card-played", f"{f.data.daemons[daemon].name} ({party}) plays "
                     f"Re-roll to re-roll {what()}.", "HG-11.2.1-01", daemon=daemon,
                     card=RE_ROLL, player=party)
        return True
    return False


def combat_flight(f, party: str, kind: str, faces: list[int],
                  failed: Callable[[list[int]], list[int]],
                  what: Callable[[list[int], int], str]) -> None:
    """Re-roll (arcana.re-roll, "one or more dice ... Combat Phase") for a failed flight
    roll in combat (combat/rounds.py, HG-11.2.4-01): every failed die is re-rolled. Try
    Again is an Action card and is not played here."""
    bad = failed(faces)
    if not bad or not _play_in_combat(f, party, kind, lambda: what(faces, bad[0])):
        return
    for i in bad:
        _reroll(f.dice, f.log, party, RE_ROLL, kind, faces, i, what(faces, i))


@hook("combat-save-failed", order=10)
def combat_save(f, party: str, what: str, die: int) -> int | None:
    """Re-roll (arcana.re-roll, "Combat Phase") for a failed combat save of `party`: the
    new die, or None when the card is not played. Try Again is an Action card and is not
    played here."""
    if not _play_in_combat(f, party, COMBAT_SAVES, lambda: what):
        return None
    faces = [die]
    _reroll(f.dice, f.log, party, RE_ROLL, COMBAT_SAVES, faces, 0, what)
    return faces[0]
