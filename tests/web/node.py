"""Running the site's ES-module scripts under Node.js, for tests that compare what a script
says with what the server says."""
from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

NODE = shutil.which("node")


def run_module(script: str) -> Any:
    """Run `script` (an ES module that writes one JSON value to stdout) and return the value."""
    done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
