"""The one exception the engine raises for input it refuses."""


class RejectedInput(ValueError):
    """The text, evidence or options break a documented limit or shape; the message names it.

    A ``ValueError`` subclass, so callers that predate it keep working; new callers catch this
    and nothing broader, so a bug inside the engine is never mistaken for bad input.
    """
