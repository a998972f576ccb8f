"""The metrics page: where answers go wrong and how review goes."""

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from citations import selectors
from citations.selectors.metrics import Filters
from citations.web import permissions
from citations.web.forms import MetricsFilterForm
from citations.web.presenters.metrics_page import metrics_page
from citations.web.views.common import page_or_fragment


@require_GET
@permissions.dashboard_view
def metrics(request):
    """Charts for a date range and client."""
    clients = list(selectors.review_clients())
    form = MetricsFilterForm(request.GET or None, clients=clients, today=timezone.localdate())
    start, end, client = form.range()
    page = metrics_page(Filters(start=start, end=end, client=client))
    context = {"form": form, "page": page, "client": client}
    return render(request, page_or_fragment(request, "citations/metrics.html", "charts"), context)
