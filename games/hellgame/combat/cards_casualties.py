"""Combat cards that take Daemons and Units out of the fight (issue 8): see magic.py and
lasting.py for the conventions.

Cards that put Daemons and Units out of the fight or kill them (the cards that move,
make and bring back Units are in cards_units.py, which shares the helpers here):

- Ambush!: a free round of attacks for the caster's side (the enemy does not roll)
  before round 1's attacks; played in round 1 only.
- Challenge Lieutenant: one own and one enemy Lieutenant leave the battle.
- Daemonic Distraction: one Daemon is out of the battle (cannot be countered).
- Entrapment: a Daemon misses rounds 1-2 unless it passes a Roll against Stars.
- True Steel: kill a Daemon of the combat by beating it in a Duel of Skulls.
- Vendetta: one own and one enemy Legion are destroyed; nobody wins this combat.
- The Bosworth Plot: the caster stays out until one opponent is left.

Sleep Late (an Action card whose effect is in combat) is in action/spells_sleep_late.py.
"""

from __future__ import annotations

from pbem.engine import INVALID

from ..action import conditions
from ..errors import OrderError
from ..favours import attribute, duel, roll_against
from ..names import match
from ..state import LEGION, LIEUTENANT
from . import lasting
from .magic import combat_spell
from .parties import legions, parties_at, units_of, whose

RULE = "HG-11.2.1-01"


# -- shared helpers (cards_units.py uses them too) --------------------------------------------

def player_of(f, daemon: str) -> str:
    return f.st.daemons[daemon].owner


def who(f, daemon: str) -> str:
    return f"{f.data.daemons[daemon].name} ({f.st.daemons[daemon].owner})"


def card_name(f, card: str) -> str:
    return f.data.arcana[card].name


def say(f, card: str, text: str, rule: str = RULE, **data) -> None:
    f.log.public("combat-card", text, rule, card=card, sectio=f.sectio, **data)


def enemies(f, side: int) -> list[str]:
    return list(f.sides[1 - side])


def daemon_text(text: str, ctx) -> str:
    """`ON <Daemon>` in COMBAT CAST: any Daemon in play, written back by name."""
    return ctx.data.daemons[conditions.daemon_in_play(text, ctx, RULE)].name


def named_daemon(f, text: str, pool: list[str]) -> str | None:
    """The Daemon of `pool` the ON part names (None: not named, or not in the pool)."""
    for d in pool:
        if text and f.data.daemons[d].name.lower() == text.strip().lower():
            return d
    return None


def pick_daemon(f, card: str, o: dict, pool: list[str], default: list[str]) -> str | None:
    """The ON Daemon if it is in `pool`; else the first of `default` (saying so)."""
    d = named_daemon(f, o.get("on", ""), pool)
    if d is None and o.get("on"):
        say(f, card, f"{o['on']} is not in the fight in {f.here}: {card_name(f, card)} "
            "takes the default target", RULE)
    return d if d is not None else (default[0] if default else None)


def enemy_daemons(f, side: int) -> list[str]:
    """The enemy side's Daemons still in the fight, most Skulls first (seat order)."""
    ds = [d for p in enemies(f, side) for d in f.fighting(p)]
    return sorted(ds, key=lambda d: -attribute(f.data, d, "skulls", f.st))


def fight_daemons(f) -> list[str]:
    return [d for s in f.sides for p in s for d in f.fighting(p)]


def first_round(f, player: str, o: dict) -> str | None:
    """The check of cards played "in" or "before the first round" only."""
    return None if f.round <= 1 else "it may be played only in the first round"


def legion_of(f, party: str):
    """A Legion minding no hound first, lowest unit number first (as Andras)."""
    from .fight import minds

    ls = sorted((u for u in units_of(f.st, f.sectio, party) if u.kind == LEGION),
                key=lambda u: (minds(f, u), u.number))
    return ls[0] if ls else None


def resides(f) -> None:
    """A party came or went: sides are assigned again (16.5, 16.7)."""
    from . import sides

    f.sides = sides.assign(f, max(f.round, 1))


