"""Random Arcana lines for the self-play tests (issue 8: "the random self-play test casts
every card over its games").

For each card in a player's hand, `card_lines` writes candidate lines that would play it
(CAST with many shapes of ON part, JOIN ... BRINGING with COMBAT CAST, COUNTER), checks
them all in one sheet with the real order checker, and keeps one accepted line per card
at random. So the generator needs no knowledge of each card's target grammar: whatever
the checker accepts is a line a player could send. Whether the card then works is the
engine's business (a line whose card cannot be cast is skipped, as for a player).
"""

from __future__ import annotations

import random
from collections import Counter

from pbem_games.hellgame import GAME
from pbem_games.hellgame.data import load_data
from pbem_games.hellgame.orders.counters import REFLECTING

DATA = load_data()
ACTION = ("action", "action-or-combat")
THANKS = "arcana.thanks-but-no-thanks"
REROLLS = ("arcana.try-again", "arcana.re-roll")
COMBAT = ("combat", "action-or-combat")
LOUDUN = "arcana.loudun"


def _names(state: dict) -> dict[str, list[str]]:
    units = state["units"]
    here = sorted({u["location"] for u in units if u["location"] in DATA.sectio})
    return {
        "daemons": sorted(DATA.daemons[d].name for d in state["daemons"]),
        "players": list(state["seats"]),
        "sectio": [DATA.sectio[s].name for s in here] or [DATA.sectio[s].name
                                                         for s in sorted(DATA.sectio)[:5]],
        "all_sectio": [DATA.sectio[s].name for s in sorted(DATA.sectio)],
        "lieutenants": sorted(DATA.lieutenants[u["ref"]].name for u in units
                              if u["kind"] == "lieutenant" and u.get("ref") in DATA.lieutenants),
        "units": sorted(u["id"] for u in units if u["kind"] in ("legion", "lieutenant",
                                                                "hellhound")),
        "incapacitated": sorted(DATA.daemons[d["id"]].name for d in state["daemons"].values()
                                if d["incapacitated"]),
        "uriel": next((DATA.sectio[u["location"]].name for u in units if u["kind"] == "uriel"
                       and u["location"] in DATA.sectio), None),
    }


def _path(rng: random.Random, start: str, steps: int, inward: bool = False) -> list[str]:
    """A walk of `steps` Sectio from `start`; `inward`: never outward, never back."""
    sid = next((s for s in DATA.sectio if DATA.sectio[s].name == start), None)
    out, seen = [start], {sid}
    for _ in range(steps):
        if sid is None:
            break
        nxt = [n for n in DATA.sectio[sid].neighbours.values() if n in DATA.sectio
               and (not inward or (n not in seen
                                   and DATA.sectio[n].circle >= DATA.sectio[sid].circle))]
        if not nxt:
            break
        sid = rng.choice(sorted(nxt))
        seen.add(sid)
        out.append(DATA.sectio[sid].name)
    return out


def targets(rng: random.Random, n: dict[str, list[str]]) -> list[str]:
    """ON parts of many shapes, with random names in them."""
    pick = rng.choice
    s1, s2 = pick(n["sectio"]), pick(n["all_sectio"])
    d1, d2 = pick(n["daemons"]), pick(n["daemons"])
    p1 = pick(n["players"])
    path = " > ".join(_path(rng, s1, rng.randint(1, 4)))
    out = ["", f" ON {d1}", f" ON {d2}", f" ON {p1}", f" ON {s1}", f" ON {s2}",
           f" ON {p1} AT {s1}", f" ON {s1} TO {s2}", f" ON {d1} AND {d2}",
           f" ON QUARTER {rng.randint(1, 5)}", f" ON QUARTER {rng.randint(1, 5)} TIMES 1",
           f" ON {path}", f" ON 1 LEGION {path}", f" ON {rng.randint(1, 3)} LEGION {path}",
           f" ON {s1} TO ANTEHELL", f" ON {d1} AT {s1}", f" ON {p1} AND {pick(n['players'])}",
           f" ON {d1}, {d2}"]
    if n["uriel"]:
        out.append(" ON " + " > ".join(_path(rng, n["uriel"], 4, inward=True)[1:]))
    if n["lieutenants"]:
        out += [f" ON {pick(n['lieutenants'])}", f" ON {pick(n['lieutenants'])} AT {s1}"]
    if n["units"]:
        out += [f" ON {pick(n['units'])}"]
    if n["incapacitated"]:  # Cats in the Dark
        out += [f" ON {d1} FOR {pick(n['incapacitated'])}"]
    return out


