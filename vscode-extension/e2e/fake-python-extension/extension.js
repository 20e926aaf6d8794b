// A stand-in for the Python extension (ms-python.python) in the end-to-end test, packaged by
// tests/vscode/test_vscode_e2e.py: the environments API benchlint reads through
// @vscode/python-extension. The selected interpreter starts as $BENCHLINT_E2E_PYTHON and is
// changed with the command "Fake Python: Select Interpreter".

const vscode = require("vscode");

exports.activate = function activate(context) {
  let selected = process.env.BENCHLINT_E2E_PYTHON ?? "";
  const changed = new vscode.EventEmitter();
  const environment = (path) => ({
    id: path,
    path,
    executable: { uri: vscode.Uri.file(path), bitness: "64-bit", sysPrefix: "" },
    environment: undefined,
    version: undefined,
    tools: [],
  });
  context.subscriptions.push(
    changed,
    vscode.commands.registerCommand("benchlintE2e.selectInterpreter", async () => {
      const path = await vscode.window.showInputBox({ prompt: "Path to a Python interpreter" });
      if (path) {
        selected = path;
        changed.fire({ id: path, path, resource: vscode.workspace.workspaceFolders?.[0] });
      }
    }),
  );
  return {
    ready: Promise.resolve(),
    environments: {
      getActiveEnvironmentPath: () => ({ id: selected, path: selected }),
      resolveEnvironment: async (env) => environment(typeof env === "string" ? env : env.path),
      onDidChangeActiveEnvironmentPath: changed.event,
    },
  };
};
