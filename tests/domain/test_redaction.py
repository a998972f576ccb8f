"""Which flagged sentences a reviewed export leaves out."""

import pytest

from citations.domain.redaction import sentences_left_out


@pytest.mark.parametrize(
    ("status", "action", "left_out"),
    [
        ("unsupported", None, True),  # nobody approved it
        ("uncited", None, False),  # advisory: stays unless rejected
        ("unsupported", "approve", False),
        ("uncited", "reject", True),
        ("unsupported", "return", True),
    ],
)
def test_the_export_leaves_out_what_review_did_not_accept(status, action, left_out):
    assert sentences_left_out([(3, status, action)]) == ({3} if left_out else set())
