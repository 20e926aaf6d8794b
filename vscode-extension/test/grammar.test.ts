// The TOML grammar (syntaxes/toml.tmLanguage.json) on real files, with the tokenizer VS Code
// uses (vscode-textmate and vscode-oniguruma). The assertions in test/grammar/*.test.toml run
// through vscode-tmgrammar-test (`npm run test:grammar`); this file checks what those cannot:
// that every example config of the repository is understood character by character, and that
// every scope the grammar can produce is asserted somewhere.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { before, describe, it } from "node:test";

import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";

const extensionRoot = path.resolve(__dirname, "..", "..");
const grammarPath = path.join(extensionRoot, "syntaxes", "toml.tmLanguage.json");
const examplesRoot = path.resolve(extensionRoot, "..", "examples");
const constructsPath = path.join(extensionRoot, "test", "grammar", "toml-1.0.test.toml");

interface Token {
  readonly line: number;
  readonly text: string;
  readonly scopes: readonly string[];
}

let grammar: textmate.IGrammar;

async function loadGrammar(): Promise<textmate.IGrammar> {
  const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName: string) =>
      scopeName === "source.toml"
        ? textmate.parseRawGrammar(readFileSync(grammarPath, "utf8"), grammarPath)
        : null,
  });
  const loaded = await registry.loadGrammar("source.toml");
  assert.ok(loaded, "the grammar did not load");
  return loaded;
}

/** Tokenizes `text`; the last entry of the result is the state after the last line. */
function tokenize(text: string): { tokens: Token[]; end: textmate.StateStack } {
  let stack = textmate.INITIAL;
  const tokens: Token[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const result = grammar.tokenizeLine(line, stack);
    for (const token of result.tokens) {
      tokens.push({
        line: index + 1,
        text: line.slice(token.startIndex, token.endIndex),
        scopes: token.scopes,
      });
    }
    stack = result.ruleStack;
  });
  return { tokens, end: stack };
}

/** Scopes that only group (the file, an entry, a table): a character needs more than these. */
function isGrouping(scope: string): boolean {
  return scope === "source.toml" || scope.startsWith("meta.");
}

function exampleConfigs(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return exampleConfigs(full);
    return entry.name.endsWith(".toml") ? [full] : [];
  });
}

/** Every `name` in the grammar, with `include`s and captures followed. */
function grammarScopes(): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "name" && typeof value === "string" && value !== "TOML") names.add(value);
        else visit(value);
      }
    }
  };
  const raw = JSON.parse(readFileSync(grammarPath, "utf8")) as Record<string, unknown>;
  visit(raw["patterns"]);
  visit(raw["repository"]);
  return names;
}

before(async () => {
  grammar = await loadGrammar();
});

describe("the TOML grammar on the example configs", () => {
  const files = exampleConfigs(examplesRoot);

  it("finds the example configs", () => {
    assert.ok(files.length >= 4, `only ${files.length} example configs under ${examplesRoot}`);
  });

  for (const file of files) {
    const name = path.relative(examplesRoot, file);

    it(`gives every character of ${name} a meaning, none invalid`, () => {
      const { tokens } = tokenize(readFileSync(file, "utf8"));
      const unscoped = tokens.filter(
        (token) => token.text.trim() !== "" && token.scopes.every(isGrouping),
      );
      const invalid = tokens.filter((token) => token.scopes.some((s) => s.startsWith("invalid")));
      const show = (list: Token[]): string =>
        list
          .map((t) => `line ${t.line}: ${JSON.stringify(t.text)} ${t.scopes.join(" ")}`)
          .join("\n");
      assert.equal(unscoped.length, 0, `tokens without a scope:\n${show(unscoped)}`);
      assert.equal(invalid.length, 0, `tokens scoped invalid:\n${show(invalid)}`);
    });

    it(`ends ${name} back at the top level`, () => {
      const { end } = tokenize(readFileSync(file, "utf8"));
      const next = grammar.tokenizeLine("probe = 1", end);
      assert.deepEqual(next.tokens[0]?.scopes, [
        "source.toml",
        "meta.entry.toml",
        "support.type.property-name.bare.toml",
      ]);
    });
  }
});

describe("the TOML grammar's scopes", () => {
  it("are each produced by the every-construct file, or by an invalid construct", () => {
    const { tokens } = tokenize(readFileSync(constructsPath, "utf8"));
    const produced = new Set(tokens.flatMap((token) => token.scopes));
    const missing = [...grammarScopes()].filter(
      (scope) => !produced.has(scope) && !scope.startsWith("invalid."),
    );
    assert.deepEqual(missing, []);
  });

  it("marks a value that is not TOML, and an unknown escape, as invalid", () => {
    const { tokens } = tokenize('a = nope\nb = "\\q"\nc = 01');
    const invalid = tokens.filter((token) => token.scopes.some((s) => s.startsWith("invalid")));
    assert.deepEqual(
      invalid.map((token) => [token.text, token.scopes.at(-1)]),
      [
        ["nope", "invalid.illegal.value.toml"],
        ["\\q", "invalid.illegal.escape.toml"],
        ["01", "invalid.illegal.value.toml"],
      ],
    );
  });

  it("ends an unterminated one-line string at the end of its line", () => {
    const { tokens } = tokenize('a = "open\nb = 1');
    const b = tokens.find((token) => token.line === 2 && token.text === "b");
    assert.ok(b?.scopes.includes("support.type.property-name.bare.toml"), JSON.stringify(b));
  });
});
