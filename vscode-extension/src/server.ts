// Finds, installs, starts, stops and restarts the `benchlint lsp` language client.

import * as fs from "node:fs";
import * as os from "node:os";

import * as vscode from "vscode";
import {
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  State,
} from "vscode-languageclient/node";

import {
  choosePython,
  installServer,
  needsUpgrade,
  type PythonCommand,
  readPrivateEnvironment,
} from "./install";
import {
  type Candidate,
  commandLine,
  describeAttempts,
  type LaunchInputs,
  type LaunchSettings,
  findServer,
  missingServerMessage,
  oldServerMessage,
  type PythonSelection,
  type Resolution,
  settingProgram,
} from "./launch";
import { probe, runProbe, serverEnvironment } from "./probe";
import type { PythonEnvironments } from "./pythonExtension";
import { refreshDecision, WORKSPACE_PULL_COMMAND } from "./refresh";
import { documentSelector } from "./selector";
import type { ServerStatus, StatusInfo } from "./status";
import {
  findOnPath,
  type PathLookup,
  restrictedReason,
  restrictedSection,
  type TrustContext,
} from "./trust";

export const CLIENT_ID = "benchlint";
export const SECTION = "benchlint";
export const DOCS_URL =
  "https://github.com/benchlint/benchlint/tree/main/vscode-extension#how-the-server-is-found";
/** Settings that change how the server is started or which files it gets: they need a restart. */
export const RESTART_SETTINGS = ["path", "interpreter", "globs"].map(
  (name) => `${SECTION}.${name}`,
);

const INSTALL = "Install benchlint";
const SHOW_OUTPUT = "Show Output";
const OPEN_DOCS = "Open Install Docs";

export interface ServerManagerOptions {
  readonly output: vscode.LogOutputChannel;
  readonly status: ServerStatus;
  readonly showOutputCommand: string;
  /** The extension's global storage folder: the private environment lives there. */
  readonly storageDir: string;
  /** The extension's version, which is also the benchlint version it installs. */
  readonly version: string;
  readonly python: PythonEnvironments;
}

type InstallOutcome = "installed" | "cancelled" | "failed" | "busy";

function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

function realpath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

