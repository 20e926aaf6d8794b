"""The documentation's examples, executed (see `harness`)."""
