"""The game kit: what every game needs and none should write again.

- `yamlfile`: data files read as YAML with line numbers, duplicate keys refused, and
  `DataError` messages that start `file:line` (provenance records are `pbem.audit`'s).
- `registry`: registries keyed by card or ability id, refusing a second registration,
  checked against the data when the game loads (a card without an effect, or an effect
  without a card, stops the game from loading), with coverage and the file:line of each
  effect for `pbem data audit GAME --where`.
- `ordertypes`: the order-type registry (`KEYWORD rest` lines, the stages or phases each
  type is for, its rule, example and doc) over `pbem.lines.check_lines`.
- `stages`: running a stage's phases in order, with the log watched for what each player
  gained and lost, into a `Resolution`.

Nothing here names a game; the games build on it (games/*/effects.py, orders/__init__.py,
data.py, turn.py).
"""
