"""Hell-card effects that change the Action, Summoning, Petitions and End Phases (see
hellcards/__init__.py), and the lasting-effect checks those phases ask.

Each card's Event is registered here and announces itself when drawn; its lasting part
("this turn", "while in play") is a hook in the phase it names, asking `events.in_force`:

- Twelfth Night: hook points action-rank-order (action/queue.py `build`: reverse Rank
  order) and action-phase-begins (says so).
- Magic Burnout: hook point magic-forbidden (action/magic.py `run_cast`, `run_support`;
  countering.py `_countering_daemon`: no Magic from a Daemon on Earth).
- Trinity: hook point evil-deeds-target (action/simple.py `run_evil`: Evil Deeds score
  on 5-6); "nothing can destroy
  a Daemon on Earth" is `_trinity_keeps_alive` (here), on the hook point
  daemon-indestructible that random_moves/common.py's `destroy_daemon` asks.
- Spiritual Revival: `revival_discards` (here, on the hook point permanent-placed that
  events.resolve_event asks); hook points conspire-barred
  (action/conspire.py places no Earth card) and walk-the-earth-cost (simple.py
  `run_walk` doubles the Walk the Earth card's cost).
- World War (registered with the income effects): hook point lieutenant-price
  (hellcards/income.py `world_war_recruits`) halves the Lieutenant price.
- Walpurgis Night, Council, Long Parliament: `end_of_action_phase` (here), on the hook
  point action-phase-ends that action/__init__.py `run` fires; Walpurgis refuses
  petitions (hook point petitions-refused, petitions.py); Long Parliament's Favour is
  `long_parliament_favour`, on the hook point end-phase-favours (end_phase.py).
- Lucifer - An Impostor?: `impostor` (here); the hook points petitions-refused
  (petitions.py), favour-use-forbidden (action/simple.py `run_atone`,
  action/diplomacy.py `_plan`, action/magic.py `cannot_pay`, action/abilities.py
  `ereshkigal`, end_phase.py `buy_off`, cards.py `_forbidden_cost`: Play Right Away) and
  counter-forbidden (action/countering.py `_offer`, with Tempers); the hook point
  lilith-courting-refused (`_impostor_refuses_courting`, here), the hook point combat-cast-barred
  (`_impostor_bars_combat_cast`, here: COMBAT CAST).
- Mad Scientist: hook points summoning-cheap (order MAD SCIENTIST, default no),
  legion-price, lieutenant-price and summoning-done, asked by summoning.py.
- Rites of Spring: resolved at once here (votes by Hearts: order RITES VOTE, IP-06
  default). Long Parliament's attendee: order PARLIAMENT SENDS (orders/events.py).
- Free Petition (Phenomenon): hook point free-petition (petitions.py `why_not`,
  `petition_by_favour`).
- Tempers' lasting effect: events.py `counter_costs`, on the hook point counter-played.
"""

from __future__ import annotations

from .. import effects, events
from ..action.abilities import daemon_sex
from ..hooks import hook
from ..log import Log, count
from ..orders import orders_of
from ..orders.failures import order_failed
from ..state import ON_EARTH, HellState

TWELFTH_NIGHT = "hell.twelfth-night"
MAGIC_BURNOUT = "hell.magic-burnout"
TRINITY = "hell.trinity"
SPIRITUAL_REVIVAL = "hell.spiritual-revival"
WORLD_WAR = "hell.world-war"
WALPURGIS_NIGHT = "hell.walpurgis-night"
IMPOSTOR = "hell.lucifer-an-impostor"
COUNCIL = "hell.council"
LONG_PARLIAMENT = "hell.long-parliament"
MAD_SCIENTIST = "hell.mad-scientist"
RITES_OF_SPRING = "hell.rites-of-spring"
FREE_PETITION = "phenomenon.free-petition"
TEMPERS = events.TEMPERS
PRUFFLAS = "ability.prufflas"

#: The Diplomacy Actions (HG-9.7-01): Influence Units, Atonement and Supplication,
#: Conspire, Do Evil Deeds, by their Action keywords.
DIPLOMACY = ("INFLUENCE", "ATONE", "CONSPIRE", "EVIL DEEDS")
#: Log kinds this module writes that later phases of the same turn read back.
WALPURGIS_FAILED = "walpurgis-failed"
ATTENDS = "long-parliament-attends"


