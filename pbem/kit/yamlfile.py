"""Reading a game's data file as YAML that remembers line numbers, for file:line errors.

Every mapping comes back as a LineMap, which knows its own line and each key's line;
duplicate keys are an error instead of silently keeping the last one. A game's loader
reports what is wrong in a record as `where(file, line, id)` + the problem, so a
moderator editing the YAML is told the file and line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class DataError(ValueError):
    """A data file is missing, malformed or inconsistent; the message starts file:line."""


def where(file: str, line: int, rid: str) -> str:
    """The "<file>:<line>: <id>:" that starts a DataError message about one record."""
    return f"{file}:{line}: {rid}:"


class LineMap(dict):
    """A YAML mapping that remembers its own line and each key's line (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """SafeLoader whose mappings are LineMap instances, and which rejects duplicate keys
    (PyYAML would silently keep the last one, hiding an editing mistake). libyaml's
    parser when PyYAML has it: every `pbem` command loads the data, and the pure-Python
    parser takes over a second for it."""


def _construct_map(loader: _LineLoader, node: yaml.MappingNode) -> LineMap:
    loader.flatten_mapping(node)
    mapping = LineMap()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = key_node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)


def read_yaml(path: Path) -> Any:
    """Parse one data file; a missing file or a YAML syntax error is a DataError."""
    if not path.is_file():
        raise DataError(f"{path.name}: file not found in {path.parent}")
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_LineLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise DataError(f"{path.name}:{line}: YAML error: {exc.problem}") from exc
