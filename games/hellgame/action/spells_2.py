"""Major Arcana effects, batch 2 (issue 8): see spells.py for the conventions.

- Flattering the Boss (In Hell), He Can't Be All Good (On Earth): lose 1 Disfavour
  (HG-14.2-01: Arcana cards remove Disfavours).
- Fast Cash: 3 dice of counterfeit Souls, 1 Disfavour for each 1 rolled; needs a Sectio
  of Fraud.
- Duel of Sorcery: win a Duel of Stars and the beaten Daemon Passes for Good.
- Landswap: two other Triumvirates swap one Sectio each, both drawn at random.
- Legio Infernalis: a random available Lieutenant, his Legions and a Hellhound appear in
  a Sectio of the caster's player.
"""

from __future__ import annotations

from ..favours import duel
from ..log import count
from ..orders.common import place_name
from ..ownership import Step
from ..state import HELLHOUND, LEGION, LIEUTENANT
from .abilities import on_pass_for_good
from .context import ActionCtx
from .magic import DAEMON, RULE, Cast, spell

DISFAVOUR_RULE = "HG-14.2-01"
FRAUD = "FRAUD"


# -- Flattering the Boss, He Can't Be All Good -----------------------------------------------

def _has_disfavour(c: Cast) -> str | None:
    """Refused, costing nothing, when there is no Disfavour to lose: the card's only
    effect would be wasted (as HG-6.1-04: nothing to act on)."""
    if c.st.players[c.player].disfavours < 1:
        return f"{c.player} has no Disfavour for {c.name} to take away"
    return None


def _lose_disfavour(c: Cast) -> None:
    p = c.st.players[c.player]
    p.disfavours -= 1
    c.log.public("lose-disfavour", f"{c.player} loses 1 Disfavour ({c.name}); "
                 f"{count(p.disfavours, 'Disfavour')} left", DISFAVOUR_RULE, card=c.card,
                 player=c.player)


@spell("arcana.flattering-the-boss", check=_has_disfavour)
def flattering_the_boss(c: Cast) -> None:
    """"Immediately lose 1 Disfavour" (003 l.1777); cast In Hell (data)."""
    _lose_disfavour(c)


@spell("arcana.he-cant-be-all-good", check=_has_disfavour)
def he_cant_be_all_good(c: Cast) -> None:
    """"Immediately lose 1 Disfavour" (003 l.1847); cast On Earth (data)."""
    _lose_disfavour(c)


# -- Fast Cash -------------------------------------------------------------------------------

def _fast_cash_check(c: Cast) -> str | None:
    fraud = [s for s in sorted(c.data.sectio) if c.data.sectio[s].circle_name == FRAUD]
    if not any(c.st.owners.get(s) == c.player for s in fraud):
        return f"{c.player} controls no Sectio in the Circle of Fraud, which Fast Cash needs"
    return None


@spell("arcana.fast-cash", check=_fast_cash_check)
def fast_cash(c: Cast) -> None:
    """The caster's Triumvirate gains Souls equal to 3 dice (counterfeit but fully
    usable) and takes 1 Disfavour for each die showing 1 (003 l.1759)."""
    faces = [c.dice.roll(f"{RULE} Fast Cash: die {i + 1} of 3", c.player) for i in range(3)]
    ones = faces.count(1)
    p = c.st.players[c.player]
    p.souls += sum(faces)
    p.disfavours += ones
    text = (f"{c.player} rolls {', '.join(map(str, faces))} and gains "
            f"{count(sum(faces), 'Soul')} of counterfeit money")
    if ones:
        text += f", and takes {count(ones, 'Disfavour')} for the {count(ones, 'one')} rolled"
    c.log.public("fast-cash", text, RULE, card=c.card, player=c.player, faces=faces,
                 souls=sum(faces), disfavours=ones)


# -- Duel of Sorcery -------------------------------------------------------------------------