def impostor(st: HellState) -> bool:
    """Lucifer - An Impostor?: this turn no Favour or Disfavour is used and no
    supplication (petition) is made (003 l.1354)."""
    return events.in_force(st, IMPOSTOR)


def _say(log: Log, kind: str, text: str, rule: str = "HG-6.1-01", **data) -> None:
    log.public(kind, text, rule, **data)


# -- Events announced when drawn (their lasting part is a hook) --------------------------

@effects.hell_card(TWELFTH_NIGHT)
def twelfth_night(st: HellState, sheets, dice, data, log: Log) -> None:
    """This turn the Daemons act in reverse Rank order: the highest Rank Number first
    (action/queue.py `build`). Passes still move a Daemon back along that order."""
    _say(log, "twelfth-night", "Twelfth Night: this turn the Daemons take their Actions in "
         "reverse Rank order, the lowest-ranking first.")


@effects.hell_card(MAGIC_BURNOUT)
def magic_burnout(st: HellState, sheets, dice, data, log: Log) -> None:
    """While in play no Magic Action is taken on Earth: a Daemon Walking the Earth may
    not Cast, Support or Counter from there (it may still descend to cast a card that
    takes effect in Hell, HG-9.8.1-03: that Magic is done in Hell)."""
    _say(log, "magic-burnout", "While Magic Burnout is in play no Magic Action may be taken "
         "on Earth.", "HG-6.1.1-01")


@effects.hell_card(TRINITY)
def trinity(st: HellState, sheets, dice, data, log: Log) -> None:
    """While in play nothing can destroy a Daemon on Earth (random_moves/common.py) and
    Do Evil Deeds succeeds on a 5 or 6 (action/simple.py)."""
    _say(log, "trinity", "While Trinity is in play Heaven is powerless: nothing can destroy "
         "a Daemon on Earth, and Do Evil Deeds succeeds on a 5 or 6.", "HG-6.1.1-01")


@hook("daemon-indestructible", order=10)
def _trinity_keeps_alive(st: HellState, daemon: str) -> str | None:
    """Trinity in play: "no one and nothing can destroy a Daemon on Earth"
    (random_moves.common.destroy_daemon asks, for every path that destroys one)."""
    if st.daemons[daemon].where == ON_EARTH and events.in_force(st, TRINITY):
        return "Trinity is in play: no one can destroy a Daemon on Earth"
    return None


def evil_deeds_target(st: HellState) -> int:
    """The lowest die that scores in Do Evil Deeds: 6 (HG-9.7.4-01), 5 under Trinity."""
    return 5 if events.in_force(st, TRINITY) else 6


@effects.hell_card(SPIRITUAL_REVIVAL)
def spiritual_revival(st: HellState, sheets, dice, data, log: Log) -> None:
    """"While this card is in play, discard any 'Permanent: Earth' card. In addition the
    cost of playing Walk the Earth cards is doubled." Read as: the card in the Earth box
    is discarded now, and no Permanent Earth card may stay in play while Spiritual Revival
    does: one placed later (by a Conspire, or drawn as the Event) is discarded at once
    with no effect (`revival_discards`). Walk the Earth: action/simple.py `run_walk`."""
    _say(log, "spiritual-revival", "While Spiritual Revival is in play no Permanent Earth "
         "card stays in play, and Walk the Earth cards cost double.", "HG-6.1.1-01")
    old = st.permanent.get("earth")
    if not old:
        _say(log, "event-no-effect", "The Permanent Earth box is empty: Spiritual Revival "
             "discards nothing.", "HG-6.1-04")
        return
    _discard_earth(st, data, log, old)


def _discard_earth(st: HellState, data, log: Log, card: str) -> None:
    st.permanent["earth"] = None
    st.hell_deck.append(card)  # HG-3.3-02: discarded cards go to the bottom of the deck
    _say(log, "revival-discards", f"Spiritual Revival: {data.hell_cards[card].name} is "
         "discarded from the Permanent Earth box.", "HG-6.1.1-01", card=card)
    events.leaves_play(st, data, log, card)


