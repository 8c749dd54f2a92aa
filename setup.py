"""Builds and installs the Python module `asterism` with CMake, offline.

The module is the CMake target asterism_python (python/CMakeLists.txt);
this file only runs CMake for it with the interpreter that runs pip, so
that `pip install --no-build-isolation --no-index .` works with Debian's
packages alone (docs/python.md gives the commands)."""
import os
import pathlib
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).parent.resolve()


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        out = pathlib.Path(self.get_ext_fullpath(ext.name)).parent.resolve()
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release", "-DASTERISM_BUILD_TESTS=OFF",
            "-DASTERISM_BUILD_BENCH=OFF", "-DASTERISM_PYTHON=ON",
            f"-DPython3_EXECUTABLE={sys.executable}",
            f"-DCMAKE_LIBRARY_OUTPUT_DIRECTORY={out}",
        ]
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "asterism_python",
                        "-j", str(os.cpu_count() or 1)], check=True)


setup(ext_modules=[CMakeExtension("asterism")], cmdclass={"build_ext": CMakeBuild})
