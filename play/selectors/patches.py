"""What changed between two JSON documents, as RFC 6902 JSON Patch operations.

``diff(old, new)`` returns ``add``, ``remove``, ``replace`` and ``copy`` operations
that turn ``old`` into ``new`` when applied in order by any RFC 6902 implementation.
Objects are compared member by member; a short list of plain values, such as the
dice, is replaced whole::

    >>> for op in diff({"dice": [1, 2, 3, 4, 5], "rolls_left": 2},
    ...                {"dice": [1, 2, 6, 4, 5], "rolls_left": 1}):
    ...     print(op)
    {'op': 'replace', 'path': '/dice', 'value': [1, 2, 6, 4, 5]}
    {'op': 'replace', 'path': '/rolls_left', 'value': 1}

Other lists are compared item by item. A list whose items slid along, as a room's log
(newest first, the last 50) and chat (oldest first, the last 50) do, costs one
``add`` per new item and one ``remove`` per item that fell off, not a rewrite of
every position::

    >>> for op in diff({"log": [{"seq": 3}, {"seq": 2}, {"seq": 1}]},
    ...                {"log": [{"seq": 4}, {"seq": 3}, {"seq": 2}]}):
    ...     print(op)
    {'op': 'remove', 'path': '/log/2'}
    {'op': 'add', 'path': '/log/0', 'value': {'seq': 4}}

Equal parts are skipped by ``==``, which is quick for the parts a room's next state
shares with the last one (the same objects). JSON's ``true`` and ``1`` compare equal
in Python: the documents this is used on never hold both in one place.
"""

from __future__ import annotations

import json

from common.protocol.messages import PatchOp

Op = PatchOp
SLIDE_LIMIT = 8  # items a sliding list may gain in one step and still count as sliding
SHORT = 8  # a list of plain values up to this long is replaced whole


def pointer(path: str, key: str | int) -> str:
    """``path`` extended by one member name or index (RFC 6901 escaping)."""
    if isinstance(key, int):
        return f"{path}/{key}"
    return f"{path}/{key.replace('~', '~0').replace('/', '~1')}"


def diff(old: object, new: object) -> list[Op]:
    """The operations that turn document ``old`` into ``new`` (JSON values). A value that
    the patch already placed elsewhere (the same object: a room's ``event`` is the newest
    item of its ``log``) is copied from there (``copy``) rather than sent twice."""
    ops = _diff(old, new, "")
    placed: dict[int, str] = {}
    for n, op in enumerate(ops):
        if op["op"] != "add" and op["op"] != "replace":
            continue
        value = op["value"]
        if not isinstance(value, dict | list) or not value:
            continue
        source = placed.get(id(value))
        if source is not None and op["op"] == "add":
            ops[n] = {"op": "copy", "from": source, "path": op["path"]}
        else:
            placed[id(value)] = op["path"]
    return ops


def diff_at(old: object, new: object, path: str) -> list[Op]:
    """The operations that turn ``old`` into ``new``, both the value at ``path`` of a
    document."""
    return _diff(old, new, path)


def _diff(old: object, new: object, path: str) -> list[Op]:
    if type(old) is type(new) and old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        return _smaller(_object_diff(old, new, path), new, path)
    if isinstance(old, list) and isinstance(new, list) and not _flat(old, new):
        return _smaller(_list_diff(old, new, path), new, path)
    return [{"op": "replace", "path": path, "value": new}]


def _smaller(ops: list[Op], new: object, path: str) -> list[Op]:
    """``ops``, or one ``replace`` of the whole value when that is shorter (an event that
    is another event, a list rewritten)."""
    if not path or len(ops) < 3 or _longer_than(new, len(_json(ops))):
        return ops
    return [{"op": "replace", "path": path, "value": new}]


def _json(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _longer_than(value: object, limit: int) -> bool:
    """Whether ``value`` as JSON is about ``limit`` characters or more (it looks at no
    more of ``value`` than it needs to tell)."""
    size, stack = 0, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            size += 1 + sum(len(key) + 4 for key in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            size += 1 + len(item)
            stack.extend(item)
        else:
            size += len(item) + 2 if isinstance(item, str) else 4
        if size >= limit:
            return True
    return False


def _flat(old: list[object], new: list[object]) -> bool:
    """Whether both are short lists of numbers or text (dice, held positions): sent whole."""
    return (
        len(old) <= SHORT
        and len(new) <= SHORT
        and not any(isinstance(item, dict | list) for item in (*old, *new))
    )


def _object_diff(old: dict[str, object], new: dict[str, object], path: str) -> list[Op]:
    ops: list[Op] = [{"op": "remove", "path": pointer(path, key)} for key in old if key not in new]
    for key, value in new.items():
        if key in old:
            ops += _diff(old[key], value, pointer(path, key))
        else:
            ops.append({"op": "add", "path": pointer(path, key), "value": value})
    return ops


def _list_diff(old: list[object], new: list[object], path: str) -> list[Op]:
    start, old_end, new_end = 0, len(old), len(new)
    while start < old_end and start < new_end and old[start] == new[start]:
        start += 1
    while old_end > start and new_end > start and old[old_end - 1] == new[new_end - 1]:
        old_end, new_end = old_end - 1, new_end - 1
    gone, came = old[start:old_end], new[start:new_end]
    if not gone or not came:
        return _splice(start, gone, came, path)
    # New items in front, old ones fall off the end (a log, newest first) ...
    head = _index(came, gone[0])
    if head is not None and came[head:] == gone[: len(came) - head]:
        ops: list[Op] = [
            {"op": "remove", "path": pointer(path, start + n)}
            for n in range(len(gone) - 1, len(came) - head - 1, -1)
        ]
        return ops + [
            {"op": "add", "path": pointer(path, start + n), "value": item}
            for n, item in enumerate(came[:head])
        ]
    # ... or old items leave the front and new ones come at the end (a chat).
    tail = _index(gone, came[0])
    if tail is not None and gone[tail:] == came[: len(gone) - tail]:
        ops = [{"op": "remove", "path": pointer(path, start)} for _ in range(tail)]
        kept = len(gone) - tail
        return ops + [
            {"op": "add", "path": pointer(path, start + kept + n), "value": item}
            for n, item in enumerate(came[kept:])
        ]
    if len(gone) == len(came) and 2 * len(gone) <= len(old):  # a few changed in place
        return [
            op
            for n, (a, b) in enumerate(zip(gone, came, strict=True))
            for op in _diff(a, b, pointer(path, start + n))
        ]
    if 2 * (len(gone) + len(came)) > len(old) + len(new):  # most of it is new
        return [{"op": "replace", "path": path, "value": new}]
    return _splice(start, gone, came, path)


def _index(items: list[object], item: object) -> int | None:
    """Where ``item`` is among the first ``SLIDE_LIMIT`` positions of ``items``."""
    for n, candidate in enumerate(items[:SLIDE_LIMIT]):
        if candidate == item:
            return n
    return None


def _splice(start: int, gone: list[object], came: list[object], path: str) -> list[Op]:
    """Remove ``gone`` from position ``start`` on, then insert ``came`` there."""
    ops: list[Op] = [
        {"op": "remove", "path": pointer(path, start + n)} for n in range(len(gone) - 1, -1, -1)
    ]
    return ops + [
        {"op": "add", "path": pointer(path, start + n), "value": item}
        for n, item in enumerate(came)
    ]
