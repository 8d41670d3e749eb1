"""Orders: the gathering phase (LH-III.4; see docs/orders-lords-of-hell.md).

    SOUL REROLL ON 1, 2                 standing, any stage (PB-33, LH-III.4.1-02)
    SOUL REROLL FIENDS ON 1 DEVIL ON 1, 2
    SOUL REROLL OFF                     never re-roll (not the default: re-roll a 1)
    OBJECT Belial, Glasya               gathering stage (PB-34, LH-III.4.2-03..05)
    VOTE Glasya                         gathering stage (PB-36, LH-III.4.5-01)

Names are Devil names (or player names). Whether the objector or voter is in Hell is
checked when the stage resolves, because trading in the same stage (Escape, Recall, a
captor freeing a prisoner) can change it.
"""

from __future__ import annotations

from pbem.engine import ILLEGAL, INVALID
from pbem.lines import OrderError, match

from . import ANY, Ctx, order

REROLL_RULE = "LH-III.4.1-02"
OBJECT_RULE = "LH-III.4.2-03"
VOTE_RULE = "LH-III.4.5-01"
_WHO = {"FIENDS": "fiends", "FIEND": "fiends", "DEVIL": "devil"}
_REROLL_HINT = ("write SOUL REROLL ON 1, 2 (results 1-6 of the soul table), SOUL REROLL "
                "FIENDS ON 1 DEVIL ON 1, 2, or SOUL REROLL OFF")


def devil_choices(ctx: Ctx) -> dict[str, list[str]]:
    """{player name: [Devil name, player name]} for the Devils in this game."""
    return {n: [ctx.data.devils[ctx.state.players[n].devil].name, n]
            for n in ctx.state.seats}


def _devil(ctx: Ctx, name: str) -> str:
    return ctx.data.devils[ctx.state.players[name].devil].name


def _faces_text(faces: list[int]) -> str:
    return "OFF" if not faces else "ON " + ", ".join(str(f) for f in faces)


@order("SOUL REROLL", phases=ANY, rule=REROLL_RULE, repeatable=False, standing=True,
       example="SOUL REROLL FIENDS ON 1 DEVIL ON 1, 2",
       doc="Standing: which soul-gathering results to re-roll (once; the second stands), "
           "read on the soul table after Time of Virtue / World War; FIENDS and DEVIL may "
           "differ. OFF: never re-roll. Default: re-roll a 1 (caught)")
def parse_soul_reroll(rest: str, ctx: Ctx) -> tuple[str, dict]:
    words = rest.upper().replace(",", " ").split()
    if not words:
        raise OrderError(INVALID, "SOUL REROLL needs ON <results> or OFF", REROLL_RULE,
                         _REROLL_HINT)
    got: dict[str, list[int]] = {}
    i = 0
    while i < len(words):
        who = ("fiends", "devil")
        if words[i] in _WHO:
            who = (_WHO[words[i]],)
            i += 1
        word = words[i] if i < len(words) else ""
        if word == "OFF":
            faces: list[int] = []
            i += 1
        elif word == "ON":
            i += 1
            faces = []
            while i < len(words) and words[i] not in _WHO:
                faces.append(_face(words[i]))
                i += 1
            if not faces:
                raise OrderError(INVALID, "SOUL REROLL ... ON needs the results to re-roll",
                                 REROLL_RULE, _REROLL_HINT)
        else:
            shown = word or "the end of the line"
            raise OrderError(INVALID, f"SOUL REROLL expects ON or OFF, not {shown!r}",
                             REROLL_RULE, _REROLL_HINT)
        for w in who:
            if w in got:
                raise OrderError(INVALID, f"SOUL REROLL says twice what to do for the {w}",
                                 REROLL_RULE, _REROLL_HINT)
            got[w] = sorted(set(faces))
    fiends, devil = got.get("fiends", [1]), got.get("devil", [1])
    if fiends == devil:
        text = f"SOUL REROLL {_faces_text(fiends)}"
    else:
        text = f"SOUL REROLL FIENDS {_faces_text(fiends)} DEVIL {_faces_text(devil)}"
    return text, {"fiends": fiends, "devil": devil}


def _face(word: str) -> int:
    if len(word) == 1 and word in "123456":
        return int(word)
    raise OrderError(INVALID, f"{word!r} is not a soul-table result (1 to 6)", REROLL_RULE,
                     _REROLL_HINT)


@order("OBJECT", phases=("gathering",), rule=OBJECT_RULE, example="OBJECT Belial, Glasya",
       doc="Object to proclaimed Devils (irrevocable); a candidate with at least as many "
           "objecting Devils in Hell as proclaim markers is not suitable. Default: no "
           "objection")
def parse_object(rest: str, ctx: Ctx) -> tuple[str, dict]:
    parts = [x.strip() for x in rest.split(",") if x.strip()]
    if not parts:
        raise OrderError(INVALID, "OBJECT needs the Devils you object to", OBJECT_RULE,
                         "write OBJECT <Devil>[, <Devil> ...], e.g. OBJECT Belial")
    choices = devil_choices(ctx)
    targets: list[str] = []
    for part in parts:
        name = match(part, choices, "Devil", OBJECT_RULE)
        if name == ctx.player:
            raise OrderError(ILLEGAL, "objecting to your own Devil has no effect",
                             "LH-III.4.2-05", "remove your own Devil from the line (G24)")
        if ctx.state.players[name].proclaimed <= 0:
            raise OrderError(ILLEGAL, f"{_devil(ctx, name)} has no proclaim markers, so "
                             "is not a candidate to object to", "LH-III.4.2-02",
                             "object only to Devils proclaimed at the last gathering (a "
                             "Devil with 10+ SP is suitable whatever the objections)")
        if name not in targets:
            targets.append(name)
    text = "OBJECT " + ", ".join(_devil(ctx, n) for n in targets)
    return text, {"targets": targets}


@order("VOTE", phases=("gathering",), rule=VOTE_RULE, repeatable=False,
       example="VOTE Glasya",
       doc="Your secret vote when no Overlord is found: 1 proclaim marker on that Devil "
           "(yourself allowed); a VOTE promise binds it. Default: no vote")
def parse_vote(rest: str, ctx: Ctx) -> tuple[str, dict]:
    if not rest.strip():
        raise OrderError(INVALID, "VOTE needs the Devil you vote for", VOTE_RULE,
                         "write VOTE <Devil>, e.g. VOTE Glasya")
    if "," in rest:
        raise OrderError(INVALID, "VOTE takes one Devil: each Devil has one vote",
                         VOTE_RULE, "keep one name")
    name = match(rest, devil_choices(ctx), "Devil", VOTE_RULE)
    return f"VOTE {_devil(ctx, name)}", {"target": name}
