from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from citations.web.views.login import LoginView
from verifier_site.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/v1/", include("citations.api.urls")),
    path("", include("citations.web.urls")),
]

# A 503 page when the database is down (verifier_site/errors.py), else Django's own 500.
handler500 = "verifier_site.errors.server_error"