def revival_discards(st: HellState, data, log: Log, card: str) -> bool:
    """A Permanent Earth card just placed while Spiritual Revival is in play is discarded
    at once, before its effect (True: the caller must not resolve it)."""
    if data.hell_cards[card].event.permanent != "earth" or \
            st.permanent.get("heaven") != SPIRITUAL_REVIVAL:
        return False
    if st.permanent.get("earth") == card:
        _discard_earth(st, data, log, card)
    return True


def walk_cost(st: HellState, cost: int) -> int:
    """A Walk the Earth card's Soul cost: doubled while Spiritual Revival is in play."""
    return 2 * cost if events.in_force(st, SPIRITUAL_REVIVAL) else cost


@effects.hell_card(WALPURGIS_NIGHT)
def walpurgis_night(st: HellState, sheets, dice, data, log: Log) -> None:
    """Checked at the end of the next Action Phase (this turn's): `end_of_action_phase`."""
    _say(log, "walpurgis-night", f"Walpurgis Night: at the end of the Action Phase there must "
         f"be {count(len(st.seats), 'Incapacitated Daemon')} on Earth, one per Triumvirate, "
         "or Lucifer refuses every petition this turn.")


@effects.hell_card(IMPOSTOR)
def lucifer_an_impostor(st: HellState, sheets, dice, data, log: Log) -> None:
    """This turn no Favour or Disfavour is used and no petition is made; no Arcana card
    that costs a Favour or a Disfavour may be played. "Suppliche" (supplications) is 003's
    word for petitions (Supplica Gratuita, "supplicare un Settore"), so every petition is
    refused, and Atonement and Supplication too (it begs Lucifer for Disfavours)."""
    _say(log, "impostor", "Lucifer - An Impostor?: this turn no Favour or Disfavour may be "
         "used, no petition or supplication is heard, and no Arcana card that costs a Favour "
         "or a Disfavour may be played.")


@hook("lilith-courting-refused", order=10)
def _impostor_refuses_courting(st: HellState, data, log: Log, player: str,
                               daemon: str) -> bool | None:
    """Courting Lilith spends a Favour (HG-10.2.1-01): refused this turn (random_moves/
    lilith.py asks for each Daemon whose COURT LILITH line applies)."""
    if not impostor(st):
        return None
    log.public("court-impostor", f"{player} would court Lilith, but courting costs a Favour "
               "and this turn Lucifer - An Impostor? forbids using one", "HG-6.1-01",
               player=player, daemon=daemon, card=IMPOSTOR)
    return True


@hook("combat-cast-barred", order=10)
def _impostor_bars_combat_cast(f, play) -> bool | None:
    """Lucifer - An Impostor? (this turn): no card that costs a Favour or a Disfavour
    may be played, in combat too (003 l.1354); combat/fight.py `Fight.can_cast` asks
    for each planned COMBAT CAST line `play` (player, n, order)."""
    player, n, o = play
    card_id = o["card"]
    card = f.data.arcana[card_id]
    cost = card.major.cost
    if not (cost.favours or cost.disfavours) or not impostor(f.st):
        return None
    f.played.add((player, n))
    f.log.public("combat-cast-impostor", f"{player} cannot play {card.name} in "
                 f"{f.here}: it costs a Favour or a Disfavour, and this turn Lucifer "
                 "- An Impostor? forbids using either", "HG-6.1-01", player=player,
                 card=card_id)
    order_failed(f.log, f.sheets.get(player), o, f"in {f.here}, it costs a Favour or a "
                 "Disfavour, and this turn Lucifer - An Impostor? forbids using either",
                 "HG-6.1-01", player=player)
    return True


@effects.hell_card(COUNCIL)
def council(st: HellState, sheets, dice, data, log: Log) -> None:
    """Checked at the end of the Action Phase (`end_of_action_phase`)."""
    _say(log, "council", "Council: this turn each Triumvirate's highest-ranking Daemon must "
         "take a Diplomacy Action, or its Triumvirate takes 1 Disfavour.")


