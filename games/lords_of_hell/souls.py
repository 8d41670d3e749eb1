"""Soul gathering (LH-III.4.1): the dice rolled for the Fiends, Diabolic Fiends and
Devils on Earth as the gathering phase opens, with no trading (LH-III.4-01).

- Players go Starter first, then clockwise (LH-III.4.1-01); each rolls a d6 for each
  Fiends / Diabolic Fiends card in `P.earth` (in that list's order) and then for the
  Devil if its status is "earth". The soul table is `data.tables["soul_table"]`
  (1 caught, 2 nothing, 3-4 one Soul, 5-6 two Souls).
- Each result may be re-rolled once and the second stands (LH-III.4.1-02); every roll
  may be, the Fiends' too (digest G14). Whether a result is re-rolled is the player's
  standing `SOUL REROLL` order (PB-33): the results to re-roll, separately for the
  fiends and the Devil, read on the soul table after the Earth condition (a Time of
  Virtue 0 is a 1). Default: re-roll a 1 (caught).
- Earth conditions (`st.earth_condition`, digest §3.3): Time of Virtue -1 and a
  modified 0 or 1 is caught; World War +1, to at most 6.
- Caught: the fiends are discarded; the Devil goes to Heaven, status "heaven", with no
  captor (LH-III.4.1-03).
- Gathered Souls go to the home realm (`P.souls`); a homeless player takes a home at
  once (LH-III.4.1-05, homes.take_home). 1 SP for >= 1 Soul by these dice
  (LH-III.4.1-06). Mephistopheles: each of his rolls that gathers >= 1 Soul gathers 1
  more (digest §3.3; "his creatures" read as in LH-III.4.1-06, the Devil included).
- The Seat of Judgement's controller gains 1 Soul, without SP (digest §3.3), in his
  turn after his dice.
"""

from __future__ import annotations

from pbem.lines import count

from . import deck, homes
from .orders.standing import standing
from .state import LohState, order_from_starter

FIEND_KINDS = ("horde.fiends", "horde.diabolic-fiends")
TIME_OF_VIRTUE = "special.time-of-virtue"
WORLD_WAR = "special.world-war"
SEAT_OF_JUDGEMENT = "realm.seat-of-judgement"
MEPHISTOPHELES = "devil.mephistopheles"
REROLL = "SOUL REROLL"
DEFAULT_REROLL = [1]  # PB-33: re-roll a "caught"
CAUGHT = "caught"


def devil_name(st: LohState, data, name: str) -> str:
    """The name of the player's Devil, as the reports call him: "Belial"."""
    return data.devils[st.players[name].devil].name


def reroll_faces(st: LohState, name: str, who: str) -> list[int]:
    """The soul-table results the player re-rolls for `who` ("fiends" or "devil")."""
    o = standing(st, name, REROLL)
    return list(DEFAULT_REROLL) if o is None else list(o[who])


def modified(face: int, condition: str | None) -> int:
    """The soul-table row a die face reads under the Earth condition (0 and 1: caught)."""
    if condition == TIME_OF_VIRTUE:
        return face - 1
    if condition == WORLD_WAR:
        return min(face + 1, 6)
    return face


def table_result(row: int, data) -> int | str:
    """Souls gathered, or "caught", for a soul-table row (LH-III.4.1-01)."""
    table = data.tables["soul_table"]
    key = max(row, 1)
    value = table[key] if key in table else table[str(key)]
    return CAUGHT if value == CAUGHT else int(value)


def _roll(st: LohState, name: str, who: str, label: str, data, dice) -> tuple[list[int], int]:
    """Roll for one unit; re-roll once by the standing order (LH-III.4.1-02).
    Returns (the faces rolled, the soul-table row that stands)."""
    cond = st.earth_condition
    face = dice.roll(f"soul gathering: {label}", name)
    faces = [face]
    if max(modified(face, cond), 1) in reroll_faces(st, name, who):
        face = dice.roll(f"soul gathering: {label} (re-roll)", name)
        faces.append(face)
    return faces, modified(face, cond)


