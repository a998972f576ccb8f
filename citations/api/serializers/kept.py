"""Serializers whose fields are built once per thread, not deep-copied for every instance."""

import threading

from rest_framework import serializers
from rest_framework.utils.serializer_helpers import BindingDict

_per_thread = threading.local()


class KeptFieldsSerializer(serializers.Serializer):
    """A serializer whose fields are built once per thread (and `fields_key`), then reused.

    DRF builds every serializer's fields anew by deep-copying the declared ones, and a nested
    serializer's in turn: half of validating a typical submission, a twentieth of rendering a
    list page. Validating and rendering keep nothing in the fields (errors and data live on the
    root serializer), and a thread serves one request at a time, so each thread keeps one tree
    per class and key, and an instance takes it over each time it reads its fields: they read
    that instance's context and `partial` through `parent`.
    """

    def fields_key(self) -> tuple:
        """What the fields depend on besides the class (e.g. the limits in force)."""
        return ()

    @property
    def fields(self) -> BindingDict:
        kept = _per_thread.__dict__.setdefault("fields", {})
        key = (type(self), *self.fields_key())
        fields = kept.get(key)
        if fields is None:
            fields = kept[key] = BindingDict(self)
            for name, field in self.get_fields().items():
                fields[name] = field  # binds it
        if fields.serializer is not self:  # another instance had it last
            fields.serializer = self
            for field in fields.values():
                field.parent = self
        return fields
