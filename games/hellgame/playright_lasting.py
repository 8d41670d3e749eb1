"""The Play Right Away cards that stay in play (playright.py has the shared rules):
Mad Love, Mania, Prove to Me That You Are Real..., Stigmata.

Each lives in `st.afflictions[card]` = {"daemon": ..., card data}, while it lasts; when
it ends it goes to the bottom of the Arcana deck (HG-3.3-02). A Daemon destroyed takes
its cards with it (state.end_afflictions, called by destroy_daemon); `prune` also ends
any whose Daemon has left play otherwise.
"""

from __future__ import annotations

from .data import HellData
from .favours import duel
from .hooks import hook
from .log import Log
from .playright import (
    PASS_FOR_GOOD,
    RULE,
    Draw,
    choice,
    force_pass_for_good,
    lasting,
    play_right_away,
)
from .state import IN_HELL, HellState

MAD_LOVE, MANIA = "arcana.mad-love", "arcana.mania"
PROVE, STIGMATA = "arcana.prove-to-me-that-you-are-real", "arcana.stigmata"
HERETICS = "HERETICS"
SEXES = {"male": "female", "female": "male"}


def _end(st: HellState, data: HellData, log: Log, card: str, why: str) -> None:
    a = st.afflictions.pop(card)
    st.discard(card)
    log.public("play-right-away-ends", f"{data.arcana[card].name} ends: {why}; the card goes "
               "to the bottom of the Arcana deck.", "HG-3.3-02", card=card, daemon=a["daemon"])


def _attach(dr: Draw, daemon: str, text: str, **extra) -> bool:
    dr.st.afflictions[dr.card] = {"daemon": daemon, **extra}
    dr.log.public("play-right-away-attached", f"{dr.name}: {text}", RULE, player=dr.player,
                  card=dr.card, daemon=daemon)
    return True


def prune(st: HellState, data: HellData, log: Log) -> None:
    """End the cards whose Daemon left play, and Mad Love once both its Daemons are
    Incapacitated ("this lasts until both are Incapacitated")."""
    for card in sorted(st.afflictions):
        a = st.afflictions[card]
        gone = [d for d in (a["daemon"], a.get("beloved")) if d and d not in st.daemons]
        if gone:
            _end(st, data, log, card, f"{data.daemons[gone[0]].name} is no longer in play")
        elif card == MAD_LOVE and all(st.daemons[d].incapacitated
                                      for d in (a["daemon"], a["beloved"])):
            _end(st, data, log, card, "both Daemons are Incapacitated")


# -- Mad Love ------------------------------------------------------------------------------

@play_right_away(MAD_LOVE)
def mad_love(dr: Draw) -> bool:
    """003 l.2004: a Daemon of the drawer's (the lover) and one of the opposite sex of
    another Triumvirate's (the beloved), both at random; sexless Daemons are immune and
    never picked (Belphegor's sex is the one he has where he stands, daemon_sex). The
    lover is picked among the drawer's Daemons that have a possible beloved. Reading of
    "copy the second's Actions at all costs (in the next turn if necessary)": each time
    the lover comes up it must take the kind of Action the beloved last took (this
    phase if it has acted already, else in an earlier phase), with its own orders and
    means; its other lines are skipped, and if none of that kind works it takes an
    empty March (A-10). A Pass only moves a Daemon on the Rank Track and is not copied;
    before the beloved has acted once, the lover acts freely. Ends when both are
    Incapacitated at once (checked when a Daemon comes up and in the End Phase) or one
    leaves play."""
    from .action.abilities import daemon_sex

    st = dr.st

    def partners(lover: str) -> list[str]:
        want = SEXES.get(daemon_sex(st, dr.data, lover))
        return [d.id for p in st.seats if p != dr.player for d in st.daemons_of(p)
                if not d.incapacitated and daemon_sex(st, dr.data, d.id) == want]

    lovers = [d.id for d in st.daemons_of(dr.player) if not d.incapacitated and partners(d.id)]
    if not lovers:
        return dr.no_effect(f"no Daemon of {dr.player}'s has a Daemon of the opposite sex in "
                            "another Triumvirate (sexless Daemons are immune)")
    lover = dr.dice.pick(lovers, f"{RULE} Mad Love: the lover, at random", dr.player)
    beloved = dr.dice.pick(partners(lover), f"{RULE} Mad Love: the beloved, at random",
                           dr.player)
    return _attach(dr, lover, f"{dr.dname(lover)} falls madly in love with "
                   f"{dr.dname(beloved)} and must copy its Actions.", beloved=beloved,
                   last=None)


