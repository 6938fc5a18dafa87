"""What `python -m bench` prints last is what issue #36 reads: the tails at 32 connections and
the ten-minute soak's end against its first minute, then the six headlines in their order
(bench/README.md). A report that named the wrong document or the wrong sample would send a
round of work after the wrong thing."""

from __future__ import annotations

from bench.load import Result
from bench.memory import Soak
from bench.report import Run, headlines, markdown
from bench.w5 import SOAKED, Beside, Measured

SIX = (
    "W1 pashu/floor p50",
    "W2 pashu/floor p50",
    "W4 pashu/static rps",
    "W3 due actions/s",
    "W5 worst/W1 p50",
    "W5 max statements per request",
)


def _r(server: str, c: int, p50: float, p99: float) -> Result:
    return Result(server, c, 100, 10.0, p50, p50, p99, 0)


def _run() -> Run:
    run = Run("full", {}, "2026-12-04T19:00:00+00:00", 1.0)
    run.w1[10_000] = [
        _r("pashu", 8, 10.0, 20.0),
        _r("floor", 8, 9.0, 12.0),
        _r("postgraphile", 8, 20.0, 30.0),
        _r("pashu", 32, 40.0, 100.0),
        _r("floor", 32, 36.0, 50.0),
    ]
    run.w5[10_000] = [
        Measured("CasePage", _r("pashu CasePage", 8, 25.0, 40.0), 8, "mizoram"),
        Measured("CasePage", _r("pashu CasePage", 32, 90.0, 180.0), 8, "mizoram"),
        Measured("LatestCases", _r("pashu LatestCases", 8, 12.0, 15.0), 2, "mizoram"),
        Measured("LatestCases", _r("pashu LatestCases", 32, 30.0, 120.0), 2, "mizoram"),
    ]
    run.w2 = [_r("pashu W2", 4, 3.0, 6.0), _r("floor W2", 4, 2.0, 4.0)]
    run.w4 = [
        Result("pashu compare", 8, 100, 500.0, 1.0, 1.0, 1.0, 0),
        Result("static compare", 8, 100, 800.0, 1.0, 1.0, 1.0, 0),
    ]
    run.w3[10_000] = {"actions": 3000, "seconds": 1.5}
    # RSS 150 MiB at the start, 160 at one minute, 168 at the end of ten.
    samples = [
        (float(t), 150 * 1024 + min(t, 60) * 170 + max(t - 60, 0) * 15) for t in range(0, 602, 2)
    ]
    run.soaks = [
        Soak("W1", 8, 60.0, 1000, [(0.0, 100), (60.0, 400)]),
        Soak(SOAKED, 8, 600.0, 50_000, [(t, int(k)) for t, k in samples]),
    ]
    return run


def test_the_six_headlines_come_last_in_their_order() -> None:
    out = headlines(_run(), 10_000)
    assert [line.split(" = ")[0] for line in out[-6:]] == list(SIX)
    assert out[-6:-2] == [
        "W1 pashu/floor p50 = 1.11",
        "W2 pashu/floor p50 = 1.50",
        "W4 pashu/static rps = 0.62",
        "W3 due actions/s = 2000",
    ]
    assert out[-2] == "W5 worst/W1 p50 = 2.50 (CasePage)"
    assert out[-1] == "W5 max statements per request = 8 (CasePage)"


def test_the_tails_name_the_worst_document_at_32_connections() -> None:
    out = headlines(_run(), 10_000)
    assert "W1 p99/p50 at 32 connections = 2.50" in out
    # LatestCases' p99 is 4 × its p50 at 32, CasePage's 2 ×: the tail is LatestCases', though
    # CasePage is the slower document.
    assert "W5 worst p99/p50 at 32 connections = 4.00 (LatestCases)" in out


def test_the_soak_is_judged_against_its_first_minute_not_its_start() -> None:
    out = headlines(_run(), 10_000)
    soak = _run().soaks[1]
    minute, end = soak.at(60.0), soak.samples[-1][1]
    assert minute is not None and end / minute == soak.end_over()
    assert f"memory soak end/1 min = {end / minute:.3f} ({SOAKED}, 600 s)" in out
    # W1's minute-long soak has no ten minutes to judge: it is not a headline.
    assert not any(line.startswith("memory soak") and "W1" in line for line in out)


def test_a_soak_shorter_than_a_minute_is_not_judged() -> None:
    assert Soak(SOAKED, 8, 30.0, 10, [(0.0, 100), (30.0, 200)]).end_over() is None


def test_the_worst_document_is_judged_beside_w1_not_against_an_earlier_w1() -> None:
    """Measured beside W1's page (w5.beside), the slowest documents' ratio is the headline's,
    not the one over a W1 taken minutes before; the highest of them is named."""
    run = _run()
    run.w5_beside[10_000] = [
        Beside("CasePage", _r("pashu CasePage", 8, 24.0, 30.0), _r("pashu W1", 8, 12.0, 14.0)),
        Beside("CasePapers", _r("pashu CasePapers", 8, 22.0, 30.0), _r("pashu W1", 8, 8.0, 9.0)),
    ]
    out = headlines(run, 10_000)
    # CasePage was the slower in its own row (25 against the W1 section's 10: 2.50), but
    # beside W1 CasePapers is 2.75 × and CasePage 2.00 ×.
    assert out[-2] == "W5 worst/W1 p50 = 2.75 (CasePapers)"
    assert "| CasePapers | 22.0 | 8.0 | 2.75 |" in markdown(run)
