"""`python -m pbem` is the `pbem` command."""

from .cli import main

main(prog_name="pbem")
