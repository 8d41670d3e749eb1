"""The Lords of Hell state: one JSON-compatible dict (the stored snapshot), and small
readers over it. Every phase module mutates a copy of this dict in place.

Layout (`st`):

    turn          1, 2, ...
    phase         "transfer" | "combat" | "gathering" | "over": the stage now open
    round         the combat round (1..4) while phase == "combat", else 0
    seats         player names, clockwise (LH-I.4.3-01)
    starter       the Starter's name
    variants      {name: value}
    cards         {instance: card id}: every resource card in the game, e.g.
                  "c017": "horde.fiends". Oath instances are "oath.<devil slug>.<1..6>"
                  and are not in `cards` (their owner is in the id).
    deck          [instance], top first (LH-I.3.5)
    discard       [instance] (LH-I.3.6; Oaths go here too when discarded)
    realms        {realm id: controller name or None}: the realms in play, HPoH first
                  (LH-II.4-04); removed realms are absent
    earth_condition   None or the special card id in force (Time of Virtue, World War)
    promises      [{"id", "deal", "from", "to": [names], "kind", "target",
                  "target_devil", "text", "turn", "until", "public"}]: kind NAH, NAP,
                  ATTACK, NO TARGETING, OBJECT, VOTE or TEXT; target a player name (and
                  target_devil its Devil) when the kind names one; until the last turn it
                  holds (LH-II.3-01, LH-II.3.1-08); public False: its parties see it only
    trading       {"prev_owner": {instance: name}}: who gave up an item taken by a forced
                  trade this phase (protection does not apply against him, LH-II.2.1-03)
    deals         [{"id", "turn", "phase", "parties", "terms", "text"}]: done deals
    combat        the combat phase's scratch (combat/ owns it), {} outside combat
    silence       Silence in force (cards/specials.py): no deal, promise or forced trade
                  executes in the trading window it covers (LH-II.2.4-03)
    overlord      None or the Overlord's name (the game is over)
    vp            {name: float} once over
    players       {name: P}

    P (one player, i.e. one Devil, LH-II.7):
    devil         devil id, e.g. "devil.asmodeus"
    status        "hell" | "earth" | "ko" | "prisoner" | "heaven" (LH-I.1.1-01; "heaven":
                  imprisoned by the Forces of Heaven, LH-III.4.1-03)
    captor        the captor's name while status == "prisoner", else None
    permits       names the captor lets the prisoner trade with (LH-I.1.1-05)
    home          realm id or None (LH-I.2-03)
    hand          [instance]: rituals, specials and Oaths (secret, LH-I.3-01)
    hordes        [instance]: tabled hordes in Hell
    earth         [instance]: hordes on Earth (Fiends, Diabolic Fiends)
    artifacts     [instance]: tabled artifacts
    rituals       [instance]: rituals started (tabled face-down until the combat phase)
    rituals_up    True once this turn's rituals are face-up (LH-III.3-01)
    souls         int (in the home realm)
    sp            support points
    proclaimed    proclaim markers from the last gathering (LH-III.4.5)
    used_oph      True when the Other Powers of Hell trade was used this phase
    protected     [instance]: taken by forced trade this phase (LH-II.2.1-02)
    standing      {keyword: order}: standing orders kept until changed (SOUL REROLL,
                  CASUALTIES, RETREAT, PURSUE, REROLL, HOME, TORTURE, DOUBLE CROSS
                  triggers, ...), each the order's data plus its "canonical" line
    fresh         True (or the list of such prisoners) when it captured a Devil that was
                  free at the combat start (LH-III.4-03)
    sp_from       [names] that gave it a combat SP this turn (LH-IV.2.5-02)
"""

from __future__ import annotations

ARMY_STATUSES = ("hell", "ko")


def oath_owner(instance: str) -> str:
    """The devil id an Oath instance belongs to: "oath.belial.3" -> "devil.belial"."""
    return "devil." + instance.split(".")[1]


def is_oath(instance: str) -> bool:
    return instance.startswith("oath.")


def player_of_devil(st: dict, devil: str) -> str | None:
    return next((n for n, p in st["players"].items() if p["devil"] == devil), None)


def order_from_starter(st: dict) -> list[str]:
    """The seats, Starter first, then clockwise (LH-I.4.3-01)."""
    seats = st["seats"]
    i = seats.index(st["starter"])
    return seats[i:] + seats[:i]


def card_id(st: dict, instance: str) -> str:
    """The card id of an instance ("oath" for an Oath)."""
    return "oath" if is_oath(instance) else st["cards"][instance]


def total_cards(st: dict, name: str) -> int:
    """Every Oath and resource card the player holds, in hand or on the table, hordes on
    Earth included; Souls, the realm and the Devil card do not count (LH-III.1-03)."""
    p = st["players"][name]
    return len(p["hand"]) + len(p["hordes"]) + len(p["earth"]) + len(p["artifacts"]) \
        + len(p["rituals"])


def has_forces_in_hell(st: dict, name: str) -> bool:
    """Hordes, Souls, or the Devil itself in Hell (LH-I.2-03, LH-IV.1.1-01)."""
    p = st["players"][name]
    return bool(p["hordes"] or p["souls"] or p["status"] in ARMY_STATUSES)


def silenced(st: dict) -> bool:
    """Silence is in force: no deal, promise or forced trade executes (LH-II.2.4-03)."""
    return bool(st.get("silence"))


def new_player(devil: str) -> dict:
    return {"devil": devil, "status": "hell", "captor": None, "permits": [], "home": None,
            "hand": [], "hordes": [], "earth": [], "artifacts": [], "rituals": [],
            "rituals_up": False, "souls": 0, "sp": 0, "proclaimed": 0, "used_oph": False,
            "protected": [], "standing": {}, "fresh": False, "sp_from": []}