# -- Ambush! -------------------------------------------------------------------------------

@combat_spell("arcana.ambush", check=first_round)
def ambush(f, side: int, daemon: str, o: dict) -> None:
    """003 l.1626: "one free round of attacks before the real first combat round". Read
    (data notes): only the caster's side rolls; the enemy saves as usual (11.2.3); lost
    Minders' hounds rampage. Played in round 1's Cast Magic, before round 1's attacks;
    in a later round it has no effect."""
    from .fight import attack
    from .rounds import hit_on, lost_minders
    from .saves import saves

    say(f, o["card"], f"Ambush! {who(f, daemon)}'s side makes a free round of attacks in "
        f"{f.here} before the first round", RULE, player=player_of(f, daemon))
    hits = attack(f, side, hit_on(f))
    lost_minders(f, saves(f, 1 - side, hits))


# -- Challenge Lieutenant ------------------------------------------------------------------

def lieutenant_text(text: str, ctx) -> str:
    """`ON <Lieutenant>`: any Lieutenant, by name."""
    names = {k: [v.name] for k, v in sorted(ctx.data.lieutenants.items())}
    return ctx.data.lieutenants[match(text, names, "Lieutenant", RULE)].name


def lieutenant_names(text: str, ctx) -> str:
    """`ON <own Lieutenant> AND <enemy Lieutenant>` (either may be left out: ON AND x)."""
    parts = [p.strip() for p in text.upper().replace(" AND ", "\0").split("\0")]
    if len(parts) != 2:
        raise OrderError(INVALID, f"{text.strip()!r}: name your Lieutenant AND the enemy's",
                         RULE, "e.g. ON Verin AND Asmodeus")
    names = {k: [v.name] for k, v in sorted(ctx.data.lieutenants.items())}
    out = [ctx.data.lieutenants[match(p, names, "Lieutenant", RULE)].name if p else ""
           for p in parts]
    return " AND ".join(out)


def lieutenants(f, parties: list[str]) -> list:
    return [u for p in parties for u in units_of(f.st, f.sectio, p) if u.kind == LIEUTENANT]


def lt_name(f, u) -> str:
    return f.data.lieutenants[u.ref].name if u.ref in f.data.lieutenants else u.id


def bonus(f, u) -> int:
    return f.data.lieutenants[u.ref].bonus if u.ref in f.data.lieutenants else 0


@combat_spell("arcana.challenge-lieutenant", target=lieutenant_names, check=first_round)
def challenge_lieutenant(f, side: int, daemon: str, o: dict) -> None:
    """003 l.1695: "a perfect duel removes one of the caster's Lieutenants and one enemy
    Lieutenant (the caster chooses both)". ON <own> AND <enemy>; default: his own with
    the lowest bonus, the enemy's with the highest (lowest unit number on ties). Both
    are destroyed as in combat (to the Return box, HG-16.1-03). Before the first round
    only (played in round 1); with no Lieutenant on either side nothing happens."""
    from .rounds import destroy

    p = player_of(f, daemon)
    wanted = (o.get("on") or " AND ").split(" AND ")
    mine = sorted(lieutenants(f, [p]), key=lambda u: (bonus(f, u), u.number))
    theirs = sorted(lieutenants(f, enemies(f, side)), key=lambda u: (-bonus(f, u), u.number))
    if not mine or not theirs:
        say(f, o["card"], f"Challenge Lieutenant in {f.here}: there is no "
            f"{'Lieutenant of ' + p if not mine else 'enemy Lieutenant'} to duel, so nothing "
            "happens", RULE, player=p)
        return
    pair = [next((u for u in us if lt_name(f, u).lower() == w.strip().lower()), us[0])
            for us, w in ((mine, wanted[0]), (theirs, wanted[-1]))]
    whose = f"{pair[1].owner}'s" if pair[1].owner else "the Freebooters'"
    say(f, o["card"], f"Challenge Lieutenant: a perfect duel in {f.here} removes {p}'s "
        f"Lieutenant {lt_name(f, pair[0])} and {whose} Lieutenant {lt_name(f, pair[1])}", RULE,
        player=p, units=[u.id for u in pair])
    for u in pair:
        destroy(f, u)


