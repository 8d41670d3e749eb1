"""Major Arcana that bring Lilith into play (issue 8); her moves are random_moves/lilith.py
(Talk of Lost Love, which steers her, is in spells_in_random_moves.py).

One small function per card, registered in effects.ARCANA under the card's id by
`@spell` (action/magic.py, which checks timing, place and costs, runs Counters and
adds up support before calling it); the printed text, timing, place and costs are
data (data/arcana.yaml).

- Love for Lilith: 10 Hearts of support, the caster's counted (A-40, 000 §9.8.3 example).
- Blood for Lilith: a Lieutenant of the caster's is sacrificed; Lilith appears there.
- Call for Lilith: 10 Stars of support, the caster's not counted (A-40); Lilith in AnteHell.
"""

from __future__ import annotations

from ..names import match
from ..orders.common import place_name
from ..random_moves import bring_lilith
from ..random_moves.common import being
from ..state import ANTEHELL, LIEUTENANT, LILITH
from .magic import RULE, Cast, Support, Target, spell

# -- Love for Lilith -------------------------------------------------------------------------

#: 10 Hearts, the caster's counted: the card's prerequisites in arcana.yaml, following the
#: 000 §9.8.3 example over 003's printed "without himself" (A-40; the rulebook wins).
LOVE_FOR_LILITH = Support("hearts", 10, includes_caster=True)


@spell("arcana.love-for-lilith", support=LOVE_FOR_LILITH)
def love_for_lilith(c: Cast) -> None:
    c.log.public("lilith", "Lilith answers the call: she is to appear in AnteHell, her "
                 "aspect not yet decided, controlled by no Triumvirate", RULE, card=c.card)
    bring_lilith(c.st, c.data, c.log, sectio=ANTEHELL)  # the card's printed place


# -- Blood for Lilith ----------------------------------------------------------------------------

def _lieutenant_target(text: str, ctx) -> tuple[str, dict]:
    names = {lid: [lt.name] for lid, lt in sorted(ctx.data.lieutenants.items())}
    lt = match(text, names, "Lieutenant", RULE)
    return ctx.data.lieutenants[lt].name, {"lieutenant": lt}


def _sacrifice(c: Cast):
    found = [u for u in c.st.units if u.kind == LIEUTENANT and u.owner == c.player
             and u.ref == c.target["lieutenant"]]
    return found[0] if found else None


def _lilith_in_play(c: Cast) -> bool:
    return being(c.st, LILITH) is not None


def _blood_check(c: Cast) -> str | None:
    if _sacrifice(c) is None:
        return (f"{c.player} has no Lieutenant {c.data.lieutenants[c.target['lieutenant']].name}"
                " on the map to sacrifice")
    if _lilith_in_play(c):
        return "Lilith is in play already [HG-10.2-01]"
    return None


@spell("arcana.blood-for-lilith", target=Target("<your Lieutenant>", _lieutenant_target),
       check=_blood_check)
def blood_for_lilith(c: Cast) -> None:
    """The caster's Lieutenant named is removed (his Bonus Pay with him) and Lilith
    appears where he stood, aspect undecided, nobody's (A-14: the printed place wins;
    HG-10.2-01). Refused while Lilith is in play: nothing would come of the blood."""
    lt = _sacrifice(c)
    place = lt.location
    c.st.remove_unit(lt.id)
    c.log.public("blood-for-lilith", f"{c.player} sacrifices Lieutenant "
                 f"{c.data.lieutenants[lt.ref].name} in {place_name(place, c.data)} to Lilith",
                 RULE, card=c.card, unit=lt.id, sectio=place)
    bring_lilith(c.st, c.data, c.log, sectio=place)


# -- Call for Lilith -----------------------------------------------------------------------------

#: 10 Stars from the supporters, the caster's not counted: the printed text (A-40).
CALL_FOR_LILITH = Support("stars", 10, includes_caster=False)


@spell("arcana.call-for-lilith", support=CALL_FOR_LILITH)
def call_for_lilith(c: Cast) -> None:
    """Lilith appears in AnteHell (A-14, the printed place), her aspect decided in the
    Random Movement Phase (HG-10.2-01). Support per A-40: 10 Stars, the caster's own
    not counted, as printed (000's example counting the caster is Love for Lilith's)."""
    c.log.public("lilith", "Lilith hears the call: she is to appear in AnteHell, her aspect "
                 "not yet decided, controlled by no Triumvirate", RULE, card=c.card)
    bring_lilith(c.st, c.data, c.log, sectio=ANTEHELL)