def card_parts(cid: str, state: dict, player: str, n: dict[str, list[str]]) -> list[str]:
    """ON parts only some Combat cards take (issue 22): Blitzkrieg's Units that advance
    (IP-46: LEAVING n, MOVING <unit ids>), and another player's Lieutenant for
    Reinforcements (with his REINFORCEMENTS ALLOW permission)."""
    if cid == "arcana.blitzkrieg":
        mine = [u["id"] for u in state["units"] if u["owner"] == player
                and u["kind"] in ("legion", "lieutenant")][:2]
        return [" ON LEAVING 1", f" ON {n['all_sectio'][0]} LEAVING 2"] + (
            [" ON MOVING " + ", ".join(mine)] if mine else [])
    if cid == "arcana.reinforcements":
        theirs = [DATA.lieutenants[u["ref"]].name for u in state["units"]
                  if u["owner"] not in (None, player) and u["kind"] == "lieutenant"
                  and u.get("ref") in DATA.lieutenants]
        return [f" ON {x}" for x in theirs[:2]]
    return []


#: Cards whose CAST line may carry the caster's own choice (issue 22, IP-29): the
#: choice lines are drawn on their own random stream (`choice_lines`), so the lines the
#: main stream picks, and the seeds, stay as they were.
CHOOSING = ("arcana.landswap", "arcana.legio-infernalis", "arcana.the-iago-syndrome")


def choice_lines(cid: str, state: dict, player: str, cast: str) -> list[str]:
    """Variants of the accepted line `cast` that name the caster's choice: Landswap's two
    Triumvirates, Legio Infernalis' Sectio, whom The Iago Syndrome's target challenges."""
    if cid == "arcana.landswap":
        others = [p for p in state["seats"] if p != player
                  and any(o == p for o in state["owners"].values())]
        return [f"{cast} ON {a} AND {b}" for a in others for b in others if a < b][:4]
    if cid == "arcana.legio-infernalis":
        return [f"{cast} ON {DATA.sectio[s].name}" for s, o in sorted(state["owners"].items())
                if o == player][:4]
    if cid == "arcana.the-iago-syndrome" and " ON " in cast:
        target = next((d for d, x in state["daemons"].items()
                       if DATA.daemons[d].name == cast.split(" ON ", 1)[1]), None)
        if target is None:
            return []
        mates = [DATA.daemons[d].name for d, x in sorted(state["daemons"].items())
                 if d != target and x["owner"] == state["daemons"][target]["owner"]]
        return [f"{cast} CHALLENGING NONE"] + [f"{cast} CHALLENGING {m}" for m in mates]
    return []


def steer(state: dict, wanted: set[str]) -> None:
    """Deal the cards not yet played to the players, keeping every card in one place:
    each player's hand is swapped, card for card, with wanted cards from the deck, and
    wanted Play Right Away cards go to the top of the deck, to be drawn next."""
    deck = state["arcana_deck"]
    for name in state["seats"]:
        hand = state["players"][name]["hand"]
        for i, c in enumerate(list(hand)):
            if c in wanted:
                continue
            pool = [x for x in deck if x in wanted and not DATA.arcana[x].flags.play_right_away]
            if not pool:
                break
            deck[deck.index(pool[0])] = c
            hand[i] = pool[0]
    pra = [x for x in deck if x in wanted and DATA.arcana[x].flags.play_right_away]
    state["arcana_deck"] = pra + [x for x in deck if x not in pra]