@effects.hell_card(LONG_PARLIAMENT)
def long_parliament(st: HellState, sheets, dice, data, log: Log) -> None:
    """Every turn while in play: `end_of_action_phase` and `long_parliament_favour`."""
    _say(log, "long-parliament", "While Long Parliament is in play, one Daemon of each "
         "Triumvirate must take a Diplomacy Action every turn to attend, or its Triumvirate "
         "takes 1 Disfavour; the attending Daemon with the most Hearts earns 1 Favour in the "
         "End Phase.", "HG-6.1.1-01")


@effects.hell_card(MAD_SCIENTIST)
def mad_scientist(st: HellState, sheets, dice, data, log: Log) -> None:
    """The choice is made in each Summoning Phase (summoning.py)."""
    _say(log, "mad-scientist", "While Mad Scientist is in play a Triumvirate may recruit "
         "Lieutenants at half cost and Legions for 2 Souls, taking 1 Disfavour in each "
         "Summoning Phase it does.", "HG-6.1.1-01")


# -- the end of the Action Phase: Walpurgis Night, Council, Long Parliament --------------

def end_of_action_phase(st: HellState, data, dice, log: Log, taken: dict[str, str],
                        started: list[str], sheets=None) -> None:
    """Called once the Action Phase is over. `taken`: Daemon -> keyword of the Action it
    took; `started`: the Daemons on the Rank Track when the phase began (not
    Incapacitated then), in Rank order; `sheets`: for PARLIAMENT SENDS (None: the
    default for every player)."""
    if st.event == WALPURGIS_NIGHT:
        _walpurgis(st, data, log)
    if events.in_force(st, COUNCIL):
        _council(st, data, log, taken, started)
    if events.in_force(st, LONG_PARLIAMENT):
        _long_parliament(st, data, log, taken, sheets)


def _walpurgis(st: HellState, data, log: Log) -> None:
    """'As many Incapacitated Daemons on Earth as there are Triumvirates in play': read
    as at least as many (one more does not anger Lucifer)."""
    down = [d for d in st.daemons.values() if d.incapacitated and d.where == ON_EARTH]
    need = len(st.seats)
    have = count(len(down), "Incapacitated Daemon")
    if len(down) >= need:
        _say(log, "walpurgis-kept", f"Walpurgis Night: {have} on Earth, {need} needed: "
             "Lucifer will hear petitions.", daemons=sorted(d.id for d in down))
        return
    _say(log, WALPURGIS_FAILED, f"Walpurgis Night: only {have} on Earth, {need} needed: "
         "Lucifer refuses every petition this turn.", daemons=sorted(d.id for d in down))


def walpurgis_refuses(log: Log) -> bool:
    """Walpurgis Night failed this turn (its check is logged at the end of the Action
    Phase; the log of a stage is the record of its turn)."""
    return any(e.kind == WALPURGIS_FAILED for e in log.events)


def _council(st: HellState, data, log: Log, taken: dict[str, str], started: list[str]
             ) -> None:
    """The highest-ranking Daemon of each Triumvirate among those that were on the Rank
    Track when the phase began (Events never touch Incapacitated Daemons, HG-6.1-02) must
    have taken a Diplomacy Action. One Incapacitated later in the phase, before it could
    act, is excused. A Triumvirate with no such Daemon owes nothing (HG-6.1-04)."""
    for name in st.seats:
        mine = [d for d in started if d in st.daemons and st.daemons[d].owner == name]
        if not mine:
            _say(log, "event-no-effect", f"Council: {name} has no active Daemon and owes "
                 "no Diplomacy.", "HG-6.1-04", player=name)
            continue
        top = mine[0]
        dn = data.daemons[top].name
        if taken.get(top) in DIPLOMACY:
            _say(log, "council-obeyed", f"Council: {dn} ({name}) took a Diplomacy Action.",
                 player=name, daemon=top)
        elif st.daemons[top].incapacitated and top not in taken:
            _say(log, "council-excused", f"Council: {dn} ({name}) was Incapacitated before "
                 "it could act and is excused.", "HG-6.1-02", player=name, daemon=top)
        else:
            st.players[name].disfavours += 1
            _say(log, "council-disobeyed", f"Council: {dn} ({name}) took no Diplomacy Action: "
                 f"{name} takes 1 Disfavour for disobedience.", player=name, daemon=top)


