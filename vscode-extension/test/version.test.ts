import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  compareVersions,
  isTooOld,
  MINIMUM_SERVER_VERSION,
  sameVersion,
  versionOf,
} from "../src/version";

describe("versionOf", () => {
  it("reads the version from benchlint's --version answer", () => {
    assert.equal(versionOf("benchlint 0.1.0"), "0.1.0");
    assert.equal(versionOf("  benchlint 1.2.3rc1\n"), "1.2.3rc1");
    assert.equal(versionOf("benchlint v2.0"), "2.0");
  });

  it("reads nothing from another program's answer", () => {
    assert.equal(versionOf("Python 3.11.7"), undefined);
    assert.equal(versionOf("benchlint"), undefined);
  });
});

describe("compareVersions", () => {
  it("orders release numbers numerically, not as text", () => {
    assert.ok((compareVersions("0.10.0", "0.9.0") ?? 0) > 0);
    assert.ok((compareVersions("0.1.0", "0.1.1") ?? 0) < 0);
    assert.equal(compareVersions("0.1", "0.1.0"), 0);
  });

  it("puts development and pre-releases before, post-releases after, the release", () => {
    const ordered = [
      "0.2.0.dev1",
      "0.2.0a1",
      "0.2.0b2",
      "0.2.0rc1",
      "0.2.0rc2",
      "0.2.0",
      "0.2.0.post1",
    ];
    for (let index = 1; index < ordered.length; index += 1) {
      const [older, newer] = [ordered[index - 1] ?? "", ordered[index] ?? ""];
      assert.ok((compareVersions(older, newer) ?? 0) < 0, `${older} < ${newer}`);
    }
  });

  it("cannot compare what is not a version", () => {
    assert.equal(compareVersions("unknown", "0.1.0"), undefined);
  });
});

describe("isTooOld", () => {
  it("calls a server older than the minimum too old, and no other", () => {
    assert.equal(isTooOld("0.0.9", "0.1.0"), true);
    assert.equal(isTooOld("0.1.0rc1", "0.1.0"), true);
    assert.equal(isTooOld("0.1.0", "0.1.0"), false);
    assert.equal(isTooOld("1.0.0", "0.1.0"), false);
    assert.equal(isTooOld("unreadable", "0.1.0"), false);
  });

  it("supports the current server by default", () => {
    assert.equal(isTooOld(MINIMUM_SERVER_VERSION), false);
  });
});

describe("sameVersion", () => {
  it("matches equal releases only", () => {
    assert.equal(sameVersion("0.1.0", "0.1"), true);
    assert.equal(sameVersion("0.1.0", "0.1.1"), false);
    assert.equal(sameVersion("0.2.0rc1", "0.2.0rc2"), false);
  });
});
