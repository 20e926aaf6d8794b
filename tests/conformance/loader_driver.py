"""Runs inside an `osmosis-ai` environment (Python 3.12): the official loader's verdicts.

Standalone on purpose (it cannot import benchlint or the tests). Usage:
`python -I loader_driver.py IN.json OUT.json`. IN holds `{"configs": [base64 bytes, ...]}`;
each config is loaded as `configs/benchmark/<n>.toml` with `load_benchmark_submit_config`, and
OUT gets the installed release and, per config, whether it was accepted (with its
`required_secrets`) and, if not, the exception type and message summary. Any exception is a rejection (invalid UTF-8 escapes the
loader as UnicodeDecodeError).
"""

import base64
import importlib.metadata
import json
import os
import sys
import tempfile
from pathlib import Path

from osmosis_ai.platform.cli.benchmark_config import load_benchmark_submit_config


def summary(error: Exception, folder: str) -> str:
    """The first line; for the loader's issue lists ("Invalid ... config:") the first issue."""
    lines = [line.strip() for line in str(error).replace(folder, "<tmp>").splitlines()]
    lines = [line for line in lines if line] or [""]
    if lines[0].endswith(":") and len(lines) > 1:
        return f"{lines[0]} {lines[1]}"
    return lines[0]


def verdict(path: Path, folder: str) -> dict:
    try:
        config = load_benchmark_submit_config(path)
    except Exception as error:  # every exception is a rejection of the config
        return {"accepted": False, "error": type(error).__name__, "message": summary(error, folder)}
    secrets = list(config.required_secrets)
    return {"accepted": True, "error": None, "message": None, "required_secrets": secrets}


def main() -> None:
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    configs = [base64.b64decode(item) for item in json.loads(source.read_text())["configs"]]
    verdicts = []
    # Memory-backed /dev/shm when usable: thousands of small files, and the disk can be slow.
    fast = "/dev/shm" if os.access("/dev/shm", os.W_OK | os.X_OK) else None
    with tempfile.TemporaryDirectory(prefix="benchlint-conformance-", dir=fast) as folder:
        directory = Path(folder, "configs", "benchmark")
        directory.mkdir(parents=True)
        for number, content in enumerate(configs):
            path = directory / f"{number}.toml"
            path.write_bytes(content)
            verdicts.append(verdict(path, folder))
    release = importlib.metadata.version("osmosis-ai")
    target.write_text(json.dumps({"release": release, "verdicts": verdicts}))


if __name__ == "__main__":
    main()
