"""`NamedTuple`: typing.NamedTuple's classes, made for a fraction of the start-up cost.

typing.NamedTuple makes each class with `collections.namedtuple`, which compiles the source of
the class's `__new__` (an `eval`), and then assigns the class's `__bases__` once more, which
re-derives every slot: about 0.9 M instructions a class. A `benchlint check` makes about
forty before it reads a byte, a tenth of its whole run. Here `__new__` is a function compiled
with this module (one per number of fields, below) whose parameters are renamed for the class
(`CodeType.replace`), and the class is made once: about a tenth of the cost. What the class
does is the same: the same `__new__` bytecode, the same C field getters, the same methods.

Type checkers see typing.NamedTuple itself: modules import `NamedTuple` from here, which is
typing's under TYPE_CHECKING. tests/test_record.py holds every class made here to the class
typing.NamedTuple makes of the same body.
"""

import sys
from collections import _tuplegetter  # type: ignore[attr-defined]  # namedtuple's C getter
from collections.abc import Callable
from types import FunctionType
from typing import TYPE_CHECKING, Any

_tuple_new = tuple.__new__


# `__new__` for 1 to 24 fields: the bytecode `collections.namedtuple` compiles for each class.
# fmt: off
def _new_1(_cls, _0): return _tuple_new(_cls, (_0,))
def _new_2(_cls, _0, _1): return _tuple_new(_cls, (_0, _1))
def _new_3(_cls, _0, _1, _2): return _tuple_new(_cls, (_0, _1, _2))
def _new_4(_cls, _0, _1, _2, _3): return _tuple_new(_cls, (_0, _1, _2, _3))
def _new_5(_cls, _0, _1, _2, _3, _4): return _tuple_new(_cls, (_0, _1, _2, _3, _4))
def _new_6(_cls, _0, _1, _2, _3, _4, _5): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5))
def _new_7(_cls, _0, _1, _2, _3, _4, _5, _6): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6))
def _new_8(_cls, _0, _1, _2, _3, _4, _5, _6, _7): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7))
def _new_9(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8))
def _new_10(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9))
def _new_11(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10))
def _new_12(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11))
def _new_13(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12))
def _new_14(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13))
def _new_15(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14))
def _new_16(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15))
def _new_17(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16))
def _new_18(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17))
def _new_19(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18))
def _new_20(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19))
def _new_21(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20))
def _new_22(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21))
def _new_23(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22))
def _new_24(_cls, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23): return _tuple_new(_cls, (_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23))
_NEW: tuple[Callable[..., Any], ...] = (
    _new_1, _new_2, _new_3, _new_4, _new_5, _new_6, _new_7, _new_8, _new_9, _new_10, _new_11,
    _new_12, _new_13, _new_14, _new_15, _new_16, _new_17, _new_18, _new_19, _new_20, _new_21,
    _new_22, _new_23, _new_24,
)
# fmt: on


# The methods every class shares (namedtuple's, reading the class's fields instead of
# closing over them).
@classmethod  # type: ignore[misc]
def _make(cls: Any, iterable: Any) -> Any:
    result = _tuple_new(cls, iterable)
    if len(result) != len(cls._fields):
        raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
    return result


# Python 3.13 changed the error for an unknown field from ValueError to TypeError.
_UNKNOWN_FIELD_ERROR = TypeError if sys.version_info >= (3, 13) else ValueError


def _replace(self: Any, /, **changes: Any) -> Any:
    result = self._make(map(changes.pop, self._fields, self))
    if changes:
        raise _UNKNOWN_FIELD_ERROR(f"Got unexpected field names: {list(changes)!r}")
    return result


def __repr__(self: Any) -> str:
    return f"{self.__class__.__name__}{self._repr_format % self}"


def _asdict(self: Any) -> dict[str, Any]:
    return dict(zip(self._fields, self, strict=True))


def __getnewargs__(self: Any) -> tuple[Any, ...]:
    return tuple(self)


_SHARED = {
    "_make": _make,
    "_replace": _replace,
    "__repr__": __repr__,
    "_asdict": _asdict,
    "__getnewargs__": __getnewargs__,
}
# What a class body may not define (typing.NamedTuple refuses the same).
_RESERVED = frozenset({*_SHARED, "__new__", "__init__", "__slots__", "__getnewargs__",
                       "_fields", "_field_defaults", "_source"})  # fmt: skip
_TAKEN_FROM_BODY = frozenset({"__module__", "__qualname__", "__doc__", "__annotations__"})


class _RecordMeta(type):
    def __new__(cls, typename: str, bases: tuple[type, ...], body: dict[str, Any]) -> Any:
        if bases != (_Record,):
            raise TypeError("a NamedTuple derives from NamedTuple alone")
        annotations = body.get("__annotations__", {})
        fields = tuple(annotations)
        if not 0 < len(fields) <= len(_NEW):
            raise TypeError(f"a NamedTuple has 1 to {len(_NEW)} fields, not {len(fields)}")
        defaults = []
        for name in fields:
            if name in body:
                defaults.append(body[name])
            elif defaults:
                raise TypeError(f"Non-default namedtuple field {name} cannot follow default field")
        template = _NEW[len(fields) - 1]
        code = template.__code__.replace(
            co_varnames=("_cls", *fields), co_name="__new__", co_qualname=f"{typename}.__new__"
        )
        namespace: dict[str, Any] = {
            "__doc__": f"{typename}({', '.join(fields)}{',' if len(fields) == 1 else ''})",
            "__slots__": (),
            "_fields": fields,
            "_field_defaults": dict(
                zip(fields[len(fields) - len(defaults) :], defaults, strict=True)
            ),
            "__new__": FunctionType(code, template.__globals__, "__new__", tuple(defaults) or None),
            "__match_args__": fields,
            "_repr_format": "(" + ", ".join(f"{name}=%r" for name in fields) + ")",
            **_SHARED,
        }
        for index, name in enumerate(fields):
            namespace[name] = _tuplegetter(index, f"Alias for field number {index}")
        for key, value in body.items():
            if key in _RESERVED:
                raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
            if key in _TAKEN_FROM_BODY:
                if value is not None:
                    namespace[key] = value
            elif key not in annotations:
                namespace[key] = value
        return type(typename, (tuple,), namespace)


_Record = type.__new__(_RecordMeta, "NamedTuple", (), {})

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    NamedTuple = _Record
