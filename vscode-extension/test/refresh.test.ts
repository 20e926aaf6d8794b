import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { refreshDecision, WORKSPACE_PULL_COMMAND } from "../src/refresh";

describe("refreshDecision", () => {
  it("runs the pull only in a trusted workspace with a running server", () => {
    assert.equal(refreshDecision({ trusted: true, running: true }), "run");
  });

  it("never runs osmosis in Restricted Mode, even when the server runs", () => {
    const said = refreshDecision({ trusted: false, running: true });
    assert.notEqual(said, "run");
    assert.match(said, /not refreshed in Restricted Mode/);
    assert.match(said, /benchlint workspace pull/);
  });

  it("says so when there is no server to ask", () => {
    assert.match(refreshDecision({ trusted: true, running: false }), /not running/);
  });

  it("names the server's command", () => {
    assert.equal(WORKSPACE_PULL_COMMAND, "benchlint.workspace.pull");
  });
});
