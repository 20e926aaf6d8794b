// Entry point: wires the output channel, status bar, commands and the language client.

import * as vscode from "vscode";

import { RESTART_SETTINGS, ServerManager } from "./server";
import { ServerStatus } from "./status";

const RESTART_COMMAND = "benchlint.restartServer";
const SHOW_OUTPUT_COMMAND = "benchlint.showOutput";

let manager: ServerManager | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("benchlint", { log: true });
  const status = new ServerStatus(SHOW_OUTPUT_COMMAND);
  manager = new ServerManager(output, status, SHOW_OUTPUT_COMMAND);
  const server = manager;

  context.subscriptions.push(
    output,
    status,
    server,
    vscode.commands.registerCommand(RESTART_COMMAND, () => server.restart(true)),
    vscode.commands.registerCommand(SHOW_OUTPUT_COMMAND, () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_SETTINGS.some((setting) => event.affectsConfiguration(setting))) {
        void server.restart();
      }
    }),
  );
  await server.start();
}

export async function deactivate(): Promise<void> {
  await manager?.stop();
  manager = undefined;
}