def _duel_of_sorcery_check(c: Cast) -> str | None:
    """Pass for Good is taken only when a Daemon first comes up (HG-9.3-01): the target
    must be waiting on the Rank Track and not yet have come up (nor Passed)."""
    t = c.target["daemon"]
    q, name = c.actx.queue, c.data.daemons[t].name
    if t == c.daemon:
        return "a Daemon cannot duel itself"
    if c.st.daemons[t].incapacitated:
        return f"{name} is Incapacitated"
    if t not in q.waiting[1:] or t in q.taken or t in q.seen:
        return (f"{name} has come up already this Action Phase, and Pass for Good is taken "
                "only when a Daemon first comes up [HG-9.3-01]")
    return None


@spell("arcana.duel-of-sorcery", target=DAEMON, check=_duel_of_sorcery_check)
def duel_of_sorcery(c: Cast) -> None:
    """A Duel of Stars (HG-3.4-05) against the target; if the caster wins, the target
    takes Pass for Good now: it leaves the Rank Track and takes no other Action this
    phase (HG-9.3-01). It is a Pass for Good, so Ashtaroth still gets her Favour (as
    when recalled from Earth, HG-10.1-03). The text's "can force" is always used (a
    Daemon the caster wants stopped). Losing the duel changes nothing."""
    t = c.target["daemon"]
    q = c.actx.queue
    if t not in q.waiting or t in q.taken:  # it spent its Action on a Counter meanwhile
        c.log.public("duel-of-sorcery", f"{c.who(t)} has taken its Action already: Duel of "
                     "Sorcery has nothing to stop", "HG-9.3-01", card=c.card, daemon=t)
        return
    winner = duel(c.st, c.data, c.dice, [c.daemon, t], "stars",
                  f"HG-3.4-05 Duel of Sorcery: Duel of Stars, {c.who()} against {c.who(t)}")
    if winner != c.daemon:
        c.log.public("duel-of-sorcery", f"{c.who(t)} wins the Duel of Stars and acts as it "
                     "pleases", "HG-3.4-05", card=c.card, daemon=t, winner=winner)
        return
    q.waiting.remove(t)
    q.seen.add(t)
    q.taken[t] = "PASS FOR GOOD"
    c.log.public("duel-of-sorcery", f"{c.who()} wins the Duel of Stars", "HG-3.4-05",
                 card=c.card, daemon=t, winner=winner)
    c.log.public("pass-for-good", f"{c.who(t)} is forced to Pass for Good (Duel of "
                 "Sorcery)", "HG-9.3-01", daemon=t, forced=True, card=c.card)
    player = q.controller.get(t, c.st.daemons[t].owner)
    on_pass_for_good(ActionCtx(c.st, c.data, c.dice, c.log, c.actx.sheets, q, player, t))


# -- Landswap --------------------------------------------------------------------------------

def _swappable(c: Cast, player: str) -> list[str]:
    """The player's Sectio whose owner may change (not frozen by The Boss Is Touchy)."""
    return [s for s in c.st.sectio_of(player) if c.st.can_change_owner(s)]


def _landswap_players(c: Cast) -> list[str]:
    return [p for p in c.st.seats if p != c.player and _swappable(c, p)]


def _landswap_check(c: Cast) -> str | None:
    if len(_landswap_players(c)) < 2:
        return ("Landswap needs two other Triumvirates that each control a Sectio whose "
                "owner may change")
    return None


@spell("arcana.landswap", check=_landswap_check)
def landswap(c: Cast) -> None:
    """Two other Triumvirates swap one Sectio each; both Sectio are drawn at random
    (003 l.1952). The caster's player names the two Triumvirates; by email, with more
    than two that could swap, they are drawn by die (the default, logged). Only the
    Control Boxes change (HG-2.4.2-01): Units stay where they are. A Sectio frozen by
    The Boss Is Touchy cannot change owner and is not drawn."""
    players = _landswap_players(c)
    if len(players) > 2:
        first = c.dice.pick(players, f"{RULE} Landswap: first Triumvirate (default: by die)",
                            c.player)
        rest = [p for p in players if p != first]
        second = c.dice.pick(rest, f"{RULE} Landswap: second Triumvirate (default: by die)",
                             c.player)
        players = [p for p in players if p in (first, second)]
        c.log.public("default", f"{c.player} names no Triumvirates for Landswap: by "
                     f"default a die chooses {players[0]} and {players[1]}", RULE,
                     card=c.card, players=players)
    a, b = players
    sa = c.dice.pick(_swappable(c, a), f"{RULE} Landswap: {a}'s Sectio drawn at random", a)
    sb = c.dice.pick(_swappable(c, b), f"{RULE} Landswap: {b}'s Sectio drawn at random", b)
    with Step(c.st, c.dice, c.data, c.log) as step:  # one swap: neither is left without
        step.set(sa, b, f"Landswap ({RULE})")
        step.set(sb, a, f"Landswap ({RULE})")
        c.log.public("landswap", f"Landswap: {a} gives {place_name(sa, c.data)} to {b} and "
                     f"{b} gives {place_name(sb, c.data)} to {a}", RULE, card=c.card,
                     swapped={a: sa, b: sb})


