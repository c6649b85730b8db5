// A small Language Server Protocol client over a child's stdio (JSON-RPC 2.0 with Content-Length
// framing), enough to ask a server where a name is defined: initialize, open documents,
// definition/declaration, document symbols. Every wait is bounded; the child is killed when the
// client closes, and when this process exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL, fileURLToPath } from 'node:url';

export interface Position {
  line: number;
  character: number;
}
export interface Range {
  start: Position;
  end: Position;
}
/** A Location or a LocationLink, as a server answers textDocument/definition. */
interface LocationLike {
  uri?: string;
  range?: Range;
  targetUri?: string;
  targetRange?: Range;
  targetSelectionRange?: Range;
}
export interface DocumentSymbol {
  name: string;
  kind: number;
  range: Range;
  selectionRange: Range;
  children?: DocumentSymbol[];
}
/** A SymbolInformation (a server without hierarchical symbols answers these). */
interface SymbolInformation {
  name: string;
  kind: number;
  location: { uri: string; range: Range };
}
/** A place the server answered: an absolute path, the name's range and, where the server gives it, the whole declaration's. */
export interface Place {
  file: string;
  range: Range;
  full?: Range;
}

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of live) child.kill('SIGKILL');
    process.exit(130);
  });
}

export class LspError extends Error {}

export interface LspOptions {
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Answers to workspace/configuration, by section ('' for a request without one). */
  configuration?: (section: string) => unknown;
  /** Wait for each request, in ms. */
  requestTimeoutMs?: number;
  /** Notifications the caller wants to see (method → handler). */
  onNotification?: (method: string, params: unknown) => void;
}

export class LspClient {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private buffer = Buffer.alloc(0);
  private readonly opened = new Set<string>();
  private exited = false;
  stderr = '';