def card_lines(rng: random.Random, state: dict, player: str, odds: float = 0.5) -> list[str]:
    """One accepted line per card in hand that the dice choose to play (`odds`); they
    go before the other lines, so a Daemon's CAST is tried before its other Actions."""
    me = state["players"][player]
    mine = [d for d in state["daemons"].values()
            if d["owner"] == player and not d["incapacitated"]]
    if not mine or not me["hand"]:
        return []
    n = _names(state)
    legion_places = sorted({DATA.sectio[u["location"]].name for u in state["units"]
                            if u["owner"] == player and u["location"] in DATA.sectio})
    own = [f" ON {DATA.lieutenants[u['ref']].name}" for u in state["units"]  # Blood for Lilith
           if u["owner"] == player and u["kind"] == "lieutenant" and u.get("ref") in
           DATA.lieutenants]
    tries: dict[str, list[str]] = {}
    walks: dict[str, str] = {}
    in_hell = [d for d in mine if d["where"] == "hell"]
    brought: dict[str, list[str]] = {}
    for cid in me["hand"]:
        card = DATA.arcana[cid]
        if rng.random() >= odds:
            continue
        timing = card.major.timing
        lines = []
        if cid in REROLLS:
            lines.append(f"REROLL WITH {card.name} FIRST FAILED ANY")
        if card.flags.counter or timing == "counter" or cid == THANKS:
            using = DATA.daemons[rng.choice(mine)["id"]].name
            # Double Cross: the line most often kept reflects (issue 22), the others cancel
            reflect = " REFLECT" if cid in REFLECTING else ""
            lines += [f"COUNTER ANY WITH {card.name}", f"COUNTER ANY WITH {card.name}"
                      f"{reflect} USING {using}", f"COUNTER ANY TARGETING MINE WITH "
                      f"{card.name}"]
            # a Counter of the Action Phase is played in combat too when brought:
            # Objection!, Double Cross ... (issue 22), by the first Daemon with room
            room = [x["id"] for x in in_hell
                    if len(brought.get(x["id"], [])) < DATA.daemons[x["id"]].stars]
            if timing not in COMBAT and legion_places and room:
                brought.setdefault(room[0], []).append(cid)
        if (timing in ACTION or timing == "any-time") and cid not in REROLLS + (THANKS,):
            where = [x for x in mine if x["where"] == card.major.place] or mine
            chosen = rng.choice(where)
            d = DATA.daemons[chosen["id"]].name
            lines += [f"{d}: CAST {card.name}{on}" for on in targets(rng, n) + own]
            if cid == "arcana.death-metal":  # a larger investment first (issue 22)
                lines.insert(len(lines) - 1, f"{d}: CAST {card.name} PAYING 6")
            if card.major.place == "earth" and chosen["where"] == "hell":
                # as a player would: the Daemon walks first, then casts when next up
                # (a CAST On Earth from Hell without a Walk line is refused, HG-9.8.1-02)
                walks[cid] = f"{d}: WALK THE EARTH"
        if timing in COMBAT and in_hell and legion_places and rng.random() < 0.7:
            d = rng.choice(in_hell)["id"]
            if len(brought.get(d, [])) < DATA.daemons[d].stars:
                brought.setdefault(d, []).append(cid)
                lines += [f"COMBAT CAST {card.name}{on} IN {where}"
                          + (f" ROUND {rng.randint(1, 2)}" if rng.random() < 0.3 else "")
                          for where in legion_places for on in targets(rng, n)[:9]]
                lines += [f"COMBAT CAST {card.name}{on} IN {where}" for where in legion_places
                          for on in card_parts(cid, state, player, n)]
        if lines:
            tries[cid] = lines
    flat = [line for lines in tries.values() for line in lines]
    if not flat:
        return []
    sheet = GAME.check_orders(state, player, "\n".join(flat + sorted(set(walks.values())))
                              + "\n")
    ok = {r.text.strip() for r in sheet.lines if r.status == "accepted"}
    plain = {cid: [x for x in lines if x in ok and x.endswith(f"CAST {DATA.arcana[cid].name}")
                   or cid == "arcana.the-iago-syndrome" and x in ok]
             for cid, lines in tries.items() if cid in CHOOSING}
    chosen = _choices(state, player, plain)
    out = []
    for cid, lines in tries.items():
        good = [line for line in lines if line in ok]
        if cid in plain:  # as before issue 22's choices, for the main stream
            good = plain[cid]
        if good and " COUNTER " in f" {good[0]}":
            out.append(good[1] if len(good) > 1 and rng.random() < 0.7 else good[0])
        elif good and good[0].startswith("COMBAT CAST"):  # one per Sectio it may fight in
            out += [rng.choice([x for x in good if x.endswith(f" IN {w}") or f" IN {w} ROUND"
                                in x]) for w in legion_places
                    if any(x.endswith(f" IN {w}") or f" IN {w} ROUND" in x for x in good)]
        elif good:
            out.append(rng.choice(good))
            if cid in chosen and out[-1] in chosen[cid]:
                out[-1] = chosen[cid][out[-1]]
    for cid, walk in walks.items():  # after the card's CAST line, if it has one
        cast = next((i for i, line in enumerate(out)
                     if line.startswith(walk.split(":")[0] + ": CAST " + DATA.arcana[cid].name)),
                    None)
        if cast is not None and walk not in out:
            out.insert(cast + 1, walk)
    for d, cards in brought.items():
        out.insert(0, f"JOIN {DATA.daemons[d].name} ANYWHERE BRINGING "
                   + ", ".join(DATA.arcana[c].name for c in cards))
    return out


