"""Setting up a game (LH-II.4-01..09), then the first turn's draw phase.

One random Devil each (LH-II.4-02); 5 own Oaths each, the sixth Oaths of the Devils in
play shuffled and dealt one each face-down (LH-II.4-03; Oaths of Devils not in play are
not used, digest G26); the High Palace of Hell in the centre, uncontrolled, one random
realm each as home, the others removed (LH-II.4-04); 4 random hordes each, never
Leviathan, dealt by flipping the shuffled deck and skipping everything else, which is
then reshuffled (LH-II.4-05/07); a random Starter (LH-II.4-06); then the draw phase of
turn 1 (`draw.run`). Card instances are "c001", "c002", ... in data order.
"""

from __future__ import annotations

from . import draw
from .datamodel import HPOH
from .deck import card_name
from .state import LohState, new_player

LEVIATHAN = "horde.leviathan"


def new_state(players: list[str], variants: dict, dice, data, log) -> LohState:
    if len(players) > len(data.devils):
        raise ValueError(f"{len(players)} players but only {len(data.devils)} Devils")
    if len(set(players)) != len(players):
        raise ValueError("player names must differ")
    devils = dice.shuffle(sorted(data.devils), "deal the Devils")[:len(players)]
    st = LohState(turn=1, phase="transfer", round=0, seats=list(players),
                  starter=players[0], variants=dict(variants),
                  players={p: new_player(d) for p, d in zip(players, devils, strict=True)})
    _deal_oaths(st, dice, data)
    _deal_realms(st, dice, data)
    _deal_hordes(st, dice, data)
    st.starter = dice.shuffle(list(players), "the Starter")[0]  # LH-II.4-06
    _report(st, data, log)
    log.phase = "draw"
    draw.run(st, data, dice, log)  # LH-II.4-07: the first turn starts with the draw phase
    return st


def _deal_oaths(st: LohState, dice, data) -> None:
    """5 own Oaths, then the sixths shuffled and dealt face-down (LH-II.4-03, G26)."""
    own, per = data.tables["own_oaths"], data.tables["oaths_per_devil"]
    sixths = []
    for name in st.seats:
        p = st.players[name]
        slug = p.devil.split(".", 1)[1]
        p.hand = [f"oath.{slug}.{i}" for i in range(1, own + 1)]
        sixths += [f"oath.{slug}.{i}" for i in range(own + 1, per + 1)]
    sixths = dice.shuffle(sixths, "deal the sixth Oaths")
    for i, name in enumerate(st.seats):
        st.players[name].hand.append(sixths[i])


def _deal_realms(st: LohState, dice, data) -> None:
    """HPoH uncontrolled, one random realm each, the rest out of the game (LH-II.4-04)."""
    others = dice.shuffle([r for r in data.realms if r != HPOH], "deal the realms")
    homes = dict(zip(st.seats, others[:len(st.seats)], strict=True))
    for name, realm in homes.items():
        st.players[name].home = realm
    owner = {realm: name for name, realm in homes.items()}
    st.realms = {HPOH: None}
    st.realms.update({r: owner[r] for r in data.realms if r in owner})


def _deal_hordes(st: LohState, dice, data) -> None:
    """Card instances in data order, shuffled; hordes flipped from the top to each
    player in turn, 4 each, skipping other cards and Leviathan; then everything not
    dealt is reshuffled as the deck (LH-II.4-05/07)."""
    n = 0
    for cid, card in data.cards.items():
        for _ in range(card.count):
            n += 1
            st.cards[f"c{n:03d}"] = cid
    deck = dice.shuffle(list(st.cards), "shuffle the resource deck")
    want = data.tables["starting_hordes"] * len(st.seats)
    dealt: list[str] = []
    for inst in deck:
        if len(dealt) == want:
            break
        cid = st.cards.get(inst)
        if cid and data.cards[cid].kind == "horde" and cid != LEVIATHAN:
            st.players[st.seats[len(dealt) % len(st.seats)]].hordes.append(inst)
            dealt.append(inst)
    if len(dealt) < want:
        raise ValueError("not enough hordes in the deck to deal the starting hordes")
    taken = set(dealt)
    rest = [c for c in deck if c not in taken]
    st.deck = dice.shuffle(rest, "reshuffle the resource deck")


def _report(st: LohState, data, log) -> None:
    for name in st.seats:
        p = st.players[name]
        devil = data.devils[p.devil].name
        hordes = ", ".join(card_name(st, c, data) for c in p.hordes)
        realm = data.realms[p.home].name
        log.public("setup", f"{name} is {devil}, at home in {realm}, with the hordes "
                   f"{hordes}.", "LH-II.4-02", player=name, devil=p.devil, realm=p.home)
        sixth = card_name(st, p.hand[-1], data)
        log.private(name, "setup-hand", f"Your hand: {data.tables['own_oaths']} Oaths of "
                    f"{devil} and, dealt face-down, one {sixth}.", "LH-II.4-03",
                    oath=p.hand[-1])
    log.public("setup-starter", f"{st.starter} is the Starter.", "LH-II.4-06",
               player=st.starter)
