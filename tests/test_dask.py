"""A local dask cluster of two workers gives exactly the serial results."""

from __future__ import annotations

import numpy as np
import pytest

from boardgames_fr.simulation import simulate

distributed = pytest.importorskip("distributed")


def test_dask_local_cluster_equals_serial_run() -> None:
    serial = simulate("fromage", ["heuristic", "random"], 40, seed=11, jobs=1, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        on_dask = simulate(
            "fromage",
            ["heuristic", "random"],
            40,
            seed=11,
            executor=client.get_executor(),
            batch_size=5,
            progress=False,
        )
    assert np.array_equal(serial.winners, on_dask.winners)
    assert np.array_equal(serial.lengths, on_dask.lengths)
    assert np.array_equal(serial.scores, on_dask.scores)
