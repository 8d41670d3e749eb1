"""pbem.kit.statecache: one object per snapshot dict, held with the dict, bounded by bytes."""

import marshal

from pbem.kit.statecache import ReadOnlyStates, marshalled_size


def test_one_object_per_dict_and_the_oldest_dropped_past_the_bytes():
    built = []
    cache = ReadOnlyStates(lambda d: built.append(d) or {"of": d["n"]}, max_bytes=2,
                           weigh=lambda d: 1)
    a, b, c = {"n": 1}, {"n": 2}, {"n": 3}
    first = cache.get(a)
    assert cache.get(a) is first and built == [a]  # built once
    cache.get(b)
    cache.get(c)  # a is dropped: the oldest past 2 bytes
    assert built == [a, b, c]
    assert cache.get(a) is not first and built == [a, b, c, a]
    equal = {"n": 2}  # an equal dict is another snapshot: its own object
    assert cache.get(equal) is not cache.get(b)


def test_the_bound_is_bytes_not_entries():
    built = []
    cache = ReadOnlyStates(lambda d: built.append(d) or object(), max_bytes=6000)
    small = [{"n": i} for i in range(50)]
    for d in small:
        cache.get(d)
    assert cache.held == sum(map(marshalled_size, small)) < 1000  # fifty small ones fit
    big = {"text": "x" * 5600}
    cache.get(big)  # 5.6 kB more: the oldest small ones go, to stay within 6,000
    assert marshalled_size(big) > 5600 and 5600 < cache.held <= 6000
    built.clear()
    cache.get(small[-1])
    cache.get(big)
    assert built == []  # the newest small one and the big one are still there
    cache.get(small[0])
    assert built == [small[0]]  # the oldest was dropped
    huge = {"text": "y" * 10_000}  # larger than the bound: kept alone, as the newest
    obj = cache.get(huge)
    assert cache.get(huge) is obj and cache.held == marshalled_size(huge)


def test_marshalled_size_measures_a_json_like_dict():
    d = {"a": [1, 2.5, None, True], "b": {"c": "text"}}
    assert marshalled_size(d) == len(marshal.dumps(d)) > 0


def test_stage_snapshots_are_bounded_by_their_json_bytes(monkeypatch):
    from pbem import orders

    monkeypatch.setattr(orders, "_STATES", {})
    monkeypatch.setattr(orders, "_STATES_HELD", [0])
    monkeypatch.setattr(orders, "STATE_CACHE_BYTES", 1000)

    def stage(n: int, size: int) -> dict:
        text = '{"pad": "' + "x" * (size - 11) + '"}'
        assert len(text) == size
        return {"game": f"g{n}", "number": 1, "state_hash": str(n), "state": text}

    first = orders.stage_state(stage(0, 300))
    assert orders.stage_state(stage(0, 300)) is first  # parsed once
    orders.stage_state(stage(1, 300))
    orders.stage_state(stage(2, 300))
    assert orders._STATES_HELD == [900]
    orders.stage_state(stage(3, 300))  # 1,200 bytes: the oldest goes
    assert orders._STATES_HELD == [900] and list(orders._STATES) == [
        ("g1", 1, "1"), ("g2", 1, "2"), ("g3", 1, "3")]
    assert orders.stage_state(stage(0, 300)) is not first  # parsed again
    orders.stage_state(stage(4, 5000))  # larger than the bound: kept alone
    assert orders._STATES_HELD == [5000] and list(orders._STATES) == [("g4", 1, "4")]
