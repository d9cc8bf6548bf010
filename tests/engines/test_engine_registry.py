"""The engine registry: every engine class describes itself, and names are looked up in the table."""

from __future__ import annotations

import pytest

from tagmt.commands.shared import add_engine_arguments
from tagmt.engines import ENGINE_CLASSES, ENGINES, CopyEngine, ReferenceEngine, engine_class, load_engine
from tagmt.engines.llm import OpenAIEngine
from tagmt.errors import TagmtError
from tagmt.registry import Needs, Option


@pytest.mark.parametrize("name", list(ENGINE_CLASSES))
def test_every_engine_describes_itself(name):
    cls = ENGINE_CLASSES[name]
    assert cls.engine_name == name
    assert isinstance(cls.needs, Needs) and isinstance(cls.backend, bool) and isinstance(cls.offline, bool)
    assert all(isinstance(o, Option) and o.name and o.type and o.help for o in cls.option_specs)
    assert cls.needs.modules or cls.offline  # only the offline engines need nothing
    assert not (cls.needs.modules and cls.needs.extra is None)  # a package to install comes with its extra
    assert cls.backend == (cls.needs.weights and not cls.serves(name))


def test_named_models_and_back_ends():
    assert ENGINES == ("hf", "ct2")
    assert engine_class("copy") is CopyEngine and engine_class("reference") is ReferenceEngine
    assert engine_class("openai:gpt-4o-mini") is OpenAIEngine
    assert engine_class("m2m100").engine_name == "hf" and engine_class("m2m100", "ct2").engine_name == "ct2"


def test_unknown_engine_names_the_valid_ones():
    with pytest.raises(TagmtError, match=r"^unknown engine 'onnx': use hf or ct2$"):
        engine_class("m2m100", "onnx")
    with pytest.raises(TagmtError, match=r"^unknown engine 'onnx': use hf or ct2$"):
        load_engine("copy", engine="onnx")


def test_the_cli_offers_the_registered_back_ends():
    import argparse

    parser = argparse.ArgumentParser()
    add_engine_arguments(parser)
    (action,) = [a for a in parser._actions if a.dest == "engine"]
    assert tuple(action.choices) == ENGINES
