# workerd's private grant of entropy calls at import time (src/snapshot_seeds.py says why).
from contextlib import AbstractContextManager

def allow_bad_entropy_calls(allowance: int) -> AbstractContextManager[None]: ...
