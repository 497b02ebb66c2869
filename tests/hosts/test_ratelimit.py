from __future__ import annotations

import pytest

from undercover.hosts.ratelimit import RateLimiter, client_key, retry_after_header


def test_burst_then_refused_with_the_wait() -> None:
    limiter = RateLimiter(burst=3, per_second=0.5)
    assert [limiter.take("a", now=10.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take("a", now=10.0) == pytest.approx(2.0)


def test_tokens_come_back_with_time() -> None:
    limiter = RateLimiter(burst=2, per_second=1)
    limiter.take("a", 0.0)
    limiter.take("a", 0.0)
    assert limiter.take("a", 0.5) > 0
    assert limiter.take("a", 1.6) == 0.0


def test_keys_are_independent() -> None:
    limiter = RateLimiter(burst=1, per_second=1)
    assert limiter.take("a", 0.0) == 0.0
    assert limiter.take("a", 0.0) > 0
    assert limiter.take("b", 0.0) == 0.0


def test_a_clock_going_backwards_grants_nothing() -> None:
    limiter = RateLimiter(burst=1, per_second=1)
    limiter.take("a", 100.0)
    assert limiter.take("a", 50.0) > 0


def test_memory_is_bounded() -> None:
    limiter = RateLimiter(burst=5, per_second=0.001, max_keys=100)
    for index in range(1000):
        limiter.take(f"10.0.{index // 256}.{index % 256}", now=float(index))
    assert len(limiter) <= 100


def test_forget() -> None:
    limiter = RateLimiter(burst=1, per_second=0.001)
    limiter.take("a", 0.0)
    limiter.forget("a")
    assert limiter.take("a", 0.0) == 0.0


@pytest.mark.parametrize(("wait", "header"), [(0.01, "1"), (1.0, "1"), (1.2, "2"), (59.5, "60")])
def test_retry_after_is_whole_seconds(wait: float, header: str) -> None:
    assert retry_after_header(wait) == header


def test_nonsense_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="burst"):
        RateLimiter(burst=0, per_second=1)


def test_peek_takes_nothing() -> None:
    limiter = RateLimiter(burst=1, per_second=1)
    assert limiter.peek("a", 0.0) == 0.0
    assert limiter.peek("a", 0.0) == 0.0
    limiter.take("a", 0.0)
    assert limiter.peek("a", 0.0) == pytest.approx(1.0)
    assert limiter.peek("a", 2.0) == 0.0


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("192.168.1.20", "192.168.1.20"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("::ffff:10.0.0.1", "10.0.0.1"),
        ("::1", "::/64"),
        ("testclient", "testclient"),
    ],
)
def test_client_key_groups_an_ipv6_subscriber(address: str, key: str) -> None:
    assert client_key(address) == key
