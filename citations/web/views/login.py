"""The login page: Django's own view, plus the demo accounts' hint on a local demo."""

from django.contrib.auth import views as auth_views

from citations.selectors.demo import demo_usernames_shown


class LoginView(auth_views.LoginView):
    def get_context_data(self, **kwargs):
        # Named only when they exist and DEBUG is on, so the hint never points at accounts
        # that are not there, and a production login page says nothing about them.
        return {**super().get_context_data(**kwargs), "demo_usernames": demo_usernames_shown()}
