import OpenAI, { APIConnectionError, APIError } from 'openai';
import type { Settings } from '../../config/settings.js';
import type { NameSetting } from '../../config/naming.js';
import { describeError } from './retry.js';

/** The model endpoint cannot be used as configured: one line naming the URL, the cause, the model and what to check. */
export class EndpointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EndpointError';
  }
}

/** How long the check waits for the endpoint's list of models. */
const CHECK_TIMEOUT_MS = 15_000;
/** Models named in the message when a model is not listed. */
const LISTED_SHOWN = 8;

/**
 * Checks the endpoint before any paid call: that it answers, that it takes the key, and that it
 * serves the models the run will ask for (`GET /models`, which costs nothing). An endpoint that
 * does not list models (404, 405, 501), or may not list them for this key (403), or is briefly
 * unwell (429, 5xx) is not held against the run: its calls will say more. Azure OpenAI lists base
 * models, not the deployment names its calls take, so the model check is skipped there. Returns a
 * note for the log; throws EndpointError when the run cannot work.
 */
export async function checkEndpoint(
  settings: Pick<Settings, 'apiKey' | 'baseUrl' | 'model' | 'reviewerModel' | 'validatorModel' | 'timeoutSeconds'>,
  name: NameSetting,
): Promise<string> {
  const waitMs = Math.min(CHECK_TIMEOUT_MS, settings.timeoutSeconds * 1000);
  const client = new OpenAI({
    apiKey: settings.apiKey || 'no-key',
    baseURL: settings.baseUrl ?? undefined,
    maxRetries: 0,
    timeout: waitMs + 5000,
  });
  const url = client.baseURL;
  const models = [...new Set([settings.model, settings.reviewerModel, settings.validatorModel].filter((m) => m !== ''))];
  let listed: string[];
  // Our own timer, so a timeout is told apart from other failures whatever the SDK makes of the abort.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), waitMs);
  try {
    listed = await listModels(client, controller.signal);
  } catch (error) {
    if (controller.signal.aborted) {
      throw new EndpointError(
        `The model endpoint is unreachable: no answer from ${url} within ${Math.round(waitMs / 1000)} s (timeout). Check ${name('base-url')}; model ${models.join(', ')}.`,
      );
    }
    if (error instanceof APIConnectionError) {
      throw new EndpointError(
        `The model endpoint is unreachable: ${describeError(error, url)}. Check ${name('base-url')}; model ${models.join(', ')}.`,
      );
    }
    if (error instanceof APIError && error.status === 401) {
      throw new EndpointError(`The model endpoint ${url} rejected the API key (${describeError(error)}). Check ${name('api-key')}.`);
    }
    if (error instanceof APIError && typeof error.status === 'number')
      return `model endpoint ${url} answered ${describeError(error)} to GET /models; the model names were not checked`;
    // A body the SDK could not read (not JSON), or an answer without a list: the endpoint answers, its list is unknown.
    return `model endpoint ${url} gave no list of models (${describeError(error)}); the model names were not checked`;
  } finally {
    clearTimeout(timer);
  }
  if (/\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)(\/|:|$)/i.test(new URL(url).host + '/')) {
    return `model endpoint ${url} answers (Azure OpenAI: deployment names are not listed, so they were not checked)`;
  }
  if (listed.length === 0) return `model endpoint ${url} answers but lists no models; the model names were not checked`;
  const missing = models.filter((m) => !listed.some((id) => sameModel(id, m)));
  if (missing.length > 0) {
    const shown = listed.slice(0, LISTED_SHOWN).join(', ') + (listed.length > LISTED_SHOWN ? `, … (${listed.length} in all)` : '');
    const which = missing.map((m) => `'${m}'`).join(' and ');
    const setting = missing.every((m) => m === settings.validatorModel && m !== settings.model)
      ? 'validator-model'
      : missing.every((m) => m === settings.reviewerModel && m !== settings.model)
        ? 'reviewer-model'
        : 'model';
    throw new EndpointError(`The model endpoint ${url} does not serve model ${which}; it lists ${shown}. Check ${name(setting)}.`);
  }
  return `model endpoint ${url} answers and serves ${models.join(', ')}`;
}

/**
 * The ids the endpoint lists. A connection reset is tried again (twice, 250 ms apart): a kept-alive
 * connection the server has just closed fails that way once, and says nothing about the endpoint.
 */
async function listModels(client: OpenAI, signal: AbortSignal): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const page = await client.models.list({ signal });
      return page.data.map((m) => m.id).filter((id): id is string => typeof id === 'string');
    } catch (error) {
      if (attempt >= 2 || signal.aborted || !(error instanceof APIConnectionError) || !/was reset/.test(describeError(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A listed id names the model: exactly, ignoring case, as Ollama's `name:latest`, or as a provider's `org/name`. */
function sameModel(listed: string, wanted: string): boolean {
  const a = listed.toLowerCase();
  const b = wanted.toLowerCase();
  return a === b || a === `${b}:latest` || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}
