"""A tiny random chat model (Llama architecture, byte-level BPE trained here, a chat template) that
``transformers serve DIR`` serves over the OpenAI-compatible API, for the LLM engine's tests and benchmark.

``build_tiny_chat(directory)`` writes a folder that ``AutoProcessor`` / ``AutoTokenizer`` and
``LlamaForCausalLM.from_pretrained`` load as they load any chat checkpoint; nothing is downloaded. The
weights are random (seeded): the model answers with garbage of the requested length, which is what the
tests want — the LLM engine must still write one line per segment, and detag-and-project must still give
every line exactly its source's tags. The tokenizer is byte-level, so any input (tags, CJK, umlauts)
encodes; the end-of-turn token is the end-of-sequence token.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tagmt.errors import require

# Self-written lines in the languages and markup the tests use (tagged line files, DITA, XLIFF codes).
TRAINING_LINES = (
    'Choose <uicontrol>Save</uicontrol> to keep your changes.',
    'For more information, see <xref href="a.dita"/>.',
    'The <g id="1">system</g> creates a new <x id="2"/> document for each order.',
    'Wählen Sie <g id="1">Sichern</g>, um Ihre Änderungen zu behalten.',
    'Choisissez <g id="1">Enregistrer</g> pour garder vos modifications.',
    'Válassza a <g id="1">Mentés</g> lehetőséget.',
    '<uicontrol>保存</uicontrol>を選択して変更を保存します。',
    '<uicontrol>저장</uicontrol>을 선택하여 변경 사항을 유지합니다.',
    '选择<uicontrol>保存</uicontrol>以保留更改。',
    'Translate the following text from English to German. Keep every tag.',
    '<topic id="t1"><title>Orders</title><body><p>Text</p><ul><li>Item</li></ul></body></topic>',
    '0 1 2 3 4 5 6 7 8 9 ( ) [ ] { } " \' - / : ; ? ! & = _ * # % + @ < >',
)

SPECIAL_TOKENS = ("<|end|>", "<|system|>", "<|user|>", "<|assistant|>")

CHAT_TEMPLATE = (
    "{% for message in messages %}<|{{ message['role'] }}|>{{ message['content'] }}<|end|>{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)

SEED = 1234


def build_tiny_chat(directory: str | Path | None = None, vocab_size: int = 512, hidden_size: int = 32,
                    max_positions: int = 8192) -> Path:
    """Write a tiny random chat checkpoint to ``directory`` (a new temp dir when None); return it."""
    tokenizers = require("tokenizers", "hf", "building a tiny chat tokenizer")
    transformers = require("transformers", "hf", "building a tiny chat model")
    torch = require("torch", "hf", "building a tiny chat model")
    out = Path(directory) if directory else Path(tempfile.mkdtemp(prefix="tiny-chat-"))
    out.mkdir(parents=True, exist_ok=True)

    bpe = tokenizers.Tokenizer(tokenizers.models.BPE())
    bpe.pre_tokenizer = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = tokenizers.decoders.ByteLevel()
    trainer = tokenizers.trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=tokenizers.pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(TRAINING_LINES, trainer=trainer)
    end = SPECIAL_TOKENS[0]
    tokenizer = transformers.PreTrainedTokenizerFast(
        tokenizer_object=bpe, bos_token=end, eos_token=end, pad_token=end, unk_token=end,
        additional_special_tokens=list(SPECIAL_TOKENS[1:]),
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    tokenizer.save_pretrained(out)

    end_id = bpe.token_to_id(end)
    torch.manual_seed(SEED)
    config = transformers.LlamaConfig(
        vocab_size=bpe.get_vocab_size(), hidden_size=hidden_size, intermediate_size=2 * hidden_size,
        num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=max_positions,
        bos_token_id=end_id, eos_token_id=end_id, pad_token_id=end_id, tie_word_embeddings=False,
    )
    model = transformers.LlamaForCausalLM(config)
    # Tied random embeddings make greedy decoding repeat the last prompt token (a role token, which
    # decodes to nothing); untied, and with the role tokens suppressed, the model writes visible garbage.
    model.generation_config = transformers.GenerationConfig(
        bos_token_id=end_id, eos_token_id=end_id, pad_token_id=end_id, do_sample=False,
        suppress_tokens=[bpe.token_to_id(t) for t in SPECIAL_TOKENS[1:]],
    )
    model.save_pretrained(out)
    return out