def _long_parliament(st: HellState, data, log: Log, taken: dict[str, str], sheets=None
                     ) -> None:
    """Which Daemon attends is its owner's choice: his `PARLIAMENT SENDS` Daemon, if it
    took a Diplomacy Action (it attends only by taking one). Otherwise, and by default, a
    Daemon of his that took a Diplomacy Action attends, the one with the most Hearts if
    several (a die between equals, in the End Phase). Its Action keeps its own result:
    'nothing comes of this diplomacy' is read as 'attending earns nothing by itself',
    since no order can ask for an empty Diplomacy Action. No Diplomacy Action: the
    Triumvirate takes 1 Disfavour."""
    for name in st.seats:
        went = [d for d, kind in taken.items() if kind in DIPLOMACY and d in st.daemons
                and st.daemons[d].owner == name]
        sent = next((o["daemon"] for o in
                     orders_of((sheets or {}).get(name), "PARLIAMENT SENDS")), None)
        missed = ""
        if sent is not None and sent not in went:
            missed = f"{data.daemons[sent].name}, sent by PARLIAMENT SENDS, took no " \
                "Diplomacy Action and cannot attend; "
        if not went:
            st.players[name].disfavours += 1
            _say(log, "long-parliament-absent", f"Long Parliament: {missed}no Daemon of "
                 f"{name} took a Diplomacy Action to attend: {name} takes 1 Disfavour.",
                 "HG-6.1.1-01", player=name)
            continue
        if sent in went:
            _say(log, ATTENDS, f"Long Parliament: {data.daemons[sent].name} ({name}) attends "
                 "(PARLIAMENT SENDS).", "HG-6.1.1-01", player=name, daemon=sent,
                 candidates=[sent])
            continue
        best = max(data.daemons[d].hearts for d in went)
        top = sorted(d for d in went if data.daemons[d].hearts == best)
        attends = top[0]
        _say(log, ATTENDS, f"Long Parliament: {missed}{data.daemons[attends].name} ({name}) "
             "attends (default: the Daemon of his that took a Diplomacy Action, the one with "
             "the most Hearts).", "HG-6.1.1-01", player=name, daemon=attends, candidates=top)


def long_parliament_favour(st: HellState, data, dice, log: Log) -> None:
    """End Phase: of the Daemons that attended this turn, the one with the most Hearts
    earns its Triumvirate 1 Favour (003 l.1345); a die breaks a tie (HG-6.1-03). A
    Daemon Incapacitated since then is left out (HG-6.1-02). Where several of one
    Triumvirate's Daemons tied for attending, the die picks among them here too."""
    if not events.in_force(st, LONG_PARLIAMENT):
        return
    went = [e.data for e in log.events if e.kind == ATTENDS]
    pool: list[str] = []
    for rec in went:
        ok = [d for d in rec.get("candidates", [rec["daemon"]])
              if d in st.daemons and not st.daemons[d].incapacitated]
        pool += ok[:1]
    if not pool:
        _say(log, "event-no-effect", "Long Parliament: no attending Daemon is active: nobody "
             "earns its Favour.", "HG-6.1-04")
        return
    best = max(data.daemons[d].hearts for d in pool)
    top = [d for d in pool if data.daemons[d].hearts == best]
    winner = top[0] if len(top) == 1 else dice.pick(
        top, "HG-6.1-03 Long Parliament: tie for the most Hearts")
    owner = st.daemons[winner].owner
    st.players[owner].favours += 1
    tie = " (a die broke the tie)" if len(top) > 1 else ""
    _say(log, "long-parliament-favour", f"Long Parliament: {data.daemons[winner].name} "
         f"({owner}) has the most Hearts of the attending Daemons{tie}: {owner} gains 1 "
         "Favour.", "HG-6.1.1-01", player=owner, daemon=winner)


# -- Rites of Spring -----------------------------------------------------------------------

def _sexes(st: HellState, data, d: str) -> set[str]:
    """Its sex where it stands now (Belphegor: male in Hell, female on Earth); 'sexless'
    neither (action.abilities.daemon_sex)."""
    return {daemon_sex(st, data, d)} & {"male", "female"}


