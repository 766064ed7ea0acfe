"""Builds the native core (engine/native/, C11, no third-party code) in place:

    python setup.py build_ext --inplace      # what scripts/test.sh, serve.sh and the Dockerfile run

The same sources are built twice: ``engine._rs_native`` with 128-bit boards (the cube's
variants) and ``engine._rs_native_wide`` with ``RS_WIDE`` (256-bit boards: Hexagonal
Raumschach's 185 cells, Star Trek's superset).  engine/core.py picks the module by a
variant's cell count, so the cube's variants run the narrow build's code unchanged
(engine/native/core.h).  Without a C compiler the build fails and engine/ falls back to the
pure-Python core (one warning line at start-up).  CFLAGS / LDFLAGS from the environment are
honoured, e.g. ``CFLAGS=-fsanitize=address`` for the AddressSanitizer run described in
engine/README.md.
"""
import os
import platform

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# popcount in one instruction (every x86-64 CPU since 2008 has it); elsewhere gcc's builtin.
_ARCH_FLAGS = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []
_UNITS = ("variant", "spec", "position", "movegen", "perft", "evaluate", "search", "tb", "module")


def _core(name: str, macros: list, flags: tuple = ()) -> Extension:
    return Extension(
        name,
        sources=[f"engine/native/{unit}.c" for unit in _UNITS],
        depends=["engine/native/core.h", "engine/native/spec.h", "engine/native/tb.h"],
        define_macros=macros,
        extra_compile_args=["-std=c11", "-O3", "-Wall", "-Wno-unused-function", "-pthread", *_ARCH_FLAGS, *flags],
        extra_link_args=["-pthread"],  # search.c's Lazy SMP helpers (in libc itself since glibc 2.34)
    )


class BuildEachCoreApart(build_ext):
    """Both modules compile the same .c files: each gets its own object directory, or the
    second build would link (or skip compiling) the first one's objects."""

    def build_extension(self, ext):
        shared_temp = self.build_temp
        self.build_temp = os.path.join(shared_temp, ext.name.rsplit(".", 1)[-1])
        try:
            super().build_extension(ext)
        finally:
            self.build_temp = shared_temp

    def copy_file(self, infile, outfile, *args, **kwargs):
        """--inplace copies each module next to its sources: write a file of this process's own
        and rename it over the module, so a process importing the engine meanwhile (a server,
        or the tests running in parallel while serve.sh builds) never finds it missing or
        half-written."""
        tmp = f"{outfile}.{os.getpid()}.tmp"
        result = super().copy_file(infile, tmp, *args, **kwargs)
        os.replace(tmp, outfile)
        return outfile, result[1]


setup(
    name="raumschach-engine-native",
    version="1.0",
    packages=[],
    cmdclass={"build_ext": BuildEachCoreApart},
    ext_modules=[_core("engine._rs_native", []), _core("engine._rs_native_wide", [("RS_WIDE", "1")],
                                                             # bb_t passes between the units in vector registers;
                                                             # every unit is built alike, so gcc's note that
                                                             # AVX would pass it otherwise does not apply
                                                             ("-Wno-psabi",))],
)
