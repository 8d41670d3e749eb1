"""Real mail servers for the mail tests (machinery in tests/mailservers.py).

Both fixtures are session-scoped: one Dovecot and one SMTP server for the whole run. Tests
share the mailboxes, so a test looks for its own messages (a unique subject) rather than
counting them. A test using them is skipped when Dovecot is not installed, and fails
instead when PBEM_REQUIRE_SERVERS=1 (CI).
"""

import pytest
from mailservers import Dovecot, SmtpServer, require_servers


@pytest.fixture(scope="session")
def dovecot(tmp_path_factory):
    """A running :class:`mailservers.Dovecot` (IMAPS + LMTP on 127.0.0.1)."""
    require_servers()
    server = Dovecot().start(tmp_path_factory.mktemp("dovecot"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def smtp_server(dovecot):
    """A running :class:`mailservers.SmtpServer` delivering @pbem.test mail to ``dovecot``."""
    server = SmtpServer(dovecot).start()
    try:
        yield server
    finally:
        server.stop()
