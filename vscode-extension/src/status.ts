// The status bar item: shows that the server is starting, running or has failed; a click
// opens the output channel.

import * as vscode from "vscode";

export type ServerState =
  | { readonly kind: "starting" }
  | { readonly kind: "running"; readonly detail: string }
  | { readonly kind: "failed"; readonly detail: string }
  | { readonly kind: "stopped" };

export class ServerStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor(showOutputCommand: string) {
    this.item = vscode.window.createStatusBarItem(
      "benchlint.status",
      vscode.StatusBarAlignment.Right,
      100,
    );
    this.item.name = "benchlint";
    this.item.command = showOutputCommand;
  }

  set(state: ServerState): void {
    switch (state.kind) {
      case "starting":
        this.show("$(loading~spin) benchlint", "benchlint: starting the language server");
        break;
      case "running":
        this.show("$(check) benchlint", `benchlint language server running\n${state.detail}`);
        break;
      case "failed":
        this.show("$(error) benchlint", `benchlint: ${state.detail}\nClick to show the output.`);
        this.item.backgroundColor = new vscode.ThemeColor("statusBarItem.errorBackground");
        break;
      case "stopped":
        this.item.hide();
        break;
    }
  }

  private show(text: string, tooltip: string): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = undefined;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
