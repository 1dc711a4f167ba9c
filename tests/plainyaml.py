"""YAML for the tests' own expectation tables: PyYAML's safe loader, in C when PyYAML has libyaml.

The same data as ``yaml.safe_load`` (libyaml's parser with PyYAML's safe constructor: plain
data only), about eight times faster. It matters because module-level tables are read again
by every xdist worker at collection, and rules.yaml (260 KB) takes half a second in pure Python.
"""

from __future__ import annotations

from typing import Any

import yaml

_SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(text: str) -> Any:
    """``yaml.safe_load(text)``, through libyaml when it is there."""
    return yaml.load(text, Loader=_SAFE_LOADER)
