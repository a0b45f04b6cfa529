"""Pages, sockets, the admin, background work, commands and template tags never write to
the database themselves: every write goes through a service (docs/architecture.md,
decision 0061).

The check reads each module's syntax tree and follows, inside each function, what an
expression is (``tests/support/model_writes.py``): only a write method called on a
model's manager, queryset, row or model form counts.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING

from tests.support.model_writes import writes_in
from tests.support.site_apps import APPS

ROOT = Path(__file__).resolve().parent.parent
# Every app's entry points: pages, sockets, the admin, a process's threads, commands.
CALLERS = tuple(
    f"{app}/{part}"
    for app in APPS
    for part in ("web", "realtime", "admin", "background", "management", "templatetags")
    if (ROOT / app / part).is_dir()
)


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def test_no_entry_point_writes_to_the_database_itself() -> None:
    files = sorted(p for folder in CALLERS for p in (ROOT / folder).rglob("*.py"))
    assert len(files) > 30
    found = {}
    for path in files:
        namespace = vars(importlib.import_module(module_of(path)))
        if lines := writes_in(path.read_text(), namespace):
            found[str(path.relative_to(ROOT))] = lines
    assert found == {}


WRITES = """
def view(request, code: str, player: Player | None):
    Player.objects.filter(user=request.user).update(language=code)   # 3
    kept = PushSubscription.objects.filter(player=player)
    kept.delete()                                                     # 5
    room = get_object_or_404(Room, code=code)
    room.members.filter(seat=0).delete()                          # 7
    room.host.save()                                                  # 8
    player.save(update_fields=["language"])                           # 9
    form = Form(request.POST)
    form.save()                                                       # 11
    Room.objects.get(code=code).delete()                              # 12
    Room(code=code).save()                                            # 13
"""

READS = """
def view(request, code: str, player: Player | None, image: Image):
    context = {}
    context.update(form=code)
    seen = set()
    seen.add(code)
    image.save(out, format="PNG")
    super().save()
    room = Room.objects.get(code=code)
    room.options.update(seats=2)
    Room.objects.filter(code=code).exists()
    room.members.filter(seat=0).count()
    form = ResetForm(request.POST)
    form.save()
"""


def test_the_check_sees_each_kind_of_write_and_nothing_else() -> None:
    from django import forms
    from django.contrib.auth.forms import PasswordResetForm

    from accounts.models import Player
    from notices.models import PushSubscription
    from rooms.models import Room

    if TYPE_CHECKING:
        RoomForm = forms.ModelForm[Room]
    else:  # Django's ModelForm takes no type argument at run time
        RoomForm = forms.ModelForm

    class Form(RoomForm):
        class Meta:
            model = Room
            fields = ("code",)

    namespace = {
        "Player": Player,
        "PushSubscription": PushSubscription,
        "Room": Room,
        "Form": Form,
        "ResetForm": PasswordResetForm,
        "Image": object,
    }
    assert writes_in(WRITES, namespace) == [3, 5, 7, 8, 9, 11, 12, 13]
    assert writes_in(READS, namespace) == []
