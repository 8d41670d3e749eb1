"""Lords of Hell demo sheets (pbem demo --game lords-of-hell)."""
