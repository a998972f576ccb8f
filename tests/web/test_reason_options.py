"""The reject reasons' radio buttons, rendered once per reason that can be ticked (the
`reason_options` tag) instead of by the partial's loop on every card."""

import re

import pytest

from citations.domain.statuses import RejectReason
from citations.templatetags import dashboard

CHECKED = re.compile(r'value="(\w+)" data-key="\d" checked')


@pytest.mark.parametrize("reason", RejectReason.values)
def test_the_reason_ticked_is_the_only_one_checked(reason):
    html = dashboard.reason_options(reason)
    assert CHECKED.findall(html) == [reason]
    assert html.count('type="radio"') == len(RejectReason.values)


def test_no_reason_and_a_posted_value_that_is_none_tick_nothing_and_are_not_kept():
    assert CHECKED.findall(dashboard.reason_options("")) == []
    assert CHECKED.findall(dashboard.reason_options("<b>made up</b>")) == []
    assert set(dashboard._reason_options) <= {"", *RejectReason.values}


def test_each_outcome_is_rendered_once():
    first = dashboard.reason_options(RejectReason.OTHER)
    assert dashboard.reason_options(RejectReason.OTHER) is first


def test_with_debug_on_each_page_renders_them_afresh(settings):
    settings.DEBUG = True  # a developer's edit to the partial shows on the next page
    first = dashboard.reason_options(RejectReason.OTHER)
    again = dashboard.reason_options(RejectReason.OTHER)
    assert again == first
    assert again is not first