# -- Daemonic Distraction -----------------------------------------------------------------

@combat_spell("arcana.daemonic-distraction", target=daemon_text, check=first_round)
def daemonic_distraction(f, side: int, daemon: str, o: dict) -> None:
    """003 l.1701: one Daemon in the combat is distracted and takes no part in the battle
    (`f.out`): no Skulls for saves, no abilities, no more cards; a card it already
    played stays in effect (000 §11 example). Cannot be countered (its flag). ON
    <Daemon>, any Daemon in the fight; default: the enemy Daemon with most Skulls.
    First round only."""
    d = pick_daemon(f, o["card"], o, fight_daemons(f), enemy_daemons(f, side))
    if d is None:
        say(f, o["card"], f"Daemonic Distraction in {f.here}: no Daemon is in the fight to "
            "distract", RULE)
        return
    f.out.add(d)
    say(f, o["card"], f"Daemonic Distraction: {who(f, d)} is distracted and takes no part in "
        f"the battle in {f.here}", RULE, daemon=d)


# -- Entrapment ---------------------------------------------------------------------------

def _trapped(f, x, d, rnd) -> bool:
    return d == x.state["daemon"] and rnd <= 2


@combat_spell("arcana.entrapment", target=daemon_text)
def entrapment(f, side: int, daemon: str, o: dict) -> None:
    """003 l.1743: a Daemon of the combat "misses the first two rounds unless it passes
    a Roll against Stars". ON <Daemon>; default: the enemy Daemon with most Skulls. It
    is out of rounds 1 and 2 (a daemon_out Lasting); played in round 2 it misses the
    rest of round 2, later it has no effect."""
    d = pick_daemon(f, o["card"], o, fight_daemons(f), enemy_daemons(f, side))
    if d is None or f.round > 2:
        say(f, o["card"], f"Entrapment in {f.here}: " + ("no Daemon is in the fight" if d is None
                                                         else "the first two rounds are over")
            + ", so it has no effect", RULE)
        return
    ok = roll_against(f.st, f.data, f.dice, d, "stars", f"Entrapment of {d} in {f.here}")
    die = f.dice.log[-1].result
    if ok:
        say(f, o["card"], f"Entrapment: {who(f, d)} rolls {die} against its Stars and slips "
            f"the trap in {f.here}", "HG-3.4-04", daemon=d, face=die, success=False)
        return
    x = lasting.add(f, o["card"], side, player_of(f, daemon), daemon, daemon_out=_trapped)
    x.state["daemon"] = d
    say(f, o["card"], f"Entrapment: {who(f, d)} rolls {die} against its Stars and is trapped: "
        f"it misses the first two rounds in {f.here}", "HG-3.4-04", daemon=d, face=die,
        success=True)


# -- True Steel ---------------------------------------------------------------------------

@combat_spell("arcana.true-steel", target=daemon_text)
def true_steel(f, side: int, daemon: str, o: dict) -> None:
    """003 l.2261: kill a Daemon of the combat if the caster beats it in a Duel of Skulls
    (HG-3.4-05); "whatever the outcome" 2 Disfavours: they are the card's cost, taken
    when it is played (fight.cast), not again here. ON <Daemon>; default: the enemy
    Daemon with most Skulls. A killed Daemon goes to the Daemon deck (HG-3.3-02) and
    leaves the fight."""
    from ..random_moves.common import destroy_daemon

    pool = [d for d in fight_daemons(f) if d != daemon]
    d = pick_daemon(f, o["card"], o, pool, enemy_daemons(f, side))
    if d is None:
        say(f, o["card"], f"True Steel in {f.here}: no other Daemon is in the fight", RULE)
        return
    victim = who(f, d)
    won = duel(f.st, f.data, f.dice, [daemon, d], "skulls", f"True Steel in {f.here}")
    if won != daemon:
        say(f, o["card"], f"True Steel: {who(f, daemon)} loses the Duel of Skulls against "
            f"{victim} in {f.here}", "HG-3.4-05", daemon=d, killed=False)
        return
    for p in list(f.daemons):
        if d in f.daemons[p]:
            f.daemons[p].remove(d)
    f.out.add(d)
    destroy_daemon(f.st, d)
    say(f, o["card"], f"True Steel: {who(f, daemon)} beats {victim} in a Duel of Skulls in "
        f"{f.here} and kills it", "HG-3.4-05", daemon=d, killed=True)


