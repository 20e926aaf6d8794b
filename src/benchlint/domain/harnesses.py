"""Harness names benchlint knows (extendable with the `extra-harnesses` setting)."""

from __future__ import annotations

# Listed by Osmosis.
OSMOSIS_HARNESSES = (
    "codex",
    "claude-code",
    "terminus-2",
    "openhands",
    "cursor-cli",
    "mini-swe-agent",
    "gemini-cli",
    "opencode",
)
# Agents of the Harbor runner the Platform builds on.
HARBOR_AGENTS = (
    "aider",
    "goose",
    "openhands-sdk",
    "swe-agent",
    "qwen-coder",
    "cline-cli",
    "copilot-cli",
    "kimi-cli",
    "oracle",
    "nop",
    "terminus",
    "terminus-1",
)
KNOWN_HARNESSES = OSMOSIS_HARNESSES + HARBOR_AGENTS

HARNESS_DESCRIPTIONS = {
    "codex": "OpenAI's Codex CLI",
    "claude-code": "Anthropic's Claude Code",
    "terminus-2": "the Terminal-Bench reference agent (Terminal-Bench 2.1's published scores)",
    "openhands": "OpenHands",
    "cursor-cli": "Cursor's CLI agent; reads its own key from CURSOR_API_KEY",
    "mini-swe-agent": "mini-SWE-agent; reads MSWEA_API_KEY",
    "gemini-cli": "Google's Gemini CLI",
    "opencode": "opencode",
}
