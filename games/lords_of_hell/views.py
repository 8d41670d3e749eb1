"""What players see (DESIGN.md §7): the public table, and each player's own secrets.

Public (digest §4.1): tabled hordes and artifacts, Souls, SP, prisoners, proclaim
markers, realms, hand sizes, the number of rituals started (face-down ones by count
only, until the combat phase turns them up), promises and deals (unless the
`private_diplomacy` variant: then only their parties see them). Secret: hands,
face-down rituals, the deck and the discard pile's contents.
"""

from __future__ import annotations

from collections import Counter

from .state import LohState, card_id, is_oath, oath_owner, order_from_starter, total_cards

STATUS = {"hell": "in Hell", "earth": "on Earth", "ko": "knocked out",
          "prisoner": "imprisoned", "heaven": "held in Heaven"}


def _names(st: LohState, data, instances: list[str]) -> list[str]:
    """"2 Fiends, Juggernauts": the cards grouped by name, in first-seen order."""
    counts = Counter(_card_name(st, data, c) for c in instances)
    return [f"{n} {name}" if n > 1 else name for name, n in counts.items()]


def _card_name(st: LohState, data, instance: str) -> str:
    """The card's name, with what its symbols show (LH-I.3.4-03): a horde's power when
    not 1 ("Leviathan (power 9)"; Tormented Ones vary), and an unstoppable special."""
    if is_oath(instance):
        return f"Oath of {data.devils[oath_owner(instance)].name}"
    card = data.cards[st.cards[instance]]
    if card.kind == "horde" and card.power != 1:
        return f"{card.name} ({'power ' + str(card.power) if card.power else 'power varies'})"
    if card.kind == "special" and card.unstoppable:
        return f"{card.name} (unstoppable)"
    return card.name


def _player(st: LohState, data, name: str) -> dict:
    p = st.players[name]
    devil = data.devils[p.devil]
    return {
        "name": name, "devil": devil.name, "devil_power": devil.power,
        "ability": devil.ability, "status": STATUS[p.status], "captor": p.captor,
        "home": data.realms[p.home].name if p.home else None,
        "hordes": _names(st, data, p.hordes), "earth": _names(st, data, p.earth),
        "artifacts": _names(st, data, p.artifacts),
        "rituals": (_names(st, data, p.rituals) if p.rituals_up
                    else ([f"{len(p.rituals)} face-down"] if p.rituals else [])),
        "souls": p.souls, "sp": p.sp, "proclaimed": p.proclaimed,
        "hand_size": len(p.hand), "total_cards": total_cards(st, name),
        "starter": name == st.starter,
        "prisoners": [q for q in st.seats if st.players[q].captor == name],
    }


def _promises(st: LohState, player: str | None) -> list[dict]:
    """The promises in force that `player` (None: the table) may see: all of them at a
    public table, only his own with private diplomacy (LH-II.2.2-01)."""
    out = []
    for pr in st.promises:
        parties = [pr["from"], *pr["to"]]
        if not pr.get("public", True) and player not in parties:
            continue
        out.append({"id": pr["id"], "from": pr["from"], "to": ", ".join(pr["to"]),
                    "text": pr.get("text") or pr.get("kind", ""),
                    "until": f"end of turn {pr['until']}"})
    return out


def public_view(st: LohState, data) -> dict:
    return {
        "turn": st.turn, "phase": st.phase, "round": st.round,
        "starter": st.starter,
        "earth_condition": data.cards[st.earth_condition].name
        if st.earth_condition else None,
        "realms": [{"name": data.realms[r].name, "dp": data.realms[r].dp,
                    "power": data.realms[r].power, "controller": owner}
                   for r, owner in st.realms.items()],
        "players": [_player(st, data, n) for n in order_from_starter(st)],
        "promises": _promises(st, None),
        "overlord": st.overlord,
        "vp": [{"name": n, "vp": v} for n, v in sorted(st.vp.items(),
                                                       key=lambda x: (-x[1], x[0]))],
    }


def player_view(st: LohState, player: str, data) -> dict:
    view = public_view(st, data)
    view["promises"] = _promises(st, player)
    if player not in st.players:
        view["me"] = None
        return view
    p = st.players[player]
    hand: dict[str, dict] = {}  # the same card twice is one line, with its count
    for c in p.hand:
        name = _card_name(st, data, c)
        if name in hand:
            hand[name]["count"] += 1
            continue
        hand[name] = {"name": name, "count": 1,
                      "kind": "oath" if is_oath(c) else data.cards[card_id(st, c)].kind,
                      "text": "" if is_oath(c) else data.cards[card_id(st, c)].text}
    me = _player(st, data, player)
    me.update({
        "hand": sorted(hand.values(), key=lambda c: (c["kind"], c["name"])),
        "hand_count": len(p.hand),
        "rituals": _names(st, data, p.rituals),
        "standing": sorted(o.get("canonical", k) for k, o in p.standing.items()),
        "attention": [],
    })
    view["me"] = me
    return view
