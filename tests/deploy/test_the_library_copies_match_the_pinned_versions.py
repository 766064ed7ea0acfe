"""raumschach_site/redis_layer.py and asgi_threads.py copy library internals (channels_redis'
group_send, part of Django's ASGIHandler.handle). Each names the version it was copied from and
a fingerprint of the code it copies; when the installed library moves past that version, or the
copied code changes under the same version, this fails and says what to do (issue 23)."""
import hashlib
import importlib
import inspect
from importlib.metadata import version

import pytest
from packaging.version import Version

from raumschach_site import asgi_threads, redis_layer

COPIES = {"raumschach_site/redis_layer.py": redis_layer.COPIED_FROM,
          "raumschach_site/asgi_threads.py": asgi_threads.COPIED_FROM}


def fingerprint(target: str) -> str:
    module, _, qualname = target.partition(":")
    obj = importlib.import_module(module)
    for name in qualname.split("."):
        obj = getattr(obj, name)
    return hashlib.sha256(inspect.getsource(obj).encode()).hexdigest()[:16]


@pytest.mark.parametrize("path", sorted(COPIES))
def test_the_installed_library_is_the_version_the_copy_was_taken_from(path):
    copied = COPIES[path]
    installed = version(copied["distribution"])
    assert Version(installed) <= Version(copied["version"]), (
        f"{path} copies {copied['copies']} from {copied['distribution']} {copied['version']}, "
        f"but {installed} is installed. Compare the new {copied['copies']} with the copy, bring "
        f"the copy up to date (or drop it if the stock code now costs no more: measure with "
        f"scripts/move_cpu.py, docs/performance.md), then update COPIED_FROM in {path}.")


@pytest.mark.parametrize("path", sorted(COPIES))
def test_the_copied_code_is_unchanged_in_the_installed_library(path):
    copied = COPIES[path]
    assert fingerprint(copied["copies"]) == copied["source_sha256"], (
        f"{copied['copies']} in the installed {copied['distribution']} is not the code {path} "
        f"was copied from: compare them, bring the copy up to date, then update COPIED_FROM "
        f"(its source_sha256 is the first 16 hex digits of the SHA-256 of inspect.getsource).")


def test_the_check_notices_a_newer_version(monkeypatch):
    monkeypatch.setitem(redis_layer.COPIED_FROM, "version", "4.2.0")
    with pytest.raises(AssertionError, match="copies channels_redis.core:RedisChannelLayer"):
        test_the_installed_library_is_the_version_the_copy_was_taken_from(
            "raumschach_site/redis_layer.py")
