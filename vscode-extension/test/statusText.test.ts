import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { RESTRICTED_NOTE, statusTooltip } from "../src/statusText";

describe("statusTooltip", () => {
  it("names the server in use: version, command line, where it was found", () => {
    const tooltip = statusTooltip({
      state: "running",
      version: "0.1.0",
      commandLine: "/s/env/bin/python -m benchlint lsp",
      source: "private environment",
    });
    assert.equal(
      tooltip,
      [
        "benchlint language server running",
        "Version: benchlint 0.1.0",
        "Command: /s/env/bin/python -m benchlint lsp",
        "Found in: private environment",
        "Click to show the output.",
      ].join("\n"),
    );
  });

  it("says when the server is too old, and when the workspace is not trusted", () => {
    const tooltip = statusTooltip({
      state: "running",
      version: "0.0.9",
      tooOld: true,
      restricted: true,
    });
    assert.match(tooltip, /older than this extension supports/);
    assert.ok(tooltip.includes(RESTRICTED_NOTE));
    assert.match(RESTRICTED_NOTE, /^Restricted Mode: .*never one inside the workspace/);
  });

  it("shows the version the running server reports when it differs from --version's", () => {
    const tooltip = statusTooltip({ state: "running", version: "0.0.9", reportedVersion: "0.1.0" });
    assert.match(tooltip, /^Version: benchlint 0\.0\.9 \(the running server reports 0\.1\.0\)$/m);
    const same = statusTooltip({ state: "running", version: "0.1.0", reportedVersion: "0.1.0" });
    assert.match(same, /^Version: benchlint 0\.1\.0$/m);
  });

  it("gives the reason of a failure", () => {
    assert.match(
      statusTooltip({ state: "failed", detail: "language server not found" }),
      /^benchlint: language server not found\n/,
    );
  });
});
