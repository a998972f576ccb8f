from django.urls import path, re_path

from citations.api import views

app_name = "api"

urlpatterns = [
    path("answers/", views.AnswerListCreateView.as_view(), name="answer-list"),
    # Any segment reaches the view, so a malformed id is a JSON 404 like a missing one.
    re_path(r"^answers/(?P<id>[^/]+)/$", views.AnswerDetailView.as_view(), name="answer-detail"),
    path("verify/", views.VerifyView.as_view(), name="verify"),
    path("schema/", views.SchemaView.as_view(), name="schema"),
    path("docs/", views.DocsView.as_view(), name="docs"),
]