def support_asks(lines: list[str]) -> list[str]:
    """"<caster>: CAST <card>" lines of cards that need Supporting Actions (9.8.3)."""
    from pbem_games.hellgame import effects

    out = []
    for line in lines:
        if ": CAST " not in line:
            continue
        caster, rest = line.split(": CAST ", 1)
        for cid, spec in effects.ARCANA.items():
            name = DATA.arcana[cid].name
            if getattr(spec, "support", None) and (rest == name or rest.startswith(name + " ")):
                out.append(f"SUPPORT {caster} {name}")
    return out


def support_lines(state: dict, player: str, asks: list[str]) -> list[str]:
    """Every active Daemon of the player supports every card asked for."""
    mine = [DATA.daemons[d["id"]].name for d in state["daemons"].values()
            if d["owner"] == player and not d["incapacitated"]]
    return [f"{d}: {a}" for a in asks for d in mine]


def _choices(state: dict, player: str, plain: dict[str, list[str]]) -> dict:
    """For each CHOOSING card, its plain line -> a variant naming the choice, accepted
    by the checker, drawn on a stream of its own (half the time; else the default)."""
    alt = random.Random(f"choices-{player}-{state['turn']}-{state['next_unit']}")
    tries = {(cid, cast): choice_lines(cid, state, player, cast)
             for cid, casts in plain.items() for cast in casts}
    flat = [x for xs in tries.values() for x in xs]
    if not flat:
        return {}
    sheet = GAME.check_orders(state, player, "\n".join(flat) + "\n")
    ok = {r.text.strip() for r in sheet.lines if r.status == "accepted"}
    out: dict[str, dict[str, str]] = {}
    for (cid, cast), xs in tries.items():
        good = [x for x in xs if x in ok]
        if good and alt.random() < 0.5:
            out.setdefault(cid, {})[cast] = alt.choice(good)
    return out


