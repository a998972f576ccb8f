from django.urls import path, re_path

from citations.api import export_views, views

app_name = "api"

urlpatterns = [
    path("answers/", views.AnswerListCreateView.as_view(), name="answer-list"),
    # Exports are files: the format is the path's suffix (DRF keeps ?format= for itself).
    path(
        "answers/export.csv", export_views.AnswerCsvExportView.as_view(), name="answer-export-csv"
    ),
    path(
        "answers/export.jsonl",
        export_views.AnswerJsonlExportView.as_view(),
        name="answer-export-jsonl",
    ),
    # Any segment reaches the view, so a malformed id is a JSON 404 like a missing one.
    re_path(r"^answers/(?P<id>[^/]+)/$", views.AnswerDetailView.as_view(), name="answer-detail"),
    re_path(
        r"^answers/(?P<id>[^/]+)/revisions/$",
        views.AnswerRevisionsView.as_view(),
        name="answer-revisions",
    ),
    path("verify/", views.VerifyView.as_view(), name="verify"),
    path("schema/", views.SchemaView.as_view(), name="schema"),
    path("docs/", views.DocsView.as_view(), name="docs"),
]
