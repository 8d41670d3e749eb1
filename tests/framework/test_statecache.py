"""pbem.kit.statecache: one object per snapshot dict, held with the dict, bounded."""

from pbem.kit.statecache import ReadOnlyStates


def test_one_object_per_dict_and_the_oldest_dropped_past_the_size():
    built = []
    cache = ReadOnlyStates(lambda d: built.append(d) or {"of": d["n"]}, size=2)
    a, b, c = {"n": 1}, {"n": 2}, {"n": 3}
    first = cache.get(a)
    assert cache.get(a) is first and built == [a]  # built once
    cache.get(b)
    cache.get(c)  # a is dropped: the oldest past 2 entries
    assert built == [a, b, c]
    assert cache.get(a) is not first and built == [a, b, c, a]
    equal = {"n": 2}  # an equal dict is another snapshot: its own object
    assert cache.get(equal) is not cache.get(b)