def pressure_lines(rng: random.Random, state: dict, player: str) -> list[str]:
    """Lines that bring on what many cards answer: Influence with DEFECT on an enemy
    Unit (Thanks But No Thanks), Marches into Sectio holding enemies (combats), and a
    Lieutenant recruited (always while holding Blood for Lilith, which sacrifices one)."""
    mine = [d for d in state["daemons"].values() if d["owner"] == player
            and not d["incapacitated"] and d["where"] == "hell"]
    if not mine:
        return []
    out = []
    if "arcana.blood-for-lilith" in state["players"][player]["hand"] or rng.random() < 0.2:
        out.append("RECRUIT")
    enemy = [u for u in state["units"] if u["owner"] not in (None, player)
             and u["location"] in DATA.sectio and u["kind"] in ("legion", "lieutenant")]
    if enemy and rng.random() < 0.5:
        u = rng.choice(enemy)
        what = "LIEUTENANT " + DATA.lieutenants[u["ref"]].name if u["kind"] == "lieutenant" \
            else "LEGION"
        d = DATA.daemons[rng.choice(mine)["id"]].name
        out.append(f"{d}: INFLUENCE {what} AT {DATA.sectio[u['location']].name} DEFECT")
    hostile = {u["location"] for u in state["units"] if u["owner"] != player
               and u["location"] in DATA.sectio}
    for u in state["units"]:
        if u["owner"] != player or u["kind"] != "legion" or u["location"] not in DATA.sectio:
            continue
        near = [n for n in DATA.sectio[u["location"]].neighbours.values() if n in hostile]
        if near and rng.random() < 0.6:
            d = DATA.daemons[rng.choice(mine)["id"]].name
            out.append(f"{d}: MARCH 1 LEGION {DATA.sectio[u['location']].name} > "
                       f"{DATA.sectio[rng.choice(sorted(near))].name}")
            break
    return out


def gather_lines(state: dict, player: str) -> list[str]:
    """While anyone holds Loudun, which needs 15 Hearts of support on Earth (HG-9.8.3-02),
    the players go to Earth and stay there: each Daemon in Hell Walks the Earth, each
    Daemon on Earth does Evil Deeds (or supports the card, asked for first)."""
    if not any(LOUDUN in p["hand"] for p in state["players"].values()):
        return []
    return [f"{DATA.daemons[d['id']].name}: "
            + ("WALK THE EARTH" if d["where"] == "hell" else "EVIL DEEDS")
            for d in state["daemons"].values() if d["owner"] == player
            and not d["incapacitated"]]


#: The log kinds that mean a card was played: cast as an Action, played in combat,
#: played as a Counter, shown and resolved as a Play Right Away card, used to re-roll.
PLAYED = ("cast", "combat-cast", "counter", "play-right-away", "card-reroll", "card-played")


class Plays(Counter):
    """How many times each card was played, and in how many games (`games`)."""

    games: int = 0


def play_games(seeds, turns: int, check=None, until_all: bool = False) -> Plays:
    """Seeded games of 3 to 6 players, the cards not yet played steered into the hands
    (`steer`), random sheets with card lines first; `check(state)` after every turn.
    Returns how many times each card was played; `until_all`: stop as soon as every
    card has been."""
    from test_selfplay import NAMES, random_sheet

    from pbem.dice import Dice

    played = Plays()
    for seed in seeds:
        played.games += 1
        rng = random.Random(500 + seed)
        seats = NAMES[:3 + seed % 4]
        state, _, _ = GAME.new_game(seats, {}, Dice(f"cards-{seed}"))
        state = GAME.resolve(state, {p: None for p in seats}, Dice(f"cards-{seed}-0")).state
        for turn in range(1, turns + 1):
            steer(state, set(DATA.arcana) - set(played))
            if check:
                check(state)
            lines = {p: card_lines(rng, state, p, 0.9) for p in seats}
            sheets = {}
            for p in seats:
                asks = [a for q in seats if q != p for a in support_asks(lines[q])]
                text = "\n".join(support_lines(state, p, asks) + lines[p]
                                 + gather_lines(state, p) + pressure_lines(rng, state, p))
                sheets[p] = GAME.check_orders(state, p, text + "\n"
                                              + random_sheet(rng, state, p))
            res = GAME.resolve(state, sheets, Dice(f"cards-{seed}-{turn}"))
            for e in res.events:
                if e.kind in PLAYED and e.data.get("card") in DATA.arcana:
                    played[e.data["card"]] += 1
            state = res.state
            if check:
                check(state)
            if until_all and len(played) == len(DATA.arcana):
                return played
            if res.finished:
                break
    return played
