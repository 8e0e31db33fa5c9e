"""docs/PYTHON.md: every ```python block runs, in order, in one namespace
(the page is a notebook whose cells are checked)."""

import os
import re

import pytest

from conftest import ROOT


def test_the_doc_pages_examples_run(tmp_path):
    pytest.importorskip("numpy")
    text = (ROOT / "docs" / "PYTHON.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert len(blocks) >= 5
    namespace = {"__name__": "docs_python"}
    here = os.getcwd()
    os.chdir(tmp_path)  # the examples write files here
    try:
        for i, block in enumerate(blocks):
            code = compile(block, f"docs/PYTHON.md block {i + 1}", "exec")
            exec(code, namespace)
    finally:
        os.chdir(here)
