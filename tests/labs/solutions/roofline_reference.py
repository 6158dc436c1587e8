"""A correct solution of the roofline exercise: the slower of math and memory decides."""


def roofline(flops: float, bytes_moved: float, peak_flops: float,
             bandwidth: float) -> tuple[str, float]:
    compute_time = flops / peak_flops
    memory_time = bytes_moved / bandwidth
    if memory_time > compute_time:
        return "memory", memory_time
    return "compute", compute_time
