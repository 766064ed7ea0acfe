"""With a broker, live games' deadlines wait in one Redis sorted set (core/due_set.py) that
every server process polls: a claim takes the due members and removes them in one atomic
step, so two pollers claiming at once never both get a game, and nothing due is left behind.
On the real Redis."""
import threading
import time
import uuid

import pytest

from core.due_set import DueSet

pytestmark = pytest.mark.redis

MEMBERS = 400


@pytest.fixture
def due_set():
    found = DueSet(f"test-due-{uuid.uuid4().hex}")
    yield found
    found.redis.delete(found.key)


def test_two_claimers_racing_get_every_due_member_once(due_set):
    now = time.time()
    due_set.due_at_many((n, now - 1 + n / MEMBERS / 2) for n in range(MEMBERS))
    due_set.due_at("later", now + 3600)
    claimed: list[list[str]] = [[], []]
    start = threading.Barrier(2)
    # Each claimer waits, after its first claim, until the other has made one too: on a loaded
    # machine one thread could otherwise drain the set before the other is scheduled, and the
    # test would see no race at all.  From there on they claim freely against each other.
    first_claim = [threading.Event(), threading.Event()]

    def claimer(me: int) -> None:
        start.wait()
        while True:
            due, _ = due_set.claim(time.time(), limit=7)
            if not due:
                first_claim[me].set()
                return
            claimed[me].extend(due)
            if not first_claim[me].is_set():
                first_claim[me].set()
                first_claim[1 - me].wait(10)

    threads = [threading.Thread(target=claimer, args=(me,)) for me in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    first, second = claimed
    assert first and second  # both really claimed: a race, not one after the other
    assert not set(first) & set(second)
    assert sorted(first + second, key=int) == [str(n) for n in range(MEMBERS)]
    # What is not due stays, and the claim says when it falls due.
    due, earliest = due_set.claim(time.time())
    assert due == [] and earliest == pytest.approx(now + 3600)


def test_a_member_only_ever_moves_earlier(due_set):
    now = time.time()
    due_set.due_at(7, now + 60)
    due_set.due_at(7, now + 120)  # a stale, later deadline arriving late changes nothing
    assert due_set.when(7) == pytest.approx(now + 60)
    due_set.due_at(7, now + 30)
    assert due_set.when(7) == pytest.approx(now + 30)
    due_set.forget(7)
    assert due_set.when(7) is None
