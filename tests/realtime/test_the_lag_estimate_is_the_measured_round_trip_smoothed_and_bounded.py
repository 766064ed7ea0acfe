"""The lag a socket's moves are credited with (games.realtime.lag.LagMeter) is what the server
measured between its pings and their answers: smoothed as lichess's client smooths it, capped,
and nothing for answers to no ping or for a socket that stopped answering."""
from games.realtime.lag import LAG_MAX_MS, PENDING, STALE_AFTER_PINGS, LagMeter


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def answered(meter: LagMeter, clock: Clock, round_trip_ms: float) -> None:
    ping = meter.ping()
    clock.now += round_trip_ms / 1000
    assert meter.pong(ping["id"])


def test_no_answer_yet_is_no_lag():
    clock = Clock()
    meter = LagMeter(interval=3, clock=clock)
    meter.ping()
    clock.now += 0.5
    assert meter.lag_ms() == 0


def test_the_first_four_round_trips_are_averaged_then_each_new_one_weighs_a_tenth():
    clock = Clock()
    meter = LagMeter(interval=3, clock=clock)
    for round_trip in (100, 200, 300, 400):
        answered(meter, clock, round_trip)
    assert meter.lag_ms() == 250
    answered(meter, clock, 1250)
    assert meter.lag_ms() == 350  # 250 + (1250 - 250) / 10


def test_pings_carry_counting_ids():
    meter = LagMeter(interval=3, clock=Clock())
    assert [meter.ping() for _ in range(3)] == [
        {"type": "ping", "id": 1}, {"type": "ping", "id": 2}, {"type": "ping", "id": 3}]


def test_an_answer_to_no_ping_is_no_sample():
    clock = Clock()
    meter = LagMeter(interval=3, clock=clock)
    answered(meter, clock, 40)
    clock.now += 1.5
    for forged in (1, 2, 99, -1, "1", None, True, 1.0):  # answered already, never sent, not ids
        assert not meter.pong(forged)
    assert meter.lag_ms() == 40


def test_a_late_answer_to_a_ping_no_longer_awaited_is_no_sample():
    clock = Clock()
    meter = LagMeter(interval=3, clock=clock)
    answered(meter, clock, 40)
    first = meter.ping()
    for _ in range(PENDING):
        meter.ping()
    clock.now += 2
    assert not meter.pong(first["id"])  # forgotten: more recent pings took its place
    assert meter.lag_ms() == 40


def test_answering_a_ping_gives_up_the_older_unanswered_ones():
    clock = Clock()
    meter = LagMeter(interval=3, clock=clock)
    older, newer = meter.ping(), meter.ping()
    clock.now += 0.05
    assert meter.pong(newer["id"])
    clock.now += 5
    assert not meter.pong(older["id"])  # its answer now would claim 5 s
    assert meter.lag_ms() == 50


def test_a_socket_that_stops_answering_gets_no_credit_until_it_answers_again():
    clock = Clock()
    meter = LagMeter(interval=3, clock=clock)
    answered(meter, clock, 80)
    for _ in range(STALE_AFTER_PINGS):
        meter.ping()  # never answered
        clock.now += 3
    clock.now -= 0.5
    assert meter.lag_ms() == 80  # the first unanswered ping has not waited long enough yet
    clock.now += 1
    assert meter.lag_ms() == 0
    answered(meter, clock, 80)
    assert meter.lag_ms() == 80


def test_an_estimate_stays_while_no_ping_is_sent():
    # The waiting side is not pinged: its estimate from its last turn is still its lag.
    clock = Clock()
    meter = LagMeter(interval=3, clock=clock)
    answered(meter, clock, 120)
    clock.now += 300
    assert meter.lag_ms() == 120


def test_the_estimate_never_exceeds_the_cap_however_late_the_answers():
    clock = Clock()
    meter = LagMeter(interval=30, clock=clock)
    for _ in range(6):
        answered(meter, clock, 25_000)
    assert meter.lag_ms() == LAG_MAX_MS
