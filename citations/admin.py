from django import forms
from django.contrib import admin

from citations.models import (
    Answer,
    ApiClient,
    ApiToken,
    Decision,
    Evidence,
    Verification,
    WebhookAttempt,
    WebhookDelivery,
)
from citations.services.webhook_targets import validate_webhook_url


class ReadOnlyAdmin(admin.ModelAdmin):
    """Stored answers, reports and decisions are immutable records: the admin only shows them."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class TokenForm(forms.ModelForm):
    """A token may be revoked here; a revocation is never cleared (issue a new token)."""

    class Meta:
        model = ApiToken
        fields = ("name", "revoked_at")

    def clean_revoked_at(self):
        value = self.cleaned_data["revoked_at"]
        if self.instance.revoked_at is not None and value != self.instance.revoked_at:
            raise forms.ValidationError("A revoked token stays revoked: issue a new one.")
        return value


class TokenInline(admin.TabularInline):
    model = ApiToken
    form = TokenForm
    fields = ("name", "prefix", "created_at", "last_used_at", "revoked_at")
    readonly_fields = ("name", "prefix", "created_at", "last_used_at")
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        # A key must be shown exactly once; `manage.py issue_token` does that, the admin cannot.
        return False


class ApiClientForm(forms.ModelForm):
    class Meta:
        model = ApiClient
        fields = ("name", "is_active", "webhook_url")

    def clean_webhook_url(self):
        url = self.cleaned_data["webhook_url"]
        if url:
            validate_webhook_url(url)
        return url


@admin.register(ApiClient)
class ApiClientAdmin(admin.ModelAdmin):
    form = ApiClientForm
    list_display = ("name", "is_active", "webhook_url", "created_at")
    search_fields = ("name",)
    # The signing secret is given once by `manage.py set_webhook`; never shown or edited here.
    exclude = ("webhook_secret",)
    inlines = [TokenInline]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    form = TokenForm
    list_display = ("client", "name", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = ("client",)
    readonly_fields = ("client", "prefix", "digest", "created_at", "last_used_at")
    fields = ("client", "name", "prefix", "created_at", "last_used_at", "revoked_at")

    def has_add_permission(self, request, obj=None):
        return False


class EvidenceInline(admin.TabularInline):
    model = Evidence
    extra = 0
    can_delete = False
    readonly_fields = ("position", "title", "law", "article", "source_id", "url", "text")
    fields = readonly_fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Answer)
class AnswerAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "client",
        "external_id",
        "review_status",
        "passed",
        "verified_count",
        "unsupported_count",
        "uncited_count",
        "created_at",
    )
    list_filter = ("review_status", "passed", "citation_style", "client")
    search_fields = ("external_id", "question", "text")
    list_select_related = ("client",)
    inlines = [EvidenceInline]


@admin.register(Verification)
class VerificationAdmin(ReadOnlyAdmin):
    list_display = ("id", "answer", "engine_version", "threshold", "created_at")
    list_select_related = ("answer",)


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = ("id", "answer", "sentence_index", "action", "reviewer", "created_at")
    list_filter = ("action",)
    list_select_related = ("answer", "reviewer")


@admin.register(Evidence)
class EvidenceAdmin(ReadOnlyAdmin):
    list_display = ("answer", "position", "title", "law", "article")
    list_select_related = ("answer",)


class WebhookAttemptInline(admin.TabularInline):
    model = WebhookAttempt
    extra = 0
    can_delete = False
    readonly_fields = ("attempted_at", "status_code", "error", "duration_ms")
    fields = readonly_fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyAdmin):
    list_display = ("id", "client", "answer", "event", "status", "attempts", "created_at")
    list_filter = ("status", "event", "client")
    list_select_related = ("client", "answer")
    inlines = [WebhookAttemptInline]
