"""Turn-level hooks: named points in a turn that rules and cards register into.

A rule that applies "at any point" (000 §15.2: "should a Triumvirate lose its last Sectio
at any point during the game") is a hook every path triggers, not a call each path must
remember. The code that makes the change fires the point; the rule registers on it:

    @hook("sectio-owner-changed", order=100)
    def rescue(st, dice, data, log, sectio, old_owner, new_owner, why): ...

Order: registrants run by (order, module.function), lowest first, so the order is fixed
and never depends on import order. A registrant that changes the board logs what it does.

Three ways to run a point, by what the phase needs back:

- `fire(point, *args)`: tell every registrant (each may change the state and log);
- `collect(point, *args)`: every registrant's answer that is not None, in order (the
  bonuses to add up, the reasons a move is refused);
- `first(point, *args, default=None)`: the first answer that is not None (who decides,
  which rule replaces the usual one).

A card's registrant asks itself whether its card is in force (`in_play.in_force`) and
returns None when it is not, so a phase names no card: it asks the point.

Loading: this registry never imports its registrants; the game's loader.py does, and a
test checks that it imports every module using `@hook`. `fire` imports the loader the
first time it runs, so a point never fires with a registrant missing, whichever module
of the game a caller (a test, a tool) imported first. Registering twice under one name,
or on an unknown point, is a load-time error.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

#: Every named point and the arguments its registrants are called with.
POINTS = {
    # Fired by ownership.py once per change, after the whole step that made it (every
    # change of that step is on the board first). `old_owner`/`new_owner`: a player or
    # None (the Ruler of Hell, or Freebooters); `why`: the cause, for the log.
    "sectio-owner-changed": "(st, dice, data, log, sectio, old_owner, new_owner, why)",
    # -- Hell, Soul, Summoning and End Phases, cards and Favours --------------------------
    # Fired (fire) by hell_phase.run once a turn (not in the first), before the Arcana
    # draw: Prove to Me's riddance (playright_lasting.py, order 10), the three Hell cards
    # drawn and resolved (events.py, 20), Inquisition's later Hell Phases
    # (hellcards/income.py, 30). A registrant logs what it does.
    "hell-phase": "(st, sheets, dice, data, log)",
    # Asked (first) by events.resolve_event once a Permanent card is in its box, before
    # its effect: True when a card in play discards it at once, so it never acts
    # (Spiritual Revival, hellcards/turn_rules.py, which logs it). None: it acts.
    "permanent-placed": "(st, data, log, card)",
    # Fired (fire) by cards.gain_arcana after a player's Hell Phase draw (HG-6.3-01),
    # before the hand limit; `drawn`: his new cards in hand, which a registrant updates
    # when it swaps one (Belphegor's redraw, abilities.py).
    "hell-phase-drawn": "(st, player, data, log, sheet, reason, drawn, dice)",
    # Asked (collect) by cards.hand_limit: cards a player may hold beyond the printed
    # limit (Asmodeus's 1, abilities.py); summed.
    "hand-limit": "(st, data, player)",
    # Asked (first) by cards.gain_arcana for each Play Right Away card drawn and shown:
    # True when it stays in play (st.afflictions), False when it goes to the bottom of
    # the deck (playright.py `resolve` runs its effect).
    "play-right-away": "(st, player, card, dice, data, log, sheet)",
    # Fired (fire) by soul.earth_lots once, with `lots` (daemon id -> soul.Lot) for every
    # active Daemon on Earth: each registrant changes the Lots, gives what it gives at
    # once and logs it, in precedence order (HG-6.1.2-01): the Heaven box (Crusade 10,
    # Forgiveness 20; hellcards/income.py), this turn's Event (Christmas 30), the Earth
    # box (New Age 40, Blinded by Science 50, World War 60), then the Arcana cast earlier
    # (the cults 100, The Order of the Silver Dawn 110; action/spells_bonuses.py).
    # `crusaders`: Daemons that join the Crusade besides the CRUSADE JOIN orders.
    "soul-lots": "(st, sheets, dice, data, log, lots, crusaders)",
    # Asked (first) by soul.sectio_income and soul.wise_men: the id of the card that stops
    # `sectio` producing Souls (and THE WISE MEN's cards) this turn, or None (I Want It
    # All 10, Vortex 20: hellcards/income.py; Thou Art Not Real 30: hellcards/movement.py).
    "sectio-no-souls": "(st, data, sectio)",
    # Asked (first) by soul.sectio_income: the change to `sectio`'s printed Souls this
    # turn (Need for Change, End of Season: hellcards/income.py), or None.
    "sectio-souls-change": "(st, data, sectio)",
    # Asked (collect) by favours.soul_roll_souls for every Soul Roll: (factor, why) the
    # die is multiplied by, `why` for the report (Holy War's (2, "doubled by Holy War"),
    # hellcards/income.py); the factors are multiplied together.
    "soul-roll-multiplier": "(st)",
    # Asked (collect) by favours.attribute for a Daemon (`daemon`: state.Daemon, not
    # Incapacitated) with a card under it: what that card adds to its attribute `name`
    # (Foci, The Sword of the Guardian, Salome's Oil: action/spells_bonuses.py); summed.
    "card-under-bonus": "(st, daemon, name)",
    # Fired (fire) by soul.run after every player's income: the other sources of Souls
    # (HG-7.2-05), Death Metal (action/spells_bonuses.py, 10), Zagam (abilities.py, 20),
    # then I Want It All's price (hellcards/income.py, 30). A registrant logs it.
    "soul-other-income": "(st, sheets, dice, data, log)",
    # Asked (first) by summoning.summon for each player before he summons: True when he
    # summons at a card's cheap price this phase, False when he pays the usual prices
    # (Mad Scientist, hellcards/turn_rules.py, which logs the choice); None: no such
    # card. `wants`: he takes the offer whatever his sheet says (tests).
    "summoning-cheap": "(st, player, sheet, wants, log)",
    # Asked (first) by summoning.summon: the Soul cost of a Legion when `cheap` (Mad
    # Scientist's 2, hellcards/turn_rules.py), or None for the usual price.
    "legion-price": "(st, cheap)",
    # Asked (collect) by summoning.lieutenant_price: one answer, "halved by <card>", per
    # card that halves a Recruit Lieutenant card's cost (World War 10,
    # hellcards/income.py; Mad Scientist when `cheap` 20, hellcards/turn_rules.py); the
    # cost is halved, rounded down, once per answer (HG-3.3-03).
    "lieutenant-price": "(st, cheap)",
    # Fired (fire) by summoning.summon after a player's Legions, Arcana and recruits;
    # `events`: the events they logged (Mad Scientist's Disfavour when `cheap`,
    # hellcards/turn_rules.py).
    "summoning-done": "(st, player, cheap, log, events)",
    # Asked (first) by summoning.recruit before the die for a Lieutenants Available box:
    # (box, ability id, name) when an ability picks the box freely instead (Prufflas,
    # abilities.py, which logs it), box 0 when every box is empty; None: roll.
    "lieutenant-box": "(st, player, sheet, dice, data, log)",
    # Asked (first) by petitions.refused: (why, card id) when a card makes Lucifer hear no
    # petition this turn (Lucifer - An Impostor? 10, Walpurgis Night failed 20:
    # hellcards/turn_rules.py; `log`: this turn's, or None), else None.
    "petitions-refused": "(st, log)",
    # Asked (first) by petitions.free_here: the name of the card that makes a Petition
    # using Favours for `sectio` cost no Favour this turn (the Free Petition Phenomenon,
    # hellcards/turn_rules.py), or None.
    "free-petition": "(st, sectio)",
    # Fired (fire) by end_phase.run before Disfavours are bought off, so the Favours may
    # be spent there: Long Parliament's Favour (hellcards/turn_rules.py, 10), the shared
    # Favours of Flagellation and Loudun (action/spells_favours.py, 20).
    "end-phase-favours": "(st, sheets, dice, data, log)",
    # Asked (collect) by end_phase.buy_off first: ({players}, price, note, card id) for
    # players who buy Disfavours off at another price this End Phase (Don't Eat That!,
    # action/spells_own_recovery.py, which clears its mark).
    "buy-off-price": "(st)",
    # Asked (first) by end_phase.recovery_rolls for each Incapacitated Daemon not yet
    # rolled for (`done`: ids rolled for already, a registrant adds those it rolls):
    # True when the card that Incapacitated it makes the roll instead (The Lovers,
    # action/spells_own_recovery.py, which logs it).
    "recovery-roll": "(st, player, daemon, dice, data, log, sheets, done)",
    # Asked (first) by end_phase for an Incapacitated Daemon's usual recovery roll when
    # its Daemon.recover_by is not a Roll against: (roll, recovered, how, extra) when the
    # card that Incapacitated it rolls its own die instead (Black Rainbow,
    # action/spells_own_recovery.py); `how`, `extra`: the log's words after the roll
    # and after "recovers". None: the printed roll.
    "recovery-die": "(st, player, daemon, dice)",
    # Fired (fire) by end_phase after a Daemon's usual recovery roll was logged (`by`: its
    # Daemon.recover_by before the roll; `recovered`): what the card that Incapacitated
    # it gives (Black Rainbow's gifts 10, Belladonna's Arcana 20, The Armenian
    # Relic-Box's 6 30; action/spells_own_recovery.py).
    "recovery-rolled": "(st, player, daemon, by, roll, recovered, dice, data, log, sheets)",
    # Fired (fire) by end_phase.recovery_rolls after every roll: a card's bookkeeping
    # (The Lovers' pairs, action/spells_own_recovery.py).
    "recovery-over": "(st)",
    # Fired (fire) by end_phase.run after the recovery rolls, before It Is All Lost: the
    # lasting effects due in the End Phase (Stigmata and Mad Love, playright_lasting.py,
    # 10; the Permanent Events Wrath of Angels and The Bees, events.py, 20).
    "end-phase-lasting": "(st, sheets, dice, data, log)",
    # -- The Action Phase ---------------------------------------------------------------
    # Asked (first) by action/queue.py `build`: the Daemons of the Rank Track in the order
    # they act instead of `order` (Rank order, HG-9.1-01), or None (Twelfth Night,
    # hellcards/turn_rules.py, 10).
    "action-rank-order": "(st, data, order)",
    # Fired (fire) by action.run once the Rank Track is built (`started`: the Daemons on
    # it, in the order they act): a card in force says what it changed (Twelfth Night).
    "action-phase-begins": "(st, data, log, started)",
    # Asked (first) by action.run `_up` each time a Daemon comes up (after a recall from
    # Earth): True when a card used its turn up (it logged a forced Pass for Good, an
    # empty March, the Daemon destroyed ...; playright.py, 10), else None.
    "daemon-up": "(actx, first_time)",
    # Asked (first) by action.run `_up`: the only kind of Action ("MARCH" ...) a card lets
    # the Daemon up take now, or None (Mad Love, playright_lasting.py, 10) ...
    "action-kind-forced": "(actx)",
    # ... and fired (fire) when none of its lines of that `kind` worked: the registrant
    # records and logs what the Daemon does instead (playright_lasting.py, 10).
    "action-kind-forced-failed": "(actx, kind)",
    # Fired (fire) by action.run and action/simple.py each time the Daemon up Passes for
    # Good, ordered or by default (HG-9.3-01): Ashtaroth's Favour (action/abilities.py).
    "passed-for-good": "(actx)",
    # Asked (first) by action/simple.py and action.run `_default`: why the Daemon up may
    # not Pass for Good (a text for the player), or None (Protocol,
    # action/spells_turns.py, 10).
    "pass-for-good-forbidden": "(actx)",
    # Fired (fire) by action.run once the phase is over (`started`: the Daemons on the
    # Rank Track when it began): Protocol ends (action/spells_turns.py, 10); the Play
    # Right Away cards (playright.py, 20); Walpurgis Night, Council, Long Parliament
    # (hellcards/turn_rules.py, 30). A registrant logs what it does.
    "action-phase-ends": "(st, data, dice, log, sheets, queue, started)",
    # Asked (first) by action/queue.py when a PASS line of the Daemon up is tried: the
    # Double Pass another Daemon grants it for free (an action/queue.py `Grant`), or
    # None (Paymon, action/abilities.py, 10).
    "double-pass-granted": "(actx)",
    # Fired (fire) by action/reroll.py `dice` when a roll of `kind` by `player` has
    # failed dice (`failed(faces)` lists them, `what(faces, i)` names die i): each
    # registrant may re-roll some, changing `faces` in place and logging it, while the
    # roll still fails: Caim (action/abilities.py, 10), then the re-roll cards
    # (action/reroll_cards.py, 20). In combat `actx` is the Fight for a save
    # (combat/saves.py, kind "combat saves") or the hit dice (combat/fight.py, "attacks"),
    # a FleeCtx for flight; the cards play there only on flight (reroll_cards.py).
    "roll-failed": "(actx, player, kind, faces, failed, what)",
    # Asked (first) by the Actions: the id of the Daemon ability that gives a Daemon
    # `feature` ("walk-without-card", "march-double", "influence-reroll"), or None
    # (action/abilities.py, 10). The Action checks the Daemon has it (and that it works).
    "ability-for": "(feature)",
    # Asked (first) by action/simple.py: (value, ability id) when the acting Daemon's
    # ability changes a roll of `roll`: "atonement" -> the dice rolled (Beelzebub),
    # "evil deeds" -> added to every die (Ukobach); None: the rule's (action/abilities.py).
    "action-roll-ability": "(actx, roll)",
    # Asked (first) by action/simple.py `run_walk` for each Walk the Earth card: (its cost
    # now, why, e.g. "doubled by Spiritual Revival"), or None: its printed `cost`
    # (hellcards/turn_rules.py, 10).
    "walk-the-earth-cost": "(st, cost)",
    # Asked (first) by action/ (Atonement, Influence at home, a card's cost, Counters):
    # the id of the Hell card that forbids using Favours and Disfavours this turn, or
    # None (Lucifer - An Impostor?, hellcards/turn_rules.py, 10).
    "favour-use-forbidden": "(st)",
    # Asked (first) by action/magic.py and countering.py: the id of the Hell card that
    # forbids Magic Actions (Cast, Support, Counter) taken `where` ("earth", "hell"), or
    # None (Magic Burnout, hellcards/turn_rules.py, 10).
    "magic-forbidden": "(st, where)",
    # Asked (first) by action/simple.py `run_evil`: (the lowest die that scores a Favour,
    # the id of the card that says so), or None: 6 (Trinity, hellcards/turn_rules.py).
    "evil-deeds-target": "(st)",
    # Fired (fire) by action/countering.py and combat/counters.py after a Counter is
    # played and paid (`counter`: its magic.Cast, or the combat Play; both have st, log,
    # player, card): what a card in force adds (Tempers' Disfavour, events.py, 10).
    "counter-played": "(counter)",
    # Asked (first) by action/countering.py before a player's COUNTER lines are read:
    # (why he plays no Counter now, the rule), or None (Tempers under Lucifer - An
    # Impostor?, hellcards/turn_rules.py, 10).
    "counter-forbidden": "(st)",
    # Asked (first) by action/diplomacy.py when an Influence succeeds in turning `unit`,
    # before it changes sides: True when its owner keeps it (the registrant logged it;
    # Thanks, But No Thanks, action/spells_daemons.py, 10), else None.
    "defection-refused": "(actx, unit, bribes)",
    # Asked (first) by action/conspire.py `choose` for each drawn Permanent `card`, with
    # the Permanent boxes `permanent`: True when it may not be placed now (Spiritual
    # Revival, hellcards/turn_rules.py, 10), else None.
    "conspire-barred": "(data, permanent, card)",
    # Fired (fire) by action/conspire.py when a Permanent `card` is replaced: what leaves
    # play with it (a Uriel or Lilith card takes its figure, events.py, 10).
    "permanent-leaves-play": "(st, data, log, card)",
    # Asked (first) by action/march.py: the id of the Hell card in force that forbids
    # every Lieutenant to move, or None (Red Peril, events.py, 10).
    "lieutenants-held": "(st)",
    # Asked (collect) by action/march.py: (ids of Legions that may not march now, why,
    # the end of "<player>'s n Legions in <Sectio> <why>"), one per card (Riot,
    # action/spells_in_random_moves.py, 10).
    "legions-held": "(st)",
    # Asked (first) by action/march.py, and by end_phase.py when the hold ends: (the
    # card's name, the aspect rolled against, its rule) when the marching Daemon must roll
    # for each Unit it moves this turn, a Unit that fails being held for the turn (Thou
    # Art Not Real, hellcards/movement.py, 10), else None.
    "march-rolls-to-move": "(st, data)",
    # Fired (fire) by action/abilities.py (Xaphan's ability) to trigger the Phenomenon of
    # Hell card `card` at once, `place` the card whose bottom line names where it strikes
    # (events.py `resolve_phenomenon`, 10: as in the Hell Phase, HG-6.2-02).
    "trigger-phenomenon": "(st, sheets, dice, data, log, card, place)",
    # -- Combat -------------------------------------------------------------------------
    # Fired (fire) by combat.run at the start of the Combat Phase, before any combat:
    # raging Sectio lost leave `st.raging` (hellcards/rage.py, order 10); Famine and
    # Orgasmatron's 6s (hellcards/movement.py, 20). A registrant logs what it does.
    "combat-phase-start": "(st, sheets, dice, data, log)",
    # Fired (fire) by combat.run after each combat fought in `sectio`, once the result
    # (winners, rounds, kills ...) is recorded in `st.combat_wins`: Rebellious Rage
    # checks whether the raging Units lost the Sectio (hellcards/rage.py).
    "combat-fought": "(st, data, log, sectio, result)",
    # Fired (fire) by combat.run at the end of the Combat Phase; `last`: the last fight's
    # result, or None if none was fought. An unused Sleep Late lapses
    # (action/spells_sleep_late.py, order 10); raging Sectio lost (hellcards/rage.py, 20);
    # Boredom's Favour (hellcards/movement.py, 30).
    "combat-phase-end": "(st, dice, data, log, last)",
    # Fired (fire) by combat/rounds.py `fight` once per combat, after the first sides are
    # assigned and before the Daemons join; `f`: the combat/fight.py Fight (Rebellious
    # Rage announces its bonus, hellcards/rage.py).
    "combat-start": "(f)",
    # Asked (collect) by combat/fight.py `attack`, combat/saves.py `save_need` and
    # combat/v1.py `quick_combat`: ints added to every combat roll of `party` in `sectio`
    # (each attack and quick-combat die; saves in its favour) by a card in force outside
    # the fight (Rebellious Rage's +2, hellcards/rage.py); summed. Combat cards played in
    # the fight use combat/lasting.py instead.
    "combat-roll-bonus": "(st, sectio, party)",
    # Asked (collect) by combat/fight.py `join` for each party that may send Daemons:
    # {daemon: why} for the party's `free` Daemons that miss this combat, `why` ending
    # "<name> ..." in the failure of a JOIN line (Sleep Late, action/spells_sleep_late.py,
    # which logs it). `wants`: the Daemons the party's JOIN lines send here.
    "combat-join-missed": "(f, player, free, wants)",
    # Asked (first) by combat/fight.py `Fight.can_cast` for a planned COMBAT CAST line,
    # `play` = (player, n, order): its `n`th line, before anything else: True when a card
    # in force forbids that play (Lucifer - An Impostor?, hellcards/turn_rules.py); the
    # registrant marks it played, logs it and reports the failed line. None: no objection.
    "combat-cast-barred": "(f, play)",
    # Asked (first) by combat/fight.py `Fight.cast` once a card is played in combat and
    # paid for, before its effect (`order`: the COMBAT CAST line, `side` and `daemon`
    # the caster's): True when it is cancelled (a Counter answered it, combat/counters.py,
    # which logs it). None: it takes effect.
    "combat-cast-answered": "(f, side, daemon, order)",
    # Asked (first) by combat/saves.py `save_one` when a Unit of the Triumvirate `party`
    # fails a save with `die` (`what`: the roll, for the log): the new die when a card
    # re-rolls it (Re-roll, action/reroll_cards.py, which logs it), or None.
    "combat-save-failed": "(f, party, what, die)",
    # -- Random Moves and movement ------------------------------------------------------
    # Fired (fire) by random_moves.run first, before Uriel moves: what a card ends or
    # does as the phase starts (the Riot is over, Uriel Must Obey, Orgasmatron's pull,
    # Vortex's hounds). `ctx`: random_moves.common.MoveCtx; a registrant logs what it does
    # and may add to `ctx.packs` hounds whose first random move is special.
    "random-moves-start": "(ctx)",
    # Fired (fire) by random_moves.run after Lilith's move, before the rampaging hounds
    # move: a registrant adds its hounds whose first move is special to `ctx.packs`
    # (random_moves.common.Pack; Hellhounds!!!).
    "hounds-start": "(ctx)",
    # Asked (first) by random_moves/lilith.py before anyone courts her: the player whose
    # card controls Lilith's movements this phase (nobody courts her then), or None.
    # `lilith`: her Unit, or None when she is not in play (a registrant still ends, and
    # logs, its lapsed control). A registrant logs what it decides.
    "lilith-controller": "(ctx, lilith)",
    # Asked (first) by random_moves/lilith.py for each Daemon whose COURT LILITH line
    # applies, before its Favour is checked: a truthy answer when a card refuses this
    # courting (the registrant has logged why), else None.
    "lilith-courting-refused": "(st, data, log, player, daemon)",
    # Asked (first) by the Random Moves Phase (random_moves/) before an independent Unit
    # (Uriel, Lilith, a rampaging hound) moves: why it may not move this turn (a text for
    # the log), or None.
    "random-move-held": "(st, data, unit)",
    # Asked (first) by action/flight.py and random_moves/hounds.py when a fleeing stack or
    # a rampaging hound enters `place`: why it must stop there, as the end of the log line
    # ("... stops in X: <why>"), or None.
    "unit-stops-entering": "(st, data, place)",
    # Asked (first) by random_moves.common.destroy_daemon (every path that destroys a
    # Daemon): why no one may destroy the Daemon `daemon` now (a text), or None. The
    # caller changes nothing then and logs it.
    "daemon-indestructible": "(st, daemon)",
}

_HOOKS: dict[str, list[tuple[int, str, Callable]]] = {p: [] for p in POINTS}
_loaded = False


def hook(point: str, order: int):
    """Register the decorated function on `point`, run in `order` (lowest first)."""
    if point not in POINTS:
        raise ValueError(f"unknown hook point {point!r}; known: {sorted(POINTS)}")

    def wrap(fn: Callable) -> Callable:
        name = f"{fn.__module__}.{fn.__qualname__}"
        if any(n == name for _, n, _ in _HOOKS[point]):
            raise ValueError(f"{name} registered twice on {point!r}")
        _HOOKS[point].append((order, name, fn))
        _HOOKS[point].sort(key=lambda h: h[:2])
        return fn

    return wrap


def registrants(point: str) -> list[str]:
    """The names registered on `point`, in the order `fire` runs them."""
    _load()
    return [name for _, name, _ in _HOOKS[point]]


def fire(point: str, *args) -> None:
    """Run every registrant of `point` with `args`, in (order, name) order."""
    for fn in _registered(point):
        fn(*args)


def collect(point: str, *args) -> list:
    """Every registrant's answer that is not None, in (order, name) order."""
    answers = []
    for fn in _registered(point):
        answer = fn(*args)
        if answer is not None:
            answers.append(answer)
    return answers


def first(point: str, *args, default=None):
    """The first answer that is not None, in (order, name) order (later registrants are
    not asked); `default` when none answers."""
    for fn in _registered(point):
        answer = fn(*args)
        if answer is not None:
            return answer
    return default


def _registered(point: str) -> list[Callable]:
    if point not in POINTS:
        raise ValueError(f"unknown hook point {point!r}; known: {sorted(POINTS)}")
    _load()
    return [fn for _, _, fn in _HOOKS[point]]


def _load() -> None:
    global _loaded
    if not _loaded:
        importlib.import_module(f"{__package__}.loader")  # by name: no import cycle
        _loaded = True
