"""The player's situation as the order form's examples see it (form_examples.py,
form_actions.py): his Daemons by Rank, hand, Sectio, Units, rivals, and whether a line
checks (`accepts`, the game's own check)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from pbem.lines import HEADER_WORDS, MAX_LINE, clean_line, find_type

from .data import HellData
from .errors import OrderError
from .orders import DAEMON_LINES, ORDER_TYPES, SHEET_CHECKS, TURN, Ctx, Sheet, check_sheet
from .orders.combat import combat_refusal
from .orders.common import place_name
from .state import LEGION, LIEUTENANT, ON_EARTH, HellState


@dataclass
class Seat:
    """The player's situation, as the form's examples need it: everything in the
    order the state keeps it (ranks, seats, hand order, unit numbers)."""

    st: HellState
    data: HellData
    player: str
    _checked: dict[str, bool] = field(default_factory=dict, repr=False)

    @cached_property
    def daemons(self) -> list[str]:
        """His Daemons in play, by Rank (HG-9.1-01)."""
        return sorted((d for d in self.st.players[self.player].daemons if d in self.st.daemons),
                      key=lambda d: self.data.daemons[d].rank)

    @cached_property
    def active(self) -> list[str]:
        return [d for d in self.daemons if not self.st.daemons[d].incapacitated]

    @cached_property
    def in_hell(self) -> list[str]:
        return [d for d in self.active if self.st.daemons[d].where != ON_EARTH]

    @cached_property
    def hand(self) -> list[str]:
        return list(dict.fromkeys(self.st.players[self.player].hand))

    @cached_property
    def sectio(self) -> list[str]:
        return self.st.sectio_of(self.player)

    @cached_property
    def rivals(self) -> list[str]:
        """The other players, in seat order from the one after him."""
        at = self.st.seats.index(self.player)
        return self.st.seats[at + 1:] + self.st.seats[:at]

    @cached_property
    def theirs(self) -> list[str]:
        """The rivals' active Daemons, those on Earth first."""
        out = [d for p in self.rivals for d in self.st.players[p].daemons
               if d in self.st.daemons and not self.st.daemons[d].incapacitated]
        return sorted(out, key=lambda d: self.st.daemons[d].where != ON_EARTH)

    @cached_property
    def legion_places(self) -> list[str]:
        """Sectio where his Legions stand, in the order of his first Legion there."""
        return list(dict.fromkeys(u.location for u in self.st.units_of(self.player, LEGION)
                                  if u.location in self.data.sectio))

    @cached_property
    def unit_places(self) -> list[str]:
        """Places (Sectio or AnteHell) where he has a Legion or a Lieutenant."""
        return list(dict.fromkeys(u.location for u in self.st.units_of(self.player)
                                  if u.kind in (LEGION, LIEUTENANT)))

    @cached_property
    def lieutenants(self) -> list[str]:
        return [u.ref for u in self.st.units_of(self.player, LIEUTENANT) if u.ref]

    def name(self, daemon: str) -> str:
        return self.data.daemons[daemon].name

    def card(self, cid: str) -> str:
        return self.data.arcana[cid].name

    def place(self, place: str) -> str:
        return place_name(place, self.data)

    def owns(self, daemon: str) -> str | None:
        """The Daemon, if it is his and in play (Incapacitated or not: a standing order
        for its ability holds for when it recovers)."""
        return daemon if daemon in self.daemons else None

    def minor(self, kind: str) -> list[str]:
        return [c for c in self.hand if self.data.arcana[c].minor.kind == kind]

    def accepts(self, line: str) -> bool:
        """Whether `line` checks on a sheet of its own with no warning (the game's check,
        sheet checks included, as for the confirmation): every example is one such line
        (which Counters and Combat cards work, who casts what from where, where a Legion
        can be placed ...)."""
        ok = self._checked.get(line)
        if ok is None:
            ok = self._checked[line] = one_line_ok(self.st, self.data, self.player, line,
                                                   self.ctx)
        return ok

    @cached_property
    def ctx(self) -> Ctx:
        """What the parsers read, the same for every line the form asks about."""
        return Ctx(self.st, self.data, self.player)

    def first(self, candidates: list[str]) -> str | None:
        """The first candidate line that `accepts`."""
        return next((line for line in candidates if self.accepts(line)), None)

    @property
    def hell_phase(self) -> bool:
        return self.st.turn > 1  # the first turn has no Hell Phase (HG-5.2-02)

    def in_play(self, card: str) -> bool:
        return card in self.st.permanent.values()

    @cached_property
    def combat_cards(self) -> list[str]:
        """Cards of his hand that COMBAT CAST plays."""
        where = self.fight_place
        return [c for c in self.hand if where and combat_refusal(c, self.data) is None
                and self.accepts(f"COMBAT CAST {self.card(c)} IN {self.place(where)}")]

    @cached_property
    def fight_place(self) -> str | None:
        """Where he might fight: where his Legions stand, else his first Sectio."""
        return next(iter(self.legion_places + self.sectio), None)

    def most(self, daemons: list[str], attribute: str) -> str | None:
        """The Daemon with most of an attribute, the first by Rank between equals."""
        if not daemons:
            return None
        return max(daemons, key=lambda d: (getattr(self.data.daemons[d], attribute),
                                           -self.daemons.index(d)))


def one_line_ok(st: HellState, data: HellData, player: str, line: str,
                ctx: Ctx | None = None) -> bool:
    """`check_sheet(st, data, player, line, known=True)` gives one line, accepted, with
    no warning: the same parsers and sheet checks, without what only a refusal shown to
    a player needs (its "did you mean", the sheet's limits, its line numbers). An order
    form asks this of some 60 lines a player (tests/hellgame/test_form.py compares the
    two on every line the forms of a played game ask about)."""
    bare = line.strip()
    if "\n" in line or "\r" in line or not bare or bare[0] == "#" or bare == "--" \
            or line.startswith("-- ") or bare.upper() == "END" or player not in st.players:
        lines = check_sheet(st, data, player, line, known=True).lines  # not a form's line
        return len(lines) == 1 and lines[0].ok and not lines[0].warning
    text = clean_line(line)
    if not text or len(text) > MAX_LINE or text.split(" ", 1)[0].lower().rstrip(":") \
            in HEADER_WORDS:
        return False  # no order line, or one refused unread
    ctx = ctx or Ctx(st, data, player)  # `ctx`: the Seat's, for the same player
    stage = ctx.stage
    otype, rest = find_type(text, ORDER_TYPES)
    try:
        if otype is not None:
            if stage not in otype.when:
                return False
            _, got = otype.parse(rest, ctx)
            order = {"type": otype.keyword, **got}
        else:
            form = next((f for f in DAEMON_LINES if f.is_line(text)), None)
            if form is None or stage != TURN:
                return False  # an unknown order, or a Daemon line in the setup
            _, got = form.parse(text, ctx)
            order = {"type": form.keyword, **got}
        check = SHEET_CHECKS.get(order["type"]) if stage == TURN else None
        return check is None or not check(order, ctx, Sheet([order]))
    except OrderError:
        return False
