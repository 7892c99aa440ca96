"""Cheaper construction for the engine's small frozen dataclasses (events, actions, steps).

A frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__``, which costs about twice the rest of making the object; replay
and playouts make hundreds of thousands of them. :func:`quick_init` gives such a class an
``__init__`` with the same parameters that fills the instance's ``__dict__`` directly.
Everything else stays the dataclass's own: fields, equality, hashing, ``repr``, and
refusing assignment afterwards.

>>> from dataclasses import dataclass, FrozenInstanceError
>>> @quick_init
... @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(x=1, y=2) == Point(1, 2)
(Point(x=1, y=0), True)
>>> Point(1).x = 3
Traceback (most recent call last):
dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace a frozen dataclass's ``__init__`` by one that writes ``__dict__`` directly.

    Classes with ``__slots__``, ``__post_init__``, default factories, keyword-only or
    non-init fields are left as they are.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" in cls.__dict__ or \
            hasattr(cls, "__post_init__"):
        return cls
    names: list[str] = []
    signature: list[str] = []
    defaults: dict[str, Any] = {}
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not field.init or field.kw_only or \
                field.default_factory is not dataclasses.MISSING:
            return cls
        names.append(field.name)
        if field.default is dataclasses.MISSING:
            signature.append(field.name)
        else:
            defaults[f"_default_{field.name}"] = field.default
            signature.append(f"{field.name}=_default_{field.name}")
    body = "".join(f"    d[{name!r}] = {name}\n" for name in names)
    source = f"def __init__({', '.join(['self', *signature])}):\n    d = self.__dict__\n"
    namespace: dict[str, Any] = dict(defaults)
    exec(source + (body or "    pass\n"), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