export class ServerManager implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private stopping = false;
  /** Set as soon as a restart is asked for, before the old client hears of the change. */
  private restartPending = false;
  /** The queued restart that has not begun yet, and whether the user asked for one. */
  private pendingRestart: Promise<void> | undefined;
  private restartUserInitiated = false;
  /** launchKey() when the server was last looked for. */
  private startedWith: string | undefined;
  /** The missing-server notification is shown once, not at every automatic restart. */
  private notifiedMissing = false;
  /** The old-server warning is shown once per server and version. */
  private readonly notifiedOld = new Set<string>();
  /** An automatic upgrade of the private environment is tried once per session. */
  private upgradeTried = false;
  private installing = false;
  /** What the status bar shows, to put back when an install does not change the server. */
  private lastStatus: StatusInfo = { state: "stopped" };
  /** Start and stop run one after another, never interleaved. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: ServerManagerOptions) {}

  private get output(): vscode.LogOutputChannel {
    return this.options.output;
  }

  start(userInitiated = false): Promise<void> {
    return this.enqueue(() => this.doStart(userInitiated));
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.doStop());
  }

  /** Restarts the server; asked again before a queued restart has begun, it is still one. */
  restart(userInitiated = false): Promise<void> {
    this.restartUserInitiated ||= userInitiated;
    if (this.pendingRestart !== undefined) {
      return this.pendingRestart;
    }
    this.restartPending = true;
    const restart = this.enqueue(async () => {
      this.pendingRestart = undefined;
      const asked = this.restartUserInitiated;
      this.restartUserInitiated = false;
      await this.doStop();
      // Pending until the old client is gone and the new start has read the settings (its
      // first, synchronous, step): a settings change in between needs no second restart.
      this.restartPending = false;
      await this.doStart(asked);
    });
    this.pendingRestart = restart;
    return restart;
  }

  /**
   * After a settings change: restarts when a setting that decides the server changed from
   * what the running one was started with (granting trust both restarts the server and, a
   * moment later, reports the workspace's settings as changed: that is one restart, not two).
   */
  restartIfChanged(): Promise<void> {
    if (this.restartPending || this.launchKey(this.serverFolder()) === this.startedWith) {
      return this.queue;
    }
    return this.restart();
  }

  /** The command and the notifications' button: install, then start the new server. */
  async installAndRestart(): Promise<void> {
    if ((await this.install("requested")) === "installed") {
      await this.restart(true);
    }
  }

  dispose(): void {
    void this.stop();
  }

  /** "benchlint: Refresh workspace data": the server pulls for the active file's repository
   * (the first folder's without one) and re-lints the open files when done. */
  async refreshWorkspaceData(): Promise<void> {
    const running = this.client !== undefined && this.client.state === State.Running;
    const decision = refreshDecision({ trusted: !this.restricted(), running });
    if (decision !== "run") {
      void vscode.window.showWarningMessage(decision);
      return;
    }
    const active = vscode.window.activeTextEditor?.document.uri;
    const target = active?.scheme === "file" ? active : vscode.workspace.workspaceFolders?.[0]?.uri;
    await vscode.commands.executeCommand(
      WORKSPACE_PULL_COMMAND,
      ...(target === undefined ? [] : [target.toString()]),
    );
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step, step);
    return this.queue;
  }

  private restricted(): boolean {
    return !vscode.workspace.isTrusted;
  }

  /** What decides which server starts and which files it gets, as a comparable string. */
  private launchKey(folder: vscode.WorkspaceFolder | undefined): string {
    return JSON.stringify([
      folder?.uri.toString(),
      this.launchSettings(folder),
      this.globs(folder),
    ]);
  }

  /** The folder of the active file, else the first workspace folder. */
  private serverFolder(): vscode.WorkspaceFolder | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    const folder = active === undefined ? undefined : vscode.workspace.getWorkspaceFolder(active);
    return folder ?? vscode.workspace.workspaceFolders?.[0];
  }

  /** benchlint.path and benchlint.interpreter; in Restricted Mode only their user-level values
   * (VS Code already drops workspace values of restricted settings; this does not rely on it). */
  private launchSettings(folder: vscode.WorkspaceFolder | undefined): LaunchSettings {
    const settings = vscode.workspace.getConfiguration(SECTION, folder?.uri);
    const read = (key: string): string => {
      const value = this.restricted()
        ? settings.inspect<string>(key)?.globalValue
        : settings.get<string>(key);
      return typeof value === "string" ? value : "";
    };
    return { path: read("path"), interpreter: read("interpreter") };
  }

  /** benchlint.globs; in Restricted Mode only its user-level value (a workspace must not
   * choose which of its files, or files elsewhere, the server is given). */
  private globs(folder: vscode.WorkspaceFolder | undefined): string[] | undefined {
    const settings = vscode.workspace.getConfiguration(SECTION, folder?.uri);
    const value = this.restricted()
      ? (settings.inspect<string[]>("globs")?.globalValue ??
        settings.inspect<string[]>("globs")?.defaultValue)
      : settings.get<string[]>("globs");
    return Array.isArray(value) ? value : undefined;
  }

  private trust(): TrustContext {
    return {
      trusted: !this.restricted(),
      workspaceFolders: (vscode.workspace.workspaceFolders ?? [])
        .filter((folder) => folder.uri.scheme === "file")
        .map((folder) => folder.uri.fsPath),
      realpath,
      platform: process.platform,
    };
  }

  private launchInputs(folder: vscode.WorkspaceFolder | undefined): Omit<LaunchInputs, "python"> {
    const pathLookup: PathLookup = {
      pathVariable: process.env["PATH"],
      pathExtensions: process.env["PATHEXT"],
      platform: process.platform,
      isExecutable,
    };
    return {
      settings: this.launchSettings(folder),
      workspaceFolder: folder?.uri.scheme === "file" ? folder.uri.fsPath : undefined,
      homeDir: os.homedir(),
      privateEnvironment: readPrivateEnvironment(this.options.storageDir),
      trust: this.trust(),
      pathLookup,
      exists: (file) => fs.existsSync(file),
    };
  }

  private async lookForServer(folder: vscode.WorkspaceFolder | undefined): Promise<Resolution> {
    const inputs = this.launchInputs(folder);
    const python = (): Promise<PythonSelection> => this.options.python.selected(folder);
    const resolution = await findServer(inputs, python, probe);
    const mode = this.restricted()
      ? " (Restricted Mode: the workspace is not trusted, nothing inside it is run)"
      : "";
    const where = inputs.workspaceFolder === undefined ? "" : ` for ${inputs.workspaceFolder}`;
    const report = `Looking for the benchlint language server${where}${mode}:\n${describeAttempts(resolution.attempts)}`;
    if (resolution.kind === "missing") {
      this.output.error(report);
    } else {
      this.output.info(report);
    }
    return resolution;
  }

  private async doStart(userInitiated: boolean): Promise<void> {
    const restricted = this.restricted();
    this.setStatus({ state: "starting", restricted });
    const folder = this.serverFolder();
    this.startedWith = this.launchKey(folder);
    let resolution = await this.lookForServer(folder);

    // The extension was updated: its private environment follows, once per session.
    if (
      resolution.kind === "found" &&
      resolution.candidate.source === "private environment" &&
      !this.upgradeTried
    ) {
      const installed = readPrivateEnvironment(this.options.storageDir);
      if (installed !== undefined && needsUpgrade(installed, this.options.version)) {
        this.upgradeTried = true;
        this.output.info(
          `The private environment has benchlint ${installed.version}; replacing it with ` +
            `${this.options.version}, the version of this extension.`,
        );
        if ((await this.install("upgrade")) === "installed") {
          resolution = await this.lookForServer(folder);
        }
      }
    }

    if (resolution.kind === "missing") {
      this.setStatus({ state: "failed", detail: "language server not found", restricted });
      if (userInitiated || !this.notifiedMissing) {
        this.notifiedMissing = true;
        void this.notifyMissing(restricted);
      }
      return;
    }
    this.notifiedMissing = false;
    const { candidate, version, tooOld } = resolution;
    await this.startClient(candidate, version, tooOld, folder, restricted);
    if (tooOld) {
      void this.notifyOld(resolution.candidate, resolution.version);
    }
  }

  private async startClient(
    candidate: Candidate,
    version: string,
    tooOld: boolean,
    folder: vscode.WorkspaceFolder | undefined,
    restricted: boolean,
  ): Promise<void> {
    const line = commandLine(candidate.command, candidate.args);
    this.output.info(`Starting benchlint ${version}: ${line} (found in: ${candidate.source})`);
    const running = {
      state: "running" as const,
      version,
      commandLine: line,
      source: candidate.source,
      tooOld,
      restricted,
    };
    const workspaceFolder = folder?.uri.scheme === "file" ? folder.uri.fsPath : undefined;
    const client = this.createClient(candidate, workspaceFolder, this.globs(folder));
    client.onDidChangeState(({ newState }) => {
      if (newState === State.Running) {
        const reported = client.initializeResult?.serverInfo?.version;
        this.setStatus(
          reported === undefined ? running : { ...running, reportedVersion: reported },
        );
      } else if (newState === State.Starting) {
        this.setStatus({ state: "starting", restricted });
      } else if (newState === State.Stopped && !this.stopping) {
        this.setStatus({ state: "failed", detail: "the language server stopped", restricted });
      }
    });
    this.client = client;
    try {
      await client.start();
      const info = client.initializeResult?.serverInfo;
      if (info !== undefined) {
        this.output.info(`The server says it is ${info.name} ${info.version ?? ""}`.trim());
      }
    } catch (error) {
      this.output.error(`The language server failed to start: ${String(error)}`);
      this.setStatus({
        state: "failed",
        detail: "the language server failed to start",
        restricted,
      });
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
      this.setStatus({ state: "stopped" });
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
      options: { cwd: workspaceFolder, env: serverEnvironment() },
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
        // The server's "refresh workspace data" (the palette command and BL902's code
        // action both come here): never in Restricted Mode, and with progress shown while
        // it runs in the background.
        executeCommand: (command, args, next) => {
          if (command !== WORKSPACE_PULL_COMMAND) {
            return next(command, args);
          }
          const decision = refreshDecision({ trusted: !this.restricted(), running: true });
          if (decision !== "run") {
            void vscode.window.showWarningMessage(decision);
            return undefined;
          }
          return vscode.window.withProgress(
            {
              location: vscode.ProgressLocation.Window,
              title: "benchlint: refreshing workspace data",
            },
            () => next(command, args),
          );
        },
        workspace: {
          // In Restricted Mode the server sees only the user's values of the settings that
          // name files (catalog, secretsList, configFile, globs, ...), whatever VS Code sends.
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            if (!Array.isArray(answers)) {
              return answers;
            }
            return answers.map((answer: unknown, index: number) => {
              const item = params.items[index];
              if (item?.section !== SECTION) {
                return answer;
              }
              const scope =
                item.scopeUri === undefined ? undefined : vscode.Uri.parse(item.scopeUri);
              const settings = vscode.workspace.getConfiguration(SECTION, scope);
              return restrictedSection(
                answer,
                (key) => settings.inspect(key)?.globalValue,
                !this.restricted(),
              );
            });
          },
          // A change that restarts the server must not be sent to the old one: the send
          // would race with its shutdown and surface as a spurious error notification.
          didChangeConfiguration: (sections, next) =>
            this.restartPending ? Promise.resolve() : next(sections),
        },
      },
    };
    return new LanguageClient(CLIENT_ID, "benchlint", serverOptions, clientOptions);
  }

  /** The Pythons that can make the private environment, best first; none inside an untrusted
   * workspace. */
  private async installPythons(
    folder: vscode.WorkspaceFolder | undefined,
  ): Promise<PythonCommand[]> {
    const inputs = {
      ...this.launchInputs(folder),
      python: await this.options.python.selected(folder),
    };
    const found: PythonCommand[] = [];
    const interpreter = settingProgram(inputs.settings.interpreter, inputs);
    if ("program" in interpreter) {
      found.push({ label: "benchlint.interpreter", command: interpreter.program, args: [] });
    }
    if (inputs.python.kind === "selected") {
      const selected = settingProgram(inputs.python.python, inputs);
      if ("program" in selected) {
        found.push({ label: "Python extension", command: selected.program, args: [] });
      }
    }
    const names: readonly (readonly [string, readonly string[]])[] =
      process.platform === "win32"
        ? [
            ["py", ["-3"]],
            ["python", []],
            ["python3", []],
          ]
        : [
            ["python3", []],
            ["python", []],
          ];
    for (const [name, args] of names) {
      const onPath = findOnPath(name, inputs.pathLookup, inputs.trust).found;
      if (onPath !== undefined && restrictedReason(onPath, inputs.trust) === undefined) {
        found.push({ label: "PATH", command: onPath, args });
      }
    }
    return found;
  }

  /**
   * Installs benchlint (the extension's version) into the private environment, with a
   * cancellable progress notification. `requested`: the command or a notification's button;
   * `upgrade`: the extension was updated.
   */
  private async install(reason: "requested" | "upgrade"): Promise<InstallOutcome> {
    if (this.installing) {
      void vscode.window.showInformationMessage(
        "benchlint: the server is already being installed.",
      );
      return "busy";
    }
    this.installing = true;
    const version = this.options.version;
    const restricted = this.restricted();
    const before = this.lastStatus;
    // A running server keeps running when the install fails or is cancelled: say so again.
    const unchanged = (detail: string): StatusInfo =>
      this.client !== undefined ? before : { state: "failed", detail, restricted };
    try {
      const pythons = await this.installPythons(this.serverFolder());
      const chosen = await choosePython(pythons, (command, args) => runProbe(command, args));
      if (chosen.kind === "none") {
        const tried = chosen.tried.map((line) => `  - ${line}`).join("\n") || "  (none found)";
        this.output.error(
          `No Python 3.11 or newer to install benchlint with. Tried:\n${tried}\n` +
            `Install Python 3.11 or newer, or set benchlint.interpreter to one.`,
        );
        void this.notifyInstallFailed(
          `benchlint: no Python 3.11 or newer was found to install benchlint ${version} with. ` +
            `Install one, or set benchlint.interpreter to one.`,
        );
        return "failed";
      }
      const { python } = chosen;
      const shown = [python.command, ...python.args].join(" ");
      this.output.info(
        `${reason === "upgrade" ? "Upgrading" : "Installing"} benchlint ${version} into a ` +
          `private environment in ${this.options.storageDir}, with Python ${chosen.version} ` +
          `(${shown}, from ${python.label}). pip uses its own configuration (pip.conf, PIP_* ` +
          `variables).`,
      );
      this.setStatus({
        state: "installing",
        detail: `installing benchlint ${version}`,
        restricted,
      });
      const result = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `benchlint: installing benchlint ${version}`,
          cancellable: true,
        },
        (progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          return installServer({
            storageDir: this.options.storageDir,
            version,
            python,
            env: process.env,
            signal: controller.signal,
            onStep: (_step, message) => {
              progress.report({ message });
              this.output.info(message);
            },
            onOutput: (line) => this.output.info(`  ${line}`),
          });
        },
      );
      switch (result.kind) {
        case "installed":
          this.output.info(`Installed benchlint ${version}: ${result.environment.python}`);
          return "installed";
        case "cancelled":
          this.output.warn("The install was cancelled; nothing was changed.");
          this.setStatus(unchanged("install cancelled"));
          return "cancelled";
        case "failed": {
          const last = result.lastLines.map((line) => `  | ${line}`).join("\n");
          this.output.error(
            `Installing benchlint ${version} failed: ${result.summary}. Nothing was changed. ` +
              `Last lines:\n${last}`,
          );
          this.setStatus(unchanged("install failed"));
          const lastLine = result.lastLines.at(-1) ?? "";
          void this.notifyInstallFailed(
            `benchlint: installing benchlint ${version} failed (${result.summary}). ` +
              `${lastLine} The output has pip's messages.`,
          );
          return "failed";
        }
      }
    } finally {
      this.installing = false;
    }
  }

  private async notifyMissing(restricted: boolean): Promise<void> {
    const choice = await vscode.window.showErrorMessage(
      missingServerMessage(this.options.version, restricted),
      INSTALL,
      SHOW_OUTPUT,
      OPEN_DOCS,
    );
    if (choice === INSTALL) {
      await this.installAndRestart();
    } else if (choice === SHOW_OUTPUT) {
      await vscode.commands.executeCommand(this.options.showOutputCommand);
    } else if (choice === OPEN_DOCS) {
      await vscode.env.openExternal(vscode.Uri.parse(DOCS_URL));
    }
  }

  private async notifyOld(candidate: Candidate, version: string): Promise<void> {
    const key = `${candidate.command}@${version}`;
    if (this.notifiedOld.has(key)) {
      return;
    }
    this.notifiedOld.add(key);
    const choice = await vscode.window.showWarningMessage(
      oldServerMessage(candidate, version, this.options.version),
      INSTALL,
      SHOW_OUTPUT,
    );
    if (choice === INSTALL) {
      await this.installAndRestart();
    } else if (choice === SHOW_OUTPUT) {
      await vscode.commands.executeCommand(this.options.showOutputCommand);
    }
  }

  private async notifyInstallFailed(message: string): Promise<void> {
    const choice = await vscode.window.showErrorMessage(message, SHOW_OUTPUT);
    if (choice === SHOW_OUTPUT) {
      await vscode.commands.executeCommand(this.options.showOutputCommand);
    }
  }

  private setStatus(info: StatusInfo): void {
    this.lastStatus = info;
    this.options.status.set(info);
  }
}
