"""``mindspore.experimental.optim.lr_scheduler`` stepped inside a compiled Cell (GRAPH_MODE, at the strict
syntax level too): the schedulers compare the epoch Parameter with their milestones in the graph."""
import numpy as np

from parity_tests.harness import case


def _multistep(ms, strict):
    net = ms.nn.Dense(2, 1)
    optimizer = ms.experimental.optim.Adam(net.trainable_params(), 0.1)
    scheduler = ms.experimental.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[2, 4, 4], gamma=0.5)

    class SchedNet(ms.nn.Cell):
        def construct(self):
            scheduler.step()
            return scheduler.get_last_lr()

    if strict:
        ms.set_context(jit_syntax_level=ms.STRICT)
    try:
        sched = SchedNet()
        return [float(sched()[0].asnumpy()) for _ in range(6)] + [np.float32(optimizer.param_groups[0]["lr"].asnumpy())]
    finally:
        ms.set_context(jit_syntax_level=ms.LAX)


CASES = [
    case("lr_sched_graph/multistep_strict", lambda ms: _multistep(ms, True), mode="graph"),
    case("lr_sched_graph/multistep_lax", lambda ms: _multistep(ms, False), mode="graph"),
    case("lr_sched_graph/multistep_pynative", lambda ms: _multistep(ms, False)),
]
