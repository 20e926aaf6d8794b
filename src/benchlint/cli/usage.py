"""The error every command raises for a problem with what the user asked for."""


class UsageError(Exception):
    """A problem with what the user asked for; printed as one line, exit status 2."""
