// Starts, stops and restarts the `benchlint lsp` language client.

import * as vscode from "vscode";
import {
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  State,
} from "vscode-languageclient/node";

import {
  type Candidate,
  commandLine,
  describeFailures,
  INSTALL_HINT,
  launchContext,
  missingServerMessage,
  resolveServer,
} from "./launch";
import { probe } from "./probe";
import { documentSelector } from "./selector";
import type { ServerStatus } from "./status";

export const CLIENT_ID = "benchlint";
export const SECTION = "benchlint";
export const DOCS_URL =
  "https://github.com/benchlint/benchlint/tree/main/vscode-extension#installing-benchlint";
/** Settings that change how the server is started or which files it gets: they need a restart. */
export const RESTART_SETTINGS = ["path", "interpreter", "globs"].map(
  (name) => `${SECTION}.${name}`,
);

export class ServerManager implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private stopping = false;
  /** Set as soon as a restart is asked for, before the old client hears of the change. */
  private restartPending = false;
  /** The missing-server notification is shown once, not at every automatic restart. */
  private notifiedMissing = false;
  /** Start and stop run one after another, never interleaved. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly output: vscode.LogOutputChannel,
    private readonly status: ServerStatus,
    private readonly showOutputCommand: string,
  ) {}

  start(userInitiated = false): Promise<void> {
    return this.enqueue(() => this.doStart(userInitiated));
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.doStop());
  }

  restart(userInitiated = false): Promise<void> {
    this.restartPending = true;
    return this.enqueue(async () => {
      this.restartPending = false;
      await this.doStop();
      await this.doStart(userInitiated);
    });
  }

  dispose(): void {
    void this.stop();
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step, step);
    return this.queue;
  }

  private async doStart(userInitiated: boolean): Promise<void> {
    this.status.set({ kind: "starting" });
    const settings = vscode.workspace.getConfiguration(SECTION);
    const workspaceFolder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const resolution = await resolveServer(
      {
        path: settings.get<string>("path", ""),
        interpreter: settings.get<string>("interpreter", ""),
      },
      launchContext(workspaceFolder),
      probe,
    );
    if (resolution.kind === "missing") {
      this.output.error(
        `No benchlint language server found. Tried:\n${describeFailures(resolution.failures)}\n` +
          `Install it with \`${INSTALL_HINT}\`, or set benchlint.path (a benchlint ` +
          `executable) or benchlint.interpreter (a Python with benchlint installed). ` +
          `Docs: ${DOCS_URL}`,
      );
      this.status.set({ kind: "failed", detail: "language server not found" });
      if (userInitiated || !this.notifiedMissing) {
        this.notifiedMissing = true;
        void this.notifyMissing(missingServerMessage(resolution.failures));
      }
      return;
    }
    this.notifiedMissing = false;
    if (resolution.failures.length > 0) {
      this.output.warn(`Skipped:\n${describeFailures(resolution.failures)}`);
    }
    const { candidate, version } = resolution;
    const detail = `${version} (${commandLine(candidate.command, candidate.args)})`;
    this.output.info(`Starting ${detail} from ${candidate.source}`);
    const client = this.createClient(candidate, workspaceFolder, settings.get<string[]>("globs"));
    client.onDidChangeState(({ newState }) => {
      if (newState === State.Running) {
        this.status.set({ kind: "running", detail });
      } else if (newState === State.Starting) {
        this.status.set({ kind: "starting" });
      } else if (newState === State.Stopped && !this.stopping) {
        this.status.set({ kind: "failed", detail: "the language server stopped" });
      }
    });
    this.client = client;
    try {
      await client.start();
    } catch (error) {
      this.output.error(`The language server failed to start: ${String(error)}`);
      this.status.set({ kind: "failed", detail: "the language server failed to start" });
    }
  }

  private async doStop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client === undefined) {
      return;
    }
    this.stopping = true;
    try {
      await client.dispose(5_000);
    } catch (error) {
      this.output.warn(`Stopping the language server: ${String(error)}`);
    } finally {
      this.stopping = false;
      this.status.set({ kind: "stopped" });
    }
  }

  private createClient(
    candidate: Candidate,
    workspaceFolder: string | undefined,
    globs: string[] | undefined,
  ): LanguageClient {
    const executable = {
      command: candidate.command,
      args: [...candidate.args],
      // No `transport`: with TransportKind.stdio the client would append `--stdio`, an
      // argument `benchlint lsp` does not take; stdio is what it speaks anyway.
      options: { cwd: workspaceFolder },
    };
    const serverOptions: ServerOptions = { run: executable, debug: executable };
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(globs),
      outputChannel: this.output,
      traceOutputChannel: this.output,
      diagnosticCollectionName: CLIENT_ID,
      // Settings reach the server by `workspace/configuration`; it registers for
      // `workspace/didChangeConfiguration` itself, so no `synchronize.configurationSection`.
      middleware: {
        workspace: {
          // A change that restarts the server must not be sent to the old one: the send
          // would race with its shutdown and surface as a spurious error notification.
          didChangeConfiguration: (sections, next) =>
            this.restartPending ? Promise.resolve() : next(sections),
        },
      },
    };
    return new LanguageClient(CLIENT_ID, "benchlint", serverOptions, clientOptions);
  }

  private async notifyMissing(message: string): Promise<void> {
    const openDocs = "Open Install Docs";
    const showOutput = "Show Output";
    const choice = await vscode.window.showErrorMessage(message, openDocs, showOutput);
    if (choice === openDocs) {
      await vscode.env.openExternal(vscode.Uri.parse(DOCS_URL));
    } else if (choice === showOutput) {
      await vscode.commands.executeCommand(this.showOutputCommand);
    }
  }
}
