from django.urls import path

from citations import views

app_name = "citations"

urlpatterns = [
    path("", views.answer_list, name="answer_list"),
]
