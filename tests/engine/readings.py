"""What the contradiction readings' tests share: a reading's findings as the quoted spans."""


def quoted(found, sentence: str, region: str, kind: str) -> list[tuple[str, str]]:
    """Each finding as (its sentence span, its region span), all of ``kind``."""
    assert all(f.kind == kind for f in found)
    return [
        (sentence[f.sentence_start : f.sentence_end], region[f.region_start : f.region_end])
        for f in found
    ]
