from django.urls import path

from citations.web.views import answer, comments, decisions, exports, metrics, queue, revisions

app_name = "citations"

urlpatterns = [
    path("", queue.answer_list, name="answer_list"),
    path("answers/export/<str:fmt>/", exports.queue_export, name="queue_export"),
    path("answers/next/", queue.answer_next, name="answer_next"),
    path("answers/claims/release/", queue.claims_release, name="claims_release"),
    path("answers/<int:pk>/", answer.answer_detail, name="answer_detail"),
    path("answers/<int:pk>/evidence/", answer.answer_evidence, name="answer_evidence"),
    path("answers/<int:pk>/decide/", decisions.answer_decide, name="answer_decide"),
    path("answers/<int:pk>/comments/", comments.answer_comment, name="answer_comment"),
    path("answers/<int:pk>/claim/", queue.answer_claim, name="answer_claim"),
    path("answers/<int:pk>/release/", queue.answer_release, name="answer_release"),
    path("answers/<int:pk>/revise/", revisions.answer_revise, name="answer_revise"),
    path("answers/<int:pk>/export/text/", exports.export_text, name="export_text"),
    path("answers/<int:pk>/export/report.json", exports.export_report, name="export_report"),
    path("metrics/", metrics.metrics, name="metrics"),
]
