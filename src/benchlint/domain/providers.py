"""The secret record name people give a model provider's key (`openai/gpt-5.2` →
`OPENAI_API_KEY`): the variable each provider's own tools read."""

from __future__ import annotations

PROVIDER_KEYS = {
    "openai": "OPENAI_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
    "gemini": "GEMINI_API_KEY",
    "google": "GEMINI_API_KEY",
    "openrouter": "OPENROUTER_API_KEY",
    "groq": "GROQ_API_KEY",
    "xai": "XAI_API_KEY",
    "mistral": "MISTRAL_API_KEY",
    "deepseek": "DEEPSEEK_API_KEY",
    "together": "TOGETHER_API_KEY",
    "perplexity": "PERPLEXITY_API_KEY",
}


def provider_of(model: str) -> str | None:
    """`openai` for `openai/gpt-5.2`; None for a model without a provider part."""
    provider, slash, name = model.partition("/")
    return provider.strip().lower() if slash and provider.strip() and name.strip() else None


def provider_key(model: str) -> str | None:
    """The usual record name of the model's provider key, when the provider is a known one."""
    provider = provider_of(model)
    return PROVIDER_KEYS.get(provider) if provider else None
