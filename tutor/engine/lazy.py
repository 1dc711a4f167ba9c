"""``cached``: a property worked out on first use and kept on the instance, without a lock.

:class:`functools.cached_property` does the same, but on Python 3.11 it takes a lock on every
first use (the lock is gone from 3.12): several microseconds, and the positions the robots build
(one per call of every auction, one per card) each ask for a dozen such values, hundreds of
thousands of times in a drill's generation. The tutor's positions and hands are immutable and
used by one thread at a time, so a lost race could only compute the same value twice.

As with ``cached_property``, the value is stored in the instance's ``__dict__`` under the
property's name (frozen dataclasses included), where later reads find it without calling
anything.

>>> class Box:
...     @cached
...     def size(self) -> int:
...         print("worked out")
...         return 3
>>> box = Box()
>>> box.size, box.size
worked out
(3, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, overload

Owner = TypeVar("Owner")
T = TypeVar("T")


class cached(Generic[Owner, T]):  # noqa: N801 - read as a decorator, like property
    """A property computed once per instance, then read from the instance's ``__dict__``."""

    def __init__(self, compute: Callable[[Owner], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[Owner, T]: ...

    @overload
    def __get__(self, instance: Owner, owner: type | None = None) -> T: ...

    def __get__(self, instance: Owner | None, owner: type | None = None) -> T | cached[Owner, T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


__all__ = ["cached"]