def _said(faces: list[int], row: int, result: int | str, cond: str | None) -> str:
    shown = f"{faces[0]}, re-rolled {faces[1]}" if len(faces) == 2 else f"{faces[0]}"
    if cond in (TIME_OF_VIRTUE, WORLD_WAR) and row != faces[-1]:
        shown += f" (counts as {max(row, 0)})"
    if result == CAUGHT:
        return f"{shown}: caught"
    return f"{shown}: {count(result, 'Soul')}" if result else f"{shown}: nothing"


def gather(st: LohState, data, dice, log) -> None:
    """Soul gathering for every player, Starter first (LH-III.4.1-01)."""
    cond = st.earth_condition
    if cond in (TIME_OF_VIRTUE, WORLD_WAR):
        log.public("earth-condition", f"{data.cards[cond].name} is in force on Earth for soul "
                   "gathering.", "LH-III.4.1-01", condition=cond)
    for name in order_from_starter(st):
        _gather_one(st, name, data, dice, log)


def _gather_one(st: LohState, name: str, data, dice, log) -> None:
    p = st.players[name]
    dn = devil_name(st, data, name)
    cond = st.earth_condition
    units = [(c, "fiends", data.cards[st.cards[c]].name) for c in p.earth
             if st.cards[c] in FIEND_KINDS]
    if p.status == "earth":
        units.append((None, "devil", "herself" if data.devils[p.devil].female
                      else "himself"))
    by_dice = 0
    caught: list[tuple[str | None, str]] = []
    for inst, who, label in units:
        faces, row = _roll(st, name, who, f"{label} {inst}" if inst else dn, data, dice)
        result = table_result(row, data)
        said = _said(faces, row, result, cond)
        if result == CAUGHT:
            caught.append((inst, label))
        elif result and p.devil == MEPHISTOPHELES:
            result += 1  # digest §3.3: Mephistopheles' creatures gather 1 more
            said += f" +1 (Mephistopheles) = {count(result, 'Soul')}"
        if result != CAUGHT:
            by_dice += result
        log.public("soul-roll", f"{dn} rolls for {label} on Earth: {said}.", "LH-III.4.1-01",
                   player=name, unit=inst or "devil", faces=faces, row=row,
                   souls=0 if result == CAUGHT else result, caught=result == CAUGHT)
    for inst, label in caught:
        _caught(st, name, inst, label, dn, data, dice, log)
    seat = SEAT_OF_JUDGEMENT in st.realms and st.realms[SEAT_OF_JUDGEMENT] == name
    souls = by_dice + (1 if seat else 0)
    if souls:
        p.souls += souls
        homes.take_home(st, name, data, log, "LH-III.4.1-05")
    if by_dice:
        log.public("souls-gathered", f"{dn} gathers {count(by_dice, 'Soul')} on Earth (now "
                   f"{p.souls} in Hell).", "LH-III.4.1-05", player=name, souls=by_dice)
        p.sp += 1
        log.public("sp", f"{dn} gains 1 SP for gathering Souls (now {p.sp} SP).",
                   "LH-III.4.1-06", player=name, sp=p.sp, reason="souls")
    if seat:
        log.public("souls-gathered", f"{dn} gains 1 Soul from the Seat of Judgement, which "
                   f"earns no SP (now {count(p.souls, 'Soul')}).", "LH-III.4.1-06",
                   player=name, souls=1, realm=SEAT_OF_JUDGEMENT)


def _caught(st: LohState, name: str, inst: str | None, label: str, dn: str, data, dice,
            log) -> None:
    """LH-III.4.1-03: caught fiends are destroyed; a caught Devil goes to Heaven."""
    p = st.players[name]
    if inst is None:
        p.status, p.captor, p.permits = "heaven", None, []
        them = "her" if data.devils[p.devil].female else "him"
        log.public("caught", f"{dn} is caught by the Forces of Heaven and imprisoned in "
                   "Heaven; no one holds the prisoner counter. Escape or a deal with "
                   f"Heaven can free {them}.", "LH-III.4.1-03", player=name, unit="devil")
        return
    p.earth.remove(inst)
    deck.discard(st, [inst], dice, log)
    log.public("caught", f"{dn}'s {label} are caught by the Forces of Heaven and destroyed.",
               "LH-III.4.1-03", player=name, unit=inst)
