"""Strangers cannot spend a player's budget, and guessing secrets is limited (issue 17, 6)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from pbem import answering, faults, intake, run

from .sitekit import START, Kit

AT = START + timedelta(minutes=30)


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path / "site")


def take(kit, raw: bytes) -> None:
    intake.store_raw(kit.db, raw, "t", intake.deadlines.stamp(AT))


def handle(kit, minutes: int = 40):
    return intake.handle_pending(kit.site, kit.db, START + timedelta(minutes=minutes))


def test_thirty_forged_mails_naming_anna_do_not_silence_her_confirmations(kit):
    for i in range(30):  # from strangers: each refusal's copy would go to anna
        take(kit, kit.mail(f"mallory{i}@evil.example", kit.sheet("anna", secret=f"guess{i:04d}")))
    for i in range(30):  # with anna's address forged: the refusals go to anna herself
        take(kit, kit.mail("anna@example.org", kit.sheet("anna", secret=f"forged{i:04d}")))
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "REDRAW")))
    handled = handle(kit)
    assert handled[-1].status == "stored"
    [confirmation] = kit.outbox(kind="confirmation")
    assert confirmation["to_addr"] == "anna@example.org"
    assert len(kit.outbox(kind="refusal-copy")) == answering.COPIES_PER_HOUR


def test_after_ten_failed_secrets_a_day_the_seat_gets_no_more_answers_but_the_right_secret_works(
        kit):
    for i in range(answering.LOCKOUT + 5):
        take(kit, kit.mail("anna@example.org", kit.sheet("anna", secret=f"wrong{i:04d}")))
    handle(kit)
    assert len(kit.outbox(kind="refusal")) == answering.LOCKOUT
    refused = kit.db["mails"].count_where("status = 'refused' AND reason LIKE '%no answer%'")
    assert refused == 5
    [fault] = faults.open_faults(kit.db, "seat")
    assert fault["key"] == "g1/anna" and "guessing" in fault["message"]
    run.run(kit.site, now=START + timedelta(minutes=50), fetch=False)
    run.run(kit.site, now=START + timedelta(minutes=55), fetch=False)
    [told] = kit.outbox(kind="moderator")
    assert "g1/anna" in told["body"]
    take(kit, kit.mail("anna@example.org", kit.sheet("anna", "REDRAW")))
    assert [h.status for h in handle(kit, 60)] == ["stored"]
    assert faults.open_faults(kit.db, "seat") == []


def test_one_sender_guessing_across_seats_is_stopped_too(kit):
    for i in range(answering.LOCKOUT + 2):
        player = ("anna", "boris", "chiara", "dmitri")[i % 4]
        take(kit, kit.mail(f"{player}@example.org".replace(player, "mallory"),
                           kit.sheet(player, secret=f"wrong{i:04d}")))
    handle(kit)
    assert len(kit.outbox(kind="refusal")) == answering.LOCKOUT
