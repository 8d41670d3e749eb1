"""Movement at the start of the fight step (LH-IV.2.2-01/02): where the armies meet.

Each army heading for another is joined to its target; each weakly connected group of
two or more armies is one combat. Every group has one sink (an army that did not head for
anyone) or one cycle (digest's implementation note):
- the sink chose no move: the combat is at its home realm, and it is the defender;
- the sink chose another move, or there is a cycle: an unspecified place in Hell, no
  defensive bonuses (LH-IV.2.2-03: all three met at an unspecified place).
A lone army that chose no move stays home. A lone army with another move (G16) goes to the
first realm of its OTHER MOVE TO list that is free (uncontrolled); armies choosing the
same realm meet there (they chose blindly and at the same time); with no TO list, or no
listed realm free, it claims nothing but has still moved. Fights are returned in Starter
order of their first army (PB-19).
"""

from __future__ import annotations

from .context import new_fight


def plan(rt, intents: dict[str, dict]) -> list[dict]:
    st, log, data = rt.st, rt.log, rt.data
    names = rt.ranked(intents)
    root = {n: n for n in names}

    def find(n: str) -> str:
        while root[n] != n:
            n = root[n]
        return n

    for n in names:
        i = intents[n]
        if i["kind"] != "none":
            rt.moved.add(n)
        if i["kind"] == "target" and i["target"] in root:
            a, b = find(n), find(i["target"])
            if a != b:
                root[max(a, b, key=names.index)] = min(a, b, key=names.index)
    groups: dict[str, list[str]] = {}
    for n in names:
        groups.setdefault(find(n), []).append(n)
    fights, claims = [], {}
    for members in groups.values():
        if len(members) == 1:
            n = members[0]
            if intents[n]["kind"] == "other":
                free = [r for r in intents[n]["realms"] if st.realms.get(r, "gone") is None]
                if free:
                    claims.setdefault(free[0], []).append(n)
                else:
                    log.public("other-move-nowhere", f"{rt.label(n)} leaves home but claims no "
                               "realm" + (" (none of its realms is free)" if intents[n]["realms"]
                                          else "") + ".", "LH-IV.2.2-02", player=n)
            continue
        sinks = [n for n in members if intents[n]["kind"] != "target"
                 or intents[n]["target"] not in root]
        sink = sinks[0] if sinks else None
        if sink is not None and intents[sink]["kind"] == "none" and st.players[sink].home:
            where, defender = st.players[sink].home, sink
        else:
            where, defender = None, None
        fights.append(new_fight(st, where, defender, members))
    for realm, who in claims.items():
        fights.append(new_fight(st, realm, None, who, claim=True))
    fights.sort(key=lambda f: min(names.index(a) for a in f["armies"]))
    for f in fights:
        at = data.realms[f["where"]].name if f["where"] else "an unspecified place in Hell"
        text = ", ".join(rt.label(a) for a in f["armies"])
        if len(f["armies"]) > 1:
            log.public("meeting", f"{text} meet at {at}"
                       + (f", where {rt.label(f['defender'])} defends." if f["defender"]
                          else "."), "LH-IV.2.2-01", fight=f["id"], where=f["where"],
                       armies=f["armies"], defender=f["defender"])
        else:
            log.public("other-move", f"{text} goes to {at}, a free realm.", "LH-IV.2.2-02",
                       fight=f["id"], where=f["where"], armies=f["armies"])
    return fights