def _nearest_to_winning(st: HellState, data, player: str) -> int:
    """IP-06: most Sectio of his in one Circle."""
    return max((sum(1 for s in data.circle_members(n) if st.owners.get(s) == player)
                for n in range(1, 10)), default=0)


@effects.hell_card(RITES_OF_SPRING)
def rites_of_spring(st: HellState, sheets, dice, data, log: Log) -> None:
    """Female Daemons vote for a male, male Daemons for a female, each casting as many
    votes as it has Hearts; the chosen pair is Incapacitated for the rest of the turn and
    each earns its Triumvirate 1 Favour. Sexless Daemons take no part; Belphegor is the
    sex his ability gives him where he stands (male in Hell, female on Earth).
    Incapacitated Daemons neither vote nor are chosen (HG-6.1-02).

    Each voter's choice is its owner's: the first Daemon of his `RITES VOTE` line that
    is a candidate of the sex it votes for, never the voter itself (his own other
    Daemons may be named: the card does not forbid it). Otherwise, and by default
    (IP-06): the Daemon of the opposite sex, never his own, whose owner is nearest to
    winning (most Sectio in one Circle), then the highest-ranking (lowest Rank Number).
    Equal votes: a die (HG-6.1-03). Nobody to vote for him, while there are candidates:
    a die picks one. A ballot with no candidate chooses nobody; the other half of the
    pair is still chosen."""
    active = events.eventful_daemons(st)
    chosen: list[str] = []
    for wanted in ("male", "female"):
        voters = [d for d in active if ({"male", "female"} - {wanted}) & _sexes(st, data, d.id)]
        cands = [d for d in active if wanted in _sexes(st, data, d.id) and d.id not in chosen]
        if not cands:
            _say(log, "event-no-effect", f"Rites of Spring: no active {wanted} Daemon can be "
                 "chosen.", "HG-6.1-04")
            continue
        votes: dict[str, int] = {}
        ordered: list[str] = []
        ids = [c.id for c in cands]
        for v in voters:
            wish = [d for o in orders_of((sheets or {}).get(v.owner), "RITES VOTE")
                    for d in o["daemons"]]
            pick_id = next((d for d in wish if d in ids and d != v.id), None)
            if pick_id is not None:
                ordered.append(v.id)
            else:
                theirs = [c for c in cands if c.owner != v.owner and c.id != v.id]
                if not theirs:
                    continue
                pick_id = min(theirs, key=lambda c: (-_nearest_to_winning(st, data, c.owner),
                                                     data.daemons[c.id].rank, c.id)).id
            votes[pick_id] = votes.get(pick_id, 0) + data.daemons[v.id].hearts
        if votes:
            most = max(votes.values())
            top = sorted(c for c, n in votes.items() if n == most)
        else:
            top = sorted(c.id for c in cands)
        one = top[0] if len(top) == 1 else dice.pick(
            top, f"HG-6.1-03 Rites of Spring: tie for the {wanted} Daemon")
        shown = ", ".join(f"{data.daemons[c].name} {n}" for c, n in
                          sorted(votes.items(), key=lambda x: (-x[1], x[0]))) or "no votes"
        by = f"by RITES VOTE: {', '.join(data.daemons[v].name for v in ordered)}; other " \
            "voters' default" if ordered else "each voter's default"
        _say(log, "rites-vote", f"Rites of Spring: the {wanted} Daemon is "
             f"{data.daemons[one].name} ({st.daemons[one].owner}) (votes by Hearts: {shown}; "
             f"{by}: the opposite-sex Daemon of the player nearest to winning, "
             "never his own, IP-06)" + (", a die broke the tie" if len(top) > 1 else "") + ".",
             votes=votes, chosen=one, ordered=ordered)
        chosen.append(one)
    for c in chosen:
        d = st.daemons[c]
        d.incapacitated = True
        st.players[d.owner].favours += 1
        _say(log, "rites-chosen", f"Rites of Spring: {data.daemons[c].name} ({d.owner}) is "
             f"Incapacitated for the rest of the turn and {d.owner} gains 1 Favour.",
             daemon=c, player=d.owner)