@hook("action-kind-forced", order=10)
def copy_kind(actx) -> str | None:
    """The Action kind Mad Love makes the acting Daemon take, or None."""
    a = actx.st.afflictions.get(MAD_LOVE)
    if not a or a["daemon"] != actx.daemon:
        return None
    return actx.queue.taken.get(a["beloved"], a["last"])


@hook("action-kind-forced-failed", order=10)
def cannot_copy(actx, kind: str) -> None:
    """None of the lover's lines of the beloved's kind worked: an empty March (A-10)."""
    actx.queue.taken[actx.daemon] = "MARCH"
    actx.log.public("empty-march", f"{actx.label()} must copy its beloved's {kind} (Mad Love) "
                    "and cannot, so it takes an empty March", "A-10", daemon=actx.daemon,
                    card=MAD_LOVE)


# -- Mania ---------------------------------------------------------------------------------

@play_right_away(MANIA)
def mania(dr: Draw) -> bool:
    """003 l.2016: a Daemon of the drawer's at random rolls before each Action (each
    time it comes up on the Rank Track): 1 it takes three Actions (this one and two
    more at once, as A Damn Good Day; those two need no new roll); 2-3 one Action; 4 it
    must Pass for Good; 5 the same, and its Triumvirate takes 1 Disfavour (taken even
    when an empty March replaces the Pass for Good); 6 roll again: 1-2 the Daemon is
    destroyed, 3-6 the card is discarded (and the Daemon acts normally)."""
    daemon = dr.pick_daemon()
    if daemon is None:
        return dr.no_effect(f"{dr.player} has no Daemon that is not Incapacitated")
    return _attach(dr, daemon, f"{dr.dname(daemon)} is seized by Mania: it rolls a die "
                   "before each Action.", free=0)


def _mania(actx, a: dict, first_time: bool) -> bool:
    from .random_moves.common import destroy_daemon

    st, log, q, me = actx.st, actx.log, actx.queue, actx.label()
    if a["free"]:
        a["free"] -= 1
        log.public("mania", f"Mania: {me} takes another of its three Actions.", RULE,
                   card=MANIA, daemon=actx.daemon)
        return False
    roll = actx.dice.roll(f"{RULE} Mania: {me} rolls before its Action", actx.player)
    if roll == 1:
        if q.waiting[:1] == [actx.daemon]:
            q.waiting[1:1] = [actx.daemon, actx.daemon]
            a["free"] = 2
        log.public("mania", f"Mania: {me} rolls 1 and may take three Actions.", RULE,
                   card=MANIA, daemon=actx.daemon, roll=roll)
    elif roll in (2, 3):
        log.public("mania", f"Mania: {me} rolls {roll} and takes one Action.", RULE,
                   card=MANIA, daemon=actx.daemon, roll=roll)
    elif roll in (4, 5):
        log.public("mania", f"Mania: {me} rolls {roll} and must Pass for Good"
                   + (", and its Triumvirate takes 1 Disfavour." if roll == 5 else "."), RULE,
                   card=MANIA, daemon=actx.daemon, roll=roll)
        if roll == 5:
            st.players[actx.player].disfavours += 1
        force_pass_for_good(actx, first_time, MANIA)
        return True
    else:
        again = actx.dice.roll(f"{RULE} Mania: {me} rolled 6 and rolls again", actx.player)
        if again >= 3:
            log.public("mania", f"Mania: {me} rolls 6, then {again}: the card is discarded.",
                       RULE, card=MANIA, daemon=actx.daemon, roll=again)
            st.afflictions.pop(MANIA)
            st.discard(MANIA)
            return False
        if destroy_daemon(st, actx.daemon):
            log.public("daemon-destroyed", f"Mania: {me} rolls 6, then {again}: the Daemon is "
                       "destroyed.", RULE, card=MANIA, daemon=actx.daemon, roll=again)
            return True
        log.public("mania", f"Mania: {me} rolls 6, then {again}, but no one can destroy a "
                   "Daemon on Earth while Trinity is in play.", RULE, card=MANIA,
                   daemon=actx.daemon, roll=again)
    return False


