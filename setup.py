"""Builds the native core (engine/native/, C11, no third-party code) in place:

    python setup.py build_ext --inplace      # what scripts/test.sh, serve.sh and the Dockerfile run

Without a C compiler the build fails and engine/ falls back to the pure-Python core (one
warning line at start-up).  CFLAGS / LDFLAGS from the environment are honoured, e.g.
``CFLAGS=-fsanitize=address`` for the AddressSanitizer run described in engine/README.md.
"""
import platform

from setuptools import Extension, setup

# popcount in one instruction (every x86-64 CPU since 2008 has it); elsewhere gcc's builtin.
_ARCH_FLAGS = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []

setup(
    name="raumschach-engine-native",
    version="1.0",
    packages=[],
    ext_modules=[
        Extension(
            "engine._rs_native",
            sources=[f"engine/native/{unit}.c" for unit in
                     ("variant", "spec", "position", "movegen", "perft", "evaluate", "search", "module")],
            depends=["engine/native/core.h", "engine/native/spec.h"],
            extra_compile_args=["-std=c11", "-O3", "-Wall", "-Wno-unused-function", *_ARCH_FLAGS],
        )
    ],
)