# -- what these cards change in the Action Phase (hook points of action/) -------------------

@hook("action-rank-order", order=10)
def _twelfth_night_order(st: HellState, data, order: list[str]) -> list[str] | None:
    """Twelfth Night: this turn the Daemons act in reverse Rank order, the highest Rank
    Number first (action/queue.py `build`)."""
    return list(reversed(order)) if events.in_force(st, TWELFTH_NIGHT) else None


@hook("action-phase-begins", order=10)
def _twelfth_night_says(st: HellState, data, log: Log, started: list[str]) -> None:
    if events.in_force(st, TWELFTH_NIGHT):
        log.public("twelfth-night-order", "Twelfth Night: the Daemons act in reverse Rank "
                   "order: " + ", ".join(data.daemons[d].name for d in started) + ".",
                   "HG-6.1-01", order=started)


@hook("action-phase-ends", order=30)
def _action_phase_ends(st: HellState, data, dice, log: Log, sheets, queue,
                       started: list[str]) -> None:
    """Walpurgis Night, Council, Long Parliament look back on the phase now it is over."""
    end_of_action_phase(st, data, dice, log, queue.taken, started, sheets)


@hook("walk-the-earth-cost", order=10)
def _revival_walk_cost(st: HellState, cost: int) -> tuple[int, str] | None:
    """Spiritual Revival: Walk the Earth cards cost double (action/simple.py `run_walk`)."""
    if not events.in_force(st, SPIRITUAL_REVIVAL):
        return None
    return walk_cost(st, cost), "doubled by Spiritual Revival"


@hook("conspire-barred", order=10)
def _revival_bars_earth(data, permanent: dict, card: str) -> bool | None:
    """While Spiritual Revival is in play no Permanent Earth card may stay in play, so
    Conspire places none (action/conspire.py `choose`)."""
    if data.hell_cards[card].event.permanent == "earth" and \
            permanent.get("heaven") == SPIRITUAL_REVIVAL:
        return True
    return None


@hook("evil-deeds-target", order=10)
def _trinity_evil_deeds(st: HellState) -> tuple[int, str] | None:
    """Trinity: Do Evil Deeds succeeds on a 5 or 6 (action/simple.py `run_evil`)."""
    need = evil_deeds_target(st)
    return (need, TRINITY) if need != 6 else None


@hook("favour-use-forbidden", order=10)
def _impostor_forbids(st: HellState) -> str | None:
    """Lucifer - An Impostor?: this turn no Favour or Disfavour is used (Atonement,
    Influence at home, a card's cost, Counters under Tempers, Ereshkigal)."""
    return IMPOSTOR if impostor(st) else None


@hook("magic-forbidden", order=10)
def _burnout_forbids(st: HellState, where: str) -> str | None:
    """Magic Burnout: no Magic Action (Cast, Support, Counter) is taken on Earth."""
    return MAGIC_BURNOUT if where == ON_EARTH and events.in_force(st, MAGIC_BURNOUT) \
        else None


@hook("counter-forbidden", order=10)
def _impostor_forbids_tempers(st: HellState) -> tuple[str, str] | None:
    """Under Tempers a Counter costs a Disfavour, which Lucifer - An Impostor? forbids:
    no Counter is played in the Action Phase (action/countering.py `_offer`)."""
    if impostor(st) and events.in_force(st, TEMPERS):
        return ("You play no Counter: under Tempers it costs a Disfavour, and this turn "
                "Lucifer - An Impostor? forbids using one.", IMPOSTOR)
    return None


# -- the Free Petition Phenomenon ------------------------------------------------------------

@effects.phenomenon(FREE_PETITION)
def free_petition(st: HellState, sheets, dice, data, log: Log, card: str,
                  sectio: list[str]) -> None:
    """This turn a Petition using Favours for a Sectio in the struck area costs no Favour
    (petitions.py). The card mixes Circle and Quarter; the struck area is the card's
    scope (data), as the Warning Sign marks it."""
    log.public("free-petition", f"Free Petition: this turn petitioning for a Sectio of the "
               f"struck area ({count(len(sectio), 'Sectio', 'Sectio')}) costs no Favour.",
               "HG-6.2-01", sectio=list(sectio))


