"""Serializers whose fields are built once and handed on, not deep-copied for every instance."""

from functools import cached_property

from rest_framework import serializers
from rest_framework.utils.serializer_helpers import BindingDict

# Trees of fields no instance holds, per class and key; list.pop and list.append are atomic, so
# two threads never take the same tree.
_idle: dict[tuple, list[BindingDict]] = {}


class KeptFieldsSerializer(serializers.Serializer):
    """A serializer whose fields are taken from an idle tree, built when none is, and given back
    for a later instance by `release()`.

    DRF builds every serializer's fields anew by deep-copying the declared ones, and a nested
    serializer's in turn: half of validating a typical submission, 60 % of rendering an answer.
    Validating and rendering keep nothing in the fields (errors and data live on the root
    serializer), so a tree serves one instance after another: bound to each while it holds it,
    reading that instance's context and `partial` through `parent`. Under ASGI each request
    runs in a thread of its own, so trees are kept per process, not per thread; an instance
    never released (the schema's) just drops its tree.
    """

    def fields_key(self) -> tuple:
        """What the fields depend on besides the class (e.g. the limits in force)."""
        return ()

    @cached_property
    def fields(self) -> BindingDict:
        self._kept_key = (type(self), *self.fields_key())
        try:
            fields = _idle[self._kept_key].pop()
        except (KeyError, IndexError):
            fields = BindingDict(self)
            for name, field in self.get_fields().items():
                fields[name] = field  # binds it
            return fields
        _bind(fields, self)
        return fields

    def release(self) -> None:
        """Give the fields back once validated or rendered; they point at nothing of this
        instance (its request and body) while idle."""
        fields = self.__dict__.pop("fields", None)
        if fields is not None:
            _bind(fields, None)
            _idle.setdefault(self._kept_key, []).append(fields)


def _bind(fields: BindingDict, serializer: KeptFieldsSerializer | None) -> None:
    fields.serializer = serializer
    for field in fields.values():
        field.parent = serializer
