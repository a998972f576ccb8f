from django.urls import path

from citations import views

app_name = "citations"

urlpatterns = [
    path("", views.answer_list, name="answer_list"),
    path("answers/export/<str:fmt>/", views.queue_export, name="queue_export"),
    path("answers/next/", views.answer_next, name="answer_next"),
    path("answers/<int:pk>/", views.answer_detail, name="answer_detail"),
    path("answers/<int:pk>/evidence/", views.answer_evidence, name="answer_evidence"),
    path("answers/<int:pk>/decide/", views.answer_decide, name="answer_decide"),
    path("answers/<int:pk>/release/", views.answer_release, name="answer_release"),
    path("answers/<int:pk>/revise/", views.answer_revise, name="answer_revise"),
    path("answers/<int:pk>/export/text/", views.export_text, name="export_text"),
    path("answers/<int:pk>/export/report.json", views.export_report, name="export_report"),
    path("metrics/", views.metrics, name="metrics"),
]