def free_petition_here(st: HellState, sectio: str) -> bool:
    return events.phenomenon_here(st, FREE_PETITION, sectio)


# -- what these cards change in the Hell, Summoning, Petitions and End Phases ---------------

@hook("permanent-placed", order=10)
def _revival_discards_placed(st: HellState, data, log: Log, card: str) -> bool | None:
    """Spiritual Revival in Heaven: a Permanent Earth card just drawn is discarded at once,
    before its effect (events.resolve_event asks)."""
    return True if revival_discards(st, data, log, card) else None


MAD_LEGION_COST = 2  # Mad Scientist: "Legions for only 2 Souls each"


@hook("summoning-cheap", order=10)
def _mad_scientist_offer(st: HellState, player: str, sheet, wants: bool,
                         log: Log) -> bool | None:
    """Mad Scientist (hell.mad-scientist), while in play: a Triumvirate may recruit
    Lieutenants at half cost and Legions for 2 Souls, and then takes 1 Disfavour in that
    Summoning Phase. Read as: a Disfavour in each Summoning Phase in which he summons at
    the cheap price (not in every one once he has). His choice, the `MAD SCIENTIST`
    order (orders/events.py), or `wants` (tests); default: he does not. None: the card is
    not in play (summoning.summon asks)."""
    if not events.in_force(st, MAD_SCIENTIST):
        return None
    ordered = bool(orders_of(sheet, "MAD SCIENTIST"))
    if wants or ordered:
        by = " (MAD SCIENTIST)" if ordered else ""
        log.public("mad-scientist", f"Mad Scientist: {player} recruits at the cheap price "
                   f"this Summoning Phase{by} (Lieutenants half cost, Legions 2 Souls).",
                   "HG-6.1.1-01", player=player, cheap=True)
        return True
    log.public("mad-scientist", f"Mad Scientist: {player} pays the usual prices "
               "(default: he does not take the cheap offer, which costs a Disfavour).",
               "HG-6.1.1-01", player=player, cheap=False, default=True)
    return False


@hook("legion-price", order=10)
def _mad_scientist_legions(st: HellState, cheap: bool) -> int | None:
    return MAD_LEGION_COST if cheap else None


@hook("lieutenant-price", order=20)
def _mad_scientist_lieutenants(st: HellState, cheap: bool) -> str | None:
    return "halved by Mad Scientist" if cheap else None


@hook("summoning-done", order=10)
def _mad_scientist_disfavour(st: HellState, player: str, cheap: bool, log: Log,
                             events_seen) -> None:
    """The Disfavour for summoning at the cheap price this Summoning Phase."""
    if cheap and any(e.kind in ("legions", "recruit", "recruit-failed") for e in events_seen):
        st.players[player].disfavours += 1
        log.public("mad-scientist-disfavour", f"Mad Scientist: {player} summoned at the "
                   "cheap price this Summoning Phase and takes 1 Disfavour.", "HG-6.1.1-01",
                   player=player)


@hook("petitions-refused", order=10)
def _impostor_hears_no_petition(st: HellState, log: Log | None) -> tuple[str, str] | None:
    """Lucifer - An Impostor?: no supplication (petition) is made this turn."""
    if impostor(st):
        return "this turn Lucifer - An Impostor? hears no petition", IMPOSTOR
    return None


@hook("petitions-refused", order=20)
def _walpurgis_refuses_petitions(st: HellState, log: Log | None) -> tuple[str, str] | None:
    """A failed Walpurgis Night (checked at the end of the Action Phase, in `log`)."""
    if log is not None and walpurgis_refuses(log):
        return ("Walpurgis Night failed, so Lucifer refuses every petition this turn",
                WALPURGIS_NIGHT)
    return None


@hook("free-petition", order=10)
def _free_petition(st: HellState, sectio: str) -> str | None:
    return "Free Petition" if free_petition_here(st, sectio) else None


@hook("end-phase-favours", order=10)
def _long_parliament_favour(st: HellState, sheets, dice, data, log: Log) -> None:
    long_parliament_favour(st, data, dice, log)  # before the buy-off: it may be spent there
