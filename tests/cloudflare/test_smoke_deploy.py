"""`scripts/smoke_deploy.py`, the deployment's smoke test, against the Worker in the harness
(clock ×20). The end-to-end scenarios run on both hosts in tests/contract."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cloudflare.harness import Harness, running_harness

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def accelerated() -> Iterator[Harness]:
    with running_harness(speed=20) as harness:
        yield harness


def test_the_deployment_smoke_script_passes_against_the_harness(accelerated: Harness) -> None:
    from scripts import smoke_deploy

    accelerated.reset_limits()
    report = smoke_deploy.run(accelerated.base_url, players=4)
    assert report["phases"][0] == "role_reveal"
    assert report["phases"][-1] == "ended"
    assert "reconnect_seconds" in report
    assert report["reconnections"] == []  # nothing dropped but the planned reconnection


def test_the_smoke_script_survives_a_redeploy_in_the_middle_of_the_game(
    accelerated: Harness,
) -> None:
    from scripts import smoke_deploy

    accelerated.reset_limits()
    report = smoke_deploy.run(accelerated.base_url, players=4, midgame=accelerated.redeploy)
    assert report["phases"][-1] == "ended"  # the same room, finished after the redeploy
    rejoined = sorted(r["player"] for r in report["reconnections"])
    assert rejoined == ["Smoke1", "Smoke2", "Smoke3", "Smoke4"]  # every socket dropped
    assert {r["closed"] for r in report["reconnections"]} == {1001}  # the harness's redeploy
    assert accelerated.logs()["errors"] == []
