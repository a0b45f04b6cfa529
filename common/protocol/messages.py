"""The server's other messages: ``patch`` (RFC 6902 operations), ``ack``, ``pong`` and
the coach's ``hint`` (docs/protocol.md, "Server to client")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, NotRequired, TypedDict

from msgspec import Meta

from common.protocol.keys import (
    BoxKey,
    ColumnKey,
    Die,
    PresenceName,
    RequestId,
    RollsLeft,
    schema_says,
)

Pointer = Annotated[
    str,
    Meta(
        pattern=r"^(/([^/~]|~[01])*)*$",
        description="An RFC 6901 JSON Pointer into the state document.",
    ),
]


class SetOp(TypedDict):
    op: Literal["add", "replace"]
    path: Pointer
    value: Any


class RemoveOp(TypedDict):
    op: Literal["remove"]
    path: Pointer


# ``from`` is a Python keyword: the functional form.
CopyOp = TypedDict("CopyOp", {"op": Literal["copy", "move"], "from": Pointer, "path": Pointer})


class TestOp(TypedDict):
    op: Literal["test"]
    path: Pointer
    value: Any


# One operation, applied to the state document in order (``play.selectors.patches``).
PatchOp = SetOp | RemoveOp | CopyOp | TestOp
PATCH_OPS: tuple[type, ...] = (SetOp, RemoveOp, CopyOp, TestOp)
if TYPE_CHECKING:
    PatchOps = list[PatchOp]
else:  # msgspec takes no union of TypedDicts: the schema names ``patch_operation`` instead
    PatchOps = list[dict[str, Any]]


class PresenceView(TypedDict):
    player: int
    presence: PresenceName
    seen_seconds_ago: Annotated[int, Meta(ge=0)] | None


class Patch(TypedDict):
    """What changed at version ``version``, for a socket that holds the state of version
    ``base``: apply ``ops`` to it, set ``version``, ``game.seconds_left`` (``null`` when
    left out) and, when given, each member's ``presence`` and ``seen_seconds_ago``. A
    client that does not hold version ``base`` drops it and sends ``sync``."""

    type: Literal["patch"]
    version: Annotated[int, Meta(ge=1)]
    base: Annotated[int, Meta(ge=0)]
    ops: Annotated[
        PatchOps,
        schema_says(items={"$ref": "#/definitions/patch_operation"}),
    ]
    seconds_left: NotRequired[Annotated[int, Meta(ge=0)]]
    presence: NotRequired[list[PresenceView]]


class Ack(TypedDict):
    """``ack``: the change is committed (a ``report``'s also says what became of it; a
    ``rematch`` that invited the last game's people who left, whom, instead of starting)."""

    type: Literal["ack"]
    id: RequestId
    version: Annotated[int, Meta(ge=1)]
    report: NotRequired[Literal["received", "already"]]
    invited: NotRequired[list[str]]


class Pong(TypedDict):
    type: Literal["pong"]
    id: RequestId


class Choice(TypedDict):
    """A choice the coach weighed: a ``keep`` (faces), or a ``place`` or ``announce`` of a
    box (``CHOICE_KINDS``)."""

    kind: Literal["keep", "place", "announce"]
    keep: NotRequired[Annotated[list[Die], Meta(max_length=4)]]
    box: NotRequired[BoxKey]
    column: NotRequired[ColumnKey | None]
    value: float
    label: str
    loss: Annotated[float, Meta(ge=0)]


# Which fields each kind of choice carries.
CHOICE_KINDS = {
    "oneOf": [
        {"properties": {"kind": {"const": "keep"}}, "required": ["keep"]},
        {"properties": {"kind": {"enum": ["place", "announce"]}}, "required": ["box", "column"]},
    ]
}


class Advice(TypedDict):
    """The coach's advice on a position (``play.advice.hint_answer``)."""

    exact: bool
    dice: Annotated[list[Die], Meta(max_length=5)]
    rolls_left: RollsLeft
    announced: BoxKey | None
    turn: Annotated[int, Meta(ge=1)]
    game_version: int
    total: int
    expected: float
    why: Annotated[str, Meta(min_length=1)] | None
    choices: list[Choice]


class HintAnswer(Advice):
    """``hint``: the coach's answer, about the position it names."""

    type: Literal["hint"]
    id: RequestId
