import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { documentSelector } from "../src/selector";

describe("documentSelector", () => {
  it("selects config files by pattern and every toml document", () => {
    assert.deepEqual(documentSelector(undefined), [
      { scheme: "file", pattern: "**/configs/benchmark/**/*.toml" },
      { scheme: "file", language: "toml" },
    ]);
  });

  it("uses the configured globs, trimmed and without duplicates", () => {
    assert.deepEqual(documentSelector([" runs/*.toml ", "runs/*.toml", "", "x/**/*.toml"]), [
      { scheme: "file", pattern: "runs/*.toml" },
      { scheme: "file", pattern: "x/**/*.toml" },
      { scheme: "file", language: "toml" },
    ]);
  });

  it("falls back to the default when every glob is blank", () => {
    assert.equal(documentSelector(["  "])[0]?.pattern, "**/configs/benchmark/**/*.toml");
  });
});
