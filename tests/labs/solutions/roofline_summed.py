"""Wrong: the bound is right, but compute and memory time are added as if serial."""


def roofline(flops: float, bytes_moved: float, peak_flops: float,
             bandwidth: float) -> tuple[str, float]:
    compute_time = flops / peak_flops
    memory_time = bytes_moved / bandwidth
    bound = "memory" if memory_time > compute_time else "compute"
    return bound, compute_time + memory_time
