// Entry point: wires the output channel, status bar, commands and the language client.

import * as vscode from "vscode";

import { PythonEnvironments } from "./pythonExtension";
import { RESTART_SETTINGS, ServerManager } from "./server";
import { ServerStatus } from "./status";

const RESTART_COMMAND = "benchlint.restartServer";
const SHOW_OUTPUT_COMMAND = "benchlint.showOutput";
const INSTALL_COMMAND = "benchlint.installServer";
const REFRESH_COMMAND = "benchlint.refreshWorkspaceData";

let manager: ServerManager | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("benchlint", { log: true });
  const status = new ServerStatus(SHOW_OUTPUT_COMMAND);
  const python = new PythonEnvironments();
  const version = String((context.extension.packageJSON as { version?: unknown }).version);
  manager = new ServerManager({
    output,
    status,
    showOutputCommand: SHOW_OUTPUT_COMMAND,
    storageDir: context.globalStorageUri.fsPath,
    version,
    python,
  });
  const server = manager;

  context.subscriptions.push(
    output,
    status,
    python,
    server,
    vscode.commands.registerCommand(RESTART_COMMAND, () => server.restart(true)),
    vscode.commands.registerCommand(SHOW_OUTPUT_COMMAND, () => output.show(true)),
    vscode.commands.registerCommand(INSTALL_COMMAND, () => server.installAndRestart()),
    vscode.commands.registerCommand(REFRESH_COMMAND, () => server.refreshWorkspaceData()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_SETTINGS.some((setting) => event.affectsConfiguration(setting))) {
        void server.restartIfChanged();
      }
    }),
    // Trust lifts Restricted Mode: the workspace's settings and .venv may now be used.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      output.info("The workspace is now trusted: looking for the server again.");
      void server.restart();
    }),
    python.onDidChange(() => {
      output.info("The Python extension's environment changed: looking for the server again.");
      void server.restart();
    }),
  );
  await server.start();
}

export async function deactivate(): Promise<void> {
  await manager?.stop();
  manager = undefined;
}