# -- Legio Infernalis ------------------------------------------------------------------------

def _legio_check(c: Cast) -> str | None:
    if not c.st.sectio_of(c.player):
        return f"{c.player} controls no Sectio where Legio Infernalis could appear"
    if not any(c.st.lieutenant_boxes):
        return "no Lieutenant is available: every Lieutenants Available box is empty"
    return None


@spell("arcana.legio-infernalis", check=_legio_check)
def legio_infernalis(c: Cast) -> None:
    """"Pick one of the available Lieutenants at random" (003 l.1960): the available
    Lieutenants are those a recruit could get, the top one of each non-empty Lieutenants
    Available box (HG-8.3.1-02); a die picks among them. An emptied box is refilled from
    the Return box (HG-8.3.1-05). He comes with as many Legions as his Leadership, from
    the player's own counters at no Soul cost, as many as are free (HG-8.2-02), and one
    Hellhound from the box (if any is left) minded by the first of those Legions (with no
    Legion to mind it, it is a rampaging hound, HG-3.2-03). The Sectio is the player's
    choice among those he controls; by email a die picks it (the default, logged). The
    Disfavour is taken as the card is played (HG-9.8.1-04)."""
    st, data = c.st, c.data
    full = [i for i, pile in enumerate(st.lieutenant_boxes) if pile]
    box = c.dice.pick(full, f"{RULE} Legio Infernalis: which available Lieutenant",
                      c.player)
    pile = st.lieutenant_boxes[box]
    ref = pile.pop(0)
    if not pile and st.lieutenant_return:
        pile.extend(st.lieutenant_return)
        st.lieutenant_return.clear()
        c.log.public("lieutenants-return", f"Box {box + 1} is empty: the Lieutenants of the "
                     "Return box move into it.", "HG-8.3.1-05")
    mine = st.sectio_of(c.player)
    where = c.dice.pick(mine, f"{RULE} Legio Infernalis: Sectio (default: by die)", c.player)
    if len(mine) > 1:
        c.log.public("default", f"{c.player} names no Sectio for Legio Infernalis: by "
                     f"default a die chooses {place_name(where, data)}", RULE, card=c.card)
    lt = data.lieutenants[ref]
    room = max(data.tables["legion_cap"] - len(st.units_of(c.player, LEGION)), 0)
    n = min(lt.leadership, room)
    new = [st.new_unit(LIEUTENANT, c.player, where, ref)]
    new += [st.new_unit(LEGION, c.player, where) for _ in range(n)]
    text = (f"Legio Infernalis: Lieutenant {lt.name} appears in {place_name(where, data)} "
            f"for {c.player} with {count(n, 'Legion')}")
    if n < lt.leadership:
        text += f" ({c.player} has no more free Legion counters)"
    if st.hellhound_box:
        hound = c.dice.pick(st.hellhound_box, f"{RULE} Legio Infernalis: which Hellhound")
        st.hellhound_box.remove(hound)
        h = st.new_unit(HELLHOUND, c.player if n else None, where, hound)
        if n:
            h.minder = new[1].id
            text += f" and {data.hellhounds[hound].name}, minded by Legion {new[1].id}"
        else:
            text += f", and {data.hellhounds[hound].name} rampages, with no Legion to mind it"
        new.append(h)
    else:
        text += "; the Hellhounds box is empty"
    c.log.public("legio-infernalis", text, RULE, card=c.card, player=c.player, sectio=where,
                 units=[u.id for u in new], lieutenant=ref)
