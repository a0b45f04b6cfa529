"""The soak's memory verdict (bench/harness/soak/memory.py): a process that replaced a
killed one and fills up again is flat; a process that keeps growing is not."""

from __future__ import annotations

from bench.harness.soak.memory import Sample, growth

WARM = 240.0


def hour(*more: Sample) -> list[Sample]:
    """Samples shaped like the hour's soak: both processes level at 180-186 MB, p0 killed
    and started again, at 165 MB three minutes later and 182 MB five minutes after."""
    return [
        Sample(0, 0, 10, 160.0, 300),  # the first window: warm-up
        Sample(0, 1, 11, 178.0, 300),
        Sample(1, 0, 10, 180.0, 600),
        Sample(1, 1, 11, 185.0, 600),
        Sample(5, 0, 12, 165.0, 180),  # started after a kill, not warm yet
        Sample(6, 0, 12, 165.0, 480),  # warm, still filling up with new rooms
        Sample(7, 0, 12, 182.0, 780),
        Sample(7, 1, 11, 186.0, 2400),
        *more,
    ]


def test_a_process_that_fills_up_again_after_a_kill_is_flat() -> None:
    held = growth(hour(), WARM)

    assert held["flat"]
    assert held["level_mb"] == 182.5  # the first warm window's mean
    assert held["peak_pct"] == 1.9  # 186 MB
    # Reported beside: p0's fresh process grew 10.3 % from its first warm sample.
    assert held["slots"]["p0"]["process_pct"] == 10.3


def test_a_process_that_keeps_growing_is_not_flat() -> None:
    held = growth(hour(Sample(8, 1, 11, 201.0, 2700)), WARM)

    assert not held["flat"]
    assert held["peak_pct"] == 10.1


def test_no_warm_sample_is_no_verdict_against() -> None:
    held = growth([Sample(0, 0, 10, 160.0, 60)], WARM)

    assert held["flat"] and held["level_mb"] is None
