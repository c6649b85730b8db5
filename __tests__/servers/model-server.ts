/**
 * A scripted OpenAI-compatible chat-completions server on 127.0.0.1 for tests and benchmarks.
 * The real `openai` client talks to it over HTTP. Each request is answered by the script, which
 * can answer well or misbehave on purpose: malformed or fenced JSON, prose, HTTP errors with
 * Retry-After, slow answers, dropped connections. Never imported from src/.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the server received it. */
export interface ChatRequest {
  /** The parsed JSON body. */
  body: {
    model: string;
    messages: {
      role: string;
      content: string | null;
      tool_calls?: { id: string; function: { name: string; arguments: string } }[];
      tool_call_id?: string;
    }[];
    temperature?: number;
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
    tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
    tool_choice?: string;
  };
  headers: IncomingMessage['headers'];
  /** Which keybug role sent it, from the first line of the system message. */
  role: 'reviewer' | 'meta-reviewer' | 'validator' | 'translator' | 'responder' | 'unknown';
  system: string;
  /** The first user message (the prompt; later user messages are corrective retries). */
  user: string;
  /** Milliseconds since the server started. */
  at: number;
}

/** How to answer one request. */
export type Reply =
  /** A chat completion whose message content is `content`; usage is estimated unless given. */
  | { content: string; usage?: { prompt_tokens: number; completion_tokens: number }; delayMs?: number }
  /** A chat completion that calls tools (chat completions `tool_calls`), with or without text. */
  | {
      toolCalls: { name: string; arguments: unknown; id?: string }[];
      content?: string | null;
      usage?: { prompt_tokens: number; completion_tokens: number };
      delayMs?: number;
    }
  /** An HTTP error (or any status) with a JSON body and headers, e.g. 429 with Retry-After. */
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Close the connection without answering (a reset). */
  | { hangUp: true }
  /** A body sent as is (status 200 and JSON content type unless given): a broken proxy's answer. */
  | { raw: string; status?: number; contentType?: string; delayMs?: number };

export type Script = (request: ChatRequest, index: number) => Reply | Promise<Reply>;

export interface ModelServer {
  /** Base URL for the client, ending in /v1. */
  url: string;
  /** Every request received, in arrival order. */
  requests: ChatRequest[];
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Requests answered at most; later ones get 503 so a runaway client cannot loop forever. */
  maxRequests?: number;
  /** Delay added to every answer (the benchmark's fixed latency). */
  latencyMs?: number;
  /**
   * What `GET /models` answers: the ids of the models served, or an HTTP status to answer with
   * (401: a bad key). Not given: 404, as endpoints that do not list models answer.
   */
  models?: string[] | { status: number };
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The tool messages (answers) a request carries, in order: what keybug answered the model's tool calls. */
export function toolAnswersOf(request: ChatRequest): string[] {
  return request.body.messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '');
}

export function roleOf(system: string): ChatRequest['role'] {
  const match = /keybug's (meta-reviewer|reviewer|validator|translator|responder)/.exec(system);
  return (match?.[1] as ChatRequest['role'] | undefined) ?? 'unknown';
}

/** The text of a keybug data block (`<<<BEGIN KIND tag` … `END KIND tag>>>`) in a prompt; null when absent. */
export function dataBlockOf(text: string, kind: string): string | null {
  const match = new RegExp(`<<<BEGIN ${kind} ([0-9a-f]+)\\n([\\s\\S]*?)\\nEND ${kind} \\1>>>`).exec(text);
  return match?.[2] ?? null;
}

export async function startModelServer(script: Script, options: ServerOptions = {}): Promise<ModelServer> {
  const maxRequests = options.maxRequests ?? 1000;
  const requests: ChatRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const started = Date.now();
  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `scripted server failed: ${String(error)}` } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) return sendJson(res, 413, { error: { message: 'request too large' } });
      chunks.push(chunk as Buffer);
    }
    if (req.method === 'GET' && req.url?.endsWith('/models') && options.models !== undefined) {
      const { models } = options;
      if (!Array.isArray(models)) return sendJson(res, models.status, { error: { message: `scripted ${models.status} for /models` } });
      return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'test' })) });
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
      return sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest['body'];
    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    const request: ChatRequest = {
      body,
      headers: req.headers,
      role: roleOf(system),
      system,
      user: body.messages.find((m) => m.role === 'user')?.content ?? '',
      at: Date.now() - started,
    };
    const index = requests.push(request) - 1;
    if (index >= maxRequests) return sendJson(res, 503, { error: { message: `scripted server: more than ${maxRequests} requests` } });

    const reply = await script(request, index);
    const delay = (options.latencyMs ?? 0) + ('delayMs' in reply ? (reply.delayMs ?? 0) : 0);
    if (delay > 0) await wait(delay);
    if (res.destroyed) return;
    if ('hangUp' in reply) {
      req.socket.destroy();
      return;
    }
    if ('raw' in reply) {
      res.writeHead(reply.status ?? 200, {
        'content-type': reply.contentType ?? 'application/json',
        'content-length': Buffer.byteLength(reply.raw),
      });
      res.end(reply.raw);
      return;
    }
    if ('status' in reply)
      return sendJson(res, reply.status, reply.body ?? { error: { message: `scripted ${reply.status}` } }, reply.headers);
    const promptChars = body.messages.reduce((n, m) => n + (m.content ?? '').length + JSON.stringify(m.tool_calls ?? '').length, 0);
    const calls =
      'toolCalls' in reply
        ? reply.toolCalls.map((c, i) => ({
            id: c.id ?? `call_${index}_${i}`,
            type: 'function',
            function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
          }))
        : [];
    const content = 'toolCalls' in reply ? (reply.content ?? null) : reply.content;
    const usage = reply.usage ?? {
      prompt_tokens: Math.ceil(promptChars / 4),
      completion_tokens: Math.ceil(((content ?? '').length + JSON.stringify(calls).length) / 4),
    };
    const message =
      calls.length > 0 ? { role: 'assistant', content, refusal: null, tool_calls: calls } : { role: 'assistant', content, refusal: null };
    sendJson(res, 200, {
      id: `chatcmpl-${index}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop', logprobs: null }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