  constructor(private readonly options: LspOptions) {
    this.child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    live.add(this.child);
    this.child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
    // Kept short: a chatty server's log is only for the error message of a failure.
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4000);
    });
    this.child.on('error', (error) => this.fail(new LspError(`${options.command}: ${error.message}`)));
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      live.delete(this.child);
      this.fail(new LspError(`${options.command} exited (${signal ?? code}): ${this.stderr.slice(-600)}`));
    });
    this.child.stdin?.on('error', () => undefined);
  }

  private fail(error: Error): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(error);
      this.pending.delete(id);
    }
  }

  private send(message: object): void {
    if (this.exited) return;
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.child.stdin?.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length:\s*(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'))?.[1] ?? NaN);
      if (!Number.isFinite(length)) throw new LspError(`${this.options.command}: a message without Content-Length`);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(
        JSON.parse(body) as {
          id?: number | string;
          method?: string;
          params?: unknown;
          result?: unknown;
          error?: { message: string; code: number };
        },
      );
    }
  }

  private dispatch(message: {
    id?: number | string;
    method?: string;
    params?: unknown;
    result?: unknown;
    error?: { message: string; code: number };
  }): void {
    if (message.method !== undefined && message.id !== undefined) {
      // A request from the server: answer what a plain editor would.
      let result: unknown = null;
      if (message.method === 'workspace/configuration') {
        const items = (message.params as { items?: { section?: string }[] }).items ?? [];
        result = items.map((item) => this.options.configuration?.(item.section ?? '') ?? null);
      } else if (message.method === 'workspace/workspaceFolders') {
        result = [{ uri: pathToFileURL(this.options.cwd).href, name: 'root' }];
      }
      this.send({ id: message.id, result });
      return;
    }
    if (message.method !== undefined) {
      this.options.onNotification?.(message.method, message.params);
      return;
    }
    const pending = this.pending.get(Number(message.id));
    if (pending === undefined) return;
    this.pending.delete(Number(message.id));
    clearTimeout(pending.timer);
    if (message.error !== undefined)
      pending.reject(new LspError(`${this.options.command}: ${message.error.message} (${message.error.code})`));
    else pending.resolve(message.result);
  }

  request<T>(method: string, params: unknown, timeoutMs = this.options.requestTimeoutMs ?? 60_000): Promise<T> {
    if (this.exited) return Promise.reject(new LspError(`${this.options.command} has exited: ${this.stderr.slice(-600)}`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // Tell the server to stop working on it, as an editor would.
        this.notify('$/cancelRequest', { id });
        reject(new LspError(`${this.options.command}: ${method} took more than ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.send({ id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  async initialize(root: string, initializationOptions: unknown = {}, timeoutMs = 120_000): Promise<unknown> {
    const uri = pathToFileURL(root).href;
    const result = await this.request(
      'initialize',
      {
        processId: process.pid,
        rootUri: uri,
        rootPath: root,
        workspaceFolders: [{ uri, name: 'root' }],
        initializationOptions,
        capabilities: {
          general: { positionEncodings: ['utf-16'] },
          textDocument: {
            definition: { linkSupport: true },
            declaration: { linkSupport: true },
            documentSymbol: { hierarchicalDocumentSymbolSupport: true },
            synchronization: { didSave: false },
          },
          workspace: { configuration: true, workspaceFolders: true },
          window: { workDoneProgress: true },
          experimental: { serverStatusNotification: true },
        },
      },
      timeoutMs,
    );
    this.notify('initialized', {});
    return result;
  }

  /** Opens a document once (the servers answer about open documents without reading the disk again). */
  open(file: string, languageId: string, text: string): void {
    if (this.opened.has(file)) return;
    this.opened.add(file);
    this.notify('textDocument/didOpen', { textDocument: { uri: pathToFileURL(file).href, languageId, version: 1, text } });
  }

  /** Where the name at a position is defined (textDocument/definition, or /declaration), as absolute paths. */
  async locations(
    method: 'textDocument/definition' | 'textDocument/declaration',
    file: string,
    position: Position,
    timeoutMs?: number,
  ): Promise<Place[]> {
    const answer = await this.request<LocationLike | LocationLike[] | null>(
      method,
      { textDocument: { uri: pathToFileURL(file).href }, position },
      timeoutMs,
    );
    const list = answer === null ? [] : Array.isArray(answer) ? answer : [answer];
    const places: Place[] = [];
    for (const l of list) {
      const uri = l.targetUri ?? l.uri;
      const range = l.targetSelectionRange ?? l.range ?? l.targetRange;
      if (uri === undefined || range === undefined || !uri.startsWith('file:')) continue;
      places.push({ file: fileURLToPath(uri), range, ...(l.targetRange !== undefined ? { full: l.targetRange } : {}) });
    }
    return places;
  }

  /** A document's symbols, flattened, each with its whole range and its name's. */
  async symbols(file: string, timeoutMs?: number): Promise<DocumentSymbol[]> {
    const answer = await this.request<(DocumentSymbol | SymbolInformation)[] | null>(
      'textDocument/documentSymbol',
      { textDocument: { uri: pathToFileURL(file).href } },
      timeoutMs,
    );
    const flat: DocumentSymbol[] = [];
    const walk = (list: (DocumentSymbol | SymbolInformation)[]): void => {
      for (const s of list) {
        if ('location' in s) flat.push({ name: s.name, kind: s.kind, range: s.location.range, selectionRange: s.location.range });
        else {
          flat.push(s);
          if (s.children !== undefined) walk(s.children);
        }
      }
    };
    walk(answer ?? []);
    return flat;
  }

  /** Asks the server to shut down, then kills it if it has not gone within a few seconds. */
  async close(): Promise<void> {
    if (this.exited) return;
    try {
      await this.request('shutdown', null, 5_000);
      this.notify('exit', null);
    } catch {
      // Killed below.
    }
    await new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        resolve();
      }, 3_000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    live.delete(this.child);
  }
}
