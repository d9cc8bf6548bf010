"""DT/DP hygiene reads every well-written tag as markup (``tokenize(…, orphans=True)``), paired or not: an
unpaired tag the model wrote is removed, never kept as escaped text (regression of the per-segment markup
model, where an orphan tag is text by default)."""

from __future__ import annotations

from tagmt.translation.hygiene import clean_direct_output, remove_model_tags


def test_an_unclosed_source_tag_in_a_dt_output_is_removed_not_escaped():
    assert clean_direct_output('Click <g id="1">Save</g> &amp; go.', 'Klicken <g id="1" >Speichern &amp; los.') == \
        ("Klicken Speichern &amp; los.", 1)
    assert clean_direct_output('Click <g id="1">Save</g>.', "Klicken Speichern</g>.") == ("Klicken Speichern.", 1)


def test_an_unpaired_tag_the_model_wrote_is_removed_from_a_dp_translation():
    assert remove_model_tags("Das <b>ist gut", "This is good") == ("Das ist gut", 1)
    assert remove_model_tags("Das <b>ist gut", "This <b>is good") == ("Das <b>ist gut", 0)  # the source's text

