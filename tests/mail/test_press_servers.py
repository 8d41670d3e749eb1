"""Press through real servers (issue 19, "Done when"): anna sends private press to boris
and a broadcast over SMTP; pbem fetches over IMAPS and relays; boris replies by mail to
the relayed message; chiara never sees the private one; grey press hides anna from boris
but not from the moderator.
"""

from email.message import EmailMessage

from mailservers import address

from .test_end_to_end import PLAYERS, inbox, pbem, send_by_smtp, site  # noqa: F401


def press_mail(site, sender: str, n: int, *lines: str) -> EmailMessage:  # noqa: F811
    msg = EmailMessage()
    msg["From"], msg["To"] = address(sender), address("pbem")
    msg["Subject"], msg["Message-ID"] = "press", f"<press-{sender}-{n}@pbem.test>"
    msg.set_content(f"GAME hell1\nPLAYER {sender}\nSECRET {site.secrets[sender]}\n\n"
                    + "\n".join(lines) + "\n")
    return msg


def text_of(msg) -> str:
    return msg.get_body(("plain",)).get_content()


def test_press_by_mail_through_smtp_and_imap(site, dovecot, smtp_server):  # noqa: F811
    db = site.db()
    db["games"].update("hell1", {"press": "grey"})
    db.conn.commit()
    send_by_smtp(smtp_server, press_mail(site, "anna", 1, "PRESS TO boris",
                                         "Let us share Dis.", "END PRESS",
                                         "PRESS TO ALL", "Peace to all."))
    code, out = pbem(site, "run")
    assert code == 0, out
    to_boris = [m for m in inbox(dovecot, "boris") if "press" in m["Subject"]]
    to_chiara = [m for m in inbox(dovecot, "chiara") if "press" in m["Subject"]]
    assert sorted("Dis" in text_of(m) for m in to_boris) == [False, True]
    assert [("Peace" in text_of(m), "Dis" in text_of(m)) for m in to_chiara] == [(True, False)]
    for m in to_boris + to_chiara:
        raw = m.as_bytes()
        assert b"anna@" not in raw and m["From"].addresses[0].addr_spec == address("pbem")

    # boris answers the private one from his mail program: it goes to anna alone
    [private] = [m for m in to_boris if "Dis" in text_of(m)]
    answer = EmailMessage()
    answer["From"], answer["To"] = address("boris"), address("pbem")
    answer["Subject"], answer["Message-ID"] = "Re: " + private["Subject"], "<b-re@pbem.test>"
    answer["In-Reply-To"] = private["Message-ID"]
    answer.set_content("Agreed, Dis is ours.\n\n> Let us share Dis.\n")
    send_by_smtp(smtp_server, answer)
    code, out = pbem(site, "run")
    assert code == 0, out
    back = [m for m in inbox(dovecot, "anna") if m["Subject"] == "[hell1] press from boris"]
    assert len(back) == 1 and "Agreed, Dis is ours." in text_of(back[0])
    assert not any("Agreed" in text_of(m) for m in inbox(dovecot, "chiara")
                   if m.get_content_type() == "text/plain")

    # grey press: boris is not told it is anna's; the moderator is
    send_by_smtp(smtp_server, press_mail(site, "anna", 2, "PRESS TO boris GREY",
                                         "Watch chiara."))
    code, out = pbem(site, "run")
    [grey] = [m for m in inbox(dovecot, "boris") if "Watch chiara" in text_of(m)]
    assert b"anna" not in grey.as_bytes()
    code, out = pbem(site, "game", "press", "hell1")
    assert "anna (grey) to boris:" in out and "Watch chiara." in out
