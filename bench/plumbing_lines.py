"""Lines of plumbing per game (issue 21): the code each game writes for what every game
needs — its order-type registry, its effect registry, reading its data files, and running
a stage — against the shared game kit (pbem/kit/), at any revisions of the repository.

Not a test. Run from the repository root:

    python bench/plumbing_lines.py [REV ...]      (default: e59ca1d HEAD)

Counts lines of code: not blank, not comments, not docstrings.
"""

from __future__ import annotations

import ast
import subprocess
import sys

FILES = {
    "hellgame": ["games/hellgame/orders/__init__.py", "games/hellgame/effects.py",
                 "games/hellgame/datayaml.py", "games/hellgame/turn.py"],
    "lords_of_hell": ["games/lords_of_hell/orders/__init__.py",
                      "games/lords_of_hell/effects.py", "games/lords_of_hell/turn.py"],
    "pbem/kit": ["pbem/kit/__init__.py", "pbem/kit/yamlfile.py", "pbem/kit/registry.py",
                 "pbem/kit/ordertypes.py", "pbem/kit/stages.py"],
}


def code_lines(source: str) -> int:
    tree = ast.parse(source)
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            docstrings.update(range(body[0].lineno, body[0].end_lineno + 1))
    return sum(1 for n, line in enumerate(source.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and n not in docstrings)


def at(rev: str, path: str) -> str | None:
    run = subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True, text=True)
    return run.stdout if run.returncode == 0 else None


def main(revs: list[str]) -> None:
    print("revision".ljust(10) + "".join(name.rjust(16) for name in FILES))
    for rev in revs:
        counts = [sum(code_lines(src) for f in files if (src := at(rev, f)) is not None)
                  for files in FILES.values()]
        print(rev.ljust(10) + "".join(str(n).rjust(16) for n in counts))


if __name__ == "__main__":
    main(sys.argv[1:] or ["e59ca1d", "HEAD"])
