"""Armies (LH-IV.1.1): who has one, its units, power, attack dice, leader, the dominant
army of a location, and how many ritual casters a player has.

A player's army is every horde in Hell (`P.hordes`), its Souls and its Devil while the
Devil is in Hell (status "hell"; a knocked-out Devil has left the fight). Units are named
by their horde instance ("c017"), "soul" or "devil". A Leviathan knocked out at its home
realm is taken out of `P.hordes` while it waits for capture (combat/capture.py), so it
counts for nothing here.
"""

from __future__ import annotations

from ..state import LohState, player_of_devil

DEVIL = "devil"
SOUL = "soul"
FALLEN_ANGELS = "horde.fallen-angels"
TORMENTED = "horde.tormented-ones"
LEVIATHAN = "horde.leviathan"
JUGGERNAUTS = "horde.juggernauts"
DIABOLIC_FIENDS = "horde.diabolic-fiends"
GLASYA = "devil.glasya"
GLASYA_CASTS = 2  # Glasya's card (data/devils.yaml, digest §3.3 PROPOSAL), LH-I.3.3-04


def label(st: LohState, data, name: str) -> str:
    """How a player's army is named in reports: "Belial (anna)"."""
    return f"{data.devils[st.players[name].devil].name} ({name})"


def devil_name(st: LohState, data, name: str) -> str:
    return data.devils[st.players[name].devil].name


def pronouns(st: LohState, data, name: str) -> tuple[str, str]:
    """("her", "she") for a female Devil (data: Glasya), else ("his", "he")."""
    female = data.devils[st.players[name].devil].female
    return ("her", "she") if female else ("his", "he")


def has_army(st: LohState, name: str) -> bool:
    """Hordes or Souls in Hell, or the Devil in Hell (LH-IV.1.1-01)."""
    p = st.players[name]
    return bool(p.hordes or p.souls or p.status == "hell")


def armies(st: LohState) -> list[str]:
    """Players with an army, in seat order."""
    return [n for n in st.seats if has_army(st, n)]


def kinds(st: LohState, name: str) -> list[str]:
    """The card ids of the player's hordes in Hell, in table order."""
    return [st.cards[i] for i in st.players[name].hordes]


def units(st: LohState, name: str) -> int:
    """Individual units: hordes, Souls and the Devil in Hell (LH-IV.1.1-06)."""
    p = st.players[name]
    return len(p.hordes) + p.souls + (p.status == "hell")


def horde_power(card_id: str, data, nth_tormented: int) -> int:
    """A horde's power; the n-th Tormented Ones of an army has power n (data, LH-IV.1.1-03)."""
    if card_id == TORMENTED:
        return nth_tormented
    power = data.cards[card_id].power
    return 1 if power is None else power


def power(st: LohState, name: str, data) -> int:
    """Army power: the Devil in Hell, every horde, Souls 0 (LH-IV.1.1-03)."""
    p = st.players[name]
    total = data.devils[p.devil].power if p.status == "hell" else 0
    k = 0
    for cid in kinds(st, name):
        if cid == TORMENTED:
            k += 1
        total += horde_power(cid, data, k)
    return total


def has_leviathan(st: LohState, name: str) -> bool:
    return LEVIATHAN in kinds(st, name)


def dice_count(st: LohState, name: str, data) -> int:
    """1 + 1 per full 3 power, at most 6 (LH-IV.1.1-04); exactly 4 with Leviathan
    (LH-IV.1.5-01)."""
    t = data.tables
    if has_leviathan(st, name):
        return t.get("leviathan_dice", 4)
    n = 1 + power(st, name, data) // t.get("power_per_die", 3)
    return min(n, t.get("max_attack_dice", 6))


def leader(st: LohState, name: str) -> str | None:
    """"devil" while the Devil is in Hell, else "fallen-angels" if the army has any, else
    None: a leaderless army (LH-IV.1.1-05). A knocked-out Devil leads no longer."""
    if st.players[name].status == "hell":
        return DEVIL
    return "fallen-angels" if FALLEN_ANGELS in kinds(st, name) else None


def leads(st: LohState, name: str) -> bool:
    return leader(st, name) is not None


def dominant(st: LohState, names: list[str], data, realm: str | None) -> str | None:
    """The dominant army among `names` (LH-IV.1.1-06): most power, then most units, then
    the one whose realm the place is; still tied: none."""
    if not names:
        return None
    best = max(power(st, n, data) for n in names)
    tied = [n for n in names if power(st, n, data) == best]
    if len(tied) > 1:
        most = max(units(st, n) for n in tied)
        tied = [n for n in tied if units(st, n) == most]
    if len(tied) > 1 and realm is not None:
        tied = [n for n in tied if st.realms.get(realm) == n] or tied
    return tied[0] if len(tied) == 1 else None


def casters(st: LohState, name: str, data) -> int:
    """Ritual casters (LH-I.3.3-03/04): the Devil in Hell (Glasya counts for 2) and each
    Diabolic Fiends in Hell. A knocked-out Devil is no caster until it returns."""
    p = st.players[name]
    n = kinds(st, name).count(DIABOLIC_FIENDS)
    if p.status == "hell":
        n += GLASYA_CASTS if p.devil == GLASYA else 1
    return n


def captor_of(st: LohState, name: str) -> str | None:
    """Whose prisoner the player's Devil is (None: not held by a Devil)."""
    p = st.players[name]
    return p.captor if p.status == "prisoner" else None


def by_devil(st: LohState, devil: str) -> str | None:
    return player_of_devil(st, devil)