# -- Prove to Me That You Are Real... ---------------------------------------------------------

@play_right_away(PROVE)
def prove_to_me(dr: Draw) -> bool:
    """003 l.2065: only if the drawer controls a Sectio in the Heretics Circle; then a
    Daemon of his in Hell, at random, rolls before acting: on 1-2 it must Pass for
    Good. Read "before acting" as the first time it comes up in each Action Phase (the
    only time a Pass for Good is possible, HG-9.3-01). Got rid of only by taking 2
    Disfavours in a Hell Phase: `PLAY RIGHT AWAY Prove to Me That You Are Real... GET
    RID` on its owner's sheet (default: keep it)."""
    if not any(dr.data.sectio[s].circle_name == HERETICS for s in dr.st.sectio_of(dr.player)):
        return dr.no_effect(f"{dr.player} controls no Sectio in the Heretics Circle")
    daemon = dr.pick_daemon(IN_HELL)
    if daemon is None:
        return dr.no_effect(f"{dr.player} has no Daemon in Hell that is not Incapacitated")
    return _attach(dr, daemon, f"{dr.dname(daemon)} falls into an existential crisis: before "
                   "acting it rolls a die, and on 1 or 2 it must Pass for Good.")


@hook("hell-phase", order=10)
def _hell_phase(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    hell_phase(st, sheets, data, log)  # getting rid of Prove to Me ...


def hell_phase(st: HellState, sheets, data: HellData, log: Log) -> None:
    """At the start of the Hell Phase the owner may get rid of Prove to Me... by taking
    2 Disfavours (his `PLAY RIGHT AWAY ... GET RID` order)."""
    prune(st, data, log)
    a = st.afflictions.get(PROVE)
    if not a:
        return
    owner = st.daemons[a["daemon"]].owner
    order = choice((sheets or {}).get(owner), PROVE)
    if order and order["choice"] == "rid":
        st.players[owner].disfavours += 2
        _end(st, data, log, PROVE, f"{owner} takes 2 Disfavours to be rid of it")


# -- Stigmata ------------------------------------------------------------------------------

@play_right_away(STIGMATA)
def stigmata(dr: Draw) -> bool:
    """003 l.2127: a Daemon of the drawer's at random rolls a die in every End Phase and
    must roll higher than 1 the first time, 2 the second ...; else its companions kill
    it (destroyed). A 6 that saves it lets it pass the card on to another Daemon it
    beats in a Duel of Stars (favours.duel); the new bearer starts again from "higher
    than 1". Target (IP-51): the first Daemon in play of `PLAY RIGHT AWAY Stigmata
    PASS TO <Daemon>, ...`, none with `KEEP`; default: another Triumvirate's Daemon not
    Incapacitated, at random. A lost duel: the card stays."""
    daemon = dr.pick_daemon()
    if daemon is None:
        return dr.no_effect(f"{dr.player} has no Daemon that is not Incapacitated")
    return _attach(dr, daemon, f"{dr.dname(daemon)} bears the Stigmata: in every End Phase "
                   "it must roll higher than the times it has rolled, or be killed.", rolls=0)


@hook("end-phase-lasting", order=10)
def end_phase(st: HellState, sheets, dice, data: HellData, log: Log) -> None:
    """Stigmata's roll (end_phase.run fires "end-phase-lasting"); Mad Love's end."""
    from .random_moves.common import destroy_daemon

    prune(st, data, log)
    a = st.afflictions.get(STIGMATA)
    if not a:
        return
    d = a["daemon"]
    owner, name = st.daemons[d].owner, data.daemons[d].name
    a["rolls"] += 1
    need = a["rolls"]
    die = dice.roll(f"{RULE} Stigmata: {name} must roll higher than {need}", owner)
    if die <= need:
        if destroy_daemon(st, d):
            log.public("daemon-destroyed", f"Stigmata: {name} ({owner}) rolls {die}, not higher "
                       f"than {need}, and is killed by its companions.", RULE, card=STIGMATA,
                       daemon=d, roll=die)
        else:
            log.public("stigmata", f"Stigmata: {name} ({owner}) rolls {die}, but no one can "
                       "destroy a Daemon on Earth while Trinity is in play.", RULE,
                       card=STIGMATA, daemon=d, roll=die)
        return
    log.public("stigmata", f"Stigmata: {name} ({owner}) rolls {die}, higher than {need}, and "
               "survives.", RULE, card=STIGMATA, daemon=d, roll=die)
    if die == 6:
        _pass_on(st, sheets, dice, data, log, d, owner)


def _pass_on(st: HellState, sheets, dice, data: HellData, log: Log, d: str, owner: str) -> None:
    order = choice((sheets or {}).get(owner), STIGMATA)
    if order:
        target = next((t for t in order.get("to", []) if t in st.daemons and t != d), None)
        how = "by his order"
    else:
        cands = [x.id for p in st.seats if p != owner for x in st.daemons_of(p)
                 if not x.incapacitated]
        target = dice.pick(cands, f"{RULE} Stigmata: the Daemon to pass it to, at random",
                           owner) if cands else None
        how = "at random: default, IP-51"
    if target is None:
        why = "by his order" if order and order["choice"] == "keep" else "no Daemon to pass it to"
        log.public("stigmata", f"Stigmata: {data.daemons[d].name} keeps the card ({why}).",
                   "IP-51", card=STIGMATA, daemon=d)
        return
    tname = f"{data.daemons[target].name} ({st.daemons[target].owner})"
    won = duel(st, data, dice, [d, target], "stars",
               f"{RULE} Stigmata: Duel of Stars to pass the card") == d
    if won:
        st.afflictions[STIGMATA] = {"daemon": target, "rolls": 0}
    log.public("stigmata-pass", f"Stigmata: {data.daemons[d].name} challenges {tname} ({how}) "
               "to a Duel of Stars and " + (f"wins: {tname} now bears the Stigmata." if won
                                            else "loses: it keeps the card."),
               "HG-3.4-05", card=STIGMATA, daemon=d, target=target, won=won)


# -- the Action Phase ------------------------------------------------------------------------

@lasting("before-action")
def before_action(actx, first_time: bool) -> bool:
    """Mad Love's Pass for Good, Mania's and Prove to Me's rolls (card id order)."""
    st = actx.st
    prune(st, actx.data, actx.log)
    if actx.daemon not in st.daemons:
        return True
    for card in sorted(st.afflictions):
        a = st.afflictions.get(card)
        if not a or a["daemon"] != actx.daemon:
            continue
        if card == MAD_LOVE and copy_kind(actx) == PASS_FOR_GOOD:
            force_pass_for_good(actx, first_time, MAD_LOVE)
            return True
        if card == MANIA and _mania(actx, a, first_time):
            return True
        if card == PROVE and first_time:
            roll = actx.dice.roll(f"{RULE} Prove to Me That You Are Real...: "
                                  f"{actx.label()} rolls before acting", actx.player)
            actx.log.public("prove-to-me", f"Prove to Me That You Are Real...: {actx.label()} "
                            f"rolls {roll}" + (": it must Pass for Good." if roll <= 2 else
                                               " and may act."), RULE, card=PROVE,
                            daemon=actx.daemon, roll=roll)
            if roll <= 2:
                force_pass_for_good(actx, first_time, PROVE)
                return True
    return False


@lasting("end-action-phase")
def end_action_phase(st: HellState, data: HellData, log: Log, queue) -> None:
    """Mad Love remembers the beloved's last Action for the next turn; Mania's spare
    Actions do not carry over."""
    a = st.afflictions.get(MAD_LOVE)
    if a:
        a["last"] = queue.taken.get(a["beloved"], a["last"])
    if MANIA in st.afflictions:
        st.afflictions[MANIA]["free"] = 0