# -- Vendetta -----------------------------------------------------------------------------

def _no_victory(f, x, result) -> None:
    if result.get("winners"):
        say(f, x.card, f"Vendetta: nobody can claim victory in the combat in {f.here} "
            f"({' and '.join(result['winners'])} would have won)", RULE, player=x.player)
    result["winners"] = []


def enemy_text(text: str, ctx) -> str:
    """`ON <player>`: another player (Vendetta's enemy)."""
    from ..orders.common import player_name

    return player_name(text, ctx, RULE)


@combat_spell("arcana.vendetta", target=enemy_text, check=first_round)
def vendetta(f, side: int, daemon: str, o: dict) -> None:
    """003 l.2293: the caster destroys one of his Legions and one enemy Legion; "neither
    side can claim victory": the combat's winners are none (no Victor's Right, 12.2).
    Which Legions: a Legion minding no hound first, lowest number; the enemy party ON
    <player> if it has a Legion there, default the enemy with most Legions. Before the
    first round only; the no-victory holds whatever Legions there were."""
    from .rounds import lost_minders

    p = player_of(f, daemon)
    foes = [q for q in enemies(f, side) if legions(f.st, f.sectio, q)]
    foe = next((q for q in foes if q.lower() == (o.get("on") or "").lower()), None) or \
        max(foes, key=lambda q: legions(f.st, f.sectio, q), default=None)
    pair = [(q, legion_of(f, q)) for q in (p, foe) if q and legion_of(f, q)]
    names = " and ".join(f"{whose(q, f.data, f.st)} Legion {u.id}" for q, u in pair)
    lasting.add(f, o["card"], side, p, daemon, over=_no_victory)
    say(f, o["card"], f"Vendetta in {f.here}: {names or 'no Legion'} "
        f"{'are' if len(pair) > 1 else 'is'} destroyed; neither side can claim victory in "
        "this combat", RULE, player=p, units=[u.id for _, u in pair])
    lost_minders(f, [u for _, u in pair])


# -- The Bosworth Plot --------------------------------------------------------------------

def bosworth_check(f, player: str, o: dict) -> str | None:
    if len(parties_at(f.st, f.sectio)) <= 2:
        return "only two sides are involved (it needs more than two)"
    return first_round(f, player, o)


def _stays_out(f, x, party) -> bool:
    if party != x.player or x.state.get("back"):
        return True
    others = [q for q in parties_at(f.st, f.sectio) if q != x.player]
    if len(others) <= 1:
        x.state["back"] = True
        say(f, x.card, f"The Bosworth Plot: only one opponent is left in {f.here}: "
            f"{x.player} joins the battle", RULE, player=x.player)
        return True
    return False


@combat_spell("arcana.the-bosworth-plot", check=bosworth_check)
def bosworth_plot(f, side: int, daemon: str, o: dict) -> None:
    """003 l.2171: "the caster stays out of the battle until only one opponent remains".
    Needs more than two parties in the Sectio (the card's prerequisite); the caster's
    Units are on no side (the `fights` hook, sides.py): they neither attack nor are hit,
    and sides are assigned again among the others at once (16.5); when one other party
    is left he fights it. First round only."""
    p = player_of(f, daemon)
    lasting.add(f, o["card"], side, p, daemon, fights=_stays_out)
    say(f, o["card"], f"The Bosworth Plot: {p} stays out of the battle in {f.here} until only "
        "one opponent remains", RULE, player=p)
    f.fixed.clear()
    resides(f)
