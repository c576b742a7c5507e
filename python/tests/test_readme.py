"""The README's Python examples run as written (the README is the package's door)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def python_examples() -> list:
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_readme_has_python_examples():
    assert len(python_examples()) >= 3


@pytest.mark.parametrize("index", range(len(python_examples())))
def test_a_readme_example_runs(index):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(python_examples()[index], f"README.md python example {index + 1}", "exec"), {})
    if "print(" in python_examples()[index]:
        assert out.getvalue().strip(), "the example prints what it says"
