// Bundles the extension into dist/extension.js and copies the JSON Schema that the
// `tomlValidation` contribution points at.
//
//   node esbuild.mjs                     # development build; a missing schema is a warning
//   node esbuild.mjs --production        # minified, no source map
//   node esbuild.mjs --require-schema    # fail when the schema is missing (packaging)

import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const production = process.argv.includes("--production");
const requireSchema = process.argv.includes("--require-schema");

const schemaSource = join(here, "..", "schema", "benchmark-config.schema.json");
const schemaTarget = join(here, "schema", "benchmark-config.schema.json");

function copySchema() {
  // A stale copy must never be packaged, so the old one goes first.
  rmSync(schemaTarget, { force: true });
  if (!existsSync(schemaSource)) {
    const message =
      `the JSON Schema ${relative(here, schemaSource)} does not exist yet; ` +
      "generate it with `python -m benchlint.generate` at the repository root";
    if (requireSchema) {
      console.error(`error: ${message}. The .vsix cannot be packaged without it.`);
      process.exit(1);
    }
    console.warn(`warning: ${message}. Building without it.`);
    return;
  }
  mkdirSync(dirname(schemaTarget), { recursive: true });
  copyFileSync(schemaSource, schemaTarget);
}

copySchema();
await build({
  entryPoints: [join(here, "src", "extension.ts")],
  outfile: join(here, "dist", "extension.js"),
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node18",
  external: ["vscode"],
  minify: production,
  sourcemap: !production,
  logLevel: "info",
});
